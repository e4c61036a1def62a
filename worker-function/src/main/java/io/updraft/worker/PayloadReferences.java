package io.updraft.worker;

import io.updraft.core.conf.PayloadReference;
import io.updraft.core.conf.SettingKeys;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskSpec;
import io.updraft.engine.store.ObjectStores;
import io.updraft.shuffle.store.ObjectStore;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Payloads over Lambda's 6 MB synchronous limit travel as object references (core's {@link PayloadReference}
 * defines the shape). {@link #resolve} turns a reference to a spec into the spec JSON; {@link #offloadIfLarge}
 * stores a result over the task's {@code updraft.lambda.maxPayloadBytes} under {@code updraft.lambda.payloadRoot}
 * and returns a reference instead. The coordinator deletes both objects. A store failure throws: the invocation
 * then fails as a function error, which the coordinator retries.
 */
final class PayloadReferences {
    /** The smallest limit the coordinator accepts: results up to this size never need the spec decoded. */
    private static final int MIN_LIMIT = 1024;

    private PayloadReferences() {
    }

    /** The payload itself, or the object a reference names. */
    static String resolve(String payload) {
        PayloadReference ref = PayloadReference.read(payload);
        if (ref == null) {
            return payload;
        }
        ObjectStore store = ObjectStores.shared().store(ref.root(), ref.settings());
        return new String(store.get(ref.key()).join(), StandardCharsets.UTF_8);
    }

    /** {@code resultJson}, or a reference to it when it is larger than the spec's payload limit allows. */
    static String offloadIfLarge(String specJson, String resultJson) {
        byte[] bytes = resultJson.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= MIN_LIMIT) {
            return resultJson;
        }
        TaskSpec spec = TaskCodec.decodeSpec(specJson);
        long limit = Long.parseLong(spec.config().getOrDefault(SettingKeys.LAMBDA_MAX_PAYLOAD_BYTES,
                String.valueOf(SettingKeys.DEFAULT_LAMBDA_MAX_PAYLOAD_BYTES)));
        String root = spec.config().get(SettingKeys.LAMBDA_PAYLOAD_ROOT);
        if (bytes.length <= limit || root == null) {
            return resultJson;
        }
        String key = "payloads/" + spec.jobId() + "/s" + spec.stageId() + "/t" + spec.taskId() + "-a"
                + spec.attempt() + "-result.json";
        ObjectStores.shared().store(root, spec.config()).put(key, bytes).join();
        return new PayloadReference(root, key, bytes.length, Map.of()).toJson();
    }
}
