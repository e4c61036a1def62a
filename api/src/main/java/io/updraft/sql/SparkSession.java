package io.updraft.sql;

import java.io.PrintStream;
import java.util.Map;

/**
 * Spark's name for the session, so that a Spark job migrates by its imports alone:
 * {@code SparkSession spark = SparkSession.builder().appName("app").master("local[*]").getOrCreate();} compiles and
 * runs with {@code import io.updraft.sql.SparkSession}. It is {@link UpdraftSession} — every session object is one
 * of these — with Spark's return types on {@link #builder()}, its {@link Builder} and {@link #newSession()}; all
 * behaviour lives in {@link UpdraftSession}. Thread-safe.
 */
public final class SparkSession extends UpdraftSession {
    SparkSession(String appName, String master, int parallelism, Map<String, String> settings,
                 PrintStream progress) {
        super(appName, master, parallelism, settings, progress);
    }

    SparkSession(UpdraftSession parent) {
        super(parent);
    }

    /** A builder as Spark's {@code SparkSession.builder()}: the session's own builder, typed {@code SparkSession}. */
    public static Builder builder() {
        return new Builder();
    }

    /** {@link UpdraftSession.Builder} whose calls return this type and whose sessions are typed SparkSession. */
    public static final class Builder extends UpdraftSession.Builder {
        Builder() {
        }

        @Override
        public Builder appName(String name) {
            super.appName(name);
            return this;
        }

        @Override
        public Builder master(String masterUrl) {
            super.master(masterUrl);
            return this;
        }

        @Override
        public Builder config(String key, String value) {
            super.config(key, value);
            return this;
        }

        @Override
        public Builder config(String key, long value) {
            super.config(key, value);
            return this;
        }

        @Override
        public Builder config(io.updraft.SparkConf conf) {
            super.config(conf);
            return this;
        }

        @Override
        public Builder config(String key, double value) {
            super.config(key, value);
            return this;
        }

        @Override
        public Builder config(String key, boolean value) {
            super.config(key, value);
            return this;
        }

        @Override
        public Builder progressOutput(PrintStream stream) {
            super.progressOutput(stream);
            return this;
        }

        @Override
        public SparkSession getOrCreate() {
            return (SparkSession) super.getOrCreate();
        }

        @Override
        public SparkSession create() {
            return (SparkSession) super.create();
        }
    }
}
