package io.updraft.coordinator.lambda;

import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.SdkEventLoopGroup;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.lambda.LambdaAsyncClient;
import software.amazon.awssdk.services.lambda.LambdaAsyncClientBuilder;
import software.amazon.awssdk.services.lambda.model.InvokeRequest;
import software.amazon.awssdk.services.lambda.model.InvokeResponse;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * One way to send Invoke requests: an SDK client for one endpoint (or AWS's). Tests pass fakes that answer with
 * {@link InvokeResponse}s or fail with SDK exceptions. Implementations are thread-safe.
 */
public interface LambdaTransport extends AutoCloseable {

    CompletableFuture<InvokeResponse> invoke(InvokeRequest request);

    @Override
    default void close() {
    }

    /**
     * An SDK v2 async client on Netty: {@code endpoint} null = AWS for the region. The SDK does not retry (the
     * scheduler classifies and retries); its own call timeout is a backstop {@code sdkTimeout} after which a
     * stuck call gives its slot back.
     */
    static LambdaTransport sdk(LambdaSettings settings, URI endpoint, int maxConnections, Duration sdkTimeout,
                               SdkEventLoopGroup eventLoops) {
        SdkAsyncHttpClient http = NettyNioAsyncHttpClient.builder()
                .eventLoopGroup(eventLoops)
                .maxConcurrency(Math.max(2, maxConnections))
                .connectionTimeout(Duration.ofSeconds(10))
                .readTimeout(sdkTimeout)
                .writeTimeout(Duration.ofSeconds(60))
                .build();
        LambdaAsyncClientBuilder b = LambdaAsyncClient.builder()
                .region(Region.of(settings.region()))
                .httpClient(http)
                .credentialsProvider(credentials(settings, endpoint))
                .overrideConfiguration(o -> o.apiCallTimeout(sdkTimeout)
                        .retryStrategy(AwsRetryStrategy.doNotRetry()));
        if (endpoint != null) {
            b.endpointOverride(endpoint);
        }
        LambdaAsyncClient client = b.build();
        return new LambdaTransport() {
            @Override
            public CompletableFuture<InvokeResponse> invoke(InvokeRequest request) {
                return client.invoke(request);
            }

            @Override
            public void close() {
                client.close();
                http.close();
            }
        };
    }

    private static AwsCredentialsProvider credentials(LambdaSettings settings, URI endpoint) {
        if (settings.accessKey() != null) {
            return StaticCredentialsProvider.create(AwsBasicCredentials.create(settings.accessKey(),
                    settings.secretKey()));
        }
        return endpoint != null ? AnonymousCredentialsProvider.create() : DefaultCredentialsProvider.builder().build();
    }
}
