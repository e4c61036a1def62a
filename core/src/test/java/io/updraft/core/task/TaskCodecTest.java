package io.updraft.core.task;

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
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.Limit;
import io.updraft.core.plan.ParquetScan;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.Sort;
import io.updraft.core.plan.SortKey;
import io.updraft.core.error.ErrorType;
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
        var scan = new ParquetScan(List.of(new FileSplit("/data/lineitem/part-0.parquet", List.of(0, 2), 1234)), schema,
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
        var agg = new HashAggregate(new ParquetScan(List.of(), new StructType(List.of()).add("p", PRICE), null),
                List.of(), List.of(avg), AggregateMode.PARTIAL, List.of("avg_p"));
        assertThat(avg.dataType()).isEqualTo(new DecimalType(19, 6));
        assertThat(agg.schema().simpleString()).isEqualTo("struct<avg_p#0:decimal(25,2),avg_p#1:bigint>");
    }

    @Test
    void failureResultRoundTrips() {
        TaskSpec spec = new TaskSpec("j", 0, 0, 0, new ParquetScan(List.of(), new StructType(List.of()), null), Map.of());
        TaskResult result = TaskResult.failure(spec, ErrorType.USER, "Path does not exist: /x", null);
        assertThat(TaskCodec.decodeResult(TaskCodec.encode(result))).isEqualTo(result);
    }
}
