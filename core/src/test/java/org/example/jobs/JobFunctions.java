package org.example.jobs;

import io.updraft.api.java.function.MapFunction;

/** Lambdas written by a job class outside Updraft's packages (the filter sees their hidden classes too). */
public final class JobFunctions {
    private JobFunctions() {
    }

    public static MapFunction<Integer, Integer> plus(int n) {
        return x -> x + n;
    }
}
