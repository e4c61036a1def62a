package io.updraft.api.java.function;

import io.updraft.sql.streaming.GroupState;

import java.io.Serializable;
import java.util.Iterator;

/**
 * Maps one group and its state to zero or more values. As Spark's {@code
 * org.apache.spark.api.java.function.FlatMapGroupsWithStateFunction}; serialized with the job's plan.
 */
@FunctionalInterface
public interface FlatMapGroupsWithStateFunction<K, V, S, R> extends Serializable {
    Iterator<R> call(K key, Iterator<V> values, GroupState<S> state) throws Exception;
}
