package io.updraft.cli;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;

import org.slf4j.LoggerFactory;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code updraft} command line: {@code sql}, {@code demo}, {@code bench}, {@code package}, {@code submit}
 * and {@code help}.
 * Exit status: 0 success; 2 user error (one line on stderr prefixed {@code "updraft: "}, no stack trace);
 * 1 internal error (a message; the stack trace only with {@code --verbose} or {@code UPDRAFT_DEBUG=1}).
 * Log lines go to stderr at the level {@link LogLevel} picks (warn unless asked otherwise).
 */
public final class Updraft {
    public static final int OK = 0;
    public static final int INTERNAL_ERROR = 1;
    public static final int USER_ERROR = 2;

    private final Map<String, String> environment;

    public Updraft(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs one command line in this JVM with the process environment ({@code UPDRAFT_DEBUG}); output to
     * {@code out}, messages to {@code err}; returns the exit status.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return new Updraft(System.getenv()).execute(args, out, err);
    }

    /** As {@link #run}, with the environment given to the constructor. */
    public int execute(String[] args, PrintStream out, PrintStream err) {
        boolean verbose = "1".equals(environment.get("UPDRAFT_DEBUG"))
                || "true".equalsIgnoreCase(environment.get("UPDRAFT_DEBUG"));
        List<String> words = new ArrayList<>(args.length);
        for (String arg : args) {
            if (arg.equals("--verbose")) {
                verbose = true;
            } else {
                words.add(arg);
            }
        }
        try {
            String level = LogLevel.take(words, environment);
            LogLevel.configure(level);
            LoggerFactory.getLogger(Updraft.class).debug("command line {} (log level {})", words, level);
            return dispatch(words, out, err, verbose);
        } catch (Throwable t) {
            return report(t, err, verbose);
        } finally {
            out.flush();
            err.flush();
        }
    }

    private int dispatch(List<String> words, PrintStream out, PrintStream err, boolean verbose) {
        if (words.isEmpty()) {
            throw new UsageException("no command given; commands: sql, demo, bench, package, submit, help (see 'updraft --help')");
        }
        String command = words.get(0);
        List<String> rest = words.subList(1, words.size());
        switch (command) {
            case "-h", "--help" -> {
                out.print(Usage.MAIN);
                return OK;
            }
            case "help" -> {
                return help(rest, out);
            }
            case "sql" -> {
                SqlCommand sql = SqlCommand.parse(rest);
                if (sql == null) {
                    out.print(Usage.SQL);
                    return OK;
                }
                sql.run(out, err, verbose);
                return OK;
            }
            case "demo" -> {
                DemoCommand demo = DemoCommand.parse(rest, System.getProperty("updraft.home"));
                if (demo == null) {
                    out.print(Usage.DEMO);
                    return OK;
                }
                demo.run(out);
                return OK;
            }
            case "bench" -> {
                BenchCommand bench = BenchCommand.parse(rest, System.getProperty("updraft.home"),
                        environment.get(BenchCommand.SPARK_JAVA_OPTS));
                if (bench == null) {
                    out.print(BenchCommand.USAGE);
                    return OK;
                }
                bench.run(out);
                return OK;
            }
            case "package" -> {
                PackageCommand pkg = PackageCommand.parse(rest, System.getProperty("updraft.home"));
                if (pkg == null) {
                    out.print(PackageCommand.USAGE);
                    return OK;
                }
                pkg.run(out, err);
                return OK;
            }
            case "submit" -> {
                SubmitCommand submit = SubmitCommand.parse(rest);
                if (submit == null) {
                    out.print(SubmitCommand.USAGE);
                    return OK;
                }
                submit.run();
                return OK;
            }
            default -> throw new UsageException(command.startsWith("-")
                    ? "unknown option '" + command + "' (see 'updraft --help')"
                    : "unknown command '" + command + "'; commands: sql, demo, bench, package, submit, help (see "
                            + "'updraft --help')");
        }
    }

    private static int help(List<String> topics, PrintStream out) {
        if (topics.size() > 1) {
            throw new UsageException("help takes at most one command name, got " + topics.size());
        }
        String topic = topics.isEmpty() ? "" : topics.get(0);
        switch (topic) {
            case "" -> out.print(Usage.MAIN);
            case "sql" -> out.print(Usage.SQL);
            case "demo" -> out.print(Usage.DEMO);
            case "bench" -> out.print(BenchCommand.USAGE);
            case "package" -> out.print(PackageCommand.USAGE);
            case "submit" -> out.print(SubmitCommand.USAGE);
            case "help" -> out.print(Usage.MAIN);
            default -> throw new UsageException("no help for unknown command '" + topic + "'; commands: sql, demo, bench, package, submit, help");
        }
        return OK;
    }

    /** Prints the failure and returns its exit status. */
    static int report(Throwable failure, PrintStream err, boolean verbose) {
        String where = "";
        Throwable cause = failure;
        if (failure instanceof QueryRunner.StatementFailure s && s.getCause() != null) {
            where = s.where() + ": ";
            cause = s.getCause();
        }
        String userMessage = userMessage(cause);
        if (userMessage != null) {
            err.println("updraft: " + where + userMessage);
            if (verbose) {
                failure.printStackTrace(err);
            }
            return USER_ERROR;
        }
        err.println("updraft: internal error: " + where + firstLine(describe(cause)));
        if (verbose) {
            StringWriter trace = new StringWriter();
            failure.printStackTrace(new PrintWriter(trace));
            err.print(trace);
        } else {
            err.println("updraft: run with --verbose (or UPDRAFT_DEBUG=1) for the stack trace");
        }
        return INTERNAL_ERROR;
    }

    /** The one-line message of a user error anywhere in the cause chain, or null for an internal error. */
    static String userMessage(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof UpdraftException u && u.type() == ErrorType.USER) {
                return firstLine(u.getMessage() == null ? u.getClass().getSimpleName() : u.getMessage());
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof NoSuchFileException e) {
                return "no such file: " + e.getFile();
            }
            if (t instanceof AccessDeniedException e) {
                return "cannot read " + e.getFile() + ": permission denied";
            }
        }
        return null;
    }

    private static String describe(Throwable failure) {
        String message = failure.getMessage();
        if (failure instanceof UpdraftException && message != null) {
            return message;
        }
        return failure.getClass().getName() + (message == null ? "" : ": " + message);
    }

    /** The first non-blank line of {@code message}, trimmed. */
    static String firstLine(String message) {
        for (String line : message.split("\\R")) {
            if (!line.isBlank()) {
                return line.strip();
            }
        }
        return message.strip();
    }
}
