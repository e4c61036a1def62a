package io.updraft.shuffle.testing;

import io.updraft.shuffle.store.S3StoreConfig;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A real LocalStack S3 server for a test class: installs (once) and starts LocalStack's runtime through
 * infra/localstack/start.sh on a free loopback port, stops it on close. Never skips: if LocalStack cannot
 * be installed or started, construction fails with the script's message.
 */
public final class LocalStackS3 implements AutoCloseable {
    private final Path home;
    private final int port;
    private final Path state;
    private final URI endpoint;

    public LocalStackS3() {
        this.home = Path.of(System.getProperty("updraft.home", ".")).toAbsolutePath();
        try {
            this.port = TestPorts.reserve();
            this.state = Files.createTempDirectory("localstack-");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        String out = run("start.sh", String.valueOf(port), state.toString());
        this.endpoint = URI.create(out.strip().lines().reduce((a, b) -> b).orElseThrow());
    }

    public URI endpoint() {
        return endpoint;
    }

    public S3StoreConfig config() {
        return new S3StoreConfig("us-east-1", endpoint, true, "test", "test",
                S3StoreConfig.DEFAULT_MULTIPART_THRESHOLD, 8L * 1024 * 1024);
    }

    @Override
    public void close() {
        run("stop.sh", String.valueOf(port), state.toString());
    }

    private String run(String script, String... args) {
        Path path = home.resolve("infra/localstack").resolve(script);
        if (!Files.isExecutable(path)) {
            throw new IllegalStateException("LocalStack script not found at " + path
                    + " (set -Dupdraft.home to the repository root)");
        }
        String[] cmd = new String[args.length + 1];
        cmd[0] = path.toString();
        System.arraycopy(args, 0, cmd, 1, args.length);
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
            byte[] stdout = p.getInputStream().readAllBytes();
            byte[] stderr = p.getErrorStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new IllegalStateException("LocalStack " + script + " failed: "
                        + new String(stderr, StandardCharsets.UTF_8).strip());
            }
            return new String(stdout, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + path + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

}
