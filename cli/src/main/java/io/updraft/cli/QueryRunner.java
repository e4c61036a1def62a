package io.updraft.cli;

import io.updraft.planner.sql.SqlScript;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import io.updraft.sql.RuntimeConfig;
import io.updraft.sql.UpdraftSession;
import io.updraft.sql.types.StructType;

import java.io.PrintStream;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs SQL in a fresh session (local or lambda) over Parquet temp views: one query, returning every row, or a script
 * of statements, handing each result over as it finishes.
 */
final class QueryRunner {
    private QueryRunner() {
    }

    /** A finished query: its schema, rows, and the session time zone its timestamps render in. */
    record Result(StructType schema, List<Row> rows, ZoneId zone) {
    }

    /** A statement of a script of several failed: {@code where} names it ("statement 2 at line 3, column 1"). */
    static final class StatementFailure extends RuntimeException {
        private final String where;

        StatementFailure(String where, RuntimeException cause) {
            super(where + ": " + cause.getMessage(), cause);
            this.where = where;
        }

        String where() {
            return where;
        }
    }

    /**
     * Runs the statements of {@code script} ({@link SqlScript}) in order in one session, each result to {@code
     * results}; the first failure stops the script, as a {@link StatementFailure} when the script has several
     * statements. Each statement is parsed with the script's text before it blanked, so a syntax error's line and
     * column are the script's.
     *
     * @param progress where per-stage progress lines go, or null for none
     */
    static void runScript(String master, Map<String, String> conf, Map<String, String> tables, String script,
                          PrintStream progress, Consumer<Result> results) {
        List<SqlScript.Statement> statements = SqlScript.split(script);
        if (statements.isEmpty()) {
            throw new UsageException("the script has no statements");
        }
        try (UpdraftSession session = session(master, conf, tables, progress)) {
            for (int i = 0; i < statements.size(); i++) {
                SqlScript.Statement statement = statements.get(i);
                Result result;
                try {
                    Dataset<Row> rows = session.sql(statement.positioned());
                    StructType schema = rows.schema();
                    result = new Result(schema, schema.size() == 0 ? List.of() : rows.collectAsList(),
                            ZoneId.of(session.conf().get(RuntimeConfig.TIME_ZONE)));
                } catch (RuntimeException e) {
                    if (statements.size() == 1) {
                        throw e;
                    }
                    throw new StatementFailure("statement " + (i + 1) + " at line " + statement.line() + ", column "
                            + statement.column(), e);
                }
                results.accept(result);
            }
        }
    }

    private static UpdraftSession session(String master, Map<String, String> conf, Map<String, String> tables,
                                          PrintStream progress) {
        UpdraftSession.Builder builder = UpdraftSession.builder().appName("updraft sql").master(master)
                .config(RuntimeConfig.SHOW_PROGRESS, progress != null);
        conf.forEach(builder::config);
        if (progress != null) {
            builder.progressOutput(progress);
        }
        UpdraftSession session = builder.create();
        try {
            tables.forEach((name, path) -> session.read().parquet(path).createOrReplaceTempView(name));
        } catch (RuntimeException e) {
            session.stop();
            throw e;
        }
        return session;
    }
}
