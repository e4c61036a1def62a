package io.updraft.engine.aggregate;

import io.updraft.engine.testing.TestBatches;
import io.updraft.sql.types.DecimalType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class DecimalSumAccumulatorTest {
    private static final BigDecimal NEAR_MAX = new BigDecimal("999999999999999999");
    private BufferAllocator allocator;

    @BeforeEach
    void createAllocator() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void closeAllocator() {
        allocator.close();
    }

    @Test
    void compactSumsOverflowingALongContinueExactly() {
        // decimal(18,0) input (the long kernel): group 0 passes Long.MAX_VALUE after ten values and comes back
        // under it with negatives (still exact), group 1 goes below Long.MIN_VALUE, group 2 is only nulls
        List<Object> values = new ArrayList<>();
        List<Integer> groups = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            values.add(NEAR_MAX);
            groups.add(0);
            values.add(NEAR_MAX.negate());
            groups.add(1);
            values.add(null);
            groups.add(2);
        }
        values.add(NEAR_MAX.negate().multiply(BigDecimal.valueOf(1)));
        groups.add(0);
        values.add(new BigDecimal("-5"));
        groups.add(0);
        DecimalType result = new DecimalType(28, 0);
        assertThat(sums(new DecimalType(18, 0), result, values, groups, 3)).containsExactly(
                NEAR_MAX.multiply(BigDecimal.valueOf(11)).subtract(BigDecimal.valueOf(5)),
                NEAR_MAX.multiply(BigDecimal.valueOf(-12)), null);
    }

    @Test
    void compactAndWideInputsAgreeAndMixedScalesRescale() {
        List<Object> values = List.of(new BigDecimal("0.05"), new BigDecimal("-0.07"), new BigDecimal("12.34"),
                new BigDecimal("-9999999999999.99"));
        List<Integer> groups = List.of(0, 0, 1, 1);
        List<BigDecimal> expected = new ArrayList<>(List.of(new BigDecimal("-0.02"),
                new BigDecimal("-9999999999987.65")));
        assertThat(sums(new DecimalType(15, 2), new DecimalType(25, 2), values, groups, 2)).isEqualTo(expected);
        assertThat(sums(new DecimalType(20, 2), new DecimalType(30, 2), values, groups, 2)).isEqualTo(expected);
        // an input of a smaller scale than the sum's is rescaled (the general path)
        List<BigDecimal> rescaled = expected.stream().map(v -> v.setScale(4)).toList();
        assertThat(sums(new DecimalType(15, 2), new DecimalType(25, 4), values, groups, 2)).isEqualTo(rescaled);
    }

    @Test
    void aSumPastTheResultPrecisionIsNull() {
        List<Object> values = List.of(new BigDecimal("99.99"), new BigDecimal("0.02"), new BigDecimal("1.00"));
        assertThat(sums(new DecimalType(4, 2), new DecimalType(4, 2), values, List.of(0, 0, 1), 2))
                .containsExactly(null, new BigDecimal("1.00"));
    }

    private List<BigDecimal> sums(DecimalType input, DecimalType result, List<Object> values, List<Integer> groups,
                                  int groupCount) {
        DecimalSumAccumulator sum = new DecimalSumAccumulator(result);
        sum.ensureGroups(groupCount);
        int[] ids = groups.stream().mapToInt(Integer::intValue).toArray();
        try (FieldVector column = TestBatches.column(allocator, "x", input, values.toArray());
             DecimalVector out = new DecimalVector("sum", allocator, result.precision(), result.scale())) {
            sum.update(column, ids, ids.length);
            out.allocateNew(groupCount);
            sum.writeResult(0, groupCount, out);
            out.setValueCount(groupCount);
            List<BigDecimal> sums = new ArrayList<>();
            for (int g = 0; g < groupCount; g++) {
                sums.add(out.getObject(g));
            }
            return sums;
        }
    }
}
