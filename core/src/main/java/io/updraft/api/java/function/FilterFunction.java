package io.updraft.api.java.function;

import java.io.Serializable;

/**
 * Keeps the values for which it returns true. As Spark's {@code
 * org.apache.spark.api.java.function.FilterFunction}; serialized with the job's plan.
 */
@FunctionalInterface
public interface FilterFunction<T> extends Serializable {
    boolean call(T value) throws Exception;
}
