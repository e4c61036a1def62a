package io.updraft.planner.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A grouping-analytics item of a GROUP BY list: {@code GROUPING SETS ((a, b), (a), ())}. {@link #rollup} and
 * {@link #cube} build the sets of {@code ROLLUP(a, b)} and {@code CUBE(a, b)}; {@code kind} only records which
 * one was written (for names and explain). The analyzer plans an Expand under the Aggregate, one projection
 * per set, with Spark's {@code spark_grouping_id} semantics (bit i set = i-th distinct grouping column absent).
 * Several items in one GROUP BY combine as a cross product; plain expressions belong to every set.
 */
public record GroupingSets(Kind kind, List<List<Expression>> sets) implements Expression {
    public enum Kind {
        GROUPING_SETS, ROLLUP, CUBE
    }

    public GroupingSets {
        List<List<Expression>> copy = new ArrayList<>();
        for (List<Expression> set : sets) {
            copy.add(List.copyOf(set));
        }
        sets = List.copyOf(copy);
    }

    public static GroupingSets groupingSets(List<List<Expression>> sets) {
        return new GroupingSets(Kind.GROUPING_SETS, sets);
    }

    /** ROLLUP(a, b, c): (a, b, c), (a, b), (a), (). */
    public static GroupingSets rollup(List<Expression> columns) {
        List<List<Expression>> sets = new ArrayList<>();
        for (int n = columns.size(); n >= 0; n--) {
            sets.add(columns.subList(0, n));
        }
        return new GroupingSets(Kind.ROLLUP, sets);
    }

    /** CUBE(a, b): (a, b), (a), (b), () — every subset, in Spark's order. */
    public static GroupingSets cube(List<Expression> columns) {
        int n = columns.size();
        List<List<Expression>> sets = new ArrayList<>();
        for (int mask = 0; mask < (1 << n); mask++) {
            List<Expression> set = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                // Spark's cubeExprs: the first column varies slowest, so the full set comes first.
                if ((mask & (1 << (n - 1 - i))) == 0) {
                    set.add(columns.get(i));
                }
            }
            sets.add(set);
        }
        return new GroupingSets(Kind.CUBE, sets);
    }

    /** The distinct expressions of all sets, in first-seen order. */
    public List<Expression> columns() {
        List<Expression> out = new ArrayList<>();
        for (List<Expression> set : sets) {
            for (Expression e : set) {
                if (!out.contains(e)) {
                    out.add(e);
                }
            }
        }
        return out;
    }

    @Override
    public String sql() {
        return switch (kind) {
            case ROLLUP -> "rollup(" + columns().stream().map(Expression::sql).collect(Collectors.joining(", ")) + ")";
            case CUBE -> "cube(" + columns().stream().map(Expression::sql).collect(Collectors.joining(", ")) + ")";
            case GROUPING_SETS -> "groupingsets(" + sets.stream()
                    .map(s -> s.stream().map(Expression::sql).collect(Collectors.joining(", ", "(", ")")))
                    .collect(Collectors.joining(", ")) + ")";
        };
    }
}
