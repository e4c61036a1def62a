package io.updraft.function.run;

import io.updraft.function.FunctionConfig;
import io.updraft.function.api.QueryRequest;
import io.updraft.function.state.QueryState;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import io.updraft.sql.UpdraftSession;
import io.updraft.sql.types.StructField;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One query's lambda session: the function's settings with the request's conf on top, the request's tables as
 * temporary views, and the SQL as a Dataset with the request's limit. The API makes one to validate a request
 * (parse and analysis errors surface here, before anything runs); a run makes one to execute it.
 */
public final class QuerySession implements AutoCloseable {
    private final UpdraftSession session;
    private final ProgressLines progress = new ProgressLines();

    public QuerySession(FunctionConfig config, Map<String, String> conf, Map<String, String> tables) {
        this(config, conf, tables, false);
    }

    /**
     * @param asDefault the session becomes the default one ({@code UpdraftSession.builder().getOrCreate()}
     *                  returns it: a job class's main finds it so); one left by an earlier run is stopped first
     */
    public QuerySession(FunctionConfig config, Map<String, String> conf, Map<String, String> tables,
                        boolean asDefault) {
        UpdraftSession.Builder b = UpdraftSession.builder().appName("updraft-coordinator").master(config.master())
                .progressOutput(progress.stream());
        config.sessionSettings().forEach(b::config);
        conf.forEach(b::config);
        if (asDefault) {
            UpdraftSession.getDefaultSession().toJava().ifPresent(UpdraftSession::stop);
        }
        session = asDefault ? b.getOrCreate() : b.create();
        try {
            tables.forEach((name, location) -> session.read().parquet(location).createOrReplaceTempView(name));
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    public static QuerySession of(FunctionConfig config, QueryRequest request) {
        return new QuerySession(config, request.conf(), request.tables());
    }

    /** The request's SQL (parsed and analyzed now), limited to {@code limit} rows. */
    public Dataset<Row> query(String sql, long limit) {
        Dataset<Row> ds = session.sql(sql);
        return limit >= Integer.MAX_VALUE ? ds : ds.limit((int) limit);
    }

    /** Runs {@code sql} (a statement whose rows are not kept, e.g. CREATE TEMP VIEW ... AS, or a query). */
    public Dataset<Row> sql(String sql) {
        return session.sql(sql);
    }

    public ProgressLines progress() {
        return progress;
    }

    public UpdraftSession session() {
        return session;
    }

    public static List<QueryState.Column> columns(Dataset<Row> ds) {
        List<QueryState.Column> cols = new ArrayList<>();
        for (StructField f : ds.schema().fieldList()) {
            cols.add(new QueryState.Column(f.name(), f.dataType().simpleString()));
        }
        return cols;
    }

    @Override
    public void close() {
        session.close();
    }
}
