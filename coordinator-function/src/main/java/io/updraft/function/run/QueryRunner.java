package io.updraft.function.run;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.function.FunctionConfig;
import io.updraft.function.state.ConditionalStore;
import io.updraft.function.state.JobProgress;
import io.updraft.function.state.QueryError;
import io.updraft.function.state.QueryState;
import io.updraft.function.state.QueryStates;
import io.updraft.function.state.QueryStatus;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a queued query in this invocation (started by its run request, {@code queue/<id>.json}): claims it
 * (QUEUED → RUNNING with {@code If-Match}, so a repeated notification runs it once), runs it on the workers,
 * records per-stage progress while it runs, stops it when its state turns CANCELLED, and writes the result object
 * ({@code results/<id>.json|csv}) before the state says SUCCEEDED — or FAILED with Spark's error class.
 */
public final class QueryRunner {
    private static final Logger LOG = LoggerFactory.getLogger(QueryRunner.class);
    public static final String RESULTS_PREFIX = "results/";
    public static final String QUEUE_PREFIX = "queue/";

    private final FunctionConfig config;
    private final ConditionalStore store;
    private final QueryStates states;
    private final Clock clock;
    private final Duration pollInterval;

    public QueryRunner(FunctionConfig config, ConditionalStore store, Clock clock, Duration pollInterval) {
        this.config = config;
        this.store = store;
        this.states = new QueryStates(store);
        this.clock = clock;
        this.pollInterval = pollInterval;
    }

    public static String queueKey(String queryId) {
        return QUEUE_PREFIX + queryId + ".json";
    }

    /** The query id a run request's key names, if it is one. */
    public static Optional<String> queryIdOf(String key) {
        if (key.startsWith(QUEUE_PREFIX) && key.endsWith(".json")) {
            return Optional.of(key.substring(QUEUE_PREFIX.length(), key.length() - ".json".length()));
        }
        return Optional.empty();
    }

    /** Runs query {@code queryId} if it is still QUEUED; returns the state it ends in (or finds it in). */
    public Optional<QueryState> run(String queryId) {
        Optional<QueryState> claimed = claim(queryId);
        if (claimed.isEmpty() || claimed.get().state() != QueryStatus.RUNNING) {
            LOG.info("Run request for {} ignored: {}", queryId,
                    claimed.map(s -> "it is " + s.state()).orElse("no such query"));
            return claimed;
        }
        QueryState state = claimed.get();
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "query-" + queryId);
            t.setDaemon(true);
            return t;
        });
        try (QuerySession session = QuerySession.of(config, state.request())) {
            Future<Result> job = executor.submit(() -> execute(session, state));
            return Optional.of(await(queryId, session, job));
        } catch (UpdraftException e) {
            return Optional.of(fail(queryId, error(e), JobProgress.NONE));
        } catch (RuntimeException e) {
            LOG.error("Query {} failed inside the coordinator", queryId, e);
            return Optional.of(fail(queryId, new QueryError("INTERNAL_ERROR", "XX000", String.valueOf(e.getMessage())),
                    JobProgress.NONE));
        } finally {
            executor.shutdownNow();
        }
    }

    private record Result(String key, long rows, List<QueryState.Column> columns) {
    }

    private Result execute(QuerySession session, QueryState state) {
        Dataset<Row> ds = session.query(state.request().sql(), state.request().limit());
        List<Row> rows = ds.collectAsList();
        ResultEncoding encoding = ResultEncoding.of(state.request().format());
        ZoneId zone = ZoneId.of(session.session().conf().get("spark.sql.session.timeZone"));
        String key = RESULTS_PREFIX + state.queryId() + "." + encoding.extension();
        store.put(key, encoding.encode(ds.schema(), rows, zone), encoding.contentType());
        return new Result(key, rows.size(), QuerySession.columns(ds));
    }

    private QueryState await(String queryId, QuerySession session, Future<Result> job) {
        JobProgress recorded = JobProgress.NONE;
        while (true) {
            try {
                Result r = job.get(pollInterval.toMillis(), TimeUnit.MILLISECONDS);
                JobProgress p = session.progress().progress();
                return states.update(queryId, s -> s.state() == QueryStatus.CANCELLED ? s
                        : s.succeeded(r.key(), r.rows(), r.columns(), p, now())).orElseThrow();
            } catch (TimeoutException e) {
                JobProgress p = session.progress().progress();
                JobProgress last = recorded;
                QueryState now = states.update(queryId, s -> s.state() != QueryStatus.RUNNING || p.equals(last) ? s
                        : s.withProgress(p, now())).orElseThrow();
                recorded = p;
                if (now.state() == QueryStatus.CANCELLED) {
                    job.cancel(true);   // interrupts the job's thread: the scheduler stops launching attempts
                    LOG.info("Query {} cancelled", queryId);
                    return states.update(queryId, s -> s.withProgress(session.progress().progress(), now()))
                            .orElseThrow();
                }
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                JobProgress p = session.progress().progress();
                if (cause instanceof UpdraftException u && u.type() == ErrorType.USER) {
                    return fail(queryId, error(u), p);
                }
                LOG.error("Query {} failed", queryId, cause);
                return fail(queryId, cause instanceof UpdraftException u ? error(u)
                        : new QueryError("INTERNAL_ERROR", "XX000", String.valueOf(cause.getMessage())), p);
            } catch (CancellationException e) {
                return states.read(queryId).orElseThrow();
            } catch (InterruptedException e) {
                job.cancel(true);
                Thread.currentThread().interrupt();
                return states.read(queryId).orElseThrow();
            }
        }
    }

    private Optional<QueryState> claim(String queryId) {
        return states.update(queryId, s -> s.state() == QueryStatus.QUEUED ? s.withState(QueryStatus.RUNNING, now())
                : s);
    }

    private QueryState fail(String queryId, QueryError error, JobProgress p) {
        return states.update(queryId, s -> s.state().isFinal() ? s : s.failed(error, p, now())).orElseThrow();
    }

    static QueryError error(UpdraftException e) {
        return new QueryError(e.errorClass() != null ? e.errorClass()
                : e.type() == ErrorType.USER ? null : "INTERNAL_ERROR", e.sqlState(), e.getMessage());
    }

    private String now() {
        return clock.instant().toString();
    }
}
