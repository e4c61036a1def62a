package io.updraft.engine.aggregate;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Spark's Greenwald-Khanna summary: exact while it keeps every value, within its rank error otherwise. */
class QuantileSummaryTest {
    @Test
    void aSmallSummaryKeepsEveryValueAndAnswersTheRankCeilQTimesN() {
        QuantileSummary s = new QuantileSummary(1e-4);
        for (int i = 10; i >= 1; i--) {
            s.add(i);
        }
        assertThat(s.size()).isEqualTo(10);
        assertThat(s.count()).isEqualTo(10);
        assertThat(s.query(0.5)).isEqualTo(5.0);
        assertThat(s.query(0.25)).isEqualTo(3.0);
        assertThat(s.query(0.0)).isEqualTo(1.0);
        assertThat(s.query(1.0)).isEqualTo(10.0);
    }

    @Test
    void aRelativeErrorOfOneAnswersTheMinimum() {
        QuantileSummary s = new QuantileSummary(1.0);
        for (int i = 0; i < 25; i++) {
            s.add(i);
        }
        assertThat(s.query(0.5)).isEqualTo(0.0);
    }

    @Test
    void largeAndMergedSummariesStayWithinTheRankError() {
        double error = 0.01;
        Random random = new Random(7);
        double[] all = new double[120_000];
        QuantileSummary merged = new QuantileSummary(error);
        for (int part = 0; part < 3; part++) {
            QuantileSummary s = new QuantileSummary(error);
            for (int i = 0; i < 40_000; i++) {
                double v = random.nextGaussian();
                all[part * 40_000 + i] = v;
                s.add(v);
            }
            s.compress();
            assertThat(s.size()).isLessThan(2000);
            merged.merge(s);
        }
        assertThat(merged.count()).isEqualTo(all.length);
        Arrays.sort(all);
        for (double q : new double[] {0.05, 0.25, 0.5, 0.75, 0.95}) {
            double answer = merged.query(q);
            int rank = Arrays.binarySearch(all, answer);
            assertThat(Math.abs(rank - q * all.length)).as("rank of quantile %s", q)
                    .isLessThanOrEqualTo(2 * error * all.length);
        }
    }

    @Test
    void theHeadBufferIsInsertedAndCompressedAtFiftyThousandValues() {
        QuantileSummary s = new QuantileSummary(1e-4);
        for (int i = 0; i < QuantileSummary.HEAD_SIZE; i++) {
            s.add(i);
        }
        // 50,000 samples, then compressed with 2 · 1e-4 · 50,000 = 10: neighbours merge while g + g' + delta < 10
        assertThat(s.size()).isLessThan(QuantileSummary.HEAD_SIZE);
        assertThat(s.count()).isEqualTo(QuantileSummary.HEAD_SIZE);
        assertThat(Math.abs(s.query(0.5) - 25_000)).isLessThanOrEqualTo(10);
    }
}
