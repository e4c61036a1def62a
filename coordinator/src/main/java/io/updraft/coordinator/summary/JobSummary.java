package io.updraft.coordinator.summary;

import io.updraft.coordinator.scan.FooterCache;
import io.updraft.coordinator.scan.PlanningRequests;

import java.util.Locale;

/**
 * What a job did and roughly cost. Work: stages, tasks, worker invocations (every attempt, retries and
 * speculative duplicates included), retries, speculative attempts, producer re-runs after lost shuffle output.
 * Data (committed attempts only): input bytes read, shuffle bytes written and read, inline result bytes.
 * Requests: object-store PUTs and GETs by workers (every attempt; a map attempt's shuffle object is its one
 * PUT, its other requests are reads) and by the coordinator (payload objects, deletes are free and not
 * counted). Planning: the coordinator's requests while planning the job — LISTs of the input and HEAD + GET of
 * input footers not in the {@link FooterCache} — shown apart ("planning: 1 LIST, 8 HEAD, 8 GET") and not in the
 * PUT/GET totals above, but in the cost. Cost: Lambda GB-seconds (invocation time × configured memory) and the estimate in dollars from
 * {@link LambdaPrices}: Lambda duration + requests + S3 requests (LIST counted as PUT, HEAD as GET). In local mode
 * these are what the same job would cost on Lambda.
 */
public record JobSummary(int stages, int tasks, long invocations, long retries, long speculativeAttempts,
                         long lostOutputReruns, long inputBytesRead, long shuffleBytesWritten, long shuffleBytesRead,
                         long resultBytes, long workerPuts, long workerGets, long coordinatorPuts,
                         long coordinatorGets, double lambdaGbSeconds, double lambdaDurationDollars,
                         double lambdaRequestDollars, double s3RequestDollars, PlanningRequests planning) {

    public JobSummary {
        planning = planning == null ? PlanningRequests.NONE : planning;
    }

    /** A summary without planning requests. */
    public JobSummary(int stages, int tasks, long invocations, long retries, long speculativeAttempts,
                      long lostOutputReruns, long inputBytesRead, long shuffleBytesWritten, long shuffleBytesRead,
                      long resultBytes, long workerPuts, long workerGets, long coordinatorPuts,
                      long coordinatorGets, double lambdaGbSeconds, double lambdaDurationDollars,
                      double lambdaRequestDollars, double s3RequestDollars) {
        this(stages, tasks, invocations, retries, speculativeAttempts, lostOutputReruns, inputBytesRead,
                shuffleBytesWritten, shuffleBytesRead, resultBytes, workerPuts, workerGets, coordinatorPuts,
                coordinatorGets, lambdaGbSeconds, lambdaDurationDollars, lambdaRequestDollars, s3RequestDollars,
                PlanningRequests.NONE);
    }

    public long s3Puts() {
        return workerPuts + coordinatorPuts;
    }

    public long s3Gets() {
        return workerGets + coordinatorGets;
    }

    public double estimatedDollars() {
        return lambdaDurationDollars + lambdaRequestDollars + s3RequestDollars;
    }

    /** One line for the progress stream, e.g. "[Job job-1-ab12cd34] 2 stages, 8 tasks, 9 invocations (...)...". */
    public String line(String jobId) {
        return String.format(Locale.ROOT, "[Job %s] %d stages, %d tasks, %d invocations (%d retries, %d speculative"
                        + ", %d lost-output re-runs); read %s, shuffle %s written / %s read, results %s; "
                        + "S3 %d PUT / %d GET (planning: %s); Lambda %.3f GB-s; est. $%.6f",
                jobId, stages, tasks, invocations, retries, speculativeAttempts, lostOutputReruns, bytes(inputBytesRead),
                bytes(shuffleBytesWritten), bytes(shuffleBytesRead), bytes(resultBytes), s3Puts(), s3Gets(),
                planning.describe(), lambdaGbSeconds, estimatedDollars());
    }

    static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        if (n < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KiB", n / 1024.0);
        }
        if (n < 1024L * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f MiB", n / (1024.0 * 1024));
        }
        return String.format(Locale.ROOT, "%.2f GiB", n / (1024.0 * 1024 * 1024));
    }
}
