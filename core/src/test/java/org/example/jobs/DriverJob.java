package org.example.jobs;

import io.updraft.api.java.function.MapFunction;

/**
 * A job's driver class as users write them: its lambdas sit beside methods whose signatures name classes a worker
 * does not have ({@link DriverOnly} stands in for the api's {@code UpdraftSession}).
 */
public final class DriverJob {
    private DriverJob() {
    }

    public static MapFunction<Integer, Integer> plus(int n) {
        return x -> x + n;
    }

    public static int run(DriverOnly session) {
        return session.hashCode();
    }
}
