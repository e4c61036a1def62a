package io.updraft.engine.expr.conditional;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.CaseWhen;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Literal;
import io.updraft.engine.expr.ExpressionTestSupport;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Conditional functions against the examples of Spark's SQL function reference: coalesce and its aliases have
 * a kernel; nullif, nvl2, if, isnull and isnotnull are compiled as the CASE / IS NULL expressions Spark (and
 * the planner) define them as — both spellings are checked.
 */
class ConditionalFunctionsTest extends ExpressionTestSupport {
    private static final DataType INT = DataTypes.IntegerType;
    private static final DataType STRING = DataTypes.StringType;

    @Test
    void coalesceNvlAndIfnullTakeTheFirstNonNull() {
        assertThat(call("coalesce", INT, null, 1, null)).isEqualTo(1);
        assertThat(call("coalesce", INT, lit(INT, null))).isNull();
        assertThat(call("nvl", INT, null, 2)).isEqualTo(2);
        assertThat(call("ifnull", STRING, null, "x")).isEqualTo("x");
        assertThat(call("nvl", STRING, "a", "x")).isEqualTo("a");
        assertThat(call("coalesce", DataTypes.DoubleType, lit(INT, null), 2.5)).isEqualTo(2.5);
        StructType schema = new StructType(List.of()).add("a", INT).add("b", INT);
        assertThat(eval(function("coalesce", INT, col(0, INT), col(1, INT), 0), schema,
                new Object[] {1, 2}, new Object[] {null, 2}, new Object[] {null, null})).containsExactly(1, 2, 0);
        assertThatThrownBy(() -> call("nvl", INT, 1))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER));
    }

    @Test
    void nullifIsNullWhenEqual() {
        assertThat(call("nullif", INT, 2, 2)).isNull();
        assertThat(call("nullif", INT, 1, 2)).isEqualTo(1);
        assertThat(call("nullif", INT, lit(INT, null), 2)).isNull();
        assertThat(call("nullif", INT, 1, lit(INT, null))).isEqualTo(1);
        // Compared in the common type: 1 = 1.0 but 1 != 1.5.
        assertThat(call("nullif", INT, 1, 1.0)).isNull();
        assertThat(call("nullif", INT, 1, 1.5)).isEqualTo(1);
        // The planner's rewrite of nullif evaluates the same way.
        var a = col(0, INT);
        var rewritten = new CaseWhen(List.of(new Comparison(CompareOp.EQUAL, a, Literal.of(2))),
                List.of(Literal.nullOf(INT)), a, INT);
        assertThat(eval(rewritten, INT, 2, 3, null)).containsExactly(null, 3, null);
        assertThat(eval(function("nullif", INT, a, 2), INT, 2, 3, null)).containsExactly(null, 3, null);
    }

    @Test
    void nvl2IfIsnullIsnotnull() {
        assertThat(call("nvl2", INT, null, 2, 1)).isEqualTo(1);
        assertThat(call("nvl2", INT, "a", 2, 1)).isEqualTo(2);
        assertThat(call("if", STRING, new Comparison(CompareOp.LESS_THAN, Literal.of(1), Literal.of(2)), "a", "b"))
                .isEqualTo("a");
        assertThat(call("iff", STRING, Literal.nullOf(DataTypes.BooleanType), "a", "b")).isEqualTo("b");
        assertThat(call("isnull", DataTypes.BooleanType, lit(INT, null))).isEqualTo(true);
        assertThat(call("isnotnull", DataTypes.BooleanType, 1)).isEqualTo(true);
        assertThatThrownBy(() -> call("nvl2", INT, 1, 2))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageContaining("nvl2");
    }
}
