package io.updraft.function.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.function.FunctionConfig;
import io.updraft.function.run.QueryRunner;
import io.updraft.function.run.QuerySession;
import io.updraft.function.run.ResultEncoding;
import io.updraft.function.state.ConditionalStore;
import io.updraft.function.state.Json;
import io.updraft.function.state.QueryState;
import io.updraft.function.state.QueryStates;
import io.updraft.function.state.QueryStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The three routes. {@code POST /queries} validates the request (JSON, fields, tables, conf, limit; the SQL parsed
 * and analyzed against the tables), stores the QUEUED state, writes the run request that starts the run in another
 * invocation, and waits up to the sync wait for the state to become final: the rows (200), else 202 with the id.
 * {@code GET /queries/{id}} answers the state, the progress per stage, the job summary with its cost and, when
 * done, a presigned URL of the result object (and the rows themselves when small). {@code DELETE /queries/{id}}
 * cancels. Every error is a JSON answer with Spark's error class; nothing answers with a stack trace.
 */
public final class QueryApi {
    private static final Logger LOG = LoggerFactory.getLogger(QueryApi.class);
    private static final Pattern QUERY_ID = Pattern.compile("q-[0-9a-f]{32}");
    /** Results up to this size are answered inline as well as by URL (API Gateway answers at most 6 MB). */
    static final int INLINE_RESULT_BYTES = 1024 * 1024;

    private final FunctionConfig config;
    private final ConditionalStore store;
    private final QueryStates states;
    private final RequestParser parser;
    private final Clock clock;
    private final Duration pollInterval;

    public QueryApi(FunctionConfig config, ConditionalStore store, Clock clock, Duration pollInterval) {
        this.config = config;
        this.store = store;
        this.states = new QueryStates(store);
        this.parser = new RequestParser(config);
        this.clock = clock;
        this.pollInterval = pollInterval;
    }

    public HttpAnswer handle(HttpEvent event) {
        try {
            return route(event);
        } catch (ApiError e) {
            return HttpAnswer.error(e);
        } catch (UpdraftException e) {
            if (e.type() == ErrorType.USER) {
                return HttpAnswer.error(ApiError.of(e));
            }
            LOG.error("{} {} failed (request {})", event.method(), event.path(), event.requestId(), e);
            return HttpAnswer.error(ApiError.internal("The coordinator failed: " + e.getMessage()));
        } catch (RuntimeException e) {
            LOG.error("{} {} failed (request {})", event.method(), event.path(), event.requestId(), e);
            return HttpAnswer.error(ApiError.internal("The coordinator failed (request " + event.requestId()
                    + "); see its log."));
        }
    }

    private HttpAnswer route(HttpEvent event) {
        String path = event.path().replaceAll("/+$", "");
        if (event.method().equals("POST") && path.equals("/queries")) {
            return submit(event);
        }
        if (path.startsWith("/queries/") && event.id() != null) {
            if (!QUERY_ID.matcher(event.id()).matches()) {
                throw ApiError.notFound(event.id());
            }
            if (event.method().equals("GET")) {
                return status(states.read(event.id()).orElseThrow(() -> ApiError.notFound(event.id())));
            }
            if (event.method().equals("DELETE")) {
                return cancel(event.id());
            }
        }
        throw ApiError.noRoute(event.method(), event.path());
    }

    private HttpAnswer submit(HttpEvent event) {
        QueryRequest request = parser.parse(event.body());
        try (QuerySession session = QuerySession.of(config, request)) {
            session.query(request.sql(), request.limit()).schema();   // parse and analysis errors answer now
        }
        String id = "q-" + UUID.randomUUID().toString().replace("-", "");
        QueryState queued = QueryState.queued(id, request, clock.instant().toString());
        if (!states.create(queued)) {
            throw ApiError.internal("query id " + id + " exists already");
        }
        store.put(QueryRunner.queueKey(id), Json.bytes(java.util.Map.of("queryId", id)), "application/json");
        LOG.info("Query {} queued by {}", id, event.caller());
        Duration wait = request.waitSeconds() == null ? config.syncWait()
                : Duration.ofMillis(Math.min(config.syncWait().toMillis(),
                        Math.round(request.waitSeconds() * 1000)));
        long deadline = System.nanoTime() + wait.toNanos();
        QueryState state = queued;
        while (!state.state().isFinal() && System.nanoTime() < deadline) {
            sleep(Math.min(pollInterval.toNanos(), Math.max(0, deadline - System.nanoTime())));
            state = states.read(id).orElse(state);
        }
        if (!state.state().isFinal()) {
            return HttpAnswer.json(202, envelope(state)).withHeader("location", "/queries/" + id);
        }
        if (state.state() == QueryStatus.SUCCEEDED && "csv".equals(request.format())) {
            Optional<byte[]> csv = inlineResult(state);
            if (csv.isPresent()) {
                return new HttpAnswer(200, java.util.Map.of("content-type", "text/csv", "x-updraft-query-id", id),
                        new String(csv.get(), StandardCharsets.UTF_8));
            }
        }
        return finished(state);
    }

    private HttpAnswer status(QueryState state) {
        return state.state().isFinal() ? finished(state) : HttpAnswer.json(200, envelope(state));
    }

    /** A final state: 200, except a failed query answers the status its error calls for. */
    private HttpAnswer finished(QueryState state) {
        ObjectNode body = envelope(state);
        if (state.state() == QueryStatus.SUCCEEDED) {
            body.put("resultUrl", store.presignedGet(state.resultKey(), config.resultUrlExpiry()));
            body.put("resultUrlExpiresAt", clock.instant().plus(config.resultUrlExpiry()).toString());
            if (!"csv".equals(state.request().format())) {
                inlineResult(state).ifPresent(bytes -> body.set("rows", readTree(ResultEncoding.jsonArray(bytes))));
            }
        }
        int status = 200;
        if (state.state() == QueryStatus.FAILED && state.error() != null) {
            status = "INTERNAL_ERROR".equals(state.error().errorClass()) ? 500 : 400;
        }
        return HttpAnswer.json(status, body);
    }

    private HttpAnswer cancel(String id) {
        boolean[] cancelledNow = {false};
        QueryState state = states.update(id, s -> {
            cancelledNow[0] = !s.state().isFinal();
            return s.state().isFinal() ? s : s.withState(QueryStatus.CANCELLED, clock.instant().toString());
        }).orElseThrow(() -> ApiError.notFound(id));
        // 202: cancelled by this request; 409: the query had already ended (its state says how).
        return HttpAnswer.json(cancelledNow[0] ? 202 : 409, envelope(state));
    }

    private Optional<byte[]> inlineResult(QueryState state) {
        return store.get(state.resultKey()).map(ConditionalStore.Versioned::bytes)
                .filter(b -> b.length <= INLINE_RESULT_BYTES);
    }

    private static ObjectNode envelope(QueryState state) {
        ObjectNode body = Json.MAPPER.createObjectNode();
        body.put("queryId", state.queryId());
        body.put("state", state.state().name());
        body.put("submittedAt", state.submittedAt());
        body.put("updatedAt", state.updatedAt());
        body.set("progress", Json.MAPPER.valueToTree(state.progress()));
        if (state.columns() != null) {
            body.set("columns", Json.MAPPER.valueToTree(state.columns()));
            body.put("rowCount", state.rowCount());
        }
        if (state.error() != null) {
            body.set("error", Json.MAPPER.valueToTree(state.error()));
        }
        return body;
    }

    private static com.fasterxml.jackson.databind.JsonNode readTree(String json) {
        try {
            return Json.MAPPER.readTree(json);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("result rows do not decode", e);
        }
    }

    private static void sleep(long nanos) {
        try {
            Thread.sleep(Duration.ofNanos(nanos));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the query", e);
        }
    }
}
