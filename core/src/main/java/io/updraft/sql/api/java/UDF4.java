package io.updraft.sql.api.java;

import java.io.Serializable;

/** A user-defined function of 4 arguments, as Spark's {@code org.apache.spark.sql.api.java.UDF4}. */
@FunctionalInterface
public interface UDF4<T1, T2, T3, T4, R> extends Serializable {
    R call(T1 t1, T2 t2, T3 t3, T4 t4) throws Exception;
}
