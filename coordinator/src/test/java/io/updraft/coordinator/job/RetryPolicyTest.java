package io.updraft.coordinator.job;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RetryPolicyTest {
    /** Records the bound of every draw and answers {@code pick(bound)}. */
    private static final class Recording implements RandomGenerator {
        final List<Long> bounds = new ArrayList<>();
        final boolean highest;

        Recording(boolean highest) {
            this.highest = highest;
        }

        @Override
        public long nextLong() {
            throw new UnsupportedOperationException();
        }

        @Override
        public long nextLong(long origin, long bound) {
            assertThat(origin).isZero();
            bounds.add(bound);
            return highest ? bound - 1 : origin;
        }
    }

    @Test
    void delaysAreDrawnUniformlyUpToAnExponentialCeilingThatIsCapped() {
        RetryPolicy policy = new RetryPolicy(10, 100, 1000);
        Recording top = new Recording(true);
        List<Long> delays = new ArrayList<>();
        for (int retry = 1; retry <= 6; retry++) {
            delays.add(policy.backoffNanos(retry, top));
        }
        assertThat(delays).containsExactly(100L, 200L, 400L, 800L, 1000L, 1000L);
        assertThat(top.bounds).containsExactly(101L, 201L, 401L, 801L, 1001L, 1001L);

        Recording bottom = new Recording(false);
        assertThat(policy.backoffNanos(3, bottom)).isZero();
    }

    @Test
    void hugeRetryNumbersDoNotOverflow() {
        RetryPolicy policy = new RetryPolicy(4, 1_000_000, 30_000_000_000L);
        assertThat(policy.backoffNanos(200, new Recording(true))).isEqualTo(30_000_000_000L);
    }

    @Test
    void zeroDelaysNeverDraw() {
        Recording r = new Recording(true);
        assertThat(new RetryPolicy(2, 0, 0).backoffNanos(1, r)).isZero();
        assertThat(r.bounds).isEmpty();
    }

    @Test
    void optionsAreCheckedAtOnce() {
        assertThatThrownBy(() -> new RetryPolicy(0, 1, 2)).hasMessage("maxAttempts must be >= 1, was 0");
        assertThatThrownBy(() -> new RetryPolicy(1, 5, 2)).hasMessageContaining("0 <= base <= max");
        assertThatThrownBy(() -> RetryPolicy.DEFAULT.backoffNanos(0, new Recording(true)))
                .hasMessage("retry numbers start at 1, was 0");
    }
}
