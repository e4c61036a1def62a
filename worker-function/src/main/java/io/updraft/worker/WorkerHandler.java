package io.updraft.worker;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import jakarta.inject.Named;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** The Lambda entry point: TaskSpec JSON in, TaskResult JSON out. */
@Named("updraft-worker")
public class WorkerHandler implements RequestStreamHandler {
    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        String spec = new String(input.readAllBytes(), StandardCharsets.UTF_8);
        output.write(WorkerRuntime.get().run(spec).getBytes(StandardCharsets.UTF_8));
    }
}
