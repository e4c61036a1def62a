package io.updraft.engine.expr.array;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Literal;
import io.updraft.engine.expr.ExpressionTestSupport;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** split, size and array_contains, with the examples of Spark's SQL function reference. */
class ArrayFunctionsTest extends ExpressionTestSupport {
    private static final ArrayType STRINGS = new ArrayType(DataTypes.StringType, false);
    private static final ArrayType INTS = new ArrayType(DataTypes.IntegerType, true);

    private Object split(String s, String regex, Integer limit) {
        return limit == null ? call("split", STRINGS, s, regex) : call("split", STRINGS, s, regex, limit);
    }

    @Test
    void splitFollowsSparksReference() {
        assertThat(split("oneAtwoBthreeC", "[ABC]", null)).isEqualTo(List.of("one", "two", "three", ""));
        assertThat(split("oneAtwoBthreeC", "[ABC]", -1)).isEqualTo(List.of("one", "two", "three", ""));
        assertThat(split("oneAtwoBthreeC", "[ABC]", 2)).isEqualTo(List.of("one", "twoBthreeC"));
        assertThat(split("oneAtwoBthreeC", "[ABC]", 0)).isEqualTo(List.of("one", "two", "three", ""));
        assertThat(split("a,b,,c", ",", null)).isEqualTo(List.of("a", "b", "", "c"));
        assertThat(split("a,b,,c,,", ",", null)).isEqualTo(List.of("a", "b", "", "c", "", ""));
        assertThat(split(",a", ",", null)).isEqualTo(List.of("", "a"));
        assertThat(split("", ",", null)).isEqualTo(List.of(""));
        assertThat(split("abc", "", null)).isEqualTo(List.of("a", "b", "c"));
        assertThat(split("abc", "", 2)).isEqualTo(List.of("a", "bc"));
        assertThat(split("", "", null)).isEqualTo(List.of(""));
        assertThat(split("héllo wörld", "\\s+", null)).isEqualTo(List.of("héllo", "wörld"));
        assertThat(split("a1b22c", "\\d+", 5)).isEqualTo(List.of("a", "b", "c"));
        assertThat(call("split", STRINGS, null, ",")).isNull();
        assertThat(call("split", STRINGS, "a,b", null)).isNull();
    }

    @Test
    void splitPerRowRegexAndLimit() {
        StructType schema = new StructType(List.of()).add("s", DataTypes.StringType).add("r", DataTypes.StringType)
                .add("n", DataTypes.IntegerType);
        Expr expr = function("split", STRINGS, col(0, DataTypes.StringType), col(1, DataTypes.StringType),
                col(2, DataTypes.IntegerType));
        assertThat(eval(expr, schema, new Object[] {"a-b-c", "-", -1}, new Object[] {"a.b.c", "\\.", 2},
                new Object[] {null, ",", 1}, new Object[] {"x y", " ", 1}))
                .isEqualTo(Arrays.asList(List.of("a", "b", "c"), List.of("a", "b.c"), null, List.of("x y")));
        assertThatThrownBy(() -> call("split", STRINGS, "a", "(")).isInstanceOf(UpdraftException.class)
                .hasMessageContaining("not a valid Java regular expression");
    }

    @Test
    void sizeCountsElementsAndIsNullForNull() {
        assertThat(evalConstant(function("size", DataTypes.IntegerType, function("split", STRINGS, "a,b,,c", ","))))
                .isEqualTo(4);
        List<Object> sizes = eval(function("size", DataTypes.IntegerType, col(0, INTS)), INTS,
                List.of(1, 2, 3), Arrays.asList(1, null), List.of(), null);
        assertThat(sizes).containsExactly(3, 2, 0, null);
        assertThat(eval(function("cardinality", DataTypes.IntegerType, col(0, INTS)), INTS, List.of(7)))
                .containsExactly(1);
    }

    @Test
    void arrayContainsIsThreeValued() {
        Expr contains = function("array_contains", DataTypes.BooleanType, col(0, INTS), Literal.of(2));
        assertThat(eval(contains, INTS, List.of(1, 2, 3), List.of(1, 3), Arrays.asList(1, null, 3),
                Arrays.asList(null, 2), null, List.of()))
                .containsExactly(true, false, null, true, null, false);
        assertThat(evalConstant(function("array_contains", DataTypes.BooleanType,
                function("split", STRINGS, "a,b", ","), "b"))).isEqualTo(true);
        assertThat(evalConstant(function("array_contains", DataTypes.BooleanType,
                function("split", STRINGS, "a,b", ","), Literal.nullOf(DataTypes.StringType)))).isNull();
        DataType doubles = new ArrayType(DataTypes.DoubleType, true);
        assertThat(eval(function("array_contains", DataTypes.BooleanType, col(0, doubles), Literal.of(Double.NaN)),
                doubles, List.of(1.0, Double.NaN), List.of(0.5))).containsExactly(true, false);
        assertThatThrownBy(() -> call("size", DataTypes.IntegerType, "abc")).isInstanceOf(UpdraftException.class)
                .hasMessageContaining("must be an array");
    }
}
