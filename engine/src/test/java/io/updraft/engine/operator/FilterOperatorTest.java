package io.updraft.engine.operator;

import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Literal;
import io.updraft.engine.testing.Drain;
import io.updraft.engine.testing.ListOperator;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FilterOperatorTest extends OperatorTestSupport {
    private static final StructType SCHEMA = new StructType(List.of())
            .add("id", DataTypes.IntegerType).add("name", DataTypes.StringType);

    @Test
    void keepsRowsWhereTheConditionIsTrueAndDropsFalseAndNull() {
        ListOperator input = input(SCHEMA,
                new Object[][] {row(1, "a"), row(null, "b"), row(3, null), row(4, "d")});
        var condition = new Comparison(CompareOp.GREATER_THAN, col(0, DataTypes.IntegerType), Literal.of(2));
        try (FilterOperator filter = new FilterOperator(input, condition, context)) {
            Drain result = Drain.of(filter);
            assertThat(result.rows).containsExactly(Arrays.asList(3, null), List.of(4, "d"));
            assertThat(filter.rowsIn()).isEqualTo(4);
            assertThat(filter.rowsOut()).isEqualTo(2);
        }
        assertThat(input.closed()).isTrue();
    }

    @Test
    void neverEmitsAnEmptyBatch() {
        ListOperator input = input(SCHEMA,
                new Object[][] {row(1, "a"), row(2, "b")},
                new Object[][] {row(10, "x")},
                new Object[][] {row(0, "c")},
                new Object[][] {row(20, "y"), row(30, "z")});
        var condition = new Comparison(CompareOp.GREATER_THAN_OR_EQUAL, col(0, DataTypes.IntegerType), Literal.of(10));
        try (FilterOperator filter = new FilterOperator(input, condition, context)) {
            Drain result = Drain.of(filter);
            assertThat(result.batchSizes).containsExactly(1, 2);
            assertThat(result.rows).containsExactly(List.of(10, "x"), List.of(20, "y"), List.of(30, "z"));
        }
    }

    @Test
    void selectsAcrossManyWords() {
        Object[][] rows = new Object[1000][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = row(i, "v" + i);
        }
        var condition = new Comparison(CompareOp.EQUAL,
                new io.updraft.core.expr.Arithmetic(io.updraft.core.expr.ArithmeticOp.MOD, col(0, DataTypes.IntegerType),
                        Literal.of(7), DataTypes.IntegerType), Literal.of(3));
        try (FilterOperator filter = new FilterOperator(input(SCHEMA, rows), condition, context)) {
            Drain result = Drain.of(filter);
            assertThat(result.rows).hasSize(143);
            assertThat(result.rows.get(142)).containsExactly(997, "v997");
        }
    }

    @Test
    void rejectsNonBooleanConditions() {
        ListOperator input = input(SCHEMA);
        assertThatThrownBy(() -> new FilterOperator(input, Literal.of(1), context))
                .hasMessageContaining("must be boolean");
        input.close();
    }
}
