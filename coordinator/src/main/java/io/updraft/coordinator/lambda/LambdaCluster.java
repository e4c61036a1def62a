package io.updraft.coordinator.lambda;

import io.updraft.coordinator.CheckpointStores;
import io.updraft.coordinator.Cluster;
import io.updraft.coordinator.ShuffleRoot;
import io.updraft.coordinator.job.BatchDecoder;
import io.updraft.coordinator.job.JobRunner;
import io.updraft.coordinator.job.JobRunnerOptions;
import io.updraft.coordinator.job.SpeculationPolicy;
import io.updraft.coordinator.job.TaskClock;
import io.updraft.coordinator.scan.CachingFooterReader;
import io.updraft.coordinator.scan.EngineParquetFooters;
import io.updraft.coordinator.scan.ParquetFooterReader;
import io.updraft.coordinator.summary.LambdaPrices;
import io.updraft.core.conf.SettingKeys;
import io.updraft.core.error.UpdraftException;
import io.updraft.engine.ArrowRows;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * master("lambda"): tasks run as invocations of the worker function through a {@link LambdaInvoker}
 * ({@link LambdaSettings}); shuffle objects go to {@code updraft.shuffle.root} (required: {@code s3://bucket/prefix},
 * or a local folder when every endpoint is an emulator on this machine). Every task gets the shuffle root, the
 * payload root and limit, and the session's {@code updraft.s3.*} settings, so workers reach the same store.
 * Speculation is on by default. Results are decoded with an allocator of this cluster. Thread-safe.
 */
public final class LambdaCluster implements Cluster {
    private final LambdaSettings settings;
    private final Map<String, String> storeSettings;
    private final ShuffleRoot shuffleRoot;
    private final ShuffleRoot payloadRoot;
    private final LambdaInvoker invoker;
    private final BufferAllocator allocator;
    private final ParquetFooterReader footers;
    private final BatchDecoder decoder;
    private final CheckpointStores checkpoints = new CheckpointStores();

    private LambdaCluster(Map<String, String> sessionSettings) {
        this.settings = LambdaSettings.fromSettings(sessionSettings);
        this.storeSettings = s3Settings(sessionSettings);
        String root = sessionSettings.get(SettingKeys.SHUFFLE_ROOT);
        if (root == null || root.isBlank()) {
            throw UpdraftException.user("master(\"lambda\") needs " + SettingKeys.SHUFFLE_ROOT + " (s3://bucket/prefix) for"
                    + " shuffle objects");
        }
        this.shuffleRoot = ShuffleRoot.of(root.strip(), sessionSettings);
        if (!shuffleRoot.isS3() && settings.endpoints().isEmpty()) {
            shuffleRoot.close();
            throw UpdraftException.user(SettingKeys.SHUFFLE_ROOT + " must be s3://bucket/prefix with master(\"lambda\") on"
                    + " AWS (a local folder only works with emulator endpoints on this machine), was " + root);
        }
        String payload = settings.payloadRoot() == null ? shuffleRoot.uri() : settings.payloadRoot();
        this.payloadRoot = payload.equals(shuffleRoot.uri()) ? null : ShuffleRoot.of(payload, sessionSettings);
        this.invoker = LambdaInvoker.create(settings, TaskClock.system(),
                (payloadRoot == null ? shuffleRoot : payloadRoot).store(), payload, storeSettings,
                shuffleRoot.store());
        this.allocator = new RootAllocator();
        this.footers = new CachingFooterReader(new EngineParquetFooters(sessionSettings));
        this.decoder = (batches, schema) -> ArrowRows.decode(batches, schema, allocator);
    }

    /** Connects to the worker function as {@code settings} say (see {@link LambdaSettings}). */
    public static LambdaCluster start(Map<String, String> settings) {
        Objects.requireNonNull(settings, "settings is null");
        try {
            return new LambdaCluster(settings);
        } catch (IllegalArgumentException e) {
            throw UpdraftException.user(e.getMessage(), e);
        }
    }

    public LambdaSettings settings() {
        return settings;
    }

    public LambdaInvoker invoker() {
        return invoker;
    }

    @Override
    public ShuffleRoot shuffleRoot() {
        return shuffleRoot;
    }

    @Override
    public int parallelism() {
        return invoker.concurrency();
    }

    @Override
    public ParquetFooterReader footers() {
        return footers;
    }

    /** Lambda defaults: speculation on; GB-seconds at {@code updraft.lambda.memoryMb}; then {@code settings}. */
    @Override
    public JobRunnerOptions jobOptions(Map<String, String> sessionSettings) {
        return checkpoints.apply(JobRunnerOptions.defaults(parallelism())
                .withSpeculation(SpeculationPolicy.DISABLED.enable())
                .withCost(LambdaPrices.AWS_US_EAST_1)
                .withSettings(sessionSettings), sessionSettings);
    }

    @Override
    public JobRunner jobRunner(JobRunnerOptions options) {
        Map<String, String> config = new HashMap<>(storeSettings);
        config.putAll(options.taskConfig());
        config.remove(LambdaSettings.ACCESS_KEY);   // the Lambda API's credentials stay with the coordinator
        config.remove(LambdaSettings.SECRET_KEY);
        config.put(SettingKeys.SHUFFLE_ROOT, shuffleRoot.uri());
        config.put(SettingKeys.LAMBDA_PAYLOAD_ROOT, payloadRoot == null ? shuffleRoot.uri() : payloadRoot.uri());
        config.put(SettingKeys.LAMBDA_MAX_PAYLOAD_BYTES, String.valueOf(settings.maxPayloadBytes()));
        return new JobRunner(invoker, footers, decoder, shuffleRoot.store(), options.withTaskConfig(config));
    }

    /** Waits for invocations in flight, closes the clients and stores, then the allocator (throws on leaks). */
    @Override
    public void close() {
        try {
            invoker.close();
            checkpoints.close();
            shuffleRoot.close();
            if (payloadRoot != null) {
                payloadRoot.close();
            }
        } finally {
            allocator.close();
        }
    }

    private static Map<String, String> s3Settings(Map<String, String> settings) {
        Map<String, String> out = new TreeMap<>();
        settings.forEach((k, v) -> {
            if (k.startsWith(SettingKeys.S3_PREFIX)) {
                out.put(k, v);
            }
        });
        return out;
    }
}
