package io.updraft.function.run;

import io.updraft.function.state.JobProgress;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The session's progress stream, read back: the coordinator prints one line per finished stage and the job
 * summary (coordinator README, "Job summary and progress"); this keeps the lines of the current job and turns them
 * into {@link JobProgress} for the query state. Thread-safe.
 */
public final class ProgressLines {
    private static final Pattern STAGE = Pattern.compile(
            "\\[Stage (\\d+)/(\\d+)] (.*): (\\d+)/(\\d+) tasks, (\\d+) rows, ([0-9.]+) s");
    private static final Pattern JOB = Pattern.compile(
            "\\[Job [^]]+] .*?(\\d+) invocations \\((\\d+) retries.*Lambda ([0-9.]+) GB-s; est\\. \\$([0-9.]+).*");

    private final List<String> lines = new ArrayList<>();
    private final PrintStream stream = new PrintStream(new LineSplitter(), true, StandardCharsets.UTF_8);

    /** The stream to give the session ({@code UpdraftSession.Builder.progressOutput}). */
    public PrintStream stream() {
        return stream;
    }

    public synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    /** The stages finished so far and, once the job has ended, its summary. */
    public synchronized JobProgress progress() {
        return parse(lines);
    }

    static JobProgress parse(List<String> lines) {
        List<JobProgress.StageLine> stages = new ArrayList<>();
        JobProgress.Summary summary = null;
        for (String line : lines) {
            Matcher s = STAGE.matcher(line);
            if (s.matches()) {
                stages.add(new JobProgress.StageLine(Integer.parseInt(s.group(1)), Integer.parseInt(s.group(2)),
                        s.group(3), Integer.parseInt(s.group(4)), Integer.parseInt(s.group(5)),
                        Long.parseLong(s.group(6)), Double.parseDouble(s.group(7))));
                continue;
            }
            Optional<JobProgress.Summary> job = summary(line);
            if (job.isPresent()) {
                summary = job.get();
            }
        }
        return new JobProgress(stages, summary);
    }

    static Optional<JobProgress.Summary> summary(String line) {
        Matcher m = JOB.matcher(line);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new JobProgress.Summary(line, Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
                Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4))));
    }

    private synchronized void add(String line) {
        lines.add(line);
    }

    private final class LineSplitter extends OutputStream {
        private final ByteArrayOutputStream current = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                add(current.toString(StandardCharsets.UTF_8).stripTrailing());
                current.reset();
            } else {
                current.write(b);
            }
        }
    }
}
