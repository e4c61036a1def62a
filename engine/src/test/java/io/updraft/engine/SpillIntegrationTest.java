package io.updraft.engine;

import io.updraft.core.expr.Arithmetic;
import io.updraft.core.expr.And;
import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.Sort;
import io.updraft.core.plan.SortKey;
import io.updraft.core.plan.Window;
import io.updraft.core.plan.WindowCall;
import io.updraft.core.plan.WindowFunction;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.task.TaskStatus;
import io.updraft.engine.testing.ParquetTestFiles;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Queries whose operator state is several times the task's memory limit (8 MiB) complete through TaskRunner
 * and JSON specs, spill to disk, match DuckDB, leave no spill file behind and leak no Arrow memory (the
 * runner fails a task that leaks; the root allocator is closed after each test).
 */
class SpillIntegrationTest {
    static final long LIMIT = 8L * 1024 * 1024;
    private static final DecimalType MONEY = new DecimalType(12, 2);
    private static final StructType FACTS = new StructType(List.of()).add("id", DataTypes.LongType)
            .add("k", DataTypes.StringType).add("v", MONEY).add("d", DataTypes.DoubleType)
            .add("pad", DataTypes.StringType);
    private static final StructType DIM = new StructType(List.of()).add("dk", DataTypes.StringType)
            .add("payload", DataTypes.StringType).add("w", DataTypes.LongType);

    @TempDir
    static Path data;
    @TempDir
    Path spillDir;
    private static Path facts;
    private static Path dim;
    private static Path wide;
    private static Path probes;
    private static Path wideRows;
    private static final StructType WIDE_ROWS = new StructType(List.of()).add("id", DataTypes.LongType)
            .add("v", MONEY).add("payload", DataTypes.StringType);
    private static final StructType WIDE = new StructType(List.of()).add("r", DataTypes.LongType)
            .add("payload", DataTypes.StringType);
    private static final StructType PROBES = new StructType(List.of()).add("x", DataTypes.LongType);
    private BufferAllocator root;
    private TaskRunner runner;

    @BeforeAll
    static void writeData() {
        facts = ParquetTestFiles.write(data.resolve("facts.parquet"), """
                SELECT range AS id, 'key-' || ((range * 7919) % 500000) AS k,
                       (((range * 31) % 100000) / 100.0)::DECIMAL(12,2) AS v,
                       ((range * 13) % 1000) / 7.0 AS d,
                       'padding-' || md5(range::VARCHAR)[1:12] AS pad
                FROM range(600000)
                """, 100_000);
        dim = ParquetTestFiles.write(data.resolve("dim.parquet"), """
                SELECT 'key-' || range AS dk, 'payload-' || md5(range::VARCHAR) AS payload, range % 1000 AS w
                FROM range(0, 600000, 1)
                """, 100_000);
        // ~21 MiB in Arrow: about 2.6 times the task limit, 5 times the join's budget
        wide = ParquetTestFiles.write(data.resolve("wide.parquet"), """
                SELECT range AS r, md5(range::VARCHAR) || md5((range + 1)::VARCHAR) AS payload FROM range(250000)
                """, 50_000);
        wideRows = ParquetTestFiles.write(data.resolve("wide-rows.parquet"), """
                SELECT range AS id, (((range * 31) % 100000) / 100.0)::DECIMAL(12,2) AS v,
                       repeat(md5(range::VARCHAR), 4) AS payload
                FROM range(400000)
                """, 50_000);
        probes = ParquetTestFiles.write(data.resolve("probes.parquet"), "SELECT range AS x FROM range(12)", 100);
    }

    @BeforeEach
    void setUp() {
        root = new RootAllocator();
        runner = new TaskRunner(root);
    }

    @AfterEach
    void tearDown() throws Exception {
        root.close();
        try (Stream<Path> left = Files.list(spillDir)) {
            assertThat(left).as("spill files left behind").isEmpty();
        }
    }

    private static ColumnRef ref(int i, io.updraft.sql.types.DataType type) {
        return new ColumnRef(i, type, true);
    }

    private static FileScan scan(Path file, StructType schema) {
        return new FileScan(List.of(new FileSplit(file.toString(), List.of(), 0)), schema, null);
    }

    private TaskResult run(Operator plan) {
        return run(plan, LIMIT);
    }

    private TaskResult run(Operator plan, long limit) {
        return run(plan, limit, ExecutionContext.DEFAULT_BATCH_ROWS);
    }

    private TaskResult run(Operator plan, long limit, int batchRows) {
        TaskSpec spec = new TaskSpec("spill", 1, 0, 0, plan, Map.of(TaskRunner.TASK_MEMORY_BYTES, String.valueOf(limit),
                ExecutionContext.BATCH_ROWS, String.valueOf(batchRows),
                ExecutionContext.SPILL_DIR, spillDir.toString()));
        TaskResult result = TaskCodec.decodeResult(runner.runJson(TaskCodec.encode(spec)));
        assertThat(result.errorMessage()).isNull();
        assertThat(result.status()).isEqualTo(TaskStatus.SUCCEEDED);
        System.err.printf("%s: %d spills, %.1f MiB spilled, limit %.1f MiB%n", plan.getClass().getSimpleName(),
                result.metrics().spills(), result.metrics().spilledBytes() / 1048576.0, limit / 1048576.0);
        return result;
    }

    private static List<String> strings(List<Row> rows) {
        List<String> out = new ArrayList<>();
        for (Row r : rows) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < r.size(); i++) {
                Object v = r.get(i);
                sb.append(v instanceof BigDecimal b ? b.stripTrailingZeros().toPlainString() : String.valueOf(v))
                        .append('|');
            }
            out.add(sb.toString());
        }
        return out;
    }

    private static List<String> duck(String sql) {
        List<String> out = new ArrayList<>();
        for (List<Object> row : ParquetTestFiles.query(sql)) {
            StringBuilder sb = new StringBuilder();
            for (Object v : row) {
                sb.append(v instanceof BigDecimal b ? b.stripTrailingZeros().toPlainString() : String.valueOf(v))
                        .append('|');
            }
            out.add(sb.toString());
        }
        return out;
    }

    @Test
    void externalSortOfSeveralTimesTheLimit() {
        Operator sort = new Sort(scan(facts, FACTS), List.of(new SortKey(ref(1, DataTypes.StringType), false, false),
                new SortKey(ref(0, DataTypes.LongType), true, true)));
        Operator plan = new Project(sort, List.of(ref(0, DataTypes.LongType)), List.of("id"));
        TaskResult result = run(plan);
        assertThat(result.metrics().spills()).isGreaterThan(3);
        assertThat(result.metrics().spilledBytes()).isGreaterThan(3 * LIMIT);
        List<Row> rows = ArrowRows.decode(result.arrowIpcBase64(), plan.schema(), root);
        assertThat(strings(rows)).isEqualTo(duck("SELECT id FROM '" + facts + "' ORDER BY k DESC, id"));
    }

    @Test
    void hashAggregationOfSeveralTimesTheLimit() {
        List<AggregateCall> calls = List.of(
                new AggregateCall(AggregateFunction.COUNT, null, false, DataTypes.LongType),
                new AggregateCall(AggregateFunction.SUM, ref(2, MONEY), false,
                        AggregateCall.resultType(AggregateFunction.SUM, MONEY)),
                new AggregateCall(AggregateFunction.MAX, ref(3, DataTypes.DoubleType), false, DataTypes.DoubleType),
                new AggregateCall(AggregateFunction.MIN, ref(4, DataTypes.StringType), false, DataTypes.StringType));
        Operator plan = new Sort(new HashAggregate(scan(facts, FACTS), List.of(ref(1, DataTypes.StringType)), calls,
                AggregateMode.COMPLETE, List.of("k", "n", "sv", "md", "mp")),
                List.of(new SortKey(ref(0, DataTypes.StringType), true, true)));
        TaskResult result = run(plan);
        assertThat(result.metrics().spills()).isGreaterThan(3);
        List<Row> rows = ArrowRows.decode(result.arrowIpcBase64(), plan.schema(), root);
        assertThat(rows).hasSize(500_000);
        assertThat(strings(rows)).isEqualTo(duck("SELECT k, count(*), sum(v), max(d), min(pad) FROM '" + facts
                + "' GROUP BY k ORDER BY k"));
    }

    @Test
    void graceHashJoinWithABuildSideSeveralTimesTheLimit() {
        Join join = new Join(scan(facts, FACTS), scan(dim, DIM), JoinType.LEFT_OUTER,
                List.of(ref(1, DataTypes.StringType)), List.of(ref(0, DataTypes.StringType)), null, BuildSide.RIGHT);
        Expr bucket = new Arithmetic(ArithmeticOp.MOD, ref(0, DataTypes.LongType), Literal.of(100L),
                DataTypes.LongType);
        Operator projected = new Project(join, List.of(bucket, ref(2, MONEY), ref(6, DataTypes.StringType),
                ref(7, DataTypes.LongType)), List.of("b", "v", "payload", "w"));
        List<AggregateCall> calls = List.of(
                new AggregateCall(AggregateFunction.COUNT, null, false, DataTypes.LongType),
                new AggregateCall(AggregateFunction.COUNT, ref(2, DataTypes.StringType), false, DataTypes.LongType),
                new AggregateCall(AggregateFunction.SUM, ref(3, DataTypes.LongType), false, DataTypes.LongType),
                new AggregateCall(AggregateFunction.MAX, ref(2, DataTypes.StringType), false, DataTypes.StringType));
        Operator plan = new Sort(new HashAggregate(projected, List.of(ref(0, DataTypes.LongType)), calls,
                AggregateMode.COMPLETE, List.of("b", "n", "matched", "sw", "mp")),
                List.of(new SortKey(ref(0, DataTypes.LongType), true, true)));
        TaskResult result = run(plan);
        assertThat(result.metrics().spills()).isPositive();
        assertThat(result.metrics().spilledBytes()).isGreaterThan(2 * LIMIT);
        List<Row> rows = ArrowRows.decode(result.arrowIpcBase64(), plan.schema(), root);
        assertThat(strings(rows)).isEqualTo(duck("SELECT id % 100 AS b, count(*), count(payload), sum(w), max(payload)"
                + " FROM '" + facts + "' f LEFT JOIN '" + dim + "' d ON f.k = d.dk GROUP BY b ORDER BY b"));
    }

    /** x in 0..11 matches r in [x * 20000, x * 20000 + 3) unless x is a multiple of 3. */
    private static Expr nonEquiCondition() {
        ColumnRef x = ref(0, DataTypes.LongType);
        ColumnRef r = ref(1, DataTypes.LongType);
        Expr from = new Arithmetic(ArithmeticOp.MULTIPLY, x, Literal.of(20000L), DataTypes.LongType);
        Expr to = new Arithmetic(ArithmeticOp.ADD, from, Literal.of(3L), DataTypes.LongType);
        Expr notMultipleOf3 = new Comparison(CompareOp.NOT_EQUAL, new Arithmetic(ArithmeticOp.MOD, x, Literal.of(3L),
                DataTypes.LongType), Literal.of(0L));
        return new And(new And(new Comparison(CompareOp.GREATER_THAN_OR_EQUAL, r, from),
                new Comparison(CompareOp.LESS_THAN, r, to)), notMultipleOf3);
    }

    private static final String DUCK_CONDITION = "r >= x * 20000 AND r < x * 20000 + 3 AND x % 3 <> 0";

    @Test
    void nestedLoopLeftOuterJoinWithABuildSideSeveralTimesTheLimit() {
        Join join = new Join(scan(probes, PROBES), scan(wide, WIDE), JoinType.LEFT_OUTER, List.of(), List.of(),
                nonEquiCondition(), BuildSide.RIGHT);
        Operator plan = new Sort(join, List.of(new SortKey(ref(0, DataTypes.LongType), true, true),
                new SortKey(ref(1, DataTypes.LongType), true, true)));
        TaskResult result = run(plan);
        assertThat(result.metrics().spills()).isGreaterThanOrEqualTo(2);
        assertThat(result.metrics().spilledBytes()).isGreaterThan(2 * LIMIT);
        List<Row> rows = ArrowRows.decode(result.arrowIpcBase64(), plan.schema(), root);
        assertThat(rows).hasSize(8 * 3 + 4);
        assertThat(strings(rows)).isEqualTo(duck("SELECT x, r, payload FROM '" + probes + "' LEFT JOIN '" + wide
                + "' ON " + DUCK_CONDITION + " ORDER BY x, r NULLS FIRST"));
    }

    @Test
    void nestedLoopAntiAndRightOuterJoinsCarryMatchesAcrossSpilledChunks() {
        Join anti = new Join(scan(probes, PROBES), scan(wide, WIDE), JoinType.LEFT_ANTI, List.of(), List.of(),
                nonEquiCondition(), BuildSide.RIGHT);
        Operator antiPlan = new Sort(anti, List.of(new SortKey(ref(0, DataTypes.LongType), true, true)));
        TaskResult antiResult = run(antiPlan);
        assertThat(antiResult.metrics().spills()).isGreaterThanOrEqualTo(2);
        assertThat(strings(ArrowRows.decode(antiResult.arrowIpcBase64(), antiPlan.schema(), root)))
                .isEqualTo(duck("SELECT x FROM '" + probes + "' WHERE NOT EXISTS (SELECT 1 FROM '" + wide
                        + "' WHERE " + DUCK_CONDITION + ") ORDER BY x"));

        // build side (right) rows are output when unmatched: one chunk at a time
        Join rightOuter = new Join(scan(probes, PROBES), scan(wide, WIDE), JoinType.RIGHT_OUTER, List.of(),
                List.of(), nonEquiCondition(), BuildSide.RIGHT);
        Operator counted = new HashAggregate(rightOuter, List.of(), List.of(
                new AggregateCall(AggregateFunction.COUNT, null, false, DataTypes.LongType),
                new AggregateCall(AggregateFunction.COUNT, ref(0, DataTypes.LongType), false, DataTypes.LongType),
                new AggregateCall(AggregateFunction.SUM, ref(1, DataTypes.LongType), false, DataTypes.LongType)),
                AggregateMode.COMPLETE, List.of("n", "matched", "sr"));
        TaskResult outer = run(counted);
        assertThat(outer.metrics().spills()).isGreaterThanOrEqualTo(2);
        assertThat(strings(ArrowRows.decode(outer.arrowIpcBase64(), counted.schema(), root)))
                .isEqualTo(duck("SELECT count(*), count(x), sum(r) FROM '" + probes + "' RIGHT JOIN '" + wide
                        + "' ON " + DUCK_CONDITION));
    }

    @Test
    void windowPartitionsSeveralTimesTheLimitSpill() {
        // 400,000 rows of ~150 bytes (~60 MiB, nearly 4 times a 16 MiB limit) in four partitions of ~15 MiB, each
        // more than the window's 8 MiB budget: the rows go to disk, the keys, arguments and results (~60 bytes a
        // row) stay in memory
        long limit = 2 * LIMIT;
        Expr quarter = new Arithmetic(ArithmeticOp.MOD, ref(0, DataTypes.LongType), Literal.of(4L),
                DataTypes.LongType);
        SortKey byId = new SortKey(ref(0, DataTypes.LongType), true, true);
        List<WindowCall> calls = List.of(
                new WindowCall(WindowFunction.ROW_NUMBER, List.of(), false, null,
                        WindowCall.resultType(WindowFunction.ROW_NUMBER, List.of())),
                new WindowCall(WindowFunction.SUM, List.of(ref(1, MONEY)), false, null,
                        WindowCall.resultType(WindowFunction.SUM, List.of(ref(1, MONEY)))),
                new WindowCall(WindowFunction.LAG, List.of(ref(0, DataTypes.LongType)), false, null,
                        DataTypes.LongType));
        Window window = new Window(scan(wideRows, WIDE_ROWS), List.of(quarter), List.of(byId), calls,
                List.of("rn", "running", "previous_id"));
        Expr sampled = new Comparison(CompareOp.EQUAL, new Arithmetic(ArithmeticOp.MOD, ref(0, DataTypes.LongType),
                Literal.of(997L), DataTypes.LongType), Literal.of(5L));
        Operator plan = new Sort(new Project(new Filter(window, sampled), List.of(ref(0, DataTypes.LongType),
                ref(2, DataTypes.StringType), ref(3, DataTypes.IntegerType), ref(4, window.schema().get(4).dataType()),
                ref(5, DataTypes.LongType)), List.of("id", "payload", "rn", "running", "previous_id")), List.of(byId));
        // small batches keep the external sort's merge (one batch per run) small next to the window's state
        TaskResult result = run(plan, limit, 2048);
        assertThat(result.metrics().spills()).isGreaterThan(2);
        assertThat(result.metrics().spilledBytes()).isGreaterThan(3 * limit);
        List<Row> rows = ArrowRows.decode(result.arrowIpcBase64(), plan.schema(), root);
        assertThat(rows).hasSize(402);
        assertThat(strings(rows)).isEqualTo(duck("""
                SELECT id, payload, rn, running, previous_id FROM (
                  SELECT id, payload, row_number() OVER w AS rn, sum(v) OVER w AS running, lag(id) OVER w AS previous_id
                  FROM '%s' WINDOW w AS (PARTITION BY id %% 4 ORDER BY id))
                WHERE id %% 997 = 5 ORDER BY id""".formatted(wideRows)));
    }
}
