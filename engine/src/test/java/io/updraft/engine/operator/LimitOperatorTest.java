package io.updraft.engine.operator;

import io.updraft.engine.testing.Drain;
import io.updraft.engine.testing.ListOperator;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LimitOperatorTest extends OperatorTestSupport {
    private static final StructType SCHEMA = new StructType(List.of()).add("id", DataTypes.IntegerType);

    private ListOperator fourBatchesOfThree() {
        return input(SCHEMA,
                new Object[][] {row(0), row(1), row(2)},
                new Object[][] {row(3), row(4), row(5)},
                new Object[][] {row(6), row(7), row(8)},
                new Object[][] {row(9), row(10), row(11)});
    }

    @Test
    void stopsPullingOnceSatisfied() {
        ListOperator input = fourBatchesOfThree();
        try (LimitOperator limit = new LimitOperator(input, 4, 0, context)) {
            Drain result = Drain.of(limit);
            assertThat(result.rows).containsExactly(List.of(0), List.of(1), List.of(2), List.of(3));
            assertThat(input.pulls()).isEqualTo(2);
        }
    }

    @Test
    void skipsTheOffsetFirst() {
        ListOperator input = fourBatchesOfThree();
        try (LimitOperator limit = new LimitOperator(input, 2, 4, context)) {
            assertThat(Drain.of(limit).rows).containsExactly(List.of(4), List.of(5));
            assertThat(input.pulls()).isEqualTo(2);
        }
    }

    @Test
    void offsetSpanningBatches() {
        try (LimitOperator limit = new LimitOperator(fourBatchesOfThree(), 100, 7, context)) {
            Drain result = Drain.of(limit);
            assertThat(result.batchSizes).containsExactly(2, 3);
            assertThat(result.rows.get(0)).containsExactly(7);
        }
    }

    @Test
    void limitZeroNeverPulls() {
        ListOperator input = fourBatchesOfThree();
        try (LimitOperator limit = new LimitOperator(input, 0, 0, context)) {
            assertThat(limit.next()).isNull();
            assertThat(input.pulls()).isZero();
        }
    }
}
