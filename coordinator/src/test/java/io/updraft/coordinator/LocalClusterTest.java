package io.updraft.coordinator;

import io.updraft.coordinator.job.JobResult;
import io.updraft.coordinator.job.JobRunner;
import io.updraft.coordinator.job.JobRunnerOptions;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Stage;
import io.updraft.engine.ArrowRows;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The coordinator with the real engine behind it. */
class LocalClusterTest {
    private static final StructType AB = new StructType(List.of())
            .add("a", DataTypes.IntegerType).add("b", DataTypes.StringType);

    @TempDir
    Path dir;

    @Test
    void runsAJobThroughTheEngineAsJson() {
        String batch = ArrowRows.encode(List.of(Row.of(1, "x"), Row.of(2, "y"), Row.of(3, null)), AB);
        Filter filter = new Filter(new InlineBatches(AB, List.of(batch)),
                new Comparison(CompareOp.GREATER_THAN, new ColumnRef(0, DataTypes.IntegerType, true), Literal.of(1)));
        try (LocalCluster cluster = LocalCluster.start(2)) {
            JobResult result = cluster.jobRunner(JobRunnerOptions.defaults(2).withProgress(null))
                    .run(new JobPlan(List.of(new Stage(0, filter, List.of(), null)), AB));

            assertThat(result.rows()).containsExactly(Row.of(2, "y"), Row.of(3, null));
            assertThat(result.rows().get(0).schema()).isEqualTo(AB);
            assertThat(result.stages()).singleElement().satisfies(s -> assertThat(s.tasks()).isEqualTo(1));
        }
    }

    @Test
    void aMissingFileIsAUserErrorNamingIt() {
        String missing = dir.resolve("gone.parquet").toString();
        FileScan scan = new FileScan(List.of(new FileSplit(missing, List.of(), 0)), AB, null);
        try (LocalCluster cluster = LocalCluster.start(1)) {
            JobRunner runner = cluster.jobRunner(JobRunnerOptions.defaults(1).withProgress(null));
            assertThatThrownBy(() -> runner.run(new JobPlan(List.of(new Stage(0, scan, List.of(), null)), AB)))
                    .isInstanceOfSatisfying(UpdraftException.class,
                            e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                    .hasMessageContaining(missing);
        }
    }

    @Test
    void closingFailsWhenArrowMemoryLeaked() {
        LocalCluster cluster = LocalCluster.start(1);
        ArrowBuf leaked = cluster.allocator().buffer(64);
        assertThat(leaked.capacity()).isEqualTo(64);
        // the closed allocator refuses the late release; the 64 bytes stay leaked for this JVM only
        assertThatThrownBy(cluster::close).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Memory was leaked");
    }

    @Test
    void shuffleObjectsGoToATempFolderOfTheSessionThatCloseDeletes() {
        LocalCluster cluster = LocalCluster.start(1);
        Path root = Path.of(cluster.shuffleRoot().uri());
        JobRunner runner = cluster.jobRunner(JobRunnerOptions.defaults(1).withProgress(null)
                .withTaskConfig(java.util.Map.of("k", "v")));
        assertThat(java.nio.file.Files.isDirectory(root)).isTrue();
        assertThat(runner.options().taskConfig()).containsEntry("updraft.shuffle.root", root.toString())
                .containsEntry("k", "v");

        cluster.close();

        assertThat(java.nio.file.Files.exists(root)).isFalse();
    }

    @Test
    void aConfiguredShuffleRootIsUsedAndKept() {
        Path root = dir.resolve("shuffle-here");
        try (LocalCluster cluster = LocalCluster.start(1, java.util.Map.of("updraft.shuffle.root", root.toString()))) {
            assertThat(cluster.shuffleRoot().uri()).isEqualTo(root.toString());
            assertThat(cluster.jobOptions(java.util.Map.of("updraft.task.maxAttempts", "2")).maxAttempts())
                    .isEqualTo(2);
        }
        assertThat(java.nio.file.Files.isDirectory(root)).isTrue();
    }

    @Test
    void startRejectsFewerThanOneThread() {
        assertThatThrownBy(() -> LocalCluster.start(0)).hasMessage("threads must be >= 1, was 0");
    }
}
