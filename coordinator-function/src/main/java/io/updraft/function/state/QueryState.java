package io.updraft.function.state;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.updraft.function.api.QueryRequest;

import java.util.List;

/**
 * What the results bucket holds about one query ({@code state/queries/<id>.json}): the request, where it is,
 * per-stage progress and the job summary, and its result object or error. Never a credential.
 *
 * @param resultKey key of the result object in the results bucket (when SUCCEEDED)
 * @param columns   the result's column names and Spark type names
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QueryState(String queryId, QueryStatus state, QueryRequest request, String submittedAt,
                         String updatedAt, JobProgress progress, String resultKey, Long rowCount,
                         List<Column> columns, QueryError error) {
    /** A result column. */
    public record Column(String name, String type) {
    }

    public static QueryState queued(String queryId, QueryRequest request, String now) {
        return new QueryState(queryId, QueryStatus.QUEUED, request, now, now, JobProgress.NONE, null, null, null,
                null);
    }

    public QueryState withState(QueryStatus s, String now) {
        return new QueryState(queryId, s, request, submittedAt, now, progress, resultKey, rowCount, columns, error);
    }

    public QueryState withProgress(JobProgress p, String now) {
        return new QueryState(queryId, state, request, submittedAt, now, p, resultKey, rowCount, columns, error);
    }

    public QueryState succeeded(String key, long rows, List<Column> cols, JobProgress p, String now) {
        return new QueryState(queryId, QueryStatus.SUCCEEDED, request, submittedAt, now, p, key, rows, cols, null);
    }

    public QueryState failed(QueryError e, JobProgress p, String now) {
        return new QueryState(queryId, QueryStatus.FAILED, request, submittedAt, now, p, null, null, null, e);
    }
}
