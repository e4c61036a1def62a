package io.updraft.api.java.function;

import java.io.Serializable;

/**
 * Combines two values into one (associative and commutative). As Spark's {@code
 * org.apache.spark.api.java.function.ReduceFunction}; serialized with the job's plan.
 */
@FunctionalInterface
public interface ReduceFunction<T> extends Serializable {
    T call(T v1, T v2) throws Exception;
}
