package io.updraft.localstack;

import io.updraft.sql.UpdraftSession;

import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A coordinator in its own JVM, for the test that kills one before its commit: it appends {@code input}'s Parquet
 * rows to {@code output} with master("lambda") on the given invoke endpoints and S3 endpoint, printing
 * {@value #WRITING} before the job and {@value #COMMITTED} after it. The test kills the process (SIGKILL) when its
 * commit's first request reaches S3, so the second line never comes.
 * <p>
 * Arguments: invoke endpoints (comma-separated), S3 endpoint, shuffle prefix, input path, output path.
 */
public final class DyingCoordinator {
    static final String WRITING = "WRITING";
    static final String COMMITTED = "COMMITTED";

    private DyingCoordinator() {
    }

    public static void main(String[] args) {
        if (args.length != 5) {
            throw new IllegalArgumentException("expected endpoints, s3 endpoint, shuffle prefix, input, output; got "
                    + Arrays.toString(args));
        }
        List<URI> endpoints = Arrays.stream(args[0].split(",")).map(URI::create).toList();
        UpdraftSession session = LambdaStack.lambdaSessionBuilder(endpoints, URI.create(args[1]), args[2],
                Map.of("updraft.speculation", "false")).create();
        System.out.println(WRITING);
        System.out.flush();
        session.read().parquet(args[3]).write().mode("append").parquet(args[4]);
        System.out.println(COMMITTED);
        System.out.flush();
        session.stop();
    }
}
