package io.updraft.function.state;

import io.updraft.shuffle.store.S3ObjectStore;
import io.updraft.shuffle.store.S3StoreConfig;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;

/**
 * The objects of one bucket as state: reads with their ETag, creates that succeed only when the key is absent
 * ({@code If-None-Match: *}) and replaces that succeed only when the object is still the version read
 * ({@code If-Match}). So coordinator instances that share the bucket never overwrite each other's changes.
 * Also plain puts (results) and presigned GET URLs. Thread-safe.
 */
public final class ConditionalStore implements AutoCloseable {
    /** An object's bytes and the ETag they were read at. */
    public record Versioned(byte[] bytes, String etag) {
    }

    private final S3AsyncClient s3;
    private final S3Presigner presigner;
    private final String bucket;

    public ConditionalStore(Map<String, String> s3Settings, String bucket) {
        S3StoreConfig config = S3StoreConfig.fromSettings(s3Settings);
        this.s3 = S3ObjectStore.buildClient(config);
        S3Presigner.Builder p = S3Presigner.builder().region(Region.of(config.region()))
                .credentialsProvider(DefaultCredentialsProvider.builder().build())
                .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(config.pathStyle()).build());
        URI endpoint = config.endpoint();
        if (endpoint != null) {
            p.endpointOverride(endpoint);
        }
        this.presigner = p.build();
        this.bucket = bucket;
    }

    public String bucket() {
        return bucket;
    }

    public Optional<Versioned> get(String key) {
        try {
            var response = s3.getObject(b -> b.bucket(bucket).key(key), AsyncResponseTransformer.toBytes()).join();
            return Optional.of(new Versioned(response.asByteArray(), response.response().eTag()));
        } catch (CompletionException e) {
            if (e.getCause() instanceof NoSuchKeyException
                    || e.getCause() instanceof S3Exception s && s.statusCode() == 404) {
                return Optional.empty();
            }
            throw unwrap(e);
        }
    }

    /** Writes {@code key} only if it does not exist; false when another writer created it first. */
    public boolean create(String key, byte[] bytes) {
        return conditionalPut(PutObjectRequest.builder().bucket(bucket).key(key).ifNoneMatch("*")
                .contentType("application/json").build(), bytes);
    }

    /** Replaces {@code key} only if it is still at {@code etag}; false when it changed since it was read. */
    public boolean replace(String key, byte[] bytes, String etag) {
        return conditionalPut(PutObjectRequest.builder().bucket(bucket).key(key).ifMatch(etag)
                .contentType("application/json").build(), bytes);
    }

    public void put(String key, byte[] bytes, String contentType) {
        try {
            s3.putObject(b -> b.bucket(bucket).key(key).contentType(contentType), AsyncRequestBody.fromBytes(bytes))
                    .join();
        } catch (CompletionException e) {
            throw unwrap(e);
        }
    }

    public void delete(String key) {
        try {
            s3.deleteObject(b -> b.bucket(bucket).key(key)).join();
        } catch (CompletionException e) {
            throw unwrap(e);
        }
    }

    /** A GET URL of {@code key} valid for {@code expiry}, signed with the function's own credentials. */
    public String presignedGet(String key, Duration expiry) {
        return presigner.presignGetObject(b -> b.signatureDuration(expiry)
                .getObjectRequest(g -> g.bucket(bucket).key(key))).url().toString();
    }

    private boolean conditionalPut(PutObjectRequest request, byte[] bytes) {
        try {
            s3.putObject(request, AsyncRequestBody.fromBytes(bytes)).join();
            return true;
        } catch (CompletionException e) {
            // 412 Precondition Failed; 409 ConditionalRequestConflict when a concurrent conditional write won.
            if (e.getCause() instanceof S3Exception s && (s.statusCode() == 412 || s.statusCode() == 409)) {
                return false;
            }
            throw unwrap(e);
        }
    }

    private static RuntimeException unwrap(CompletionException e) {
        return e.getCause() instanceof RuntimeException r ? r : e;
    }

    @Override
    public void close() {
        presigner.close();
        s3.close();
    }
}
