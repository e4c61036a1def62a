package io.updraft.api.java.function;

import java.io.Serializable;
import java.util.Iterator;

/**
 * Maps the values of one key on both sides to zero or more values. As Spark's {@code
 * org.apache.spark.api.java.function.CoGroupFunction}; serialized with the job's plan.
 */
@FunctionalInterface
public interface CoGroupFunction<K, V1, V2, R> extends Serializable {
    Iterator<R> call(K key, Iterator<V1> left, Iterator<V2> right) throws Exception;
}
