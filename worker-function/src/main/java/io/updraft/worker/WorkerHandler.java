package io.updraft.worker;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import jakarta.inject.Named;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** The Lambda entry point: TaskSpec JSON in, TaskResult JSON out. */
@Named("updraft-worker")
public class WorkerHandler implements RequestStreamHandler {
    /** Start of the line logged after the process's first invocation (localstack-tests' ColdStartTest reads it). */
    static final String FIRST_INVOCATION = "First invocation answered";
    private static final Logger LOG = LoggerFactory.getLogger(WorkerHandler.class);
    private static volatile boolean answered;

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        String spec = new String(input.readAllBytes(), StandardCharsets.UTF_8);
        output.write(WorkerRuntime.get().run(spec).getBytes(StandardCharsets.UTF_8));
        if (!answered) {
            answered = true;
            LOG.info("{}: JVM uptime {} ms, {} classes loaded", FIRST_INVOCATION,
                    ManagementFactory.getRuntimeMXBean().getUptime(),
                    ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount());
        }
    }
}
