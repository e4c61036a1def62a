package io.updraft.core.task;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.ShuffleOutputLostException;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.And;
import io.updraft.core.expr.Arithmetic;
import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.In;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.Expand;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.FrameBound;
import io.updraft.core.plan.FrameType;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.core.plan.Limit;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.ShuffleBlock;
import io.updraft.core.plan.ShuffleRead;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Sort;
import io.updraft.core.plan.SortKey;
import io.updraft.core.plan.TopN;
import io.updraft.core.plan.Union;
import io.updraft.core.plan.Window;
import io.updraft.core.plan.WindowCall;
import io.updraft.core.plan.WindowFrame;
import io.updraft.core.plan.WindowFunction;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TaskCodecTest {
    private static final DecimalType PRICE = new DecimalType(15, 2);

    @Test
    void specSurvivesJsonRoundTripWithTypedLiterals() {
        StructType schema = new StructType(List.of())
                .add("l_quantity", PRICE).add("l_shipdate", DataTypes.DateType).add("l_flag", DataTypes.StringType);
        ColumnRef qty = new ColumnRef(0, PRICE, true);
        ColumnRef date = new ColumnRef(1, DataTypes.DateType, true);
        var condition = new And(
                new Comparison(CompareOp.LESS_THAN, qty, new Literal(PRICE, new BigDecimal("24.00"))),
                new In(new ColumnRef(2, DataTypes.StringType, true), List.of(Literal.of("A"), Literal.of("R"))));
        var scan = new FileScan(List.of(new FileSplit("/data/lineitem/part-0.parquet", List.of(0, 2), 1234)), schema,
                new Comparison(CompareOp.GREATER_THAN_OR_EQUAL, date, new Literal(DataTypes.DateType, 8766)));
        var project = new Project(new Filter(scan, condition),
                List.of(new Arithmetic(ArithmeticOp.MULTIPLY, qty, Literal.of(2L), DecimalType.bounded(36, 2)),
                        Literal.of(1.5), Literal.nullOf(DataTypes.TimestampType)),
                List.of("x", "y", "z"));
        var agg = new HashAggregate(project, List.of(), List.of(
                new AggregateCall(AggregateFunction.SUM, new ColumnRef(0, DecimalType.bounded(36, 2), true), false,
                        AggregateCall.resultType(AggregateFunction.SUM, DecimalType.bounded(36, 2))),
                new AggregateCall(AggregateFunction.COUNT, null, false, DataTypes.LongType)),
                AggregateMode.PARTIAL, List.of("s", "c"));
        var plan = new Limit(new Sort(agg, List.of(new SortKey(new ColumnRef(0, DataTypes.LongType, true), false, false))), 10, 0);
        TaskSpec spec = new TaskSpec("job-1", 2, 3, 1, plan, Map.of("k", "v"));

        String json = TaskCodec.encode(spec);
        TaskSpec decoded = TaskCodec.decodeSpec(json);

        assertThat(decoded).isEqualTo(spec);
        assertThat(((Literal) ((Comparison) ((And) condition).left()).right()).value()).isEqualTo(new BigDecimal("24.00"));
        assertThat(json).contains("\"dataType\":\"decimal(15,2)\"");
    }

    @Test
    void partialAggregateSchemaListsStateColumns() {
        var input = new ColumnRef(0, PRICE, true);
        var avg = new AggregateCall(AggregateFunction.AVG, input, false, AggregateCall.resultType(AggregateFunction.AVG, PRICE));
        var agg = new HashAggregate(new FileScan(List.of(), new StructType(List.of()).add("p", PRICE), null),
                List.of(), List.of(avg), AggregateMode.PARTIAL, List.of("avg_p"));
        assertThat(avg.dataType()).isEqualTo(new DecimalType(19, 6));
        assertThat(agg.schema().simpleString()).isEqualTo("struct<avg_p#0:decimal(25,2),avg_p#1:bigint>");
    }

    @Test
    void failureResultRoundTrips() {
        TaskSpec spec = new TaskSpec("j", 0, 0, 0, new FileScan(List.of(), new StructType(List.of()), null), Map.of());
        TaskResult result = TaskResult.failure(spec, ErrorType.USER, "Path does not exist: /x", null);
        assertThat(TaskCodec.decodeResult(TaskCodec.encode(result))).isEqualTo(result);
    }

    @Test
    void newOperatorsSurviveJsonRoundTrip() {
        StructType schema = new StructType(List.of()).add("k", DataTypes.LongType).add("v", PRICE)
                .add("s", DataTypes.StringType);
        ColumnRef k = new ColumnRef(0, DataTypes.LongType, true);
        ColumnRef v = new ColumnRef(1, PRICE, true);
        var read = new ShuffleRead(schema, List.of(new ShuffleBlock("shuffle/ab/j/s1/t0-a0.arrow", 0, 100),
                new ShuffleBlock("shuffle/cd/j/s1/t1-a0.arrow", 40, 0)));
        var scan = new FileScan(List.of(new FileSplit("s3://bucket/t/part-0.parquet", List.of(), 10)), schema, null);
        var join = new Join(read, scan, JoinType.FULL_OUTER, List.of(k), List.of(k),
                new Comparison(CompareOp.LESS_THAN, v, new ColumnRef(4, PRICE, true)), BuildSide.RIGHT,
                List.of(true));
        var union = new Union(List.of(new Project(join, List.of(k, v), List.of("k", "v")),
                new Project(scan, List.of(k, v), List.of("k2", "v2"))));
        var expand = new Expand(union, List.of(List.of(k, v, Literal.of(0)),
                List.of(Literal.nullOf(DataTypes.LongType), v, Literal.of(1))), List.of("k", "v", "gid"));
        var window = new Window(expand, List.of(k), List.of(new SortKey(v, true, true)), List.of(
                WindowCall.of(WindowFunction.RANK, List.of()),
                WindowCall.of(WindowFunction.LAG, List.of(v, Literal.of(2), v)),
                new WindowCall(WindowFunction.SUM, List.of(v), false, new WindowFrame(FrameType.ROWS,
                        FrameBound.preceding(2), FrameBound.following(1)), DecimalType.bounded(25, 2)),
                new WindowCall(WindowFunction.FIRST, List.of(v), true, null, PRICE)),
                List.of("r", "lag", "s", "f"));
        var topN = new TopN(window, List.of(new SortKey(new ColumnRef(3, DataTypes.IntegerType, false), true, true)), 5);
        Operator root = new ShuffleWrite(topN, new Partitioning.Range(List.of(new SortKey(k, true, true)),
                List.of(List.of(Literal.of(10L)), List.of(Literal.nullOf(DataTypes.LongType)))), 3);
        var generate = new io.updraft.core.plan.Generate(scan, io.updraft.core.plan.GeneratorFunction.INLINE,
                new ColumnRef(2, new io.updraft.sql.types.ArrayType(new StructType(List.of())
                        .add("a", DataTypes.IntegerType).add("b", DataTypes.StringType), true), true), true,
                List.of(0, 2), List.of("a", "b"));
        assertThat(generate.schema().simpleString()).isEqualTo("struct<k:bigint,s:string,a:int,b:string>");
        for (Operator plan : List.of(root, new ShuffleWrite(generate, new Partitioning.RoundRobin(), 2),
                new ShuffleWrite(scan, new Partitioning.Hash(List.of(k, v)), 8),
                new ShuffleWrite(scan, new Partitioning.RoundRobin(), 4),
                new ShuffleWrite(scan, new Partitioning.Single(), 1))) {
            TaskSpec spec = new TaskSpec("job-2", 1, 0, 0, plan, Map.of("updraft.shuffle.root", "file:/tmp/x"));
            assertThat(TaskCodec.decodeSpec(TaskCodec.encode(spec))).isEqualTo(spec);
        }
        assertThat(window.calls().get(0).frame()).isEqualTo(WindowFrame.RANGE_TO_CURRENT_ROW);
        assertThat(window.schema().simpleString())
                .isEqualTo("struct<k:bigint,v:decimal(15,2),gid:int,r:int,lag:decimal(15,2),s:decimal(25,2),"
                        + "f:decimal(15,2)>");
        assertThat(join.schema().fieldList()).allMatch(f -> f.nullable());
    }

    @Test
    void userFunctionsAndUserAggregatesRoundTrip() {
        var x = new ColumnRef(0, DataTypes.LongType, true);
        var state = new StructType().add("count", DataTypes.LongType, false).add("sum", DataTypes.LongType, false);
        var udf = new io.updraft.core.expr.UserFunction("plusOne", "cGF5bG9hZA==", List.of(x), DataTypes.LongType,
                true);
        var agg = new HashAggregate(new Project(new FileScan(List.of(), new StructType().add("x", DataTypes.LongType),
                null), List.of(udf), List.of("y")), List.of(), List.of(AggregateCall.userDefined(
                new io.updraft.core.plan.UserAggregate("myaverage", "cGF5bG9hZA==", state),
                new io.updraft.core.expr.ScalarFunction("named_struct", List.of(x),
                        new StructType().add("x", DataTypes.LongType)), DataTypes.DoubleType)),
                AggregateMode.PARTIAL, List.of("a"));
        TaskSpec spec = new TaskSpec("j", 0, 0, 0, agg, Map.of());
        assertThat(TaskCodec.decodeSpec(TaskCodec.encode(spec))).isEqualTo(spec);
        assertThat(agg.schema().simpleString()).isEqualTo("struct<a#0:struct<count:bigint,sum:bigint>>");
    }

    @Test
    void statisticalAndFirstLastAggregatesRoundTrip() {
        var x = new ColumnRef(0, DataTypes.DoubleType, true);
        var s = new ColumnRef(1, DataTypes.StringType, true);
        var agg = new HashAggregate(new FileScan(List.of(), new StructType(List.of()).add("x", DataTypes.DoubleType)
                .add("s", DataTypes.StringType), null), List.of(), List.of(
                new AggregateCall(AggregateFunction.STDDEV_SAMP, x, false, DataTypes.DoubleType),
                new AggregateCall(AggregateFunction.LAST, s, false, DataTypes.StringType, true)),
                AggregateMode.PARTIAL, List.of("sd", "l"));
        TaskSpec spec = new TaskSpec("j", 0, 0, 0, agg, Map.of());
        assertThat(TaskCodec.decodeSpec(TaskCodec.encode(spec))).isEqualTo(spec);
        assertThat(agg.schema().simpleString())
                .isEqualTo("struct<sd#0:double,sd#1:double,sd#2:double,l#0:string,l#1:boolean>");
    }

    @Test
    void shuffleResultRoundTripsAndOldJsonStillDecodes() {
        TaskSpec spec = new TaskSpec("j", 1, 2, 0, new FileScan(List.of(), new StructType(List.of()), null), Map.of());
        ShuffleOutput output = new ShuffleOutput("shuffle/aa/j/s1/t2-a0.arrow", List.of(0L, 10L), List.of(10L, 0L),
                List.of(3L, 0L));
        TaskResult result = TaskResult.shuffleSuccess(spec, new StructType(List.of()).add("a", DataTypes.IntegerType),
                output, new TaskMetrics(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
        TaskResult decoded = TaskCodec.decodeResult(TaskCodec.encode(result));
        assertThat(decoded).isEqualTo(result);
        assertThat(decoded.arrowIpcBase64()).isEmpty();
        assertThat(decoded.shuffleOutput().block(1)).isEqualTo(new ShuffleBlock("shuffle/aa/j/s1/t2-a0.arrow", 10, 0));

        String old = "{\"jobId\":\"j\",\"stageId\":1,\"taskId\":2,\"attempt\":0,\"status\":\"SUCCEEDED\","
                + "\"arrowIpcBase64\":[],\"metrics\":{\"rowsRead\":1,\"bytesRead\":2,\"rowGroupsRead\":0,"
                + "\"rowGroupsSkipped\":0,\"rowsOutput\":3,\"elapsedNanos\":4}}";
        TaskResult legacy = TaskCodec.decodeResult(old);
        assertThat(legacy.shuffleOutput()).isNull();
        assertThat(legacy.metrics()).isEqualTo(new TaskMetrics(1, 2, 0, 0, 3, 4));
        assertThat(legacy.metrics().cpuNanos()).isZero();   // JSON without cpuNanos (an older worker)
        assertThat(TaskCodec.encode(result)).contains("\"cpuNanos\":12");
    }

    @Test
    void lostShuffleOutputIsRecognizable() {
        TaskSpec spec = new TaskSpec("j", 0, 0, 0, new FileScan(List.of(), new StructType(List.of()), null), Map.of());
        TaskResult lost = TaskResult.failure(spec, new ShuffleOutputLostException("file:/tmp/s/t0-a0.arrow", null),
                null);
        assertThat(TaskCodec.decodeResult(TaskCodec.encode(lost)).lostShuffleObject())
                .isEqualTo("file:/tmp/s/t0-a0.arrow");
        assertThat(lost.errorType()).isEqualTo(ErrorType.INTERNAL);
        assertThat(lost.errorMessage()).isEqualTo("Shuffle output lost: file:/tmp/s/t0-a0.arrow");
        assertThat(TaskResult.failure(spec, ErrorType.USER, "bad", null).lostShuffleObject()).isNull();
        assertThat(TaskResult.failure(spec, ErrorType.INTERNAL, "Shuffle output lost: file:/x", null)
                .lostShuffleObject()).as("a message prefix is no signal").isNull();
    }

    @Test
    void errorClassAndSqlStateTravelAsFields() {
        TaskSpec spec = new TaskSpec("j", 0, 0, 0, new FileScan(List.of(), new StructType(List.of()), null), Map.of());
        TaskResult failed = TaskResult.failure(spec, UpdraftException.user("DIVIDE_BY_ZERO", "22012",
                "Division by zero."), null);
        TaskResult decoded = TaskCodec.decodeResult(TaskCodec.encode(failed));
        assertThat(decoded.errorType()).isEqualTo(ErrorType.USER);
        assertThat(decoded.errorClass()).isEqualTo("DIVIDE_BY_ZERO");
        assertThat(decoded.sqlState()).isEqualTo("22012");
        assertThat(decoded.errorMessage()).isEqualTo("Division by zero.");
        assertThat(decoded.fullErrorMessage()).isEqualTo("[DIVIDE_BY_ZERO] Division by zero. SQLSTATE: 22012");
        assertThat(decoded.lostShuffleObject()).isNull();
    }

    @Test
    void inlineResultsLargerThanJacksonsDefaultStringLimitDecode() {
        TaskSpec spec = new TaskSpec("j", 0, 0, 0, new FileScan(List.of(), new StructType(List.of()), null), Map.of());
        String big = "A".repeat(21_000_000);
        TaskResult result = TaskResult.success(spec, new StructType(List.of()), List.of(big), null);
        assertThat(TaskCodec.decodeResult(TaskCodec.encode(result)).arrowIpcBase64().get(0)).hasSize(big.length());
    }
}
