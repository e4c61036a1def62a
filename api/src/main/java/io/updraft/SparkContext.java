package io.updraft;

import io.updraft.sql.Option;
import io.updraft.sql.RuntimeConfig;
import io.updraft.sql.UpdraftSession;

import java.util.Objects;

/**
 * Spark's {@code SparkContext} as far as a Dataset job calls it — {@code spark.sparkContext().setLogLevel("WARN")},
 * the app name, master, parallelism, {@code getConf()}, {@code applicationId()} and the checkpoint directory — so
 * such a job migrates by its imports alone. Updraft has no RDDs; this is
 * a view of one session ({@link UpdraftSession#sparkContext()}). Thread-safe.
 */
public final class SparkContext {
    private final UpdraftSession session;

    /** Internal: {@link UpdraftSession#sparkContext()} makes it. */
    public SparkContext(UpdraftSession session) {
        this.session = Objects.requireNonNull(session, "session is null");
    }

    /**
     * Spark's log levels ALL, DEBUG, ERROR, FATAL, INFO, OFF, TRACE, WARN, in any case; another one is Spark's
     * IllegalArgumentException. Sets the session's {@value RuntimeConfig#LOG_LEVEL}: at WARN, ERROR, FATAL and OFF
     * the session prints no progress lines (what Spark logs at INFO). Log lines of libraries go through SLF4J, whose
     * provider the application chooses and configures; this does not change them.
     */
    public void setLogLevel(String logLevel) {
        Objects.requireNonNull(logLevel, "logLevel is null");
        session.conf().set(RuntimeConfig.LOG_LEVEL, logLevel);
    }

    public String appName() {
        return session.appName();
    }

    public String master() {
        return session.master();
    }

    /** The session's task slots (local[N]: N), as Spark's default parallelism in local mode. */
    public int defaultParallelism() {
        return session.parallelism();
    }

    /**
     * A copy of the settings the session started with, as Spark's {@code getConf()}: the builder's settings (also
     * those of {@code config(SparkConf)}), {@code spark.master}, {@code spark.app.name}, {@code spark.app.id},
     * {@code spark.app.startTime}; not what {@code spark.conf().set} changed later (Spark's does not see those
     * either). Changing the copy changes nothing.
     */
    public SparkConf getConf() {
        SparkConf conf = new SparkConf(false);
        session.startSettings().forEach(conf::set);
        return conf;
    }

    /** Spark's {@code spark.app.id}: {@code local-<start time in ms>} ({@code lambda-...} on Lambda). */
    public String applicationId() {
        return session.applicationId();
    }

    /**
     * Where {@code checkpoint()} writes from now on: {@code <directory>/<uuid>/checkpoint-<n>/}, files that stay after
     * the session stops (see the api README); a local folder, or an {@code s3://} prefix (required on Lambda).
     * Null: none.
     */
    public void setCheckpointDir(String directory) {
        session.setCheckpointDir(directory);
    }

    /** {@code <directory>/<uuid>} as a URI, None when no checkpoint directory is set (Spark's {@code Option}). */
    public Option<String> getCheckpointDir() {
        return session.checkpointDir();
    }

    /** Updraft's version (Spark's returns Spark's). */
    public String version() {
        return session.version();
    }
}
