package io.updraft.coordinator.lambda;

import io.updraft.coordinator.Settings;
import io.updraft.core.conf.SettingKeys;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How the coordinator reaches the worker function (session settings, all optional):
 * <ul>
 *   <li>{@value #FUNCTION_NAME}: function name or ARN (default {@value #DEFAULT_FUNCTION_NAME}; with emulator
 *   endpoints {@value #EMULATOR_FUNCTION_NAME}, the only name the Runtime Interface Emulator serves:
 *   {@code POST /2015-03-31/functions/function/invocations});</li>
 *   <li>{@value #ENDPOINTS}: comma-separated invoke endpoints, e.g. a pool of Lambda Runtime Interface
 *   Emulators (one invocation at a time each); absent = AWS's Lambda endpoint for the region;</li>
 *   <li>{@value #REGION}: default {@code updraft.s3.region}, else us-east-1;</li>
 *   <li>{@value #MAX_CONCURRENCY}: invocations in flight (default: the number of endpoints, else 100);</li>
 *   <li>{@value #TIMEOUT_MILLIS}: per-invocation timeout; a task that takes longer fails and is retried (default
 *   900000, Lambda's 15-minute maximum);</li>
 *   <li>{@value SettingKeys#LAMBDA_MAX_PAYLOAD_BYTES}: larger specs and results travel as objects under
 *   {@value SettingKeys#LAMBDA_PAYLOAD_ROOT} (default 6000000, under Lambda's 6 MB synchronous payload limit);</li>
 *   <li>{@value SettingKeys#LAMBDA_PAYLOAD_ROOT}: where such payload objects go (default:
 *   {@code updraft.shuffle.root});</li>
 *   <li>{@value #ACCESS_KEY} / {@value #SECRET_KEY}: static credentials for the Lambda API (default: none for
 *   emulator endpoints, the SDK's default chain for AWS).</li>
 * </ul>
 */
public record LambdaSettings(String functionName, List<URI> endpoints, String region, int maxConcurrency,
                             long timeoutNanos, int maxPayloadBytes, String payloadRoot, String accessKey,
                             String secretKey) {
    public static final String FUNCTION_NAME = "updraft.lambda.functionName";
    public static final String ENDPOINTS = "updraft.lambda.endpoints";
    public static final String REGION = "updraft.lambda.region";
    public static final String MAX_CONCURRENCY = "updraft.lambda.maxConcurrency";
    public static final String TIMEOUT_MILLIS = "updraft.lambda.timeoutMillis";
    public static final String ACCESS_KEY = "updraft.lambda.accessKey";
    public static final String SECRET_KEY = "updraft.lambda.secretKey";
    public static final String DEFAULT_FUNCTION_NAME = "updraft-worker";
    public static final String EMULATOR_FUNCTION_NAME = "function";
    public static final long DEFAULT_TIMEOUT_MILLIS = 900_000;
    public static final int DEFAULT_AWS_CONCURRENCY = 100;

    public LambdaSettings {
        Objects.requireNonNull(functionName, "functionName is null");
        endpoints = List.copyOf(endpoints);
        Objects.requireNonNull(region, "region is null");
        if (maxConcurrency < 1) {
            throw new IllegalArgumentException("maxConcurrency must be >= 1, was " + maxConcurrency);
        }
        if (timeoutNanos <= 0) {
            throw new IllegalArgumentException("timeout must be > 0, was " + timeoutNanos + " ns");
        }
        if (maxPayloadBytes < 1024) {
            throw new IllegalArgumentException("maxPayloadBytes must be >= 1024, was " + maxPayloadBytes);
        }
        if ((accessKey == null) != (secretKey == null)) {
            throw new IllegalArgumentException(ACCESS_KEY + " and " + SECRET_KEY + " go together");
        }
    }

    /** From session settings; a bad value is an {@link IllegalArgumentException} naming the key. */
    public static LambdaSettings fromSettings(Map<String, String> settings) {
        Settings s = new Settings(settings);
        List<URI> endpoints = new ArrayList<>();
        String list = s.string(ENDPOINTS, "");
        for (String part : list.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            URI uri;
            try {
                uri = URI.create(part.strip());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Setting " + ENDPOINTS + " has an invalid URL '" + part.strip()
                        + "'", e);
            }
            if (uri.getScheme() == null || uri.getHost() == null) {
                throw new IllegalArgumentException("Setting " + ENDPOINTS + " needs URLs like http://127.0.0.1:9000,"
                        + " was '" + part.strip() + "'");
            }
            endpoints.add(uri);
        }
        int defaultConcurrency = endpoints.isEmpty() ? DEFAULT_AWS_CONCURRENCY : endpoints.size();
        long timeoutNanos = s.millis(TIMEOUT_MILLIS, DEFAULT_TIMEOUT_MILLIS * 1_000_000);
        if (timeoutNanos == 0) {
            throw new IllegalArgumentException("Setting " + TIMEOUT_MILLIS + " must be > 0");
        }
        String defaultName = endpoints.isEmpty() ? DEFAULT_FUNCTION_NAME : EMULATOR_FUNCTION_NAME;
        return new LambdaSettings(s.string(FUNCTION_NAME, defaultName), endpoints,
                s.string(REGION, s.string(SettingKeys.S3_REGION, "us-east-1")),
                s.integer(MAX_CONCURRENCY, defaultConcurrency, 1), timeoutNanos,
                s.integer(SettingKeys.LAMBDA_MAX_PAYLOAD_BYTES, SettingKeys.DEFAULT_LAMBDA_MAX_PAYLOAD_BYTES, 1024),
                s.string(SettingKeys.LAMBDA_PAYLOAD_ROOT, null),
                s.string(ACCESS_KEY, null), s.string(SECRET_KEY, null));
    }

    /** Invocations in flight: the setting, but never more than one per emulator endpoint. */
    public int concurrency() {
        return endpoints.isEmpty() ? maxConcurrency : Math.min(maxConcurrency, endpoints.size());
    }
}
