package io.updraft.function.state;

import java.util.List;

/**
 * A running or finished job as its progress lines tell it: one entry per finished stage, and the job summary (with
 * the estimated cost) once the job has ended.
 */
public record JobProgress(List<StageLine> stages, Summary summary) {
    public static final JobProgress NONE = new JobProgress(List.of(), null);

    public JobProgress {
        stages = List.copyOf(stages);
    }

    /** One finished stage: "[Stage 1/2] scan lineitem → project → shuffle write: 4/4 tasks, 4000 rows, 4.05 s". */
    public record StageLine(int stage, int stages, String description, int tasksDone, int tasks, long rows,
                            double seconds) {
    }

    /** The coordinator's job summary line and the numbers read from it. */
    public record Summary(String line, long invocations, long retries, double gbSeconds, double costUsd) {
    }
}
