package io.updraft.cli;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The level of the log lines the libraries and the engine write on stderr (SLF4J's simple provider):
 * {@code --log-level LEVEL} (anywhere before {@code --}), else the {@code UPDRAFT_LOG_LEVEL} environment
 * variable, else {@code warn}. Levels: {@code trace}, {@code debug}, {@code info}, {@code warn}, {@code error},
 * {@code off}. The provider reads the level when the first logger is made, so the first command line run in a
 * JVM sets it for that JVM (one per process from {@code main}).
 */
final class LogLevel {
    static final String ENV = "UPDRAFT_LOG_LEVEL";
    static final String OPTION = "--log-level";
    static final String DEFAULT = "warn";
    private static final List<String> LEVELS = List.of("trace", "debug", "info", "warn", "error", "off");
    private static final String PREFIX = "org.slf4j.simpleLogger.";

    private LogLevel() {
    }

    /**
     * Removes {@code --log-level LEVEL} (or {@code --log-level=LEVEL}) from {@code words} and returns the
     * level to use; a missing or unknown level is a usage error.
     */
    static String take(List<String> words, Map<String, String> environment) {
        String level = null;
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (word.equals("--")) {
                break;
            }
            if (word.equals(OPTION)) {
                if (i + 1 >= words.size()) {
                    throw new UsageException(OPTION + " needs a level: " + String.join(", ", LEVELS));
                }
                level = check(words.get(i + 1), OPTION);
                words.subList(i, i + 2).clear();
                i--;
            } else if (word.startsWith(OPTION + "=")) {
                level = check(word.substring(OPTION.length() + 1), OPTION);
                words.remove(i);
                i--;
            }
        }
        if (level != null) {
            return level;
        }
        String fromEnv = environment.get(ENV);
        return fromEnv == null || fromEnv.isBlank() ? DEFAULT : check(fromEnv.strip(), ENV);
    }

    /** Configures SLF4J's simple provider (stderr, no date, thread and logger name) for {@code level}. */
    static void configure(String level) {
        System.setProperty(PREFIX + "defaultLogLevel", level);
        System.setProperty(PREFIX + "logFile", "System.err");
        System.setProperty(PREFIX + "showShortLogName", "true");
        System.setProperty(PREFIX + "showDateTime", "false");
    }

    private static String check(String level, String source) {
        String lower = level.toLowerCase(Locale.ROOT);
        if (!LEVELS.contains(lower)) {
            throw new UsageException("bad " + source + " '" + level + "'; levels: " + String.join(", ", LEVELS));
        }
        return lower;
    }
}
