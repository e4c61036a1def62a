package io.updraft.coordinator.lambda;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.updraft.coordinator.invoke.WorkerInvocationException;
import io.updraft.coordinator.invoke.WorkerInvocationException.Kind;
import io.updraft.core.conf.PayloadReference;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.lambda.model.InvokeResponse;
import software.amazon.awssdk.services.lambda.model.TooManyRequestsException;

/**
 * What a Lambda answer means, as pure functions. A body is told apart by decoding it: a {@link PayloadReference},
 * a {@link TaskResult} (through {@link TaskCodec}), Lambda's own error object
 * {@code {"errorMessage":..,"errorType":..}}, or the emulator's bare "Task timed out after N seconds" text.
 * FunctionError / Unhandled / a Lambda error body → CRASH; 429 → THROTTLED; 5xx → SERVER_ERROR; SDK timeouts
 * and connection failures, and Lambda's "Task timed out after N seconds" (the function's own timeout) →
 * TIMEOUT; other 4xx → REJECTED.
 */
final class LambdaResponses {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FUNCTION_TIMEOUT = "Task timed out after";

    private LambdaResponses() {
    }

    /** An answer: a task result (its JSON and the decoded result), a reference to one, or a failure. */
    sealed interface Answer {
    }

    /** The worker's TaskResult; {@code result} is null when the body is no TaskResult (the scheduler reports it). */
    record Result(String json, TaskResult result) implements Answer {
    }

    /** The worker stored its result as an object. */
    record Reference(PayloadReference reference) implements Answer {
    }

    record Failed(WorkerInvocationException error) implements Answer {
    }

    /** Lambda's error object (a function error, or an answer of the runtime itself). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record LambdaError(String errorType, String errorMessage) {
        String text() {
            String type = errorType == null ? "" : errorType;
            String message = errorMessage == null ? "" : errorMessage;
            return type.isEmpty() ? message : type + ": " + message;
        }
    }

    /**
     * The meaning of a response; {@code function} ("Lambda function updraft-worker") and {@code slot} (its
     * endpoint) are for messages.
     */
    static Answer classify(String function, String slot, InvokeResponse response) {
        String body = response.payload() == null ? "" : response.payload().asUtf8String();
        if (isFunctionTimeout(body)) {
            return new Failed(new WorkerInvocationException(Kind.TIMEOUT, function + " at " + slot + " timed out: "
                    + errorText(body).strip()
                    + " (the function's timeout is shorter than this task: raise the function's Timeout, up to"
                    + " 900 s — AWS_LAMBDA_FUNCTION_TIMEOUT for the emulator — or make tasks smaller with more"
                    + " spark.sql.shuffle.partitions)"));
        }
        if (response.functionError() != null) {
            return new Failed(new WorkerInvocationException(Kind.CRASH, function + " failed ("
                    + response.functionError() + "): " + errorText(body)));
        }
        Integer status = response.statusCode();
        if (status != null && status >= 300) {
            return new Failed(new WorkerInvocationException(status >= 500 ? Kind.SERVER_ERROR : Kind.REJECTED,
                    function + " answered HTTP " + status));
        }
        return body(function, body);
    }

    /** A body that came with HTTP 2xx and no function error. */
    static Answer body(String function, String body) {
        PayloadReference ref;
        try {
            ref = PayloadReference.read(body);
        } catch (IllegalArgumentException e) {
            return new Failed(new WorkerInvocationException(Kind.CRASH, e.getMessage(), e));
        }
        if (ref != null) {
            return new Reference(ref);
        }
        TaskResult result = taskResult(body);
        if (result != null) {
            return new Result(body, result);
        }
        LambdaError error = lambdaError(body);
        if (error != null) {
            return new Failed(new WorkerInvocationException(Kind.CRASH, function + " failed (Unhandled): "
                    + error.text()));
        }
        return new Result(body, null);
    }

    /** The body as a TaskResult, or null when it does not decode as one. */
    static TaskResult taskResult(String body) {
        if (body == null || !body.startsWith("{")) {
            return null;
        }
        try {
            return TaskCodec.decodeResult(body);
        } catch (UpdraftException e) {
            return null;
        }
    }

    /** The body as Lambda's error object (with a type or a message), or null. */
    static LambdaError lambdaError(String body) {
        if (body == null || !body.startsWith("{")) {
            return null;
        }
        try {
            LambdaError e = JSON.readValue(body, LambdaError.class);
            return e == null || (e.errorType() == null && e.errorMessage() == null) ? null : e;
        } catch (Exception e) {
            return null;
        }
    }

    /**
     * Whether this is Lambda's answer when the function ran past its configured timeout: an error object whose
     * message contains "Task timed out after N seconds", or that text alone (the Runtime Interface Emulator). A
     * TaskResult is never that answer, whatever its message.
     */
    static boolean isFunctionTimeout(String body) {
        if (body.length() > 2000 || !body.contains(FUNCTION_TIMEOUT)) {
            return false;
        }
        if (!body.startsWith("{")) {
            return true;
        }
        if (taskResult(body) != null) {
            return false;
        }
        LambdaError error = lambdaError(body);
        return error != null && error.errorMessage() != null && error.errorMessage().contains(FUNCTION_TIMEOUT);
    }

    /** "errorType: errorMessage" of a Lambda error body, else the body's start. */
    static String errorText(String body) {
        LambdaError error = lambdaError(body);
        if (error != null) {
            return error.text();
        }
        return body.length() > 500 ? body.substring(0, 500) + "..." : body;
    }

    /** An invocation that failed without an answer. */
    static WorkerInvocationException classify(String function, Throwable t) {
        return switch (t) {
            case WorkerInvocationException w -> w;
            case TooManyRequestsException e -> new WorkerInvocationException(Kind.THROTTLED, function
                    + " is throttled (429 TooManyRequests): " + e.getMessage(), e);
            case AwsServiceException e when e.statusCode() == 429 -> new WorkerInvocationException(Kind.THROTTLED,
                    function + " is throttled (429): " + e.getMessage(), e);
            case AwsServiceException e when e.statusCode() >= 500 -> new WorkerInvocationException(Kind.SERVER_ERROR,
                    function + " failed with HTTP " + e.statusCode() + ": " + e.getMessage(), e);
            case AwsServiceException e -> new WorkerInvocationException(Kind.REJECTED, function + " refused the"
                    + " invocation (HTTP " + e.statusCode() + "): " + e.getMessage(), e);
            case SdkClientException e -> new WorkerInvocationException(Kind.TIMEOUT, "cannot reach " + function + ": "
                    + e.getMessage(), e);
            case UpdraftException e when e.type() != ErrorType.TRANSIENT -> new WorkerInvocationException(
                    Kind.REJECTED, "cannot store the task spec: " + e.getMessage(), e);
            case UpdraftException e -> new WorkerInvocationException(Kind.SERVER_ERROR, "cannot store the task spec: "
                    + e.getMessage(), e);
            default -> new WorkerInvocationException(Kind.CRASH, function + " failed: " + t, t);
        };
    }
}
