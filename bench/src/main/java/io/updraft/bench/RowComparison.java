package io.updraft.bench;

import io.updraft.sql.Row;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Compares result rows of two engines. Decimals (and integers) compare exactly by value
 * ({@link BigDecimal#compareTo}: 1.50 equals 1.5); two doubles compare with a relative tolerance of
 * {@value #RELATIVE_TOLERANCE}; a decimal against a double (Spark's {@code avg(decimal)} is a decimal,
 * DuckDB's a double) matches when the decimal is the double rounded to the decimal's scale (within half a
 * unit of its last digit, plus the tolerance); dates, timestamps, strings and booleans compare with equals.
 * Integer widths do not matter (Integer 3 equals Long 3). Stateless.
 */
public final class RowComparison {
    /** Relative tolerance for comparisons that involve a double. */
    public static final double RELATIVE_TOLERANCE = 1e-9;

    private RowComparison() {
    }

    /**
     * Empty when the row lists match, else a description of the first difference.
     *
     * @param ordered when false both lists are sorted the same way first (for queries without ORDER BY)
     */
    public static Optional<String> difference(List<Row> expected, List<Row> actual, boolean ordered) {
        List<Row> left = ordered ? expected : sorted(expected);
        List<Row> right = ordered ? actual : sorted(actual);
        for (int r = 0; r < Math.min(left.size(), right.size()); r++) {
            Row e = left.get(r);
            Row a = right.get(r);
            if (e.size() != a.size()) {
                return Optional.of("row " + r + ": expected " + e.size() + " columns " + e + " but got " + a.size()
                        + " columns " + a);
            }
            for (int c = 0; c < e.size(); c++) {
                if (!valuesMatch(e.get(c), a.get(c))) {
                    return Optional.of("row " + r + ", column " + (c + 1) + ": expected " + describe(e.get(c))
                            + " but got " + describe(a.get(c)) + "\n  expected row " + e + "\n  actual row   " + a);
                }
            }
        }
        if (left.size() != right.size()) {
            return Optional.of("expected " + left.size() + " rows but got " + right.size()
                    + (left.size() > right.size() ? "; first missing: " + left.get(right.size())
                    : "; first extra: " + right.get(left.size())));
        }
        return Optional.empty();
    }

    /** True when two single values match under the rules above. */
    public static boolean valuesMatch(Object expected, Object actual) {
        if (expected == null || actual == null) {
            return expected == actual;
        }
        if (expected instanceof Number e && actual instanceof Number a) {
            boolean eDouble = e instanceof Double || e instanceof Float;
            boolean aDouble = a instanceof Double || a instanceof Float;
            if (eDouble && aDouble) {
                return doublesMatch(e.doubleValue(), a.doubleValue());
            }
            if (eDouble && a instanceof BigDecimal d) {
                return roundedMatch(d, e.doubleValue());
            }
            if (aDouble && e instanceof BigDecimal d) {
                return roundedMatch(d, a.doubleValue());
            }
            if (eDouble || aDouble) {
                return doublesMatch(e.doubleValue(), a.doubleValue());
            }
            return toBigDecimal(e).compareTo(toBigDecimal(a)) == 0;
        }
        return expected.equals(actual);
    }

    private static boolean doublesMatch(double e, double a) {
        if (Double.isNaN(e) || Double.isNaN(a) || Double.isInfinite(e) || Double.isInfinite(a)) {
            return Double.compare(e, a) == 0;
        }
        double scale = Math.max(Math.abs(e), Math.abs(a));
        return Math.abs(e - a) <= RELATIVE_TOLERANCE * scale || Math.abs(e - a) < 1e-12;
    }

    /** True when {@code decimal} is {@code value} rounded to the decimal's scale. */
    private static boolean roundedMatch(BigDecimal decimal, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return false;
        }
        double halfUnit = 0.5 * Math.pow(10, -Math.max(decimal.scale(), 0));
        double slack = halfUnit + RELATIVE_TOLERANCE * Math.abs(value);
        return Math.abs(decimal.doubleValue() - value) <= slack;
    }

    private static BigDecimal toBigDecimal(Number n) {
        return n instanceof BigDecimal d ? d : new BigDecimal(n.toString());
    }

    private static String describe(Object value) {
        return value == null ? "null" : value + " (" + value.getClass().getSimpleName() + ")";
    }

    private static List<Row> sorted(List<Row> rows) {
        List<Row> copy = new ArrayList<>(rows);
        copy.sort(ROW_ORDER);
        return copy;
    }

    private static final Comparator<Object> VALUE_ORDER = (x, y) -> {
        if (x == null || y == null) {
            return x == null ? (y == null ? 0 : -1) : 1;
        }
        if (x instanceof Number a && y instanceof Number b) {
            return Double.compare(a.doubleValue(), b.doubleValue());
        }
        if (x.getClass() == y.getClass() && x instanceof Comparable<?>) {
            @SuppressWarnings("unchecked")
            Comparable<Object> comparable = (Comparable<Object>) x;
            return comparable.compareTo(y);
        }
        return x.toString().compareTo(y.toString());
    };

    private static final Comparator<Row> ROW_ORDER = (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = VALUE_ORDER.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    };
}
