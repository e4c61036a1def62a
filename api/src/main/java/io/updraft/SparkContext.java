package io.updraft;

import io.updraft.sql.RuntimeConfig;
import io.updraft.sql.UpdraftSession;

import java.util.Objects;

/**
 * Spark's {@code SparkContext} as far as a Dataset job calls it — {@code spark.sparkContext().setLogLevel("WARN")},
 * the app name, master and parallelism — so such a job migrates by its imports alone. Updraft has no RDDs; this is
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

    /** Updraft's version (Spark's returns Spark's). */
    public String version() {
        return session.version();
    }
}
