package io.updraft.api.java.function;

import java.io.Serializable;
import java.util.Iterator;

/**
 * Maps one group to one value. As Spark's {@code org.apache.spark.api.java.function.MapGroupsFunction};
 * serialized with the job's plan.
 */
@FunctionalInterface
public interface MapGroupsFunction<K, V, R> extends Serializable {
    R call(K key, Iterator<V> values) throws Exception;
}
