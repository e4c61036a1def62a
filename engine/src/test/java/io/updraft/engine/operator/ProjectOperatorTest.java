package io.updraft.engine.operator;

import io.updraft.core.expr.Arithmetic;
import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.Literal;
import io.updraft.engine.testing.Drain;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ProjectOperatorTest extends OperatorTestSupport {
    private static final StructType SCHEMA = new StructType(List.of())
            .add("a", DataTypes.LongType).add("s", DataTypes.StringType);

    @Test
    void computesColumnsAndSharesReferencedOnes() {
        var doubled = new Arithmetic(ArithmeticOp.MULTIPLY, col(0, DataTypes.LongType), Literal.of(2L),
                DataTypes.LongType);
        try (ProjectOperator project = new ProjectOperator(input(SCHEMA,
                new Object[][] {row(1L, "x"), row(null, "y")}),
                List.of(col(1, DataTypes.StringType), doubled, col(1, DataTypes.StringType), Literal.of("k")),
                List.of("s", "a2", "s_again", "k"), context)) {
            assertThat(project.schema().simpleString()).isEqualTo("struct<s:string,a2:bigint,s_again:string,k:string>");
            assertThat(Drain.of(project).rows).containsExactly(List.of("x", 2L, "x", "k"),
                    Arrays.asList("y", null, "y", "k"));
        }
    }

    @Test
    void noExpressionsKeepsTheRowCount() {
        try (ProjectOperator project = new ProjectOperator(input(SCHEMA,
                new Object[][] {row(1L, "x"), row(2L, "y")}), List.of(), List.of(), context)) {
            Drain result = Drain.of(project);
            assertThat(result.batchSizes).containsExactly(2);
        }
    }
}
