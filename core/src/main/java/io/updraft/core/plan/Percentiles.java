package io.updraft.core.plan;

import java.util.List;
import java.util.Objects;

/**
 * The constant parameters of percentile, percentile_approx and median: the percentages (each in [0, 1]), whether
 * the result is an array (the percentage was an array) or one value, and percentile_approx's accuracy (its
 * relative error is {@code 1 / accuracy}; 0 for the exact percentile).
 */
public record Percentiles(List<Double> percentages, boolean array, int accuracy) {
    /** Spark's default accuracy of percentile_approx (relative error 1e-4). */
    public static final int DEFAULT_ACCURACY = 10000;

    public Percentiles {
        percentages = List.copyOf(Objects.requireNonNull(percentages, "percentages is null"));
        for (double p : percentages) {
            if (!(p >= 0 && p <= 1)) {
                throw new IllegalArgumentException("percentages must be in [0, 1], got " + p);
            }
        }
        if (!array && percentages.size() != 1) {
            throw new IllegalArgumentException("a single percentage needs one value, got " + percentages);
        }
        if (accuracy < 0) {
            throw new IllegalArgumentException("accuracy must be positive, got " + accuracy);
        }
    }

    /** One percentage, a single result. */
    public static Percentiles of(double percentage) {
        return new Percentiles(List.of(percentage), false, 0);
    }

    public Percentiles withAccuracy(int newAccuracy) {
        return new Percentiles(percentages, array, newAccuracy);
    }
}
