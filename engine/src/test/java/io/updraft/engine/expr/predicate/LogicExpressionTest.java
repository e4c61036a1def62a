package io.updraft.engine.expr.predicate;

import io.updraft.core.expr.And;
import io.updraft.core.expr.IsNotNull;
import io.updraft.core.expr.IsNull;
import io.updraft.core.expr.Not;
import io.updraft.core.expr.Or;
import io.updraft.engine.expr.ExpressionTestSupport;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LogicExpressionTest extends ExpressionTestSupport {
    private static final StructType TWO_BOOLEANS = new StructType(List.of())
            .add("a", DataTypes.BooleanType).add("b", DataTypes.BooleanType);
    /** All nine combinations of true, false and null. */
    private static final Object[][] TRUTH_TABLE = {
            {true, true}, {true, false}, {true, null},
            {false, true}, {false, false}, {false, null},
            {null, true}, {null, false}, {null, null}};

    @Test
    void andUsesThreeValuedLogic() {
        var and = new And(col(0, DataTypes.BooleanType), col(1, DataTypes.BooleanType));
        assertThat(eval(and, TWO_BOOLEANS, TRUTH_TABLE))
                .containsExactly(true, false, null, false, false, false, null, false, null);
    }

    @Test
    void orUsesThreeValuedLogic() {
        var or = new Or(col(0, DataTypes.BooleanType), col(1, DataTypes.BooleanType));
        assertThat(eval(or, TWO_BOOLEANS, TRUTH_TABLE))
                .containsExactly(true, true, true, true, false, null, true, null, null);
    }

    @Test
    void notKeepsNull() {
        assertThat(eval(new Not(col(0, DataTypes.BooleanType)), DataTypes.BooleanType, true, false, null))
                .containsExactly(false, true, null);
    }

    @Test
    void nullTestsNeverReturnNull() {
        assertThat(eval(new IsNull(col(0, DataTypes.StringType)), DataTypes.StringType, "a", null))
                .containsExactly(false, true);
        assertThat(eval(new IsNotNull(col(0, DataTypes.StringType)), DataTypes.StringType, "a", null))
                .containsExactly(true, false);
    }

    @Test
    void logicWorksAcrossWordBoundaries() {
        Object[][] rows = new Object[130][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = new Object[] {i % 3 == 0 ? null : i % 2 == 0, i % 5 != 0};
        }
        List<Object> result = eval(new And(col(0, DataTypes.BooleanType), col(1, DataTypes.BooleanType)),
                TWO_BOOLEANS, rows);
        for (int i = 0; i < rows.length; i++) {
            Boolean a = (Boolean) rows[i][0];
            boolean b = (Boolean) rows[i][1];
            Boolean expected = a == null ? (b ? null : Boolean.FALSE) : Boolean.valueOf(a && b);
            assertThat(result.get(i)).as("row %d", i).isEqualTo(expected);
        }
        assertThat(Arrays.asList(result.get(0), result.get(129))).containsExactly(false, null);
    }
}
