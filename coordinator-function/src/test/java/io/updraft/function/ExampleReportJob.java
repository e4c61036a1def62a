package io.updraft.function;

import io.updraft.sql.UpdraftSession;

/**
 * A job class as users package them (tests' stand-in for a job jar's class): counts {@code args[0]}'s rows per
 * {@code g} (or the expression {@code args[2]}) and writes them as Parquet to {@code args[1]} (overwrite), on the
 * session it is given.
 */
public final class ExampleReportJob {
    private ExampleReportJob() {
    }

    public static void main(String[] args) {
        UpdraftSession spark = UpdraftSession.builder().getOrCreate();
        spark.read().parquet(args[0]).createOrReplaceTempView("input");
        String key = args.length > 2 ? args[2] : "g";
        spark.sql("SELECT " + key + " AS g, count(*) AS n FROM input GROUP BY " + key).write().mode("overwrite")
                .parquet(args[1]);
    }
}
