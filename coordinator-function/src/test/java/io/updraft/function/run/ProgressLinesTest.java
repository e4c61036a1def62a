package io.updraft.function.run;

import io.updraft.function.state.JobProgress;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ProgressLinesTest {
    @Test
    void stageLinesAndTheJobSummaryAreRead() {
        ProgressLines lines = new ProgressLines();
        lines.stream().println("[Stage 1/2] scan input → project → shuffle write: 4/4 tasks, 4000 rows, 4.05 s");
        lines.stream().println("[Stage 2/2] shuffle read → final aggregate: 3/3 tasks, 3 rows, 0.20 s");
        lines.stream().println("[Job job-1-3f65cc33] 2 stages, 7 tasks, 9 invocations (2 retries, 0 speculative, "
                + "0 lost-output re-runs); read 33.5 KiB, shuffle 23.4 KiB written / 23.1 KiB read, results 1.4 KiB; "
                + "S3 4 PUT / 20 GET (planning: 1 LIST, 4 HEAD, 4 GET); Lambda 19.062 GB-s; est. $0.000347");
        JobProgress p = lines.progress();
        assertThat(p.stages()).containsExactly(
                new JobProgress.StageLine(1, 2, "scan input → project → shuffle write", 4, 4, 4000, 4.05),
                new JobProgress.StageLine(2, 2, "shuffle read → final aggregate", 3, 3, 3, 0.20));
        assertThat(p.summary().invocations()).isEqualTo(9);
        assertThat(p.summary().retries()).isEqualTo(2);
        assertThat(p.summary().gbSeconds()).isEqualTo(19.062);
        assertThat(p.summary().costUsd()).isEqualTo(0.000347);
        assertThat(lines.lines()).hasSize(3);
    }

    @Test
    void otherLinesAreKeptButNotParsed() {
        assertThat(ProgressLines.parse(List.of("something else"))).isEqualTo(JobProgress.NONE);
    }
}
