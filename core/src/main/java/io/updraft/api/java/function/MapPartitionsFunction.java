package io.updraft.api.java.function;

import java.io.Serializable;
import java.util.Iterator;

/**
 * Maps a partition's values to values. As Spark's {@code
 * org.apache.spark.api.java.function.MapPartitionsFunction}; serialized with the job's plan.
 */
@FunctionalInterface
public interface MapPartitionsFunction<T, U> extends Serializable {
    Iterator<U> call(Iterator<T> input) throws Exception;
}
