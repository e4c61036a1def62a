package io.updraft.coordinator.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the repository's infra scripts (found through -Dupdraft.home, which surefire sets to the repository root)
 * and finds free loopback ports. Any failure throws with the script's own message: tests that need the local
 * stack fail, they never skip.
 */
public final class InfraScripts {
    private InfraScripts() {
    }

    public static Path home() {
        return Path.of(System.getProperty("updraft.home", ".")).toAbsolutePath().normalize();
    }

    /** Runs infra/{@code script} with {@code args}; returns its stdout; throws with its stderr on failure. */
    public static String run(String script, List<String> args) {
        Path path = home().resolve("infra").resolve(script);
        if (!Files.isExecutable(path)) {
            throw new IllegalStateException("infra script not found at " + path + " (set -Dupdraft.home to the"
                    + " repository root)");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(path.toString());
        cmd.addAll(args);
        try {
            Path err = Files.createTempFile("infra-", ".err");
            try {
                Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
                byte[] out = p.getInputStream().readAllBytes();
                if (!p.waitFor(10, TimeUnit.MINUTES)) {
                    p.destroyForcibly();
                    throw new IllegalStateException(script + " did not finish within 10 minutes");
                }
                if (p.exitValue() != 0) {
                    throw new IllegalStateException(script + " failed (exit " + p.exitValue() + "): "
                            + Files.readString(err).strip());
                }
                return new String(out, StandardCharsets.UTF_8);
            } finally {
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + path + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

}
