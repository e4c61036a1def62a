package io.updraft.function;

import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Plays S3's part of the deployment in tests: the results bucket's notification of new run requests
 * ({@code queue/*.json}) to the coordinator. It lists the prefix every 100 ms and hands each new key, as an S3
 * ObjectCreated event ({@link Events#objectCreated}), to {@code deliver} on its own thread — as S3 invokes the
 * function asynchronously. Keys already there when the relay starts are not delivered.
 */
public final class NotificationRelay implements AutoCloseable {
    private final S3AsyncClient s3;
    private final String bucket;
    private final Consumer<String> deliver;
    private final Set<String> seen = ConcurrentHashMap.newKeySet();
    private final Thread thread;
    private volatile boolean running = true;

    public NotificationRelay(S3AsyncClient s3, String bucket, Consumer<String> deliver) {
        this.s3 = s3;
        this.bucket = bucket;
        this.deliver = deliver;
        // Only run requests written from now on: earlier tests' requests were delivered by their own relay.
        s3.listObjectsV2(b -> b.bucket(bucket).prefix("queue/")).join().contents().forEach(o -> seen.add(o.key()));
        this.thread = new Thread(this::loop, "s3-notification-relay");
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        while (running) {
            try {
                for (S3Object o : s3.listObjectsV2(b -> b.bucket(bucket).prefix("queue/")).join().contents()) {
                    if (seen.add(o.key())) {
                        String event = Events.objectCreated(bucket, o.key());
                        Thread t = new Thread(() -> deliver.accept(event), "s3-notification-" + o.key());
                        t.setDaemon(true);
                        t.start();
                    }
                }
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (running) {
                    System.err.println("relay: " + e);
                }
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join(2000);
    }
}
