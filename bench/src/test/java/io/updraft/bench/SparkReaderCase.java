package io.updraft.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One reader case of {@code readers/cases.txt}: files to write, a read of them ({@code format}, options, an optional
 * DDL schema) and a query over the result (view {@code v}); the expected outcome is what Spark 4.2 does with the
 * same files (see {@link SparkReaderCasesTest}). Immutable.
 *
 * @param files    relative path to content (UTF-8; a name ending in .gz, .bz2 or .zst is compressed so)
 * @param path     the path read, relative to the case's folder ("" = the folder itself)
 * @param query    SQL over the view {@code v}; several {@code -- query:} lines make a script of statements (joined by
 *                 ";\n", the last one's result is the outcome), where {@code OUTPUT_DIR} is a folder of the case's own
 *                 per engine and run (for tables the script creates)
 * @param ordered  compare rows in order
 * @param error    Spark must fail
 * @param known    why Updraft differs today, or null
 * @param duckDb   a DuckDB query over the same files ("BASE" = the case's folder) whose rows, as text, must be
 *                 Spark's rows, or null where DuckDB does not read the case
 */
record SparkReaderCase(String name, String format, Map<String, String> options, String schema, String path,
                       String query, boolean ordered, boolean error, String known, Map<String, String> files,
                       String duckDb) {
    static final String RESOURCE = "/io/updraft/bench/readers/cases.txt";

    SparkReaderCase {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(format, "format is null");
        options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
        files = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(files));
        if (files.isEmpty()) {
            throw new IllegalArgumentException("reader case " + name + " has no files");
        }
    }

    static List<SparkReaderCase> load() {
        try (InputStream in = SparkReaderCase.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + RESOURCE);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The format: a case starts with {@code == case: name}; then directive lines {@code -- format: csv}, {@code --
     * option: key=value} (repeatable), {@code -- schema: DDL}, {@code -- path: relative}, {@code -- query: SQL},
     * {@code -- ordered}, {@code -- error}, {@code -- known: reason}, {@code -- duckdb: SQL}, and {@code -- file: relative/name} followed by
     * the file's lines (each ends with a newline; {@code \r} and {@code \t} escapes; a line {@code -- noeol} drops
     * the last newline). Lines before the first case starting with "#" are comments.
     */
    static List<SparkReaderCase> parse(String text) {
        List<SparkReaderCase> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        Builder b = null;
        String file = null;
        StringBuilder content = null;
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("== case:")) {
                if (b != null) {
                    b.finishFile(file, content);
                    out.add(b.build());
                }
                b = new Builder(line.substring("== case:".length()).strip());
                if (!names.add(b.name)) {
                    throw new IllegalArgumentException("duplicate reader case " + b.name);
                }
                file = null;
                content = null;
                continue;
            }
            if (b == null) {
                continue;
            }
            if (line.startsWith("-- ") || line.equals("--")) {
                String d = line.substring(3).strip();
                if (d.equals("noeol")) {
                    if (content != null && !content.isEmpty()) {
                        content.setLength(content.length() - 1);
                    }
                    continue;
                }
                if (d.startsWith("file:")) {
                    b.finishFile(file, content);
                    file = d.substring(5).strip();
                    content = new StringBuilder();
                    continue;
                }
                b.finishFile(file, content);
                file = null;
                content = null;
                b.directive(d);
                continue;
            }
            if (content != null) {
                content.append(line.replace("\\r", "\r").replace("\\t", "\t")).append('\n');
            }
        }
        if (b != null) {
            b.finishFile(file, content);
            out.add(b.build());
        }
        return out;
    }

    private static final class Builder {
        final String name;
        String format;
        final Map<String, String> options = new LinkedHashMap<>();
        String schema;
        String path = "";
        String query = "SELECT * FROM v";
        boolean queryGiven;
        boolean ordered;
        boolean error;
        String known;
        String duckDb;
        final Map<String, String> files = new LinkedHashMap<>();

        Builder(String name) {
            this.name = name;
        }

        void directive(String d) {
            int colon = d.indexOf(':');
            String key = colon < 0 ? d : d.substring(0, colon).strip();
            String value = colon < 0 ? "" : d.substring(colon + 1).strip();
            switch (key) {
                case "format" -> format = value;
                case "option" -> {
                    int eq = value.indexOf('=');
                    options.put(value.substring(0, eq), value.substring(eq + 1));
                }
                case "schema" -> schema = value;
                case "path" -> path = value;
                case "query" -> {
                    query = queryGiven ? query + ";\n" + value : value;
                    queryGiven = true;
                }
                case "ordered" -> ordered = true;
                case "error" -> error = true;
                case "known" -> known = value;
                case "duckdb" -> duckDb = value;
                default -> throw new IllegalArgumentException("reader case " + name + ": unknown directive " + d);
            }
        }

        void finishFile(String file, StringBuilder content) {
            if (file != null) {
                files.put(file, content.toString());
            }
        }

        SparkReaderCase build() {
            if (format == null) {
                throw new IllegalArgumentException("reader case " + name + " has no format");
            }
            return new SparkReaderCase(name, format, options, schema, path, query, ordered, error, known, files,
                    duckDb);
        }
    }
}
