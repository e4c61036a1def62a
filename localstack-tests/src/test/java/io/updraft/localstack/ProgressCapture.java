package io.updraft.localstack;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Collects a session's progress output (stage lines and the job summary line, see the coordinator README's
 * "Job summary and progress") and parses the job summary lines: the counts the tests assert on.
 */
final class ProgressCapture {
    private static final Pattern JOB = Pattern.compile("\\[Job (\\S+)] (\\d+) stages, (\\d+) tasks, (\\d+) invocations"
            + " \\((\\d+) retries, (\\d+) speculative, (\\d+) lost-output re-runs\\).*? S3 (\\d+) PUT / (\\d+) GET.*");

    /** One parsed job summary line. */
    record Summary(String jobId, int stages, int tasks, long invocations, long retries, long speculative,
                   long lostOutputReruns, long s3Puts, long s3Gets, boolean failed, String line) {
    }

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream stream = new PrintStream(new java.io.OutputStream() {
        @Override
        public void write(int b) {
            synchronized (ProgressCapture.this) {
                bytes.write(b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) {
            synchronized (ProgressCapture.this) {
                bytes.write(b, off, len);
            }
        }
    }, true, StandardCharsets.UTF_8);

    PrintStream stream() {
        return stream;
    }

    /** Forgets what was captured so far. */
    synchronized void reset() {
        stream.flush();
        bytes.reset();
    }

    synchronized String text() {
        stream.flush();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    List<Summary> summaries() {
        return text().lines().map(JOB::matcher).filter(Matcher::matches).map(m -> new Summary(m.group(1),
                Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), Long.parseLong(m.group(4)),
                Long.parseLong(m.group(5)), Long.parseLong(m.group(6)), Long.parseLong(m.group(7)),
                Long.parseLong(m.group(8)), Long.parseLong(m.group(9)), m.group(0).endsWith("(failed)"),
                m.group(0))).toList();
    }

    /** The summary of the only job run since the capture started (fails if there is not exactly one). */
    Summary onlyJob() {
        List<Summary> all = summaries();
        if (all.size() != 1) {
            throw new AssertionError("expected one job summary line, got " + all.size() + " in:\n" + text());
        }
        return all.getFirst();
    }
}
