package io.updraft.function.schedule;

import io.updraft.coordinator.JobMain;
import io.updraft.coordinator.job.JobRunnerOptions;
import io.updraft.coordinator.output.CommitManifest;
import io.updraft.coordinator.output.OutputCommitter;
import io.updraft.core.error.UpdraftException;
import io.updraft.function.FunctionConfig;
import io.updraft.function.run.QuerySession;
import io.updraft.function.state.ConditionalStore;
import io.updraft.function.state.JobProgress;
import io.updraft.function.state.Json;
import io.updraft.function.state.QueryError;
import io.updraft.function.state.QueryStatus;
import io.updraft.sql.DataFrameWriter;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs scheduled jobs once per scheduled time. A delivery claims its run id with a conditional create; a delivery
 * that finds the claim (a retry, a duplicate) does nothing — unless the claim is RUNNING past its lease (the
 * claiming invocation's deadline: that coordinator timed out or died), then it takes the run over with
 * {@code If-Match} and <b>resumes</b> it: the run's session records completed stages under
 * {@code state/runs/<schedule>/<run id>/checkpoint/} ({@value JobRunnerOptions#CHECKPOINT_ROOT}), and the job run
 * again takes those as done and runs only the rest. SQL jobs: the statements run in order on one session and the
 * last one's rows are written by the api's {@code DataFrameWriter} to {@code s3://<results>/outputs/<output>/} in
 * the job's format and save mode — the files issue's atomic commit: the files become visible together with
 * {@code _SUCCESS} at job commit, and a failed run commits nothing and leaves the previous output as it was.
 * Job-class jobs: the class's {@code main(args)} runs with the run's session as the default one.
 */
public final class ScheduledRuns {
    private static final Logger LOG = LoggerFactory.getLogger(ScheduledRuns.class);
    public static final String RUNS_PREFIX = "state/runs/";
    public static final String OUTPUTS_PREFIX = "outputs/";
    /** A claim's lease runs this long past its invocation's deadline (clock skew between instances). */
    static final Duration LEASE_MARGIN = Duration.ofSeconds(5);

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

    /** The folder the run's stage checkpoints go to (in the results bucket). */
    public static String checkpointPrefix(ScheduledJob job) {
        return RUNS_PREFIX + job.name() + "/" + job.runId() + "/checkpoint/";
    }

    /** {@code s3://<results>/outputs/<output>}: the folder a SQL job's rows are written to, every run. */
    public String outputPath(ScheduledJob job) {
        return "s3://" + store.bucket() + "/" + OUTPUTS_PREFIX + job.output();
    }

    /** {@link #deliver(ScheduledJob, Instant)} by an invocation without a known deadline (the function's lease). */
    public RunClaim deliver(ScheduledJob job) {
        return deliver(job, null);
    }

    /**
     * Runs {@code job} unless another delivery owns its run id; returns the claim as it ends.
     *
     * @param deadline when this invocation will be stopped (Lambda's remaining time), or null: now + the lease
     */
    public RunClaim deliver(ScheduledJob job, Instant deadline) {
        String execution = job.executionId() == null ? "unknown" : job.executionId();
        String lease = (deadline == null ? clock.instant().plus(config.runLease()) : deadline.plus(LEASE_MARGIN))
                .toString();
        Optional<RunClaim> mine = claim(job, execution, lease);
        if (mine.isEmpty()) {
            RunClaim existing = read(job).orElseThrow();
            LOG.info("Scheduled run {} already claimed ({}); delivery {} does not run it", job.runId(),
                    existing.state(), execution);
            return existing;
        }
        RunClaim claim = mine.get();
        for (String table : job.tables().values()) {
            if (!config.dataPrefixes().isEmpty() && config.dataPrefixes().stream().noneMatch(table::startsWith)) {
                return finish(job, claim.with(QueryStatus.FAILED, now(), null, null, null, null, new QueryError(
                        "INSUFFICIENT_PERMISSIONS", "42501", "Table at " + table + " is outside the data prefixes")));
            }
        }
        Map<String, String> conf = new LinkedHashMap<>(job.conf());
        conf.put(JobRunnerOptions.CHECKPOINT_ROOT, "s3://" + store.bucket() + "/" + checkpointPrefix(job));
        try (QuerySession session = new QuerySession(config, conf, job.tables(), job.jobClass() != null)) {
            if (job.jobClass() != null) {
                JobMain.run(job.jobClass(), Thread.currentThread().getContextClassLoader(),
                        "the coordinator's package (lib/ of updraft package --job-jar)", job.args());
                JobProgress progress = session.progress().progress();
                LOG.info("Scheduled run {} ran {}; {}", job.runId(), job.jobClass(), line(progress));
                return finish(job, claim.with(QueryStatus.SUCCEEDED, now(), null, null, null, progress, null));
            }
            List<String> statements = job.sql();
            for (String statement : statements.subList(0, statements.size() - 1)) {
                session.sql(statement);
            }
            Dataset<Row> last = session.sql(statements.get(statements.size() - 1));
            String path = outputPath(job);
            DataFrameWriter<Row> writer = last.write().mode(job.mode()).format(job.format());
            if (!job.partitionBy().isEmpty()) {
                writer.partitionBy(job.partitionBy().toArray(String[]::new));
            }
            writer.save(path);
            Optional<CommitManifest> manifest = store.get(OUTPUTS_PREFIX + job.output() + "/"
                    + OutputCommitter.SUCCESS).map(v -> CommitManifest.fromJson(v.bytes()));
            Long rows = manifest.map(m -> m.files().stream().mapToLong(CommitManifest.Entry::rows).sum()).orElse(null);
            Integer files = manifest.map(m -> m.files().size()).orElse(null);
            JobProgress progress = session.progress().progress();
            LOG.info("Scheduled run {} committed {} rows in {} files to {}; {}", job.runId(), rows, files, path,
                    line(progress));
            return finish(job, claim.with(QueryStatus.SUCCEEDED, now(), path, rows, files, progress, null));
        } catch (UpdraftException e) {
            LOG.warn("Scheduled run {} failed: {}", job.runId(), e.getMessage());
            return finish(job, claim.with(QueryStatus.FAILED, now(), null, null, null, null,
                    new QueryError(e.errorClass(), e.sqlState(), e.getMessage())));
        } catch (RuntimeException e) {
            LOG.error("Scheduled run {} failed inside the coordinator", job.runId(), e);
            return finish(job, claim.with(QueryStatus.FAILED, now(), null, null, null, null,
                    new QueryError("INTERNAL_ERROR", "XX000", e.getClass().getName() + ": " + e.getMessage())));
        }
    }

    public Optional<RunClaim> read(ScheduledJob job) {
        return store.get(claimKey(job)).map(v -> Json.read(v.bytes(), RunClaim.class));
    }

    /** Our claim, new or taken over from a coordinator past its lease; empty when another delivery owns the run. */
    private Optional<RunClaim> claim(ScheduledJob job, String execution, String lease) {
        String now = now();
        RunClaim fresh = new RunClaim(job.runId(), job.name(), job.scheduledTime().toString(), QueryStatus.RUNNING,
                now, now, lease, List.of(execution), null, null, null, null, null);
        if (store.create(claimKey(job), Json.bytes(fresh))) {
            return Optional.of(fresh);
        }
        Optional<ConditionalStore.Versioned> current = store.get(claimKey(job));
        if (current.isEmpty()) {
            return Optional.empty();
        }
        RunClaim existing = Json.read(current.get().bytes(), RunClaim.class);
        Instant leaseEnd = existing.leaseUntil() != null ? Instant.parse(existing.leaseUntil())
                : Instant.parse(existing.updatedAt()).plus(config.runLease());
        boolean abandoned = existing.state() == QueryStatus.RUNNING && leaseEnd.isBefore(clock.instant());
        if (!abandoned) {
            return Optional.empty();
        }
        RunClaim mine = existing.takenOverBy(execution, now, lease);
        LOG.warn("Scheduled run {} (claimed at {}) was not finished when its lease ended at {}; delivery {} takes it"
                + " over and resumes from its checkpoints", job.runId(), existing.claimedAt(), leaseEnd, execution);
        return store.replace(claimKey(job), Json.bytes(mine), current.get().etag()) ? Optional.of(mine)
                : Optional.empty();
    }

    private RunClaim finish(ScheduledJob job, RunClaim done) {
        store.put(claimKey(job), Json.bytes(done), "application/json");
        return done;
    }

    private static String line(JobProgress progress) {
        return progress.summary() == null ? "" : progress.summary().line();
    }

    private String now() {
        return clock.instant().toString();
    }
}
