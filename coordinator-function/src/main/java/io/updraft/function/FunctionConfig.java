package io.updraft.function;

import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The coordinator function's configuration, from its environment (set by terraform/lambda.tf, or by the local
 * stack): where the worker is, the shuffle root, the results bucket, the API's limits. No credentials: the SDK's
 * default chain gives the function its execution role (the local stack sets test keys in the environment).
 *
 * @param workerFunction   name or ARN of the worker ({@code UPDRAFT_WORKER_FUNCTION})
 * @param workerEndpoints  invoke URLs of worker emulators, empty on AWS ({@code UPDRAFT_WORKER_ENDPOINTS})
 * @param shuffleRoot      {@code s3://bucket/prefix} of the shuffle ({@code UPDRAFT_SHUFFLE_ROOT})
 * @param resultsBucket    bucket of state/, queue/, results/, outputs/ ({@code UPDRAFT_RESULTS_BUCKET})
 * @param s3Endpoint       an S3 API server other than AWS's (LocalStack), or null ({@code UPDRAFT_S3_ENDPOINT})
 * @param dataPrefixes     the only s3:// prefixes tables may come from; empty = any ({@code UPDRAFT_DATA_PREFIXES})
 * @param master           {@code lambda} (the default), or {@code local[N]} for handler tests without workers
 *                         ({@code UPDRAFT_MASTER})
 */
public record FunctionConfig(String workerFunction, List<String> workerEndpoints, String shuffleRoot,
                             String resultsBucket, String region, URI s3Endpoint, List<String> dataPrefixes,
                             Duration syncWait, Duration resultUrlExpiry, long maxResultRows, int maxRequestBytes,
                             int workerMemoryMb, int workerMaxConcurrency, Duration runLease,
                             String master, Map<String, String> extraSettings) {
    public static final int DEFAULT_MAX_REQUEST_BYTES = 256 * 1024;

    public FunctionConfig {
        workerEndpoints = List.copyOf(workerEndpoints);
        dataPrefixes = List.copyOf(dataPrefixes);
        extraSettings = Map.copyOf(extraSettings);
        if (shuffleRoot == null || !shuffleRoot.startsWith("s3://")) {
            throw new IllegalArgumentException("UPDRAFT_SHUFFLE_ROOT must be an s3:// URI, got " + shuffleRoot);
        }
        if (resultsBucket == null || resultsBucket.isBlank()) {
            throw new IllegalArgumentException("UPDRAFT_RESULTS_BUCKET is not set");
        }
    }

    /** From the process environment. */
    public static FunctionConfig fromEnvironment() {
        return from(System.getenv());
    }

    /** From {@code env} (the environment's variables); a bad value names its variable. */
    public static FunctionConfig from(Map<String, String> env) {
        Map<String, String> extra = new LinkedHashMap<>();
        String timeout = env.get("AWS_LAMBDA_FUNCTION_TIMEOUT");
        // A claimed run whose coordinator died is taken over once its lease (the function's timeout + 1 min) is over.
        Duration lease = Duration.ofSeconds(timeout == null ? 960 : Long.parseLong(timeout) + 60);
        return new FunctionConfig(
                env.getOrDefault("UPDRAFT_WORKER_FUNCTION", "updraft-worker"),
                list(env.get("UPDRAFT_WORKER_ENDPOINTS")),
                env.get("UPDRAFT_SHUFFLE_ROOT"),
                env.get("UPDRAFT_RESULTS_BUCKET"),
                env.getOrDefault("AWS_REGION", "us-east-1"),
                Optional.ofNullable(env.get("UPDRAFT_S3_ENDPOINT")).filter(s -> !s.isBlank()).map(URI::create)
                        .orElse(null),
                list(env.get("UPDRAFT_DATA_PREFIXES")),
                Duration.ofMillis(millis(env, "UPDRAFT_SYNC_WAIT_SECONDS", 20)),
                Duration.ofMillis(millis(env, "UPDRAFT_RESULT_URL_EXPIRY_SECONDS", 900)),
                number(env, "UPDRAFT_MAX_RESULT_ROWS", 1_000_000),
                (int) number(env, "UPDRAFT_MAX_REQUEST_BYTES", DEFAULT_MAX_REQUEST_BYTES),
                (int) number(env, "UPDRAFT_WORKER_MEMORY_MB", 3008),
                (int) number(env, "UPDRAFT_WORKER_MAX_CONCURRENCY", 100),
                lease,
                env.getOrDefault("UPDRAFT_MASTER", "lambda"),
                extra);
    }

    /** The lambda session's settings every query starts from (the request's conf goes on top). */
    public Map<String, String> sessionSettings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("updraft.lambda.functionName", workerEndpoints.isEmpty() ? workerFunction : "function");
        if (!workerEndpoints.isEmpty()) {
            s.put("updraft.lambda.endpoints", String.join(",", workerEndpoints));
        }
        s.put("updraft.lambda.region", region);
        s.put("updraft.lambda.maxConcurrency",
                String.valueOf(workerEndpoints.isEmpty() ? workerMaxConcurrency : workerEndpoints.size()));
        s.put("updraft.lambda.memoryMb", String.valueOf(workerMemoryMb));
        s.put("updraft.shuffle.root", shuffleRoot);
        s.put("updraft.s3.region", region);
        if (s3Endpoint != null) {
            s.put("updraft.s3.endpoint", s3Endpoint.toString());
            s.put("updraft.s3.pathStyle", "true");
        }
        s.put("spark.ui.showConsoleProgress", "true");
        s.putAll(extraSettings);
        return s;
    }

    /** The settings of the function's own S3 client (shuffle-s3's {@code S3StoreConfig.fromSettings}). */
    public Map<String, String> s3Settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("updraft.s3.region", region);
        if (s3Endpoint != null) {
            s.put("updraft.s3.endpoint", s3Endpoint.toString());
            s.put("updraft.s3.pathStyle", "true");
        }
        return s;
    }

    public FunctionConfig withSyncWait(Duration wait) {
        return new FunctionConfig(workerFunction, workerEndpoints, shuffleRoot, resultsBucket, region, s3Endpoint,
                dataPrefixes, wait, resultUrlExpiry, maxResultRows, maxRequestBytes, workerMemoryMb,
                workerMaxConcurrency, runLease, master, extraSettings);
    }

    public FunctionConfig withExtraSettings(Map<String, String> settings) {
        return new FunctionConfig(workerFunction, workerEndpoints, shuffleRoot, resultsBucket, region, s3Endpoint,
                dataPrefixes, syncWait, resultUrlExpiry, maxResultRows, maxRequestBytes, workerMemoryMb,
                workerMaxConcurrency, runLease, master, settings);
    }

    private static List<String> list(String value) {
        return value == null || value.isBlank() ? List.of()
                : Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    private static long number(Map<String, String> env, String name, long fallback) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, got '" + v + "'");
        }
    }

    private static long millis(Map<String, String> env, String name, long fallbackSeconds) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            return fallbackSeconds * 1000;
        }
        try {
            return Math.round(Double.parseDouble(v.trim()) * 1000);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a number of seconds, got '" + v + "'");
        }
    }
}
