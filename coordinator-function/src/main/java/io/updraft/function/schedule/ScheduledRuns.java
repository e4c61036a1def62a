package io.updraft.function.schedule;

import io.updraft.core.error.UpdraftException;
import io.updraft.function.FunctionConfig;
import io.updraft.function.run.QuerySession;
import io.updraft.function.run.ResultEncoding;
import io.updraft.function.state.ConditionalStore;
import io.updraft.function.state.JobProgress;
import io.updraft.function.state.Json;
import io.updraft.function.state.QueryError;
import io.updraft.function.state.QueryStatus;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

/**
 * Runs scheduled jobs once per scheduled time. A delivery claims its run id with a conditional create; a delivery
 * that finds the claim (a retry, a duplicate) does nothing — unless the claim is RUNNING and its lease has run out
 * (the coordinator that claimed it died), then it takes the run over with {@code If-Match}. The job's statements
 * run in order on one session; the last one's rows are written as one object,
 * {@code outputs/<output>/<run id>/result.json|csv} — a single PUT, so a failed run leaves nothing under its run
 * id, and earlier runs' outputs are never touched.
 */
public final class ScheduledRuns {
    private static final Logger LOG = LoggerFactory.getLogger(ScheduledRuns.class);
    public static final String RUNS_PREFIX = "state/runs/";
    public static final String OUTPUTS_PREFIX = "outputs/";

    private final FunctionConfig config;
    private final ConditionalStore store;
    private final Clock clock;

    public ScheduledRuns(FunctionConfig config, ConditionalStore store, Clock clock) {
        this.config = config;
        this.store = store;
        this.clock = clock;
    }

    public static String claimKey(ScheduledJob job) {
        return RUNS_PREFIX + job.name() + "/" + job.runId() + ".json";
    }

    public static String outputKey(ScheduledJob job) {
        return OUTPUTS_PREFIX + job.output() + "/" + job.runId() + "/result." + ResultEncoding.of(job.format())
                .extension();
    }

    /** Runs {@code job} unless another delivery has claimed its run id; returns the claim as it ends. */
    public RunClaim deliver(ScheduledJob job) {
        String execution = job.executionId() == null ? "unknown" : job.executionId();
        Optional<RunClaim> mine = claim(job, execution);
        if (mine.isEmpty()) {
            RunClaim existing = read(job).orElseThrow();
            LOG.info("Scheduled run {} already claimed ({}); delivery {} does not run it", job.runId(),
                    existing.state(), execution);
            return existing;
        }
        RunClaim claim = mine.get();
        for (String table : job.tables().values()) {
            if (!config.dataPrefixes().isEmpty() && config.dataPrefixes().stream().noneMatch(table::startsWith)) {
                return finish(job, claim.with(QueryStatus.FAILED, now(), null, null, null, new QueryError(
                        "INSUFFICIENT_PERMISSIONS", "42501", "Table at " + table + " is outside the data prefixes")));
            }
        }
        try (QuerySession session = new QuerySession(config, job.conf(), job.tables())) {
            List<String> statements = job.sql();
            for (String statement : statements.subList(0, statements.size() - 1)) {
                session.sql(statement);
            }
            Dataset<Row> last = session.sql(statements.get(statements.size() - 1));
            List<Row> rows = last.collectAsList();
            ResultEncoding encoding = ResultEncoding.of(job.format());
            ZoneId zone = ZoneId.of(session.session().conf().get("spark.sql.session.timeZone"));
            String key = outputKey(job);
            store.put(key, encoding.encode(last.schema(), rows, zone), encoding.contentType());
            JobProgress progress = session.progress().progress();
            LOG.info("Scheduled run {} wrote {} rows to s3://{}/{}; {}", job.runId(), rows.size(), store.bucket(), key,
                    progress.summary() == null ? "" : progress.summary().line());
            return finish(job, claim.with(QueryStatus.SUCCEEDED, now(), key, (long) rows.size(), progress, null));
        } catch (UpdraftException e) {
            LOG.warn("Scheduled run {} failed: {}", job.runId(), e.getMessage());
            return finish(job, claim.with(QueryStatus.FAILED, now(), null, null, null,
                    new QueryError(e.errorClass(), e.sqlState(), e.getMessage())));
        } catch (RuntimeException e) {
            LOG.error("Scheduled run {} failed inside the coordinator", job.runId(), e);
            return finish(job, claim.with(QueryStatus.FAILED, now(), null, null, null,
                    new QueryError("INTERNAL_ERROR", "XX000", String.valueOf(e.getMessage()))));
        }
    }

    public Optional<RunClaim> read(ScheduledJob job) {
        return store.get(claimKey(job)).map(v -> Json.read(v.bytes(), RunClaim.class));
    }

    /** Our claim, new or taken over from a dead coordinator; empty when another delivery owns the run. */
    private Optional<RunClaim> claim(ScheduledJob job, String execution) {
        String now = now();
        RunClaim fresh = new RunClaim(job.runId(), job.name(), job.scheduledTime().toString(), QueryStatus.RUNNING,
                now, now, List.of(execution), null, null, null, null);
        if (store.create(claimKey(job), Json.bytes(fresh))) {
            return Optional.of(fresh);
        }
        Optional<ConditionalStore.Versioned> current = store.get(claimKey(job));
        if (current.isEmpty()) {
            return Optional.empty();
        }
        RunClaim existing = Json.read(current.get().bytes(), RunClaim.class);
        boolean abandoned = existing.state() == QueryStatus.RUNNING
                && Instant.parse(existing.updatedAt()).plus(config.runLease()).isBefore(clock.instant());
        if (!abandoned) {
            return Optional.empty();
        }
        RunClaim mine = existing.takenOverBy(execution, now);
        LOG.warn("Scheduled run {} was claimed at {} and never finished; delivery {} takes it over", job.runId(),
                existing.claimedAt(), execution);
        return store.replace(claimKey(job), Json.bytes(mine), current.get().etag()) ? Optional.of(mine)
                : Optional.empty();
    }

    private RunClaim finish(ScheduledJob job, RunClaim done) {
        store.put(claimKey(job), Json.bytes(done), "application/json");
        return done;
    }

    private String now() {
        return clock.instant().toString();
    }
}
