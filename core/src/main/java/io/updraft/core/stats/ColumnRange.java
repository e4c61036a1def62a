package io.updraft.core.stats;

/**
 * The smallest and largest non-null value of a numeric, date or timestamp column over a whole relation (from
 * Parquet footers' statistics), as doubles in the column's internal representation: days for dates,
 * microseconds for timestamps, the decimal value for decimals. Size estimates use it to price range
 * predicates; nothing relies on it for correctness.
 */
public record ColumnRange(double min, double max) {
    public ColumnRange {
        if (!(min <= max)) {
            throw new IllegalArgumentException("range [" + min + ", " + max + "] is empty or not a number");
        }
    }

    /** The range covering both. */
    public ColumnRange union(ColumnRange other) {
        return new ColumnRange(Math.min(min, other.min), Math.max(max, other.max));
    }

    /**
     * The fraction of the range's values v, assumed uniform, with {@code v < value} (or {@code <=}; the same for
     * a continuous estimate), between 0 and 1. A single-value range gives 0 or 1.
     */
    public double fractionBelow(double value) {
        if (max == min) {
            return value > min ? 1 : 0;
        }
        return Math.max(0, Math.min(1, (value - min) / (max - min)));
    }
}
