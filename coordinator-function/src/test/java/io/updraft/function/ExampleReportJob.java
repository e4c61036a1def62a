package io.updraft.function;

import io.updraft.sql.UpdraftSession;

/**
 * A job class as users package them (tests' stand-in for a job jar's class): counts {@code args[0]}'s rows per
 * {@code g} and writes them as Parquet to {@code args[1]} (overwrite), on the session it is given.
 */
public final class ExampleReportJob {
    private ExampleReportJob() {
    }

    public static void main(String[] args) {
        UpdraftSession spark = UpdraftSession.builder().getOrCreate();
        spark.read().parquet(args[0]).createOrReplaceTempView("input");
        spark.sql("SELECT g, count(*) AS n FROM input GROUP BY g").write().mode("overwrite").parquet(args[1]);
    }
}
