package io.updraft.sql.api.java;

import java.io.Serializable;

/** A user-defined function of 1 argument, as Spark's {@code org.apache.spark.sql.api.java.UDF1}. */
@FunctionalInterface
public interface UDF1<T1, R> extends Serializable {
    R call(T1 t1) throws Exception;
}
