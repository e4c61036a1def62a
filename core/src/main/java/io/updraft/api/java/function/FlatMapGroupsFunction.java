package io.updraft.api.java.function;

import java.io.Serializable;
import java.util.Iterator;

/**
 * Maps one group to zero or more values. As Spark's {@code
 * org.apache.spark.api.java.function.FlatMapGroupsFunction}; serialized with the job's plan.
 */
@FunctionalInterface
public interface FlatMapGroupsFunction<K, V, R> extends Serializable {
    Iterator<R> call(K key, Iterator<V> values) throws Exception;
}
