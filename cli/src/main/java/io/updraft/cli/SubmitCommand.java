package io.updraft.cli;

import io.updraft.coordinator.JobMain;
import io.updraft.core.error.UpdraftException;
import io.updraft.sql.UpdraftSession;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code updraft submit [--master M] [--conf K=V]... --class X --jar app.jar [ARGS...]}: as spark-submit, makes
 * the default session on the configured master first, then runs {@code X.main(ARGS)} from the jar, so the job's
 * {@code UpdraftSession.builder().getOrCreate()} returns that session; stops it when main returns.
 */
final class SubmitCommand {
    static final String NAME = "updraft submit";
    static final String USAGE = """
            Usage: updraft submit [--master MASTER] [--conf KEY=VALUE]... --class CLASS --jar JAR [ARGS...]

            Runs CLASS's main(String[]) from JAR with the default session already made on MASTER (local[*] by
            default, or lambda with the updraft.lambda.*, updraft.shuffle.root and updraft.s3.* settings given as
            --conf), as spark-submit does: the job's UpdraftSession.builder().getOrCreate() returns it.

            Options:
              --master MASTER     local, local[N], local[*] or lambda
              --conf KEY=VALUE    A session setting (repeatable)
              --class CLASS       The job's main class
              --jar JAR           The jar holding it (and its own dependencies, or put them beside it)
              -h, --help          Show this help
            """;

    private final String master;
    private final Map<String, String> conf;
    private final String mainClass;
    private final Path jar;
    private final List<String> jobArgs;

    SubmitCommand(String master, Map<String, String> conf, String mainClass, Path jar, List<String> jobArgs) {
        this.master = master;
        this.conf = Map.copyOf(conf);
        this.mainClass = mainClass;
        this.jar = jar;
        this.jobArgs = List.copyOf(jobArgs);
    }

    static SubmitCommand parse(List<String> words) {
        ArgumentCursor args = new ArgumentCursor(words, NAME);
        String master = "local[*]";
        Map<String, String> conf = new LinkedHashMap<>();
        String cls = null;
        Path jar = null;
        List<String> rest = new ArrayList<>();
        while (args.hasNext()) {
            // The job's arguments start at the first word that is not an option of ours; they are passed as they are.
            String word = rest.isEmpty() ? args.nextWord() : args.nextPositional();
            if (!rest.isEmpty() || !ArgumentCursor.looksLikeOption(word)) {
                rest.add(word);
                continue;
            }
            switch (word) {
                case "-h", "--help" -> {
                    return null;
                }
                case "--master" -> master = args.value(word);
                case "--conf" -> args.keyValueInto(word, conf);
                case "--class" -> cls = args.value(word);
                case "--jar" -> jar = Path.of(args.value(word));
                case "--" -> {
                    while (args.hasNext()) {
                        rest.add(args.nextPositional());
                    }
                }
                default -> throw new UsageException("unknown option '" + word + "' for " + NAME
                        + " (see 'updraft submit --help'; put the job's own options after --)");
            }
        }
        if (cls == null || jar == null) {
            throw new UsageException("updraft submit needs --class CLASS and --jar JAR");
        }
        if (!Files.isRegularFile(jar)) {
            throw UpdraftException.user("--jar: no such file: " + jar);
        }
        return new SubmitCommand(master, conf, cls, jar, rest);
    }

    String master() {
        return master;
    }

    List<String> jobArgs() {
        return jobArgs;
    }

    void run() {
        UpdraftSession.Builder builder = UpdraftSession.builder().appName(mainClass).master(master);
        conf.forEach(builder::config);
        UpdraftSession session = builder.getOrCreate();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {url(jar)}, SubmitCommand.class.getClassLoader())) {
            JobMain.run(mainClass, loader, jar.toString(), jobArgs);
        } catch (java.io.IOException e) {
            throw UpdraftException.user("cannot run " + mainClass + ": " + e.getMessage(), e);
        } finally {
            session.stop();
        }
    }

    private static URL url(Path p) {
        try {
            return p.toUri().toURL();
        } catch (MalformedURLException e) {
            throw UpdraftException.user("--jar: " + e.getMessage());
        }
    }
}
