package io.updraft.engine.operator;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.ScalarFunction;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.UserAggregate;
import io.updraft.core.typed.AggregatorAggregation;
import io.updraft.core.typed.TypedAggregator;
import io.updraft.core.typed.UserCode;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.testing.Drain;
import io.updraft.sql.Encoder;
import io.updraft.sql.Encoders;
import io.updraft.sql.Tuple2;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * USER_DEFINED aggregates in the hash aggregate: a typed aggregator's buffer as a struct state column, partial then
 * final equal to complete, spilled partial states merged exactly, user exceptions as USER errors.
 */
class UserAggregateTest extends OperatorTestSupport {
    private static final StructType SCHEMA = new StructType().add("k", DataTypes.StringType).add("v",
            DataTypes.LongType);

    /** sum and count of longs (nulls skipped) as an immutable tuple buffer; the result is sum * 1000 + count. */
    static final class SumCount implements TypedAggregator<Long, Tuple2<Long, Long>, Long> {
        @Override
        public Tuple2<Long, Long> zero() {
            return new Tuple2<>(0L, 0L);
        }

        @Override
        public Tuple2<Long, Long> reduce(Tuple2<Long, Long> b, Long v) {
            if (v != null && v == 666) {
                throw new IllegalStateException("the number of the beast");
            }
            return v == null ? b : new Tuple2<>(b._1() + v, b._2() + 1);
        }

        @Override
        public Tuple2<Long, Long> merge(Tuple2<Long, Long> a, Tuple2<Long, Long> b) {
            return new Tuple2<>(a._1() + b._1(), a._2() + b._2());
        }

        @Override
        public Long finish(Tuple2<Long, Long> b) {
            return b._1() * 1000 + b._2();
        }

        @Override
        public Encoder<Tuple2<Long, Long>> bufferEncoder() {
            return Encoders.tuple(Encoders.LONG(), Encoders.LONG());
        }

        @Override
        public Encoder<Long> outputEncoder() {
            return Encoders.LONG();
        }
    }

    private static AggregateCall sumCount() {
        SumCount f = new SumCount();
        Expr argument = new ScalarFunction("named_struct", List.of(new ColumnRef(1, DataTypes.LongType, true)),
                new StructType().add("value", DataTypes.LongType));
        return AggregateCall.userDefined(new UserAggregate("sumcount(v)", UserCode.serialize(
                new AggregatorAggregation(f, Encoders.LONG())), AggregatorAggregation.stateType(f)), argument,
                AggregatorAggregation.resultType(f));
    }

    private Object[][][] batches(long seed, int count, int groups) {
        Random random = new Random(seed);
        List<Object[][]> batches = new ArrayList<>();
        for (int from = 0; from < count; from += 2000) {
            Object[][] batch = new Object[Math.min(2000, count - from)][];
            for (int r = 0; r < batch.length; r++) {
                batch[r] = row("g" + random.nextInt(groups), random.nextInt(10) == 0 ? null : (long) random.nextInt(600));
            }
            batches.add(batch);
        }
        return batches.toArray(Object[][][]::new);
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows);
        copy.sort(Comparator.comparing(Object::toString));
        return copy;
    }

    private List<List<Object>> run(Object[][][] batches, AggregateMode mode, ExecutionContext in) {
        try (HashAggregateOperator agg = new HashAggregateOperator(input(SCHEMA, batches),
                List.of(col(0, DataTypes.StringType)), List.of(sumCount()), mode, List.of("k", "a"), in)) {
            return sorted(Drain.of(agg).rows);
        }
    }

    /** The expected sum * 1000 + count per group, computed here. */
    private static List<List<Object>> expected(Object[][][] batches) {
        Map<Object, long[]> sums = new java.util.TreeMap<>();
        for (Object[][] batch : batches) {
            for (Object[] r : batch) {
                long[] s = sums.computeIfAbsent(r[0], k -> new long[2]);
                if (r[1] != null) {
                    s[0] += (Long) r[1];
                    s[1]++;
                }
            }
        }
        List<List<Object>> rows = new ArrayList<>();
        sums.forEach((k, s) -> rows.add(List.of(k, s[0] * 1000 + s[1])));
        return sorted(rows);
    }

    @Test
    void stateIsTheBufferThroughItsEncoder() {
        assertThat(sumCount().stateTypes()).containsExactly(new StructType().add("_1", DataTypes.LongType, true)
                .add("_2", DataTypes.LongType, true));
        try (HashAggregateOperator partial = new HashAggregateOperator(input(SCHEMA, new Object[][][] {
                {row("a", 1L), row("a", 2L), row("b", null)}}), List.of(col(0, DataTypes.StringType)),
                List.of(sumCount()), AggregateMode.PARTIAL, List.of("k", "a"), context)) {
            List<List<Object>> rows = sorted(Drain.of(partial).rows);
            assertThat(rows.toString()).isEqualTo("[[a, [3,2]], [b, [0,0]]]");
        }
    }

    @Test
    void completeComputesEveryGroup() {
        Object[][][] input = batches(3, 10_000, 50);
        assertThat(run(input, AggregateMode.COMPLETE, context)).isEqualTo(expected(input));
    }

    @Test
    void spilledPartialStatesMergeExactly(@TempDir Path spillDir) {
        Object[][][] input = batches(5, 60_000, 20_000);
        try (var limited = allocator.newChildAllocator("agg", 0, 1L << 20)) {
            var small = new ExecutionContext(limited, Map.of(ExecutionContext.SPILL_DIR, spillDir.toString()));
            try {
                assertThat(run(input, AggregateMode.COMPLETE, small)).isEqualTo(expected(input));
                assertThat(small.metrics().spills()).isGreaterThan(0);
            } finally {
                small.close();
            }
        }
        assertThat(spillDir).isEmptyDirectory();
    }

    @Test
    void anExceptionInUserCodeIsAUserError() {
        assertThatThrownBy(() -> run(new Object[][][] {{row("a", 666L)}}, AggregateMode.COMPLETE, context))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessage("[FAILED_EXECUTE_UDF] User defined aggregate function (`sumcount(v)`) failed due to:"
                        + " java.lang.IllegalStateException: the number of the beast. SQLSTATE: 39000");
    }
}
