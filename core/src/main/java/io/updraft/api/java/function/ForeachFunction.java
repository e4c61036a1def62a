package io.updraft.api.java.function;

import java.io.Serializable;

/**
 * Runs on every value. As Spark's {@code org.apache.spark.api.java.function.ForeachFunction}; serialized with
 * the job's plan.
 */
@FunctionalInterface
public interface ForeachFunction<T> extends Serializable {
    void call(T t) throws Exception;
}
