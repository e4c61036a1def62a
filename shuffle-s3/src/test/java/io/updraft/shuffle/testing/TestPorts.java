package io.updraft.shuffle.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for the child processes of the tests (LocalStack, Lambda runtime emulators), which take a port number
 * and bind it themselves — so a test cannot hand them a bound socket. A port is therefore <em>held</em>, not
 * probed and released: it is taken below the kernel's ephemeral range (so no {@code bind(0)} and no outgoing
 * connection of any process is ever given it), under an exclusive file lock that this JVM keeps until it exits
 * (so two test JVMs of this project never pick the same port), and it is bindable when reserved. Thread-safe.
 */
public final class TestPorts {
    private static final Path LOCKS = Path.of(System.getProperty("java.io.tmpdir"), "updraft-test-ports");
    private static final int LOWEST = 10_000;
    private static final List<FileLock> HELD = new ArrayList<>();

    private TestPorts() {
    }

    /** One held port. */
    public static int reserve() {
        return reserveBlock(1, 0);
    }

    /**
     * A held block: a first port {@code p} such that {@code p + offset + i} is held for every offset and every
     * {@code i < count} (the emulator pool uses offsets 0 and 1000: runtime API and invoke ports).
     */
    public static synchronized int reserveBlock(int count, int... offsets) {
        int span = count;
        for (int o : offsets) {
            span = Math.max(span, o + count);
        }
        int highest = ephemeralLow() - span;
        if (highest <= LOWEST) {
            throw new IllegalStateException("no room for " + span + " ports below the ephemeral range");
        }
        for (int attempt = 0; attempt < 500; attempt++) {
            int first = ThreadLocalRandom.current().nextInt(LOWEST, highest);
            List<FileLock> taken = new ArrayList<>();
            boolean ok = true;
            for (int o : offsets.length == 0 ? new int[] {0} : offsets) {
                for (int i = 0; i < count && ok; i++) {
                    FileLock lock = hold(first + o + i);
                    ok = lock != null;
                    if (ok) {
                        taken.add(lock);
                    }
                }
            }
            if (ok) {
                HELD.addAll(taken);
                return first;
            }
            for (FileLock lock : taken) {
                release(lock);
            }
        }
        throw new IllegalStateException("no block of " + count + " free ports found below " + highest);
    }

    /** The lock of {@code port} when this JVM now holds it and the port is bindable, else null. */
    static FileLock hold(int port) {
        FileChannel channel = null;
        try {
            Files.createDirectories(LOCKS);
            channel = FileChannel.open(LOCKS.resolve(port + ".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                return null;
            }
            if (!bindable(port)) {
                release(lock);
                return null;
            }
            return lock;
        } catch (OverlappingFileLockException e) {
            closeQuietly(channel);
            return null;
        } catch (IOException e) {
            closeQuietly(channel);
            throw new IllegalStateException("cannot lock a port under " + LOCKS + ": " + e.getMessage(), e);
        }
    }

    private static boolean bindable(int port) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void release(FileLock lock) {
        try {
            lock.release();
        } catch (IOException ignored) {
            // the channel is closed next; the lock goes with it
        }
        closeQuietly(lock.channel());
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing held
            }
        }
    }

    /** The lowest port the kernel hands out for bind(0) and outgoing connections (Linux; 32768 elsewhere). */
    static int ephemeralLow() {
        try {
            // read as a stream: procfs reports a size that Files.readString trusts and truncates to
            try (var reader = Files.newBufferedReader(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))) {
                return Integer.parseInt(reader.readLine().strip().split("\\s+")[0]);
            }
        } catch (IOException | RuntimeException e) {
            return 32_768;
        }
    }
}
