package io.updraft.sql.api.java;

import java.io.Serializable;

/** A user-defined function of 3 arguments, as Spark's {@code org.apache.spark.sql.api.java.UDF3}. */
@FunctionalInterface
public interface UDF3<T1, T2, T3, R> extends Serializable {
    R call(T1 t1, T2 t2, T3 t3) throws Exception;
}
