package io.updraft.shuffle.testing;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class TestPortsTest {
    @Test
    void reservedPortsAreBelowTheEphemeralRangeAndNeverHandedOutTwice() {
        Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            int port = TestPorts.reserve();
            assertThat(port).isLessThan(TestPorts.ephemeralLow());
            assertThat(ports.add(port)).as("port %d handed out twice", port).isTrue();
        }
    }

    @Test
    void aBlockHoldsEveryPortOfItsLayout() {
        int first = TestPorts.reserveBlock(3, 0, 1000);
        for (int p : new int[] {first, first + 1, first + 2, first + 1000, first + 1001, first + 1002}) {
            assertThat(TestPorts.hold(p)).as("port %d is still held", p).isNull();
        }
    }
}
