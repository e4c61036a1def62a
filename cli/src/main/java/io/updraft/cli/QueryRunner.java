package io.updraft.cli;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import io.updraft.sql.RuntimeConfig;
import io.updraft.sql.UpdraftSession;
import io.updraft.sql.types.StructType;

import java.io.PrintStream;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

/** Runs one SQL query in a fresh session (local or lambda) over Parquet temp views and returns every row. */
final class QueryRunner {
    private QueryRunner() {
    }

    /** A finished query: its schema, rows, and the session time zone its timestamps render in. */
    record Result(StructType schema, List<Row> rows, ZoneId zone) {
    }

    /**
     * @param progress where per-stage progress lines go, or null for none
     */
    static Result run(String master, Map<String, String> conf, Map<String, String> tables, String query,
                      PrintStream progress) {
        UpdraftSession.Builder builder = UpdraftSession.builder().appName("updraft sql").master(master)
                .config(RuntimeConfig.SHOW_PROGRESS, progress != null);
        conf.forEach(builder::config);
        if (progress != null) {
            builder.progressOutput(progress);
        }
        try (UpdraftSession session = builder.create()) {
            tables.forEach((name, path) -> session.read().parquet(path).createOrReplaceTempView(name));
            Dataset<Row> result = session.sql(query);
            StructType schema = result.schema();
            List<Row> rows = result.collectAsList();
            return new Result(schema, rows, ZoneId.of(session.conf().get(RuntimeConfig.TIME_ZONE)));
        }
    }
}
