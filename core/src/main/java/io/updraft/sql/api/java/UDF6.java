package io.updraft.sql.api.java;

import java.io.Serializable;

/** A user-defined function of 6 arguments, as Spark's {@code org.apache.spark.sql.api.java.UDF6}. */
@FunctionalInterface
public interface UDF6<T1, T2, T3, T4, T5, T6, R> extends Serializable {
    R call(T1 t1, T2 t2, T3 t3, T4 t4, T5 t5, T6 t6) throws Exception;
}
