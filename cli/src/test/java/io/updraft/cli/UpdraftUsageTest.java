package io.updraft.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Help, usage errors and argument checks: everything that fails or answers before a session starts. */
class UpdraftUsageTest {
    @Test
    void helpListsTheCommandsAndExitStatuses() {
        CliRun run = CliRun.of("--help");
        assertThat(run.status()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).startsWith("Usage: updraft [--verbose] <command> [options]")
                .contains("  sql ", "  demo ", "  help ", "Exit status: 0 success; 1 internal error; 2 user error");
        assertThat(CliRun.of("help").out()).isEqualTo(run.out());
        assertThat(CliRun.of("-h").out()).isEqualTo(run.out());
    }

    @Test
    void theStaticEntryPointRunsInProcess() {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int status = Updraft.run(new String[] {"help", "demo"}, new java.io.PrintStream(out, true),
                new java.io.PrintStream(err, true));
        assertThat(status).isZero();
        assertThat(out.toString()).startsWith("Usage: updraft demo");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void sqlHelpListsItsOptionsAndFormats() {
        CliRun run = CliRun.of("sql", "--help");
        assertThat(run.status()).isZero();
        assertThat(run.out()).startsWith("Usage: updraft sql [options] (QUERY | -e QUERY | -f FILE)")
                .contains("--master", "--tables DIR", "--table NAME=PATH", "--format", "table (default)", "csv:",
                        "json:", "-f, --file FILE", "-e, --execute QUERY");
        assertThat(CliRun.of("help", "sql").out()).isEqualTo(run.out());
        assertThat(CliRun.of("sql", "--format", "csv", "-h").out()).isEqualTo(run.out());
    }

    @Test
    void demoHelpNamesScaleAndDataFolder() {
        CliRun run = CliRun.of("demo", "--help");
        assertThat(run.status()).isZero();
        assertThat(run.out()).startsWith("Usage: updraft demo [--scale S] [--data DIR]").contains("--scale S",
                "--data DIR", "0.1");
    }

    @Test
    void noCommandIsAUsageError() {
        assertUserError(CliRun.of(), "updraft: no command given; commands: sql, demo, bench, package, submit, help (see 'updraft --help')");
    }

    @Test
    void unknownCommandIsAUsageError() {
        assertUserError(CliRun.of("query", "select 1"),
                "updraft: unknown command 'query'; commands: sql, demo, bench, package, submit, help (see 'updraft --help')");
        assertUserError(CliRun.of("--frobnicate"), "updraft: unknown option '--frobnicate' (see 'updraft --help')");
        assertUserError(CliRun.of("help", "nope"),
                "updraft: no help for unknown command 'nope'; commands: sql, demo, bench, package, submit, help");
    }

    @Test
    void badSqlOptionsAreUsageErrors() {
        assertUserError(CliRun.of("sql", "--colour", "select 1"),
                "updraft: unknown option '--colour' for updraft sql (see 'updraft sql --help')");
        assertUserError(CliRun.of("sql", "--format", "xml", "select 1"),
                "updraft: --format must be one of table|csv|json, got 'xml'");
        assertUserError(CliRun.of("sql", "--master", "yarn", "select 1"),
                "updraft: --master must be local, local[N], local[*] or lambda, got 'yarn'");
        assertUserError(CliRun.of("sql", "--table", "lineitem", "select 1"),
                "updraft: --table needs NAME=PATH, got 'lineitem'");
        assertUserError(CliRun.of("sql", "--table", "1x=/tmp", "select 1"),
                "updraft: --table name '1x' is not a SQL identifier (letters, digits and _, not starting with a digit)");
        assertUserError(CliRun.of("sql", "--format"), "updraft: option --format needs a value (updraft sql)");
        assertUserError(CliRun.of("sql"), "updraft: missing QUERY or -f FILE (see 'updraft sql --help')");
        assertUserError(CliRun.of("sql", "select 1", "select 2"),
                "updraft: more than one QUERY given; quote the query as one argument (updraft sql)");
        assertUserError(CliRun.of("sql", " ; "), "updraft: the query is empty");
    }

    @Test
    void badDemoOptionsAreUsageErrors() {
        assertUserError(CliRun.of("demo", "--scale", "zero"), "updraft: --scale must be a positive number, got 'zero'");
        assertUserError(CliRun.of("demo", "--scale=-1"),
                "updraft: --scale must be a positive number up to 1000, got '-1'");
        assertUserError(CliRun.of("demo", "fast"),
                "updraft: unexpected argument 'fast' for updraft demo (see 'updraft demo --help')");
    }

    @Test
    void missingTablesFolderIsAUserError(@TempDir Path tmp) {
        Path missing = tmp.resolve("nowhere");
        assertUserError(CliRun.of("sql", "--tables", missing.toString(), "select 1"),
                "updraft: --tables folder does not exist: " + missing);
        assertUserError(CliRun.of("sql", "--table", "t=" + missing, "select 1"),
                "updraft: --table t: no such file or folder: " + missing);
        assertUserError(CliRun.of("sql", "--tables", tmp.toString(), "select 1"),
                "updraft: --tables folder " + tmp + " has no subfolders (expected one folder of Parquet files per table)");
    }

    @Test
    void missingQueryFileIsAUserError(@TempDir Path tmp) {
        assertUserError(CliRun.of("sql", "-f", tmp.resolve("q.sql").toString()),
                "updraft: -f: no such file: " + tmp.resolve("q.sql"));
    }

    @Test
    void queryAndFileTogetherIsAUsageError(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("q.sql"), "select 1");
        assertUserError(CliRun.of("sql", "-f", file.toString(), "select 2"),
                "updraft: give either QUERY or -f FILE, not both (updraft sql)");
    }

    @Test
    void verboseAddsTheStackTraceToAUserError() {
        CliRun run = CliRun.of("--verbose", "sql", "--format", "xml", "select 1");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.errLines().get(0)).isEqualTo("updraft: --format must be one of table|csv|json, got 'xml'");
        assertThat(run.err()).contains("at io.updraft.cli.SqlCommand.parse");
        assertThat(CliRun.withEnvironment(Map.of("UPDRAFT_DEBUG", "1"), "sql", "--format", "xml", "x").errLines())
                .hasSizeGreaterThan(1);
    }

    @Test
    void internalErrorsExitOneAndHideTheStackTraceUnlessVerbose() {
        CliRun quiet = runFailing(false);
        assertThat(quiet.status()).isEqualTo(1);
        assertThat(quiet.errLines()).containsExactly("updraft: internal error: java.lang.IllegalStateException: boom",
                "updraft: run with --verbose (or UPDRAFT_DEBUG=1) for the stack trace");
        CliRun verbose = runFailing(true);
        assertThat(verbose.status()).isEqualTo(1);
        assertThat(verbose.err()).contains("updraft: internal error: java.lang.IllegalStateException: boom",
                "at io.updraft.cli.UpdraftUsageTest");
    }

    private static CliRun runFailing(boolean verbose) {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int status = Updraft.report(new IllegalStateException("boom"),
                new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8), verbose);
        return new CliRun(status, "", err.toString(java.nio.charset.StandardCharsets.UTF_8));
    }

    static void assertUserError(CliRun run, String line) {
        assertThat(run.status()).as("exit status").isEqualTo(2);
        assertThat(run.out()).as("stdout").isEmpty();
        assertThat(run.errLines()).as("stderr").containsExactly(line);
    }
}
