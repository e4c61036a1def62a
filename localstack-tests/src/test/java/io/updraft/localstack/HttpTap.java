package io.updraft.localstack;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small HTTP/1.1 proxy on a loopback port in front of one upstream (an emulator's invoke endpoint or
 * LocalStack): every request is recorded and handed to a {@link Handler}, which lets it through (optionally
 * held until a future the test completes — so a delay targets exactly one request and ends on an event, not
 * a clock — optionally running a side effect while it is in flight) or answers it itself (e.g. 429).
 * <p>
 * It works on the byte stream: each request goes upstream on its own connection with {@code Connection:
 * close}, and the upstream's answer is copied back byte for byte until the upstream closes; so an upstream
 * that dies mid-request drops the client's connection too, exactly as if the client had been connected to
 * it directly. With {@code readBodies} the request body (Content-Length) is read before the handler sees it;
 * without, it is streamed (S3 PUTs with {@code Expect: 100-continue} keep working).
 */
final class HttpTap implements AutoCloseable {

    /** One request as the tap saw it; {@code body} is null when bodies are not read. */
    record Request(int seq, String method, String target, Map<String, String> headers, byte[] body,
                   long receivedNanos) {
        String bodyText() {
            return body == null ? "" : new String(body, StandardCharsets.UTF_8);
        }
    }

    /** What happened to a request: the status the client got (-1: its connection was dropped), when. */
    record Exchange(Request request, int status, String responseBody, boolean answeredByTap, long endNanos) {
    }

    /** What to do with a request. */
    sealed interface Reply permits Forward, Respond {
    }

    /**
     * Send it upstream once {@code release} completes (at once when it already has); run {@code whileInFlight}
     * once it has been sent. A {@code release} completed exceptionally drops the client's connection instead:
     * the request never reaches the upstream (recorded with status -1, answered by the tap).
     */
    record Forward(CompletableFuture<?> release, Runnable whileInFlight) implements Reply {
    }

    /** Answer it from the tap. */
    record Respond(int status, String reason, Map<String, String> headers, String body) implements Reply {
    }

    /** How long a held request may wait for its release before the tap reports an error and drops it. */
    static final long HOLD_LIMIT_SECONDS = 120;

    static Reply forward() {
        return new Forward(CompletableFuture.completedFuture(null), null);
    }

    /** Held until {@code release} completes (see {@link Forward}). */
    static Reply holdUntil(CompletableFuture<?> release) {
        return new Forward(release, null);
    }

    @FunctionalInterface
    interface Handler {
        Reply handle(Request request) throws Exception;
    }

    private final String name;
    private final InetSocketAddress upstream;
    private final boolean readBodies;
    private final boolean captureResponses;
    private volatile Handler handler = r -> forward();
    private final ServerSocket server;
    private final AtomicInteger seq = new AtomicInteger();
    private final List<Exchange> exchanges = new CopyOnWriteArrayList<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final List<Throwable> errors = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    /**
     * @param upstream         e.g. http://127.0.0.1:9001
     * @param readBodies       read each request body before the handler (Lambda invocations)
     * @param captureResponses keep each response body (up to 1 MiB) in the recorded exchange
     */
    HttpTap(String name, URI upstream, boolean readBodies, boolean captureResponses) throws IOException {
        this.name = name;
        this.upstream = new InetSocketAddress(upstream.getHost(), upstream.getPort());
        this.readBodies = readBodies;
        this.captureResponses = captureResponses;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress("127.0.0.1", 0), 64);
        acceptor = Thread.ofPlatform().daemon().name("tap-" + name).start(this::acceptLoop);
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    void handler(Handler h) {
        this.handler = h;
    }

    List<Exchange> exchanges() {
        return List.copyOf(exchanges);
    }

    private void record(Exchange e) {
        synchronized (exchanges) {
            exchanges.add(e);
            exchanges.notifyAll();
        }
    }

    /**
     * Waits until at least {@code n} recorded exchanges match {@code which} (woken by each new exchange, no
     * polling); false if that has not happened within {@code timeoutMillis}.
     */
    boolean awaitExchanges(java.util.function.Predicate<Exchange> which, long n, long timeoutMillis)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        synchronized (exchanges) {
            while (exchanges.stream().filter(which).count() < n) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return false;
                }
                exchanges.wait(left);
            }
            return true;
        }
    }

    /** Every request received so far, as it arrived (before it is answered: held ones included). */
    List<Request> requests() {
        return List.copyOf(requests);
    }

    void clear() {
        exchanges.clear();
        requests.clear();
    }

    /** Failures inside the tap itself (not the upstream's): a test should assert there are none. */
    List<Throwable> errors() {
        return List.copyOf(errors);
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Thread.ofVirtual().name("tap-" + name + "-conn").start(() -> serve(client));
            } catch (IOException e) {
                if (!server.isClosed()) {
                    errors.add(e);
                }
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            InputStream in = new BufferedInputStream(client.getInputStream());
            List<String> head = readHead(in);
            if (head == null) {
                return;
            }
            String[] requestLine = head.getFirst().split(" ", 3);
            Map<String, String> headers = new java.util.LinkedHashMap<>();
            for (String line : head.subList(1, head.size())) {
                int colon = line.indexOf(':');
                headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
            }
            byte[] body = null;
            if (readBodies) {
                if (headers.containsKey("transfer-encoding")) {
                    throw new IOException("chunked request bodies are not supported by the tap");
                }
                int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
                body = in.readNBytes(length);
                if (body.length != length) {
                    return;   // the client went away
                }
            }
            Request request = new Request(seq.incrementAndGet(), requestLine[0], requestLine[1], headers, body,
                    System.nanoTime());
            requests.add(request);
            Reply reply;
            try {
                reply = handler.handle(request);
            } catch (Exception e) {
                errors.add(e);
                reply = new Respond(500, "Tap Handler Failed", Map.of(), e.toString());
            }
            switch (reply) {
                case Respond r -> respond(client, request, r);
                case Forward f -> forward(client, in, head, request, f);
            }
        } catch (IOException e) {
            // the client closed its connection: nothing to do
        } catch (RuntimeException | InterruptedException e) {
            errors.add(e);
        }
    }

    private void respond(Socket client, Request request, Respond r) throws IOException {
        byte[] body = r.body().getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(r.status()).append(' ').append(r.reason())
                .append("\r\n");
        r.headers().forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        head.append("Content-Length: ").append(body.length).append("\r\nConnection: close\r\n\r\n");
        OutputStream out = client.getOutputStream();
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
        record(new Exchange(request, r.status(), r.body(), true, System.nanoTime()));
    }

    private void forward(Socket client, InputStream clientIn, List<String> head, Request request, Forward f)
            throws IOException, InterruptedException {
        try {
            f.release().get(HOLD_LIMIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            record(new Exchange(request, -1, "dropped by the tap", true, System.nanoTime()));
            return;
        } catch (TimeoutException e) {
            errors.add(new IllegalStateException("request " + request.seq() + " held for over "
                    + HOLD_LIMIT_SECONDS + " s and never released"));
            record(new Exchange(request, -1, "held too long", true, System.nanoTime()));
            return;
        }
        Socket up = new Socket();
        try (up) {
            try {
                up.connect(upstream, 2000);
            } catch (IOException e) {
                record(new Exchange(request, -1, "upstream unreachable: " + e.getMessage(), false,
                        System.nanoTime()));
                return;   // closing the client's connection, as a dead endpoint would
            }
            OutputStream upOut = up.getOutputStream();
            StringBuilder h = new StringBuilder(head.getFirst()).append("\r\n");
            for (String line : head.subList(1, head.size())) {
                String lower = line.toLowerCase(Locale.ROOT);
                if (!lower.startsWith("connection:") && !lower.startsWith("keep-alive:")) {
                    h.append(line).append("\r\n");
                }
            }
            h.append("Connection: close\r\n\r\n");
            upOut.write(h.toString().getBytes(StandardCharsets.ISO_8859_1));
            if (request.body() != null) {
                upOut.write(request.body());
            } else {
                Thread.ofVirtual().start(() -> {
                    try {
                        clientIn.transferTo(upOut);
                    } catch (IOException e) {
                        // either side closed: the response copy below ends the exchange
                    }
                });
            }
            upOut.flush();
            if (f.whileInFlight() != null) {
                Thread.ofVirtual().start(() -> {
                    try {
                        f.whileInFlight().run();
                    } catch (RuntimeException e) {
                        errors.add(e);
                    }
                });
            }
            ByteArrayOutputStream captured = new ByteArrayOutputStream();
            InputStream upIn = up.getInputStream();
            OutputStream clientOut = client.getOutputStream();
            byte[] buffer = new byte[16 * 1024];
            int n;
            long total = 0;
            try {
                while ((n = upIn.read(buffer)) > 0) {
                    clientOut.write(buffer, 0, n);
                    if (total < 512 || captureResponses && captured.size() < (1 << 20)) {
                        captured.write(buffer, 0, n);
                    }
                    total += n;
                }
                clientOut.flush();
            } catch (IOException e) {
                // upstream reset: the client's connection is dropped below
            }
            byte[] bytes = captured.toByteArray();
            int status = statusOf(bytes);
            String responseBody = "";
            if (captureResponses) {
                String text = new String(bytes, StandardCharsets.UTF_8);
                int split = text.indexOf("\r\n\r\n");
                responseBody = split < 0 ? "" : text.substring(split + 4);
            }
            record(new Exchange(request, status, responseBody, false, System.nanoTime()));
        }
    }

    /** The final status code of a captured response (1xx skipped), or -1 if the upstream closed before one. */
    private static int statusOf(byte[] response) {
        String text = new String(response, 0, Math.min(response.length, 512), StandardCharsets.ISO_8859_1);
        while (text.startsWith("HTTP/1.") && text.length() >= 12) {
            int status = Integer.parseInt(text.substring(9, 12));
            int end = text.indexOf("\r\n\r\n");
            if (status >= 200 || end < 0) {
                return status;
            }
            text = text.substring(end + 4);
        }
        return -1;
    }

    /** The request line and header lines, or null at end of stream. */
    private static List<String> readHead(InputStream in) throws IOException {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                int len = line.length();
                if (len > 0 && line.charAt(len - 1) == '\r') {
                    line.setLength(len - 1);
                }
                if (line.isEmpty()) {
                    return lines.isEmpty() ? null : lines;
                }
                lines.add(line.toString());
                line.setLength(0);
            } else {
                line.append((char) c);
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        server.close();
        try {
            acceptor.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
