package io.updraft.api.java.function;

import java.io.Serializable;
import java.util.Iterator;

/**
 * Runs on every partition's values. As Spark's {@code
 * org.apache.spark.api.java.function.ForeachPartitionFunction}; serialized with the job's plan.
 */
@FunctionalInterface
public interface ForeachPartitionFunction<T> extends Serializable {
    void call(Iterator<T> t) throws Exception;
}
