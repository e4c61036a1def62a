package io.updraft.api.java.function;

import java.io.Serializable;

/**
 * Maps one value to another. As Spark's {@code org.apache.spark.api.java.function.MapFunction}; serialized
 * with the job's plan.
 */
@FunctionalInterface
public interface MapFunction<T, U> extends Serializable {
    U call(T value) throws Exception;
}
