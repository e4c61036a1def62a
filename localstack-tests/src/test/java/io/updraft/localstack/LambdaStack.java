package io.updraft.localstack;

import io.updraft.shuffle.testing.TestPorts;

import io.updraft.shuffle.store.S3Location;
import io.updraft.shuffle.store.S3ObjectStore;
import io.updraft.shuffle.store.S3StoreConfig;
import io.updraft.sql.UpdraftSession;
import software.amazon.awssdk.services.s3.S3AsyncClient;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The local AWS stack: LocalStack's S3 on a free loopback port and a pool of Lambda Runtime Interface
 * Emulators running the packaged worker. Started through the infra/ scripts; if a tool cannot be installed
 * or started, construction fails with the script's message (never a skip). One stack serves every test class
 * of the run ({@link #shared()}); it stops when the test JVM exits. Tests that need emulators with other
 * settings (a short function timeout) or that kill one start their own {@link EmulatorPool} on it.
 */
final class LambdaStack implements AutoCloseable {
    static final String BUCKET = "updraft-it";
    private static LambdaStack shared;

    private final Path home = Path.of(System.getProperty("updraft.home", ".")).toAbsolutePath();
    private final Path zip;
    private final int s3Port;
    private final Path s3State;
    private final URI s3Endpoint;
    private final EmulatorPool pool;
    private final S3AsyncClient s3;
    private final Map<String, String> uploaded = new ConcurrentHashMap<>();
    private final List<EmulatorPool> extraPools = new CopyOnWriteArrayList<>();

    /** The stack of this test run (two emulators), started on first use and stopped when the JVM exits. */
    static synchronized LambdaStack shared() {
        if (shared == null) {
            LambdaStack stack = new LambdaStack(2);
            Runtime.getRuntime().addShutdownHook(new Thread(stack::close, "stop-lambda-stack"));
            shared = stack;
        }
        return shared;
    }

    LambdaStack(int emulators) {
        zip = home.resolve("worker-function/target/function.zip");
        if (!Files.isRegularFile(zip)) {
            throw new IllegalStateException("worker package not found at " + zip
                    + ": build it with ./mvnw -pl worker-function -am package");
        }
        try {
            s3Port = TestPorts.reserve();
            s3State = Files.createTempDirectory("it-localstack-");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        s3Endpoint = URI.create(lastLine(run(home.resolve("infra/localstack/start.sh"),
                String.valueOf(s3Port), s3State.toString())));
        s3 = S3ObjectStore.buildClient(s3Config());
        s3.createBucket(b -> b.bucket(BUCKET)).join();
        pool = startPool(emulators, Map.of());
        extraPools.remove(pool);
    }

    /**
     * Starts {@code n} more emulators running the packaged worker, with {@code env} added to their environment
     * (e.g. {@code AWS_LAMBDA_FUNCTION_TIMEOUT}); the stack stops them at the end unless closed before.
     */
    EmulatorPool startPool(int n, Map<String, String> env) {
        return startPool(zip, n, env);
    }

    /**
     * Starts {@code n} emulators running the function package {@code functionZip} (the worker's, or the
     * coordinator's with its {@code UPDRAFT_*} environment), test credentials in their environment.
     */
    EmulatorPool startPool(Path functionZip, int n, Map<String, String> env) {
        Path state;
        try {
            state = Files.createTempDirectory("it-rie-");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        int firstPort = TestPorts.reserveBlock(n, 0, 1000);
        List<String> args = new ArrayList<>(List.of(functionZip.toString(), String.valueOf(n), String.valueOf(firstPort),
                state.toString(), "AWS_ACCESS_KEY_ID=test", "AWS_SECRET_ACCESS_KEY=test", "AWS_REGION=us-east-1"));
        env.forEach((k, v) -> args.add(k + "=" + v));
        List<URI> endpoints = run(home.resolve("infra/rie/start-pool.sh"), args.toArray(String[]::new))
                .strip().lines().filter(l -> l.startsWith("http")).map(URI::create).toList();
        EmulatorPool p = new EmulatorPool(state, endpoints);
        extraPools.add(p);
        if (endpoints.size() != n) {
            p.close();
            throw new IllegalStateException("expected " + n + " emulator endpoints, got " + endpoints);
        }
        return p;
    }

    /** Emulators started by infra/rie/start-pool.sh in {@code state}. */
    final class EmulatorPool implements AutoCloseable {
        private final Path state;
        private final List<URI> endpoints;
        private boolean closed;

        private EmulatorPool(Path state, List<URI> endpoints) {
            this.state = state;
            this.endpoints = List.copyOf(endpoints);
        }

        List<URI> endpoints() {
            return endpoints;
        }

        /** SIGKILLs emulator i and the worker runtime it runs (the whole environment dies). */
        void kill(int i) {
            long pid;
            try {
                pid = Long.parseLong(Files.readString(state.resolve("rie-" + i + ".pid")).strip());
            } catch (IOException e) {
                throw new IllegalStateException("no pid file for emulator " + i + " in " + state, e);
            }
            ProcessHandle emulator = ProcessHandle.of(pid)
                    .orElseThrow(() -> new IllegalStateException("emulator " + i + " (pid " + pid + ") is not running"));
            List<ProcessHandle> children = emulator.descendants().toList();
            emulator.destroyForcibly();
            children.forEach(ProcessHandle::destroyForcibly);
            emulator.onExit().join();
        }

        /** (Re)starts emulator i with the pool's settings (infra/rie/start-one.sh); returns its endpoint. */
        URI restart(int i) {
            URI endpoint = URI.create(lastLine(run(home.resolve("infra/rie/start-one.sh"), state.toString(),
                    String.valueOf(i))));
            if (!endpoint.equals(endpoints.get(i))) {
                throw new IllegalStateException("emulator " + i + " came back at " + endpoint + ", not " + endpoints.get(i));
            }
            return endpoint;
        }

        /** The emulator's log (the RIE and the worker's stderr). */
        String log(int i) {
            try {
                return Files.readString(state.resolve("rie-" + i + ".log"));
            } catch (IOException e) {
                return "(no log: " + e.getMessage() + ")";
            }
        }

        @Override
        public synchronized void close() {
            if (!closed) {
                closed = true;
                run(home.resolve("infra/rie/stop-pool.sh"), state.toString());
            }
        }
    }

    S3StoreConfig s3Config() {
        return new S3StoreConfig("us-east-1", s3Endpoint, true, "test", "test",
                S3StoreConfig.DEFAULT_MULTIPART_THRESHOLD, 8L * 1024 * 1024);
    }

    URI s3Endpoint() {
        return s3Endpoint;
    }

    S3ObjectStore store(String prefix) {
        return new S3ObjectStore(s3, S3Location.parse("s3://" + BUCKET + "/" + prefix), s3Config());
    }

    EmulatorPool pool() {
        return pool;
    }

    List<String> lambdaEndpoints() {
        return pool.endpoints().stream().map(URI::toString).toList();
    }

    /** Uploads every file under {@code dir} to s3://BUCKET/prefix/..., keeping relative paths; once per prefix. */
    String upload(Path dir, String prefix) throws IOException {
        if (uploaded.containsKey(prefix)) {
            return uploaded.get(prefix);
        }
        S3ObjectStore store = store(prefix);
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                store.put(dir.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f)).join();
            }
        }
        String location = "s3://" + BUCKET + "/" + prefix;
        uploaded.put(prefix, location);
        return location;
    }

    /** A session that runs every task as a Lambda invocation of the shared emulator pool, shuffle in S3. */
    UpdraftSession lambdaSession(String shufflePrefix) {
        return lambdaSession(pool.endpoints(), s3Endpoint, shufflePrefix, Map.of(), null);
    }

    /**
     * A lambda session on the given invoke endpoints (emulators or taps in front of them) and S3 endpoint
     * (LocalStack or a tap in front of it), with {@code settings} on top; progress lines (stage lines and the
     * job summary) go to {@code progress} when not null.
     */
    UpdraftSession lambdaSession(List<URI> endpoints, URI s3, String shufflePrefix, Map<String, String> settings,
                                 PrintStream progress) {
        UpdraftSession.Builder b = lambdaSessionBuilder(endpoints, s3, shufflePrefix, settings);
        if (progress != null) {
            b.config("spark.ui.showConsoleProgress", "true").progressOutput(progress);
        }
        return b.create();
    }

    /**
     * The builder of such a session, without a stack object: a coordinator in another JVM ({@link DyingCoordinator})
     * builds its session with it.
     */
    static UpdraftSession.Builder lambdaSessionBuilder(List<URI> endpoints, URI s3, String shufflePrefix,
                                                       Map<String, String> settings) {
        UpdraftSession.Builder b = UpdraftSession.builder().appName("localstack-it").master("lambda")
                .config("updraft.lambda.endpoints", String.join(",", endpoints.stream().map(URI::toString).toList()))
                .config("updraft.lambda.functionName", "function")
                .config("updraft.lambda.region", "us-east-1")
                .config("updraft.lambda.maxConcurrency", String.valueOf(endpoints.size()))
                .config("updraft.s3.endpoint", s3.toString())
                .config("updraft.s3.region", "us-east-1")
                .config("updraft.s3.pathStyle", "true")
                .config("updraft.s3.accessKey", "test")
                .config("updraft.s3.secretKey", "test")
                .config("updraft.shuffle.root", "s3://" + BUCKET + "/" + shufflePrefix);
        settings.forEach(b::config);
        return b;
    }

    @Override
    public void close() {
        try {
            for (EmulatorPool p : extraPools) {
                p.close();
            }
            pool.close();
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

}
