package org.example.jobs;

import io.updraft.api.java.function.MapFunction;

/** A job class whose lambdas are never serialized in the test JVM: only an allow-list can admit them. */
public final class ListedJob {
    private ListedJob() {
    }

    public static MapFunction<Integer, Integer> times(int n) {
        return x -> x * n;
    }
}
