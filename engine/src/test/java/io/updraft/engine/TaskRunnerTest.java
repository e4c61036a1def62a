package io.updraft.engine;

import io.updraft.core.error.ErrorType;
import io.updraft.core.expr.Arithmetic;
import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.Sort;
import io.updraft.core.plan.SortKey;
import io.updraft.core.plan.StageInput;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.task.TaskStatus;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.parquet.ParquetFiles;
import io.updraft.engine.testing.ParquetTestFiles;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TaskRunnerTest {
    private static final DecimalType MONEY = new DecimalType(15, 2);

    @TempDir
    Path dir;
    private BufferAllocator root;
    private TaskRunner runner;

    @BeforeEach
    void setUp() {
        root = new RootAllocator();
        runner = new TaskRunner(root);
    }

    @AfterEach
    void tearDown() {
        root.close();
    }

    private static ColumnRef ref(int i, DataType type) {
        return new ColumnRef(i, type, true);
    }

    private static TaskSpec spec(Operator plan) {
        return new TaskSpec("job", 1, 0, 0, plan, Map.of());
    }

    private Path lineitem() {
        return ParquetTestFiles.write(dir.resolve("lineitem.parquet"), """
                SELECT ['A','N','R'][1 + (range % 3)::INT] AS l_returnflag,
                       ['F','O'][1 + (range % 2)::INT] AS l_linestatus,
                       ((range % 50) + 1)::DECIMAL(15,2) AS l_quantity,
                       (((range * 7919) % 100000) / 100.0 + 900)::DECIMAL(15,2) AS l_extendedprice,
                       ((range % 11) / 100.0)::DECIMAL(15,2) AS l_discount,
                       ((range % 9) / 100.0)::DECIMAL(15,2) AS l_tax,
                       DATE '1992-01-01' + (range % 2500)::INT AS l_shipdate
                FROM range(30000)
                """, 8192);
    }

    /** TPC-H Q1's shape as two stages: PARTIAL aggregation per split, FINAL over the inline partial results. */
    @Test
    void twoStageAggregationThroughJsonMatchesDuckDb() {
        Path file = lineitem();
        StructType scanSchema = new StructType(List.of())
                .add("l_returnflag", DataTypes.StringType).add("l_linestatus", DataTypes.StringType)
                .add("l_quantity", MONEY).add("l_extendedprice", MONEY).add("l_discount", MONEY).add("l_tax", MONEY)
                .add("l_shipdate", DataTypes.DateType);
        int cutoff = (int) LocalDate.of(1998, 9, 2).toEpochDay();
        Expr shipped = new Comparison(CompareOp.LESS_THAN_OR_EQUAL, ref(6, DataTypes.DateType),
                new Literal(DataTypes.DateType, cutoff));
        DecimalType oneMinus = new DecimalType(16, 2);
        Expr discPrice = new Arithmetic(ArithmeticOp.MULTIPLY, ref(3, MONEY), new Arithmetic(ArithmeticOp.SUBTRACT,
                new Literal(new DecimalType(1, 0), BigDecimal.ONE), ref(4, MONEY), oneMinus), new DecimalType(32, 4));
        Expr charge = new Arithmetic(ArithmeticOp.MULTIPLY, discPrice, new Arithmetic(ArithmeticOp.ADD,
                new Literal(new DecimalType(1, 0), BigDecimal.ONE), ref(5, MONEY), oneMinus), new DecimalType(38, 6));
        Project project = new Project(new Filter(new FileScan(List.of(), scanSchema, shipped), shipped),
                List.of(ref(0, DataTypes.StringType), ref(1, DataTypes.StringType), ref(2, MONEY), ref(3, MONEY),
                        ref(4, MONEY), discPrice, charge),
                List.of("flag", "status", "qty", "price", "disc", "disc_price", "charge"));
        List<AggregateCall> calls = List.of(
                sum(2, MONEY), sum(3, MONEY), sum(5, new DecimalType(32, 4)), sum(6, new DecimalType(38, 6)),
                avg(2, MONEY), avg(3, MONEY), avg(4, MONEY),
                new AggregateCall(AggregateFunction.COUNT, null, false, DataTypes.LongType));
        List<String> names = List.of("flag", "status", "sum_qty", "sum_base", "sum_disc", "sum_charge", "avg_qty",
                "avg_price", "avg_disc", "count_order");
        List<Expr> keys = List.of(ref(0, DataTypes.StringType), ref(1, DataTypes.StringType));
        HashAggregate partial = new HashAggregate(project, keys, calls, AggregateMode.PARTIAL, names);

        int groups = ParquetFiles.inspect(file.toString()).rowGroupCount();
        assertThat(groups).isEqualTo(4);
        List<String> partialOutputs = new ArrayList<>();
        long rowsRead = 0;
        for (List<Integer> rowGroups : List.of(List.of(0, 1), List.of(2, 3))) {
            Operator plan = withSplit(partial, new FileSplit(file.toString(), rowGroups, 0));
            String json = runner.runJson(TaskCodec.encode(spec(plan)));
            TaskResult result = TaskCodec.decodeResult(json);
            assertThat(result.status()).as(result.errorMessage()).isEqualTo(TaskStatus.SUCCEEDED);
            assertThat(result.schema()).isEqualTo(partial.schema());
            assertThat(result.arrowIpcBase64()).hasSize(1);
            partialOutputs.addAll(result.arrowIpcBase64());
            rowsRead += result.metrics().rowsRead();
        }
        assertThat(rowsRead).isEqualTo(30000);

        HashAggregate fin = new HashAggregate(new InlineBatches(partial.schema(), partialOutputs), keys, calls,
                AggregateMode.FINAL, names);
        Sort sorted = new Sort(fin, List.of(new SortKey(ref(0, DataTypes.StringType), true, true),
                new SortKey(ref(1, DataTypes.StringType), true, true)));
        TaskResult result = TaskCodec.decodeResult(runner.runJson(TaskCodec.encode(spec(sorted))));
        assertThat(result.status()).as(result.errorMessage()).isEqualTo(TaskStatus.SUCCEEDED);
        List<Row> rows = ArrowRows.decode(result.arrowIpcBase64(), result.schema());

        List<List<Object>> expected = ParquetTestFiles.query("""
                SELECT l_returnflag, l_linestatus, sum(l_quantity), sum(l_extendedprice),
                       sum(l_extendedprice * (1 - l_discount)), sum(l_extendedprice * (1 - l_discount) * (1 + l_tax)),
                       avg(l_quantity), avg(l_extendedprice), avg(l_discount), count(*)
                FROM '%s' WHERE l_shipdate <= DATE '1998-09-02'
                GROUP BY ALL ORDER BY 1, 2
                """.formatted(file));
        assertThat(rows).hasSize(expected.size()).hasSize(6);
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            List<Object> want = expected.get(i);
            assertThat(row.getString(0)).isEqualTo(want.get(0));
            assertThat(row.getString(1)).isEqualTo(want.get(1));
            for (int c = 2; c <= 5; c++) {
                assertThat(row.getDecimal(c)).as("column %d", c).isEqualByComparingTo((BigDecimal) want.get(c));
            }
            for (int c = 6; c <= 8; c++) {
                assertThat(row.getDecimal(c).doubleValue()).isCloseTo(((Number) want.get(c)).doubleValue(),
                        org.assertj.core.data.Offset.offset(1e-5));
                assertThat(row.getDecimal(c).scale()).isEqualTo(6);
            }
            assertThat(row.getLong(9)).isEqualTo(((Number) want.get(9)).longValue());
        }
    }

    private static AggregateCall sum(int column, DecimalType type) {
        return new AggregateCall(AggregateFunction.SUM, ref(column, type), false,
                AggregateCall.resultType(AggregateFunction.SUM, type));
    }

    private static AggregateCall avg(int column, DecimalType type) {
        return new AggregateCall(AggregateFunction.AVG, ref(column, type), false,
                AggregateCall.resultType(AggregateFunction.AVG, type));
    }

    /** The plan with its scan reading {@code split}. */
    private static Operator withSplit(Operator plan, FileSplit split) {
        return switch (plan) {
            case FileScan s -> s.withSplits(List.of(split));
            case Filter f -> new Filter(withSplit(f.child(), split), f.condition());
            case Project p -> new Project(withSplit(p.child(), split), p.expressions(), p.names());
            case HashAggregate a -> new HashAggregate(withSplit(a.child(), split), a.groupBy(), a.aggregates(),
                    a.mode(), a.names());
            default -> throw new IllegalArgumentException(plan.toString());
        };
    }

    @Test
    void countOnlyScanReturnsRowsWithoutColumns() {
        Path file = ParquetTestFiles.write(dir.resolve("n.parquet"), "SELECT range AS id FROM range(10000)", 2048);
        TaskResult result = runner.run(spec(new FileScan(List.of(new FileSplit(file.toString(), List.of(), 0)),
                new StructType(List.of()), null)));
        assertThat(result.status()).isEqualTo(TaskStatus.SUCCEEDED);
        assertThat(result.metrics().rowsOutput()).isEqualTo(10000);
        assertThat(result.metrics().rowGroupsRead()).isEqualTo(5);
        assertThat(result.metrics().cpuNanos()).isPositive();   // the task thread's CPU time, for the cost model
        assertThat(ArrowRows.decode(result.arrowIpcBase64(), result.schema())).hasSize(10000);
    }

    @Test
    void emptyResultHasNoStreams() {
        Path file = ParquetTestFiles.write(dir.resolve("e.parquet"), "SELECT range AS id FROM range(10)", 2048);
        StructType schema = new StructType(List.of()).add("id", DataTypes.LongType);
        Expr never = new Comparison(CompareOp.LESS_THAN, ref(0, DataTypes.LongType), Literal.of(0L));
        TaskResult result = runner.run(spec(new Filter(new FileScan(
                List.of(new FileSplit(file.toString(), List.of(), 0)), schema, never), never)));
        assertThat(result.status()).isEqualTo(TaskStatus.SUCCEEDED);
        assertThat(result.arrowIpcBase64()).isEmpty();
        assertThat(result.metrics().rowGroupsSkipped()).isEqualTo(1);
    }

    @Test
    void missingFileFailsAsUserError() {
        String path = dir.resolve("missing.parquet").toString();
        TaskResult result = runner.run(spec(new FileScan(List.of(new FileSplit(path, List.of(), 0)),
                new StructType(List.of()), null)));
        assertThat(result.status()).isEqualTo(TaskStatus.FAILED);
        assertThat(result.errorType()).isEqualTo(ErrorType.USER);
        assertThat(result.errorMessage()).isEqualTo("Path does not exist: " + path);
    }

    @Test
    void stageInputIsAnInternalError() {
        TaskResult result = runner.run(spec(new StageInput(3, new StructType(List.of()))));
        assertThat(result.errorType()).isEqualTo(ErrorType.INTERNAL);
        assertThat(result.errorMessage()).contains("StageInput(stage 3) reached a worker");
    }

    @Test
    void unexpectedExceptionsBecomeInternalErrors() {
        TaskRunner failing = new TaskRunner(root, System::nanoTime, (plan, context) -> {
            throw new IllegalStateException("boom");
        });
        TaskResult result = failing.run(spec(new InlineBatches(new StructType(List.of()), List.of())));
        assertThat(result.errorType()).isEqualTo(ErrorType.INTERNAL);
        assertThat(result.errorMessage()).contains("java.lang.IllegalStateException: boom");
    }

    @Test
    void theTaskIdsAreInTheMdcWhileTheTaskRunsAndGoneAfter() {
        java.util.Map<String, String> seen = new java.util.HashMap<>();
        TaskRunner recording = new TaskRunner(root, System::nanoTime, (plan, context) -> {
            java.util.Map<String, String> mdc = org.slf4j.MDC.getCopyOfContextMap();
            if (mdc != null) {
                seen.putAll(mdc);
            }
            throw new IllegalStateException("stop here");
        });
        org.slf4j.MDC.put("caller", "kept");
        try {
            recording.run(spec(new InlineBatches(new StructType(List.of()), List.of())));
            assertThat(seen).containsEntry(TaskRunner.MDC_JOB, "job").containsEntry(TaskRunner.MDC_STAGE, "1")
                    .containsEntry(TaskRunner.MDC_TASK, "0").containsEntry(TaskRunner.MDC_ATTEMPT, "0");
            assertThat(org.slf4j.MDC.getCopyOfContextMap()).containsExactly(java.util.Map.entry("caller", "kept"));
        } finally {
            org.slf4j.MDC.clear();
        }
    }

    @Test
    void aLeakFailsTheTaskAsInternal() {
        // The leaked buffer stays registered with the task's allocator for good, so this test uses a root of
        // its own that is deliberately not closed (closing it would fail: that is the point).
        BufferAllocator leakyRoot = new RootAllocator();
        TaskRunner leaking = new TaskRunner(leakyRoot, System::nanoTime, (plan, context) -> new BatchOperator() {
            private final ArrowBuf leaked = context.allocator().buffer(64);

            @Override
            public StructType schema() {
                return new StructType(List.of());
            }

            @Override
            public Batch next() {
                return null;
            }

            @Override
            public void close() {
                // forgets to release `leaked`
            }
        });
        TaskResult result = leaking.run(spec(new InlineBatches(new StructType(List.of()), List.of())));
        assertThat(result.status()).isEqualTo(TaskStatus.FAILED);
        assertThat(result.errorType()).isEqualTo(ErrorType.INTERNAL);
        assertThat(result.errorMessage()).contains("leaked Arrow memory").contains("task-job-1-0-0");
        assertThat(leakyRoot.getAllocatedMemory()).isEqualTo(64);
    }

    @Test
    void elapsedTimeComesFromTheInjectedClock() {
        AtomicLong now = new AtomicLong(1_000);
        TaskRunner timed = new TaskRunner(root, () -> now.getAndAdd(500));
        TaskResult result = timed.run(spec(new InlineBatches(new StructType(List.of()), List.of())));
        assertThat(result.metrics().elapsedNanos()).isEqualTo(500);
    }

    @Test
    void undecodableSpecIsReportedNotThrown() {
        TaskResult result = TaskCodec.decodeResult(runner.runJson("{not json"));
        assertThat(result.status()).isEqualTo(TaskStatus.FAILED);
        assertThat(result.errorType()).isEqualTo(ErrorType.INTERNAL);
        assertThat(result.errorMessage()).startsWith("Could not decode the task spec");
    }

    @Test
    void aSpecWithoutTaskMemoryGetsTheRunnersDefaultAndTheSettingWins() {
        StructType oneLong = new StructType(List.of(new io.updraft.sql.types.StructField("k", DataTypes.LongType, false)));
        List<io.updraft.sql.Row> rows = new java.util.ArrayList<>();
        for (long k = 0; k < 50_000; k++) {
            rows.add(io.updraft.sql.Row.of(k));
        }
        Operator plan = new InlineBatches(oneLong, List.of(ArrowRows.encode(rows, oneLong)));   // 400 KB of longs
        TaskRunner small = new TaskRunner(root, 64 * 1024);
        assertThat(small.defaultTaskMemoryBytes()).isEqualTo(64 * 1024);
        TaskResult tooSmall = small.run(spec(plan));
        assertThat(tooSmall.status()).isEqualTo(TaskStatus.FAILED);
        TaskResult withSetting = small.run(new TaskSpec("job", 1, 0, 1, plan,
                Map.of(TaskRunner.TASK_MEMORY_BYTES, String.valueOf(64L << 20))));
        assertThat(withSetting.status()).isEqualTo(TaskStatus.SUCCEEDED);
        assertThat(new TaskRunner(root, 64L << 20).run(spec(plan)).status()).isEqualTo(TaskStatus.SUCCEEDED);
        assertThatThrownBy(() -> new TaskRunner(root, 0)).hasMessageContaining("default task memory");
    }

    @Test
    void badBatchSizeSettingIsAUserError() {
        TaskResult result = runner.run(new TaskSpec("j", 0, 0, 0,
                new InlineBatches(new StructType(List.of()), List.of()), Map.of(ExecutionContext.BATCH_ROWS, "lots")));
        assertThat(result.errorType()).isEqualTo(ErrorType.USER);
        assertThat(result.errorMessage()).contains("updraft.batchRows").contains("'lots'");
    }

    /** Join, union, window and top-N wired through the pipeline builder, from a JSON spec. */
    @Test
    void newOperatorsRunFromAJsonSpec() {
        StructType leftSchema = new StructType(List.of()).add("k", DataTypes.IntegerType).add("s", DataTypes.StringType);
        StructType rightSchema = new StructType(List.of()).add("k", DataTypes.IntegerType).add("t", DataTypes.StringType);
        var left = new InlineBatches(leftSchema, List.of(ArrowRows.encode(List.of(Row.of(1, "a"), Row.of(2, "b"),
                Row.of(3, "c"), Row.of(null, "n")), leftSchema, root)));
        var right = new InlineBatches(rightSchema, List.of(ArrowRows.encode(List.of(Row.of(1, "x"), Row.of(1, "y"),
                Row.of(3, "z")), rightSchema, root)));
        ColumnRef k = ref(0, DataTypes.IntegerType);
        var join = new io.updraft.core.plan.Join(left, right, io.updraft.core.plan.JoinType.LEFT_OUTER, List.of(k),
                List.of(k), null, io.updraft.core.plan.BuildSide.RIGHT);
        var joined = new Project(join, List.of(k, ref(1, DataTypes.StringType), ref(3, DataTypes.StringType)),
                List.of("k", "s", "t"));
        var alone = new Project(left, List.of(k, ref(1, DataTypes.StringType), Literal.nullOf(DataTypes.StringType)),
                List.of("k", "s", "t"));
        var union = new io.updraft.core.plan.Union(List.of(joined, alone));
        var window = new io.updraft.core.plan.Window(union, List.of(k), List.of(new SortKey(ref(2, DataTypes.StringType),
                true, true)), List.of(io.updraft.core.plan.WindowCall.of(io.updraft.core.plan.WindowFunction.ROW_NUMBER,
                List.of())), List.of("rn"));
        var top = new io.updraft.core.plan.TopN(window, List.of(new SortKey(k, true, false),
                new SortKey(ref(2, DataTypes.StringType), true, true), new SortKey(ref(3, DataTypes.IntegerType), true,
                true)), 6);
        TaskResult result = TaskCodec.decodeResult(runner.runJson(TaskCodec.encode(spec(top))));
        assertThat(result.errorMessage()).isNull();
        assertThat(ArrowRows.decode(result.arrowIpcBase64(), top.schema(), root)).extracting(Row::toString)
                .containsExactly("[1,a,null,1]", "[1,a,x,2]", "[1,a,y,3]", "[2,b,null,1]", "[2,b,null,2]",
                        "[3,c,null,1]");
    }

    @Test
    void defaultMemoryLimitAndBadSpillSettings() {
        var plan = new InlineBatches(new StructType(List.of()), List.of());
        TaskResult bad = runner.run(new TaskSpec("job", 1, 0, 0, plan, Map.of(ExecutionContext.SPILL_FRACTION, "2")));
        assertThat(bad.errorType()).isEqualTo(ErrorType.USER);
        assertThat(bad.errorMessage()).isEqualTo("Setting updraft.spillFraction must be a number in (0, 1], was '2'");
        AtomicLong limit = new AtomicLong();
        TaskRunner probing = new TaskRunner(root, System::nanoTime, (p, context) -> {
            limit.set(context.allocator().getLimit());
            return PipelineBuilder.build(p, context);
        });
        assertThat(probing.run(spec(plan)).status()).isEqualTo(TaskStatus.SUCCEEDED);
        assertThat(limit.get()).isEqualTo(TaskRunner.DEFAULT_TASK_MEMORY_BYTES);
    }
}
