package io.updraft.engine.join;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Expr;
import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.JoinType;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.testing.AllocatorTestSupport;
import io.updraft.engine.testing.Drain;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Every join type and build side against a row-at-a-time reference join on random data with nulls. */
class HashJoinOperatorTest extends AllocatorTestSupport {
    static final StructType LEFT = new StructType(List.of()).add("k1", DataTypes.IntegerType)
            .add("k2", DataTypes.StringType).add("lv", DataTypes.IntegerType);
    static final StructType RIGHT = new StructType(List.of()).add("k1", DataTypes.IntegerType)
            .add("k2", DataTypes.StringType).add("rv", DataTypes.IntegerType).add("extra", DataTypes.DoubleType);
    /** lv < rv over left ++ right. */
    static final Expr CONDITION = new Comparison(CompareOp.LESS_THAN, new ColumnRef(2, DataTypes.IntegerType, true),
            new ColumnRef(5, DataTypes.IntegerType, true));

    @TempDir
    Path spillDir;

    static List<Object[]> rows(long seed, int n, int keyRange, boolean right) {
        Random random = new Random(seed);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Integer k1 = random.nextInt(12) == 0 ? null : random.nextInt(keyRange);
            String k2 = random.nextInt(12) == 0 ? null : "s" + random.nextInt(3);
            Integer v = random.nextInt(15) == 0 ? null : random.nextInt(100);
            rows.add(right ? new Object[] {k1, k2, v, random.nextDouble()} : new Object[] {k1, k2, v});
        }
        return rows;
    }

    /** The reference: Spark's semantics, one pair at a time. */
    static List<List<Object>> reference(List<Object[]> left, List<Object[]> right, JoinType type, int keys,
                                        boolean nullSafe, boolean withCondition) {
        List<List<Object>> out = new ArrayList<>();
        boolean[] rightMatched = new boolean[right.size()];
        java.util.Map<List<Object>, List<Integer>> index = new java.util.HashMap<>();
        List<Integer> all = new ArrayList<>();
        for (int j = 0; j < right.size(); j++) {
            all.add(j);
            index.computeIfAbsent(Arrays.asList(right.get(j)).subList(0, keys), k -> new ArrayList<>()).add(j);
        }
        for (Object[] l : left) {
            boolean matched = false;
            List<Integer> candidates = keys == 0 ? all
                    : index.getOrDefault(Arrays.asList(l).subList(0, keys), List.of());
            for (int j : candidates) {
                Object[] r = right.get(j);
                boolean ok = true;
                for (int k = 0; k < keys && ok; k++) {
                    if (l[k] == null || r[k] == null) {
                        ok = nullSafe && l[k] == null && r[k] == null;
                    } else {
                        ok = l[k].equals(r[k]);
                    }
                }
                if (ok && withCondition) {
                    ok = l[2] != null && r[2] != null && (Integer) l[2] < (Integer) r[2];
                }
                if (!ok) {
                    continue;
                }
                matched = true;
                rightMatched[j] = true;
                if (type.outputsRight()) {
                    out.add(concat(l, r));
                }
            }
            if (type == JoinType.LEFT_SEMI && matched || type == JoinType.LEFT_ANTI && !matched) {
                out.add(Arrays.asList(l));
            }
            if (!matched && type.keepsUnmatchedLeft()) {
                out.add(concat(l, new Object[4]));
            }
        }
        if (type.keepsUnmatchedRight()) {
            for (int j = 0; j < right.size(); j++) {
                if (!rightMatched[j]) {
                    out.add(concat(new Object[3], right.get(j)));
                }
            }
        }
        return sorted(out);
    }

    private static List<Object> concat(Object[] a, Object[] b) {
        List<Object> row = new ArrayList<>(Arrays.asList(a));
        row.addAll(Arrays.asList(b));
        return row;
    }

    static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows);
        copy.sort(Comparator.comparing(Objects::toString));
        return copy;
    }

    private static List<Expr> keys(int n) {
        List<Expr> keys = new ArrayList<>();
        keys.add(new ColumnRef(0, DataTypes.IntegerType, true));
        if (n > 1) {
            keys.add(new ColumnRef(1, DataTypes.StringType, true));
        }
        return keys;
    }

    private List<List<Object>> run(List<Object[]> left, List<Object[]> right, JoinType type, BuildSide build,
                                   int keyCount, boolean nullSafe, Expr condition, ExecutionContext ctx) {
        BatchOperator l = input(LEFT, left, 97);
        BatchOperator r = input(RIGHT, right, 61);
        List<Boolean> flags = new ArrayList<>();
        for (int k = 0; k < keyCount; k++) {
            flags.add(nullSafe);
        }
        try (HashJoinOperator join = new HashJoinOperator(l, r, type, keys(keyCount), keys(keyCount), condition,
                build, flags, ctx)) {
            assertThat(join.schema().size()).isEqualTo(type.outputsRight() ? 7 : 3);
            return sorted(Drain.of(join).rows);
        }
    }

    @Test
    void everyJoinTypeAndBuildSideMatchesTheReference() {
        List<Object[]> left = rows(1, 700, 60, false);
        List<Object[]> right = rows(2, 500, 60, true);
        for (JoinType type : JoinType.values()) {
            if (type == JoinType.CROSS) {
                continue;
            }
            for (BuildSide build : BuildSide.values()) {
                for (int keys = 1; keys <= 2; keys++) {
                    for (boolean withCondition : new boolean[] {false, true}) {
                        List<List<Object>> expected = reference(left, right, type, keys, false, withCondition);
                        List<List<Object>> actual = run(left, right, type, build, keys, false,
                                withCondition ? CONDITION : null, context);
                        assertThat(actual).as(type + " build " + build + " keys " + keys + " condition "
                                + withCondition).isEqualTo(expected);
                    }
                }
            }
        }
    }

    @Test
    void nullSafeKeysMatchNullToNull() {
        List<Object[]> left = rows(3, 300, 20, false);
        List<Object[]> right = rows(4, 300, 20, true);
        for (JoinType type : List.of(JoinType.INNER, JoinType.FULL_OUTER, JoinType.LEFT_ANTI, JoinType.LEFT_SEMI)) {
            for (int keys = 1; keys <= 2; keys++) {   // one int key: the integral-key index's null chain
                for (BuildSide build : BuildSide.values()) {
                    assertThat(run(left, right, type, build, keys, true, null, context))
                            .as(type.name() + " keys " + keys + " build " + build)
                            .isEqualTo(reference(left, right, type, keys, true, false));
                }
            }
        }
    }

    @Test
    void bigintKeysAtTheExtremesAndCollidingLowBitsMatchExactly() {
        StructType side = new StructType(List.of()).add("k", DataTypes.LongType).add("v", DataTypes.IntegerType);
        long[] special = {Long.MIN_VALUE, Long.MAX_VALUE, -1L, 0L, 1L, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1,
                1L << 32, -(1L << 32), 1L << 62};
        Random random = new Random(7);
        List<Object[]> left = new ArrayList<>();
        List<Object[]> right = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            // keys equal in their low 40 bits collide in any index that hashes the low bits only
            Long lk = random.nextInt(20) == 0 ? null : random.nextBoolean() ? special[random.nextInt(special.length)]
                    : (long) random.nextInt(300) << 40;
            Long rk = random.nextInt(20) == 0 ? null : random.nextBoolean() ? special[random.nextInt(special.length)]
                    : (long) random.nextInt(300) << 40;
            left.add(new Object[] {lk, i});
            right.add(new Object[] {rk, -i});
        }
        List<Expr> key = List.of(new ColumnRef(0, DataTypes.LongType, true));
        for (JoinType type : List.of(JoinType.INNER, JoinType.LEFT_OUTER, JoinType.FULL_OUTER, JoinType.LEFT_ANTI)) {
            for (boolean nullSafe : new boolean[] {false, true}) {
                List<List<Object>> expected = new ArrayList<>();
                boolean[] rightMatched = new boolean[right.size()];
                for (Object[] l : left) {
                    boolean matched = false;
                    for (int j = 0; j < right.size(); j++) {
                        Object[] r = right.get(j);
                        boolean equal = l[0] == null || r[0] == null ? nullSafe && l[0] == null && r[0] == null
                                : l[0].equals(r[0]);
                        if (equal) {
                            matched = true;
                            rightMatched[j] = true;
                            if (type.outputsRight()) {
                                expected.add(Arrays.asList(l[0], l[1], r[0], r[1]));
                            }
                        }
                    }
                    if (type == JoinType.LEFT_ANTI && !matched) {
                        expected.add(Arrays.asList(l));
                    }
                    if (!matched && type.keepsUnmatchedLeft()) {
                        expected.add(Arrays.asList(l[0], l[1], null, null));
                    }
                }
                if (type.keepsUnmatchedRight()) {
                    for (int j = 0; j < right.size(); j++) {
                        if (!rightMatched[j]) {
                            expected.add(Arrays.asList(null, null, right.get(j)[0], right.get(j)[1]));
                        }
                    }
                }
                try (HashJoinOperator join = new HashJoinOperator(input(side, left, 700), input(side, right, 900),
                        type, key, key, null, BuildSide.RIGHT, List.of(nullSafe), context)) {
                    assertThat(sorted(Drain.of(join).rows)).as(type + " nullSafe " + nullSafe)
                            .isEqualTo(sorted(expected));
                }
            }
        }
    }

    @Test
    void emptySidesAndManyMatchesPerRow() {
        List<Object[]> left = new ArrayList<>();
        List<Object[]> right = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            left.add(new Object[] {1, "s", i});
        }
        for (int i = 0; i < 400; i++) {
            right.add(new Object[] {1, "s", i, 0.5});
        }
        context = context(Map.of(ExecutionContext.BATCH_ROWS, "128"));
        Drain result;
        try (HashJoinOperator join = new HashJoinOperator(input(LEFT, left, 50), input(RIGHT, right, 400),
                JoinType.INNER, keys(2), keys(2), null, BuildSide.RIGHT, null, context)) {
            result = Drain.of(join);
        }
        assertThat(result.rows).hasSize(20_000);
        assertThat(result.batchSizes).allSatisfy(size -> assertThat(size).isLessThanOrEqualTo(128));
        assertThat(run(left, List.of(), JoinType.LEFT_OUTER, BuildSide.RIGHT, 1, false, null, context))
                .isEqualTo(reference(left, List.of(), JoinType.LEFT_OUTER, 1, false, false));
        assertThat(run(List.of(), right, JoinType.FULL_OUTER, BuildSide.LEFT, 1, false, null, context))
                .hasSize(400);
    }

    @Test
    void graceHashJoinSpillsBothSidesAndStaysExact() {
        List<Object[]> left = rows(5, 20_000, 5_000, false);
        List<Object[]> right = rows(6, 30_000, 5_000, true);
        try (var limited = allocator.newChildAllocator("join", 0, 512L * 1024)) {
            ExecutionContext small = new ExecutionContext(limited, Map.of(ExecutionContext.SPILL_DIR,
                    spillDir.toString()));
            try {
                for (JoinType type : List.of(JoinType.INNER, JoinType.FULL_OUTER, JoinType.LEFT_SEMI,
                        JoinType.LEFT_ANTI, JoinType.RIGHT_OUTER)) {
                    // one int key takes the integral-key index, two keys the generic one
                    for (int keys = 1; keys <= 2; keys++) {
                        BuildSide build = type == JoinType.RIGHT_OUTER ? BuildSide.LEFT : BuildSide.RIGHT;
                        Expr condition = type == JoinType.LEFT_SEMI ? CONDITION : null;
                        BatchOperator l = input(LEFT, left, 1000);
                        BatchOperator r = input(RIGHT, right, 1000);
                        long spillsBefore = small.metrics().spills();
                        try (HashJoinOperator join = new HashJoinOperator(l, r, type, keys(keys), keys(keys),
                                condition, build, null, small)) {
                            List<List<Object>> actual = sorted(Drain.of(join).rows);
                            assertThat(actual).as(type.name() + " keys " + keys).isEqualTo(reference(left, right,
                                    type, keys, false, condition != null));
                            assertThat(join.spills()).as(type.name() + " keys " + keys).isPositive();
                        }
                        assertThat(small.metrics().spills()).isGreaterThan(spillsBefore);
                    }
                }
            } finally {
                small.close();
            }
        }
        assertThat(spillDir).isEmptyDirectory();
    }
}
