package io.updraft.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The log binding of the command line, each case in a fresh JVM (the provider reads its level once per process):
 * {@code --log-level} and {@code UPDRAFT_LOG_LEVEL} set the level, logs go to stderr, and at the default level
 * stderr stays empty on success and one line on a user error.
 */
class LogLevelTest {
    @Test
    void theOptionSetsTheLevelAndLogsGoToStderr() throws Exception {
        Run run = cli(Map.of(), "--log-level", "debug", "help");
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("Usage: updraft");
        assertThat(run.err().lines()).anyMatch(l -> l.contains("DEBUG Updraft - command line [help] (log level debug)"));
        assertThat(cli(Map.of(), "--log-level=DEBUG", "help").err()).contains("DEBUG Updraft");
    }

    @Test
    void theEnvironmentVariableSetsTheLevelAndTheOptionWins() throws Exception {
        assertThat(cli(Map.of(LogLevel.ENV, "debug"), "help").err()).contains("DEBUG Updraft - command line [help]");
        assertThat(cli(Map.of(LogLevel.ENV, "debug"), "--log-level", "warn", "help").err()).isEmpty();
    }

    @Test
    void theDefaultLevelKeepsStderrEmptyOnSuccessAndOneLineOnAUserError() throws Exception {
        String tables = CliTestData.sf001().toAbsolutePath().toString();
        Run ok = cli(Map.of(), "sql", "--tables", tables, "select count(*) as n from nation");
        assertThat(ok.status()).as(ok.err()).isZero();
        assertThat(ok.out()).contains("25");
        assertThat(ok.err()).isEmpty();

        Run bad = cli(Map.of(), "sql", "--tables", tables, "select * from nations");
        assertThat(bad.status()).isEqualTo(Updraft.USER_ERROR);
        assertThat(bad.err().lines().toList()).hasSize(1).allMatch(l -> l.startsWith("updraft: ") && l.contains("nations"));
    }

    @Test
    void anUnknownLevelIsAUsageError() throws Exception {
        Run option = cli(Map.of(), "--log-level", "loud", "help");
        assertThat(option.status()).isEqualTo(Updraft.USER_ERROR);
        assertThat(option.err().lines().toList()).containsExactly(
                "updraft: bad --log-level 'loud'; levels: trace, debug, info, warn, error, off");
        Run env = cli(Map.of(LogLevel.ENV, "chatty"), "help");
        assertThat(env.status()).isEqualTo(Updraft.USER_ERROR);
        assertThat(env.err().lines().toList()).containsExactly(
                "updraft: bad UPDRAFT_LOG_LEVEL 'chatty'; levels: trace, debug, info, warn, error, off");
        assertThat(CliRun.of("--log-level").errLines()).containsExactly(
                "updraft: --log-level needs a level: trace, debug, info, warn, error, off");
    }

    private record Run(int status, String out, String err) {
    }

    /** {@code updraft ARGS} in a child JVM on this test's classpath, with {@code environment} added. */
    private static Run cli(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens=java.base/java.nio=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), Updraft.class.getName()));
        if (Runtime.version().feature() >= 23) {
            command.add(1, "--sun-misc-unsafe-memory-access=allow");   // as the ./updraft launcher does
        }
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().remove(LogLevel.ENV);
        builder.environment().remove("UPDRAFT_DEBUG");
        builder.environment().putAll(environment);
        Process process = builder.start();
        process.getOutputStream().close();
        var out = process.getInputStream().readAllBytes();
        var err = process.getErrorStream().readAllBytes();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(process.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }
}
