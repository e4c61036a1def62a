package io.updraft.cli;

import io.updraft.bench.Demo;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** {@code updraft demo [--scale S] [--data DIR]}: TPC-H Q1 and Q6 through the Dataset API. */
final class DemoCommand {
    static final double DEFAULT_SCALE = Demo.DEFAULT_SCALE;

    private final double scale;
    private final Path dataDir;

    DemoCommand(double scale, Path dataDir) {
        this.scale = scale;
        this.dataDir = dataDir;
    }

    double scale() {
        return scale;
    }

    Path dataDir() {
        return dataDir;
    }

    /**
     * Parses the words after {@code demo}; returns null for {@code --help}.
     *
     * @param home the Updraft checkout ({@code -Dupdraft.home}, set by the launcher) or null for the current
     *             folder; the default data folder is {@code <home>/data/tpch/sf<S>}
     */
    static DemoCommand parse(List<String> words, String home) {
        ArgumentCursor args = new ArgumentCursor(words, "updraft demo");
        double scale = DEFAULT_SCALE;
        Path data = null;
        while (args.hasNext()) {
            String word = args.nextWord();
            switch (word) {
                case "-h", "--help" -> {
                    return null;
                }
                case "--scale" -> scale = parseScale(args.value(word));
                case "--data" -> data = Path.of(args.value(word));
                default -> throw new UsageException((word.startsWith("-") ? "unknown option '" : "unexpected argument '")
                        + word + "' for updraft demo (see 'updraft demo --help')");
            }
        }
        if (data == null) {
            data = Demo.defaultDataDir(home, scale);
        }
        return new DemoCommand(scale, data);
    }

    void run(PrintStream out) {
        Demo.run(out, scale, dataDir);
    }

    private static double parseScale(String text) {
        double scale;
        try {
            scale = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new UsageException("--scale must be a positive number, got '" + text + "'");
        }
        if (!(scale > 0) || scale > 1000) {
            throw new UsageException("--scale must be a positive number up to 1000, got '" + text + "'");
        }
        return scale;
    }
}
