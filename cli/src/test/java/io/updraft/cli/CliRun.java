package io.updraft.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** One in-process run of the command line: exit status, standard output and standard error. */
record CliRun(int status, String out, String err) {
    static CliRun of(String... args) {
        return withEnvironment(Map.of(), args);
    }

    static CliRun withEnvironment(Map<String, String> environment, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = new Updraft(environment).execute(args, o, e);
        }
        return new CliRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    List<String> errLines() {
        return err.lines().toList();
    }
}
