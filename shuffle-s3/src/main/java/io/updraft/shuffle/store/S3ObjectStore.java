package io.updraft.shuffle.store;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3AsyncClientBuilder;
import software.amazon.awssdk.services.s3.model.CompletedMultipartUpload;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * An {@link ObjectStore} on S3 through the AWS SDK v2 async client. Objects above the configured
 * threshold are written by multipart upload (parts in parallel; an upload that fails is aborted, so
 * nothing half-written becomes visible). {@link #putIfAbsent} sends {@code If-None-Match: *}.
 * Errors map to types: 404 → {@link ObjectNotFoundException}; 429/503 SlowDown/5xx → TRANSIENT;
 * 403 and other 4xx → USER (naming the object).
 */
public final class S3ObjectStore implements ObjectStore {
    private static final Logger LOG = LoggerFactory.getLogger(S3ObjectStore.class);

    private final S3AsyncClient client;
    private final boolean ownsClient;
    private final S3Location location;
    private final S3StoreConfig config;
    private final RequestCounts counts = new RequestCounts();

    public S3ObjectStore(S3Location location, S3StoreConfig config) {
        this(buildClient(config), true, location, config);
    }

    /** Uses a shared client (one per Lambda container); {@link #close()} leaves it open. */
    public S3ObjectStore(S3AsyncClient client, S3Location location, S3StoreConfig config) {
        this(client, false, location, config);
    }

    private S3ObjectStore(S3AsyncClient client, boolean ownsClient, S3Location location, S3StoreConfig config) {
        this.client = client;
        this.ownsClient = ownsClient;
        this.location = location;
        this.config = config;
    }

    public static S3AsyncClient buildClient(S3StoreConfig config) {
        S3AsyncClientBuilder b = S3AsyncClient.builder().region(Region.of(config.region()))
                .forcePathStyle(config.pathStyle());
        if (config.endpoint() != null) {
            b.endpointOverride(config.endpoint());
        }
        if (config.accessKey() != null) {
            b.credentialsProvider(StaticCredentialsProvider.create(
                    AwsBasicCredentials.create(config.accessKey(), config.secretKey())));
        } else {
            b.credentialsProvider(DefaultCredentialsProvider.builder().build());
        }
        return b.build();
    }

    public S3AsyncClient client() {
        return client;
    }

    @Override
    public CompletableFuture<Void> put(String key, byte[] data) {
        if (data.length > config.multipartThreshold()) {
            return multipartPut(key, data);
        }
        counts.put(data.length);
        return mapErrors(key, client.putObject(r -> r.bucket(location.bucket()).key(location.keyOf(key)),
                AsyncRequestBody.fromBytes(data)).thenApply(r -> null));
    }

    @Override
    public CompletableFuture<Boolean> putIfAbsent(String key, byte[] data) {
        counts.put(data.length);
        return client.putObject(r -> r.bucket(location.bucket()).key(location.keyOf(key)).ifNoneMatch("*"),
                        AsyncRequestBody.fromBytes(data))
                .handle((r, error) -> {
                    if (error == null) {
                        return true;
                    }
                    Throwable cause = unwrap(error);
                    if (cause instanceof S3Exception s3 && (s3.statusCode() == 412 || s3.statusCode() == 409)) {
                        return false;
                    }
                    throw translate(key, cause);
                });
    }

    private CompletableFuture<Void> multipartPut(String key, byte[] data) {
        String objectKey = location.keyOf(key);
        return mapErrors(key, client.createMultipartUpload(r -> r.bucket(location.bucket()).key(objectKey))
                .thenCompose(created -> {
                    String uploadId = created.uploadId();
                    List<CompletableFuture<CompletedPart>> parts = new ArrayList<>();
                    int partNumber = 1;
                    for (long off = 0; off < data.length; off += config.partSize(), partNumber++) {
                        byte[] part = Arrays.copyOfRange(data, (int) off,
                                (int) Math.min(data.length, off + config.partSize()));
                        int n = partNumber;
                        counts.put(part.length);
                        parts.add(client.uploadPart(r -> r.bucket(location.bucket()).key(objectKey)
                                                .uploadId(uploadId).partNumber(n),
                                        AsyncRequestBody.fromBytes(part))
                                .thenApply(resp -> CompletedPart.builder().partNumber(n).eTag(resp.eTag()).build()));
                    }
                    return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new))
                            .thenCompose(v -> client.completeMultipartUpload(r -> r.bucket(location.bucket())
                                    .key(objectKey).uploadId(uploadId)
                                    .multipartUpload(CompletedMultipartUpload.builder()
                                            .parts(parts.stream().map(CompletableFuture::join).toList()).build())))
                            .<Void>thenApply(r -> null)
                            .whenComplete((v, error) -> {
                                if (error != null) {
                                    client.abortMultipartUpload(r -> r.bucket(location.bucket()).key(objectKey)
                                            .uploadId(uploadId)).whenComplete((r, abortError) -> {
                                                if (abortError != null) {
                                                    LOG.warn("Could not abort the failed multipart upload {} of {}: "
                                                            + "its parts stay in the bucket until a lifecycle rule "
                                                            + "removes them ({})", uploadId, describe(key),
                                                            unwrap(abortError).toString());
                                                }
                                            });
                                }
                            });
                }));
    }

    // ---------------------------------------------------------------- multipart uploads left open (output commit)

    /** Starts a multipart upload of {@code key}; completes with its upload id. Nothing is visible until completed. */
    public CompletableFuture<String> createUpload(String key) {
        counts.put(0);
        return mapErrors(key, client.createMultipartUpload(r -> r.bucket(location.bucket()).key(location.keyOf(key)))
                .thenApply(created -> created.uploadId()));
    }

    /** Uploads part {@code partNumber} (from 1; every part but the last at least 5 MiB); completes with its ETag. */
    public CompletableFuture<String> uploadPart(String key, String uploadId, int partNumber, byte[] data) {
        counts.put(data.length);
        return mapErrors(key, client.uploadPart(r -> r.bucket(location.bucket()).key(location.keyOf(key))
                        .uploadId(uploadId).partNumber(partNumber), AsyncRequestBody.fromBytes(data))
                .thenApply(resp -> resp.eTag()));
    }

    /** Completes an upload: the object {@code key} appears with the parts whose ETags are given, in order. */
    public CompletableFuture<Void> completeUpload(String key, String uploadId, List<String> partETags) {
        counts.put(0);
        List<CompletedPart> parts = new ArrayList<>(partETags.size());
        for (int i = 0; i < partETags.size(); i++) {
            parts.add(CompletedPart.builder().partNumber(i + 1).eTag(partETags.get(i)).build());
        }
        return mapErrors(key, client.completeMultipartUpload(r -> r.bucket(location.bucket())
                        .key(location.keyOf(key)).uploadId(uploadId)
                        .multipartUpload(CompletedMultipartUpload.builder().parts(parts).build()))
                .thenApply(r -> null));
    }

    /** Aborts an upload (its parts are deleted); an upload that is already gone succeeds. */
    public CompletableFuture<Void> abortUpload(String key, String uploadId) {
        counts.delete();
        return client.abortMultipartUpload(r -> r.bucket(location.bucket()).key(location.keyOf(key))
                        .uploadId(uploadId))
                .handle((r, error) -> {
                    Throwable cause = error == null ? null : unwrap(error);
                    if (cause == null || cause instanceof S3Exception s3 && s3.statusCode() == 404) {
                        return null;
                    }
                    throw translate(key, cause);
                });
    }

    /** The multipart uploads in progress whose key starts with {@code prefix} (relative keys, as every key here). */
    public CompletableFuture<List<PendingUpload>> listUploads(String prefix) {
        List<PendingUpload> out = new ArrayList<>();
        return mapErrors(prefix, uploadsPage(location.keyOf(prefix), null, null, out)).thenApply(v -> out);
    }

    private CompletableFuture<Void> uploadsPage(String fullPrefix, String keyMarker, String idMarker,
                                                List<PendingUpload> out) {
        counts.list();
        return client.listMultipartUploads(r -> r.bucket(location.bucket()).prefix(fullPrefix).keyMarker(keyMarker)
                        .uploadIdMarker(idMarker))
                .thenCompose(page -> {
                    for (var u : page.uploads()) {
                        out.add(new PendingUpload(u.key().substring(location.prefix().length()), u.uploadId(),
                                u.initiated() == null ? 0L : u.initiated().toEpochMilli()));
                    }
                    if (Boolean.TRUE.equals(page.isTruncated())) {
                        return uploadsPage(fullPrefix, page.nextKeyMarker(), page.nextUploadIdMarker(), out);
                    }
                    return CompletableFuture.completedFuture(null);
                });
    }

    @Override
    public CompletableFuture<byte[]> get(String key) {
        return mapErrors(key, client.getObject(r -> r.bucket(location.bucket()).key(location.keyOf(key)),
                        AsyncResponseTransformer.toBytes())
                .thenApply(bytes -> {
                    byte[] data = bytes.asByteArray();
                    counts.get(data.length);
                    return data;
                }));
    }

    @Override
    public CompletableFuture<byte[]> getRange(String key, long offset, long length) {
        if (length <= 0) {
            return CompletableFuture.completedFuture(new byte[0]);
        }
        String range = "bytes=" + offset + "-" + (offset + length - 1);
        return mapErrors(key, client.getObject(r -> r.bucket(location.bucket()).key(location.keyOf(key)).range(range),
                        AsyncResponseTransformer.toBytes())
                .thenApply(bytes -> {
                    byte[] data = bytes.asByteArray();
                    counts.get(data.length);
                    return data;
                }));
    }

    @Override
    public CompletableFuture<Long> size(String key) {
        counts.head();
        return mapErrors(key, client.headObject(r -> r.bucket(location.bucket()).key(location.keyOf(key)))
                .thenApply(h -> h.contentLength()));
    }

    @Override
    public CompletableFuture<List<ObjectInfo>> list(String prefix) {
        List<ObjectInfo> out = new ArrayList<>();
        return mapErrors(prefix, listPage(location.keyOf(prefix), null, out)).thenApply(v -> out);
    }

    private CompletableFuture<Void> listPage(String fullPrefix, String token, List<ObjectInfo> out) {
        counts.list();
        return client.listObjectsV2(r -> r.bucket(location.bucket()).prefix(fullPrefix).continuationToken(token))
                .thenCompose(page -> {
                    for (S3Object o : page.contents()) {
                        out.add(new ObjectInfo(o.key().substring(location.prefix().length()), o.size(), o.eTag(),
                                o.lastModified() == null ? 0L : o.lastModified().toEpochMilli()));
                    }
                    if (Boolean.TRUE.equals(page.isTruncated())) {
                        return listPage(fullPrefix, page.nextContinuationToken(), out);
                    }
                    return CompletableFuture.completedFuture(null);
                });
    }

    @Override
    public CompletableFuture<Void> delete(String key) {
        counts.delete();
        return mapErrors(key, client.deleteObject(r -> r.bucket(location.bucket()).key(location.keyOf(key)))
                .thenApply(r -> null));
    }

    @Override
    public RequestCounts requestCounts() {
        return counts;
    }

    @Override
    public String describe(String key) {
        return "s3://" + location.bucket() + "/" + location.keyOf(key);
    }

    @Override
    public void close() {
        if (ownsClient) {
            client.close();
        }
    }

    private <T> CompletableFuture<T> mapErrors(String key, CompletableFuture<T> future) {
        return future.handle((value, error) -> {
            if (error != null) {
                throw translate(key, unwrap(error));
            }
            return value;
        });
    }

    private RuntimeException translate(String key, Throwable cause) {
        String where = describe(key);
        if (cause instanceof NoSuchKeyException
                || cause instanceof S3Exception s3 && s3.statusCode() == 404) {
            return new ObjectNotFoundException(where);
        }
        if (cause instanceof S3Exception s3) {
            int status = s3.statusCode();
            ErrorType type = status == 429 || status >= 500 ? ErrorType.TRANSIENT : ErrorType.USER;
            String code = s3.awsErrorDetails() == null ? "" : s3.awsErrorDetails().errorCode() + ": ";
            return new UpdraftException(type, "S3 request for " + where + " failed (HTTP " + status + "): " + code
                    + s3.getMessage(), s3);
        }
        if (cause instanceof UpdraftException u) {
            return u;
        }
        return new UpdraftException(ErrorType.TRANSIENT, "S3 request for " + where + " failed: " + cause, cause);
    }

    private static Throwable unwrap(Throwable t) {
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
