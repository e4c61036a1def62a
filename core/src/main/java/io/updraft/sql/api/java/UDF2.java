package io.updraft.sql.api.java;

import java.io.Serializable;

/** A user-defined function of 2 arguments, as Spark's {@code org.apache.spark.sql.api.java.UDF2}. */
@FunctionalInterface
public interface UDF2<T1, T2, R> extends Serializable {
    R call(T1 t1, T2 t2) throws Exception;
}
