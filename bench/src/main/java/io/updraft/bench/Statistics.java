package io.updraft.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Median and geometric mean of timings and ratios. Stateless. */
public final class Statistics {
    private Statistics() {
    }

    /** The middle value (the mean of the two middle values for an even count); NaN for no values. */
    public static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }

    /**
     * The n-th root of the product, computed as exp(mean(log x)); NaN for no values.
     *
     * @throws IllegalArgumentException for a value that is not a positive finite number
     */
    public static double geometricMean(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        double logSum = 0;
        for (double value : values) {
            if (!(value > 0) || Double.isInfinite(value)) {
                throw new IllegalArgumentException("geometric mean needs positive finite numbers, got " + value);
            }
            logSum += Math.log(value);
        }
        return Math.exp(logSum / values.size());
    }
}
