package io.updraft.sql.types;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Literal;
import io.updraft.core.expr.ScalarFunction;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.Project;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskSpec;
import io.updraft.sql.Row;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ArrayTypeTest {
    private static final ArrayType STRINGS_NOT_NULL = new ArrayType(DataTypes.StringType, false);

    @Test
    void namesAreSparks() {
        ArrayType t = DataTypes.createArrayType(new DecimalType(15, 2));
        assertThat(t.simpleString()).isEqualTo("array<decimal(15,2)>");
        assertThat(t.typeName()).isEqualTo("array");
        assertThat(t.toString()).isEqualTo("ArrayType(DecimalType(15,2),true)");
        assertThat(STRINGS_NOT_NULL.simpleString()).isEqualTo("array<string>");
        assertThat(t.isNumeric()).isFalse();
    }

    @Test
    void parseReadsSqlAndJsonSpellings() {
        assertThat(DataType.parse("array<string>")).isEqualTo(new ArrayType(DataTypes.StringType, true));
        assertThat(DataType.parse("ARRAY<string not null>")).isEqualTo(STRINGS_NOT_NULL);
        assertThat(DataType.parse("array<array<decimal(15,2)> not null>"))
                .isEqualTo(new ArrayType(new ArrayType(new DecimalType(15, 2), true), false));
        ArrayType nested = new ArrayType(new ArrayType(DataTypes.LongType, false), true);
        assertThat(DataType.parse(nested.jsonString())).isEqualTo(nested);
        assertThatThrownBy(() -> DataType.parse("array<blob>")).hasMessageContaining("blob");
    }

    @Test
    void printSchemaShowsElementLines() {
        StructType schema = new StructType(List.of()).add("names", STRINGS_NOT_NULL, false)
                .add("nested", new ArrayType(new ArrayType(DataTypes.IntegerType, true), true));
        assertThat(schema.treeString()).isEqualTo("""
                root
                 |-- names: array (nullable = false)
                 |    |-- element: string (containsNull = false)
                 |-- nested: array (nullable = true)
                 |    |-- element: array (containsNull = true)
                 |    |    |-- element: integer (containsNull = true)
                """);
    }

    @Test
    void arrayTypesSurviveTheTaskCodec() {
        StructType schema = new StructType(List.of()).add("s", DataTypes.StringType).add("k", DataTypes.IntegerType);
        Expr s = new ColumnRef(0, DataTypes.StringType, true);
        ScalarFunction split = new ScalarFunction("split", List.of(s, Literal.of(","), Literal.of(-1)), STRINGS_NOT_NULL);
        Project project = new Project(new InlineBatches(schema, List.of()),
                List.of(split, new ColumnRef(1, DataTypes.IntegerType, true)), List.of("parts", "k"));
        ColumnRef parts = new ColumnRef(0, STRINGS_NOT_NULL, true);
        ColumnRef k = new ColumnRef(1, DataTypes.IntegerType, true);
        HashAggregate agg = new HashAggregate(project, List.of(k), List.of(
                new AggregateCall(AggregateFunction.COLLECT_LIST, s, false,
                        AggregateCall.resultType(AggregateFunction.COLLECT_LIST, DataTypes.StringType)),
                new AggregateCall(AggregateFunction.APPROX_COUNT_DISTINCT, k, false, DataTypes.LongType, false, 0.01),
                new AggregateCall(AggregateFunction.COLLECT_SET, k, false,
                        AggregateCall.resultType(AggregateFunction.COLLECT_SET, DataTypes.IntegerType))),
                AggregateMode.PARTIAL, List.of("k", "l", "a", "c"));
        TaskSpec spec = new TaskSpec("job", 1, 0, 0, agg, Map.of());

        String json = TaskCodec.encode(spec);
        TaskSpec decoded = TaskCodec.decodeSpec(json);

        assertThat(decoded).isEqualTo(spec);
        assertThat(json).contains("\"array<string not null>\"");
        assertThat(agg.schema().simpleString())
                .isEqualTo("struct<k:int,l#0:array<string>,a#0:array<bigint>,c#0:array<int>>");
        assertThat(agg.schema().get(2).dataType()).isEqualTo(AggregateCall.HLL_STATE_TYPE);
        assertThat(parts.dataType()).isEqualTo(STRINGS_NOT_NULL);
    }

    @Test
    void approxCountDistinctPrecisionFollowsSpark() {
        assertThat(AggregateCall.hllPrecision(0.05)).isEqualTo(9);
        assertThat(AggregateCall.hllPrecision(0.01)).isEqualTo(14);
        AggregateCall fromOldJson = new AggregateCall(AggregateFunction.APPROX_COUNT_DISTINCT,
                new ColumnRef(0, DataTypes.IntegerType, true), false, DataTypes.LongType);
        assertThat(fromOldJson.relativeSD()).isEqualTo(AggregateCall.DEFAULT_RELATIVE_SD);
        TaskSpec spec = new TaskSpec("j", 0, 0, 0, new HashAggregate(new InlineBatches(new StructType(List.of())
                .add("x", DataTypes.IntegerType), List.of()), List.of(), List.of(fromOldJson), AggregateMode.PARTIAL,
                List.of("a")), Map.of());
        String json = TaskCodec.encode(spec);
        assertThat(json).contains("\"relativeSD\":0.05");
        TaskSpec withoutField = TaskCodec.decodeSpec(json.replace("\"relativeSD\":0.05,", "")
                .replace(",\"relativeSD\":0.05", ""));
        assertThat(((HashAggregate) withoutField.plan()).aggregates().get(0).relativeSD()).isEqualTo(0.05);
        assertThatThrownBy(() -> new AggregateCall(AggregateFunction.APPROX_COUNT_DISTINCT,
                new ColumnRef(0, DataTypes.IntegerType, true), false, DataTypes.LongType, false, 0.5))
                .hasMessageContaining("at least 4 bits");
        assertThatThrownBy(() -> new AggregateCall(AggregateFunction.SUM,
                new ColumnRef(0, DataTypes.LongType, true), false, DataTypes.LongType, false, 0.05))
                .hasMessageContaining("APPROX_COUNT_DISTINCT only");
    }

    @Test
    void rowGivesArraysAsJavaLists() {
        Row row = Row.of(Arrays.asList("a", null, "c"), null, 3);
        assertThat(row.<String>getList(0)).containsExactly("a", null, "c");
        assertThat(row.<String>getSeq(0)).isSameAs(row.getList(0));
        assertThat(row.getList(1)).isNull();
        assertThatThrownBy(() -> row.getList(2)).isInstanceOf(ClassCastException.class).hasMessageContaining("not an array");
    }
}
