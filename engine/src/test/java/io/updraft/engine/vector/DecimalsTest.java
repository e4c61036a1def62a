package io.updraft.engine.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class DecimalsTest {
    private BufferAllocator allocator;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    @Test
    void divideHalfUpMatchesBigDecimal() {
        Random random = new Random(1);
        for (int i = 0; i < 10_000; i++) {
            long n = random.nextLong() >> random.nextInt(60);
            long d = (random.nextLong() >> random.nextInt(63)) | 1;
            long expected = BigDecimal.valueOf(n).divide(BigDecimal.valueOf(d), 0, RoundingMode.HALF_UP).longValueExact();
            assertThat(Decimals.divideHalfUp(n, d)).as("%d / %d", n, d).isEqualTo(expected);
        }
        assertThat(Decimals.divideHalfUp(5, 10)).isEqualTo(1);
        assertThat(Decimals.divideHalfUp(-5, 10)).isEqualTo(-1);
        assertThat(Decimals.divideHalfUp(4, 10)).isZero();
    }

    @Test
    void rescaleReportsOverflow() {
        assertThat(Decimals.rescale(123, 2, 4)).isEqualTo(12300);
        assertThat(Decimals.rescale(125, 2, 1)).isEqualTo(13);
        assertThat(Decimals.rescale(-125, 2, 1)).isEqualTo(-13);
        assertThat(Decimals.rescale(Long.MAX_VALUE / 5, 0, 1)).isEqualTo(Long.MIN_VALUE);
        assertThat(Decimals.rescale(7, 0, 30)).isEqualTo(Long.MIN_VALUE);
        assertThat(Decimals.rescale(7, 30, 0)).isZero();
    }

    @Test
    void sixteenByteValuesRoundTrip() {
        try (ArrowBuf buf = allocator.buffer(16 * 4)) {
            BigInteger[] values = {BigInteger.valueOf(-1), BigInteger.TEN.pow(37).negate(), BigInteger.TEN.pow(37),
                    BigInteger.valueOf(Long.MIN_VALUE)};
            for (int i = 0; i < values.length; i++) {
                Decimals.setUnscaled(buf, i, values[i]);
            }
            for (int i = 0; i < values.length; i++) {
                assertThat(Decimals.unscaled(buf, i)).isEqualTo(values[i]);
                assertThat(Decimals.big(buf, i, 3)).isEqualTo(new BigDecimal(values[i], 3));
            }
            assertThat(Decimals.fitsLong(buf, 0)).isTrue();
            assertThat(Decimals.fitsLong(buf, 1)).isFalse();
        }
        assertThat(Decimals.fits(99_999, 5)).isTrue();
        assertThat(Decimals.fits(-100_000, 5)).isFalse();
        assertThat(Decimals.fit(new BigDecimal("9.995"), 3, 2)).isNull();
        assertThat(Decimals.fit(new BigDecimal("9.994"), 3, 2)).isEqualTo(new BigDecimal("9.99"));
    }
}
