package io.updraft.function;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import jakarta.inject.Named;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/** The Lambda entry point of the coordinator: API Gateway, S3 run-request and Scheduler events in, answers out. */
@Named("updraft-coordinator")
public class CoordinatorHandler implements RequestStreamHandler {
    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        String event = new String(input.readAllBytes(), StandardCharsets.UTF_8);
        Instant deadline = context == null ? null : Instant.now().plusMillis(context.getRemainingTimeInMillis());
        output.write(CoordinatorRuntime.get().handle(event, deadline).getBytes(StandardCharsets.UTF_8));
    }
}
