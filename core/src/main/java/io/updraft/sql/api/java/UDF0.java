package io.updraft.sql.api.java;

import java.io.Serializable;

/** A user-defined function of 0 arguments, as Spark's {@code org.apache.spark.sql.api.java.UDF0}. */
@FunctionalInterface
public interface UDF0<R> extends Serializable {
    R call() throws Exception;
}
