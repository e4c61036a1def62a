package io.updraft.localstack;

import io.updraft.shuffle.store.S3Location;
import io.updraft.shuffle.store.S3ObjectStore;
import io.updraft.shuffle.store.S3StoreConfig;
import io.updraft.sql.UpdraftSession;
import software.amazon.awssdk.services.s3.S3AsyncClient;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The local AWS stack for one test class: LocalStack's S3 on a free loopback port and a pool of
 * Lambda Runtime Interface Emulators running the packaged worker. Started through the infra/ scripts;
 * if a tool cannot be installed or started, construction fails with the script's message (never a skip).
 */
final class LambdaStack implements AutoCloseable {
    static final String BUCKET = "updraft-it";

    private final Path home = Path.of(System.getProperty("updraft.home", ".")).toAbsolutePath();
    private final int s3Port;
    private final Path s3State;
    private final URI s3Endpoint;
    private final Path rieState;
    private final List<String> lambdaEndpoints;
    private final S3AsyncClient s3;

    LambdaStack(int emulators) {
        Path zip = home.resolve("worker-function/target/function.zip");
        if (!Files.isRegularFile(zip)) {
            throw new IllegalStateException("worker package not found at " + zip
                    + ": build it with ./mvnw -pl worker-function -am package");
        }
        try {
            s3Port = freePort();
            s3State = Files.createTempDirectory("it-localstack-");
            rieState = Files.createTempDirectory("it-rie-");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        s3Endpoint = URI.create(lastLine(run(home.resolve("infra/localstack/start.sh"),
                String.valueOf(s3Port), s3State.toString())));
        s3 = S3ObjectStore.buildClient(s3Config());
        s3.createBucket(b -> b.bucket(BUCKET)).join();
        int firstPort = freePortRange(emulators);
        List<String> args = new ArrayList<>(List.of(zip.toString(), String.valueOf(emulators),
                String.valueOf(firstPort), rieState.toString(),
                "AWS_ACCESS_KEY_ID=test", "AWS_SECRET_ACCESS_KEY=test", "AWS_REGION=us-east-1"));
        lambdaEndpoints = run(home.resolve("infra/rie/start-pool.sh"), args.toArray(String[]::new))
                .strip().lines().filter(l -> l.startsWith("http")).toList();
        if (lambdaEndpoints.size() != emulators) {
            throw new IllegalStateException("expected " + emulators + " emulator endpoints, got " + lambdaEndpoints);
        }
    }

    S3StoreConfig s3Config() {
        return new S3StoreConfig("us-east-1", s3Endpoint, true, "test", "test",
                S3StoreConfig.DEFAULT_MULTIPART_THRESHOLD, 8L * 1024 * 1024);
    }

    S3ObjectStore store(String prefix) {
        return new S3ObjectStore(s3, S3Location.parse("s3://" + BUCKET + "/" + prefix), s3Config());
    }

    List<String> lambdaEndpoints() {
        return lambdaEndpoints;
    }

    /** Uploads every file under {@code dir} to s3://BUCKET/prefix/..., keeping relative paths. */
    String upload(Path dir, String prefix) throws IOException {
        S3ObjectStore store = store(prefix);
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                store.put(dir.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f)).join();
            }
        }
        return "s3://" + BUCKET + "/" + prefix;
    }

    /** A session that runs every task as a Lambda invocation of the emulator pool, shuffle in S3. */
    UpdraftSession lambdaSession(String shufflePrefix) {
        return UpdraftSession.builder().appName("localstack-it").master("lambda")
                .config("updraft.lambda.endpoints", String.join(",", lambdaEndpoints))
                .config("updraft.lambda.functionName", "function")
                .config("updraft.lambda.region", "us-east-1")
                .config("updraft.lambda.maxConcurrency", String.valueOf(lambdaEndpoints.size()))
                .config("updraft.s3.endpoint", s3Endpoint.toString())
                .config("updraft.s3.region", "us-east-1")
                .config("updraft.s3.pathStyle", "true")
                .config("updraft.s3.accessKey", "test")
                .config("updraft.s3.secretKey", "test")
                .config("updraft.shuffle.root", "s3://" + BUCKET + "/" + shufflePrefix)
                .create();
    }

    @Override
    public void close() {
        try {
            run(home.resolve("infra/rie/stop-pool.sh"), rieState.toString());
        } finally {
            s3.close();
            run(home.resolve("infra/localstack/stop.sh"), String.valueOf(s3Port), s3State.toString());
        }
    }

    private static String lastLine(String out) {
        return out.strip().lines().reduce((a, b) -> b).orElseThrow();
    }

    private static String run(Path script, String... args) {
        if (!Files.isExecutable(script)) {
            throw new IllegalStateException("script not found: " + script + " (set -Dupdraft.home to the repository root)");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(script.toString());
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).start();
            byte[] out = p.getInputStream().readAllBytes();
            byte[] err = p.getErrorStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                throw new IllegalStateException(script.getFileName() + " failed: "
                        + new String(err, StandardCharsets.UTF_8).strip());
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + script + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** A first port such that first..first+n-1 and first+1000.. are free now (best effort). */
    private static int freePortRange(int n) {
        for (int attempt = 0; attempt < 50; attempt++) {
            int first = 20000 + (int) (Math.random() * 20000);
            boolean ok = true;
            for (int i = 0; i < n && ok; i++) {
                ok = isFree(first + i) && isFree(first + 1000 + i);
            }
            if (ok) {
                return first;
            }
        }
        throw new IllegalStateException("no free port range for " + n + " emulators");
    }

    private static boolean isFree(int port) {
        try (ServerSocket s = new ServerSocket(port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
