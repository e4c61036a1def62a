package io.updraft.engine.shuffle;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Literal;
import io.updraft.core.expr.ScalarFunction;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.ShuffleBlock;
import io.updraft.core.plan.ShuffleRead;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.task.ShuffleOutput;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.task.TaskStatus;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.TaskRunner;
import io.updraft.sql.Row;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Array columns (split results) through a map task's shuffle object and back, via TaskRunner and JSON specs. */
class ShuffleArraysTest {
    private static final StructType INPUT = new StructType(List.of()).add("k", DataTypes.LongType)
            .add("s", DataTypes.StringType);
    private static final ArrayType STRINGS = new ArrayType(DataTypes.StringType, false);
    private static final StructType SPLIT = new StructType(List.of()).add("k", DataTypes.LongType)
            .add("parts", STRINGS);

    @TempDir
    Path dir;
    private BufferAllocator root;
    private TaskRunner runner;
    private Map<String, String> config;

    @BeforeEach
    void setUp() {
        root = new RootAllocator();
        runner = new TaskRunner(root);
        config = Map.of("updraft.shuffle.root", dir.resolve("shuffle").toUri().toString(), "updraft.batchRows", "300");
    }

    @AfterEach
    void tearDown() {
        root.close();
    }

    private TaskResult run(int stage, int task, Operator plan) {
        TaskResult result = TaskCodec.decodeResult(runner.runJson(TaskCodec.encode(new TaskSpec("job-a", stage, task,
                0, plan, config))));
        assertThat(result.errorMessage()).isNull();
        assertThat(result.status()).isEqualTo(TaskStatus.SUCCEEDED);
        return result;
    }

    @Test
    void splitArraysSurviveHashPartitionedShuffle() {
        Random random = new Random(9);
        List<Row> rows = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 2500; i++) {
            long k = random.nextInt(300);
            String s = random.nextInt(15) == 0 ? null : "a" + random.nextInt(9) + ",," + "ü".repeat(random.nextInt(3))
                    + (random.nextBoolean() ? ",x" : "");
            rows.add(Row.of(k, s));
            expected.add(k + "|" + (s == null ? null : Arrays.asList(s.split(",", -1))));
        }
        List<ShuffleOutput> outputs = new ArrayList<>();
        for (int task = 0; task < 2; task++) {
            List<Row> part = rows.subList(task * 1250, (task + 1) * 1250);
            Operator project = new Project(new InlineBatches(INPUT, List.of(ArrowRows.encode(part, INPUT, root))),
                    List.of(new ColumnRef(0, DataTypes.LongType, true), new ScalarFunction("split", List.of(
                            new ColumnRef(1, DataTypes.StringType, true), Literal.of(","), Literal.of(-1)), STRINGS)),
                    List.of("k", "parts"));
            outputs.add(run(1, task, new ShuffleWrite(project, new Partitioning.Hash(List.of(
                    new ColumnRef(1, STRINGS, true))), 3)).shuffleOutput());
        }
        List<String> actual = new ArrayList<>();
        for (int p = 0; p < 3; p++) {
            List<ShuffleBlock> blocks = List.of(outputs.get(0).block(p), outputs.get(1).block(p));
            for (Row r : ArrowRows.decode(run(2, p, new ShuffleRead(SPLIT, blocks)).arrowIpcBase64(), SPLIT, root)) {
                actual.add(r.get(0) + "|" + r.getList(1));
            }
        }
        actual.sort(Comparator.naturalOrder());
        expected.sort(Comparator.naturalOrder());
        assertThat(actual).isEqualTo(expected);
    }
}
