package io.updraft.api.java.function;

import java.io.Serializable;
import java.util.Iterator;

/**
 * Maps one value to zero or more values. As Spark's {@code
 * org.apache.spark.api.java.function.FlatMapFunction}; serialized with the job's plan.
 */
@FunctionalInterface
public interface FlatMapFunction<T, R> extends Serializable {
    Iterator<R> call(T t) throws Exception;
}
