package io.updraft.cli;

import io.updraft.cli.format.OutputFormat;
import io.updraft.core.error.UpdraftException;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code updraft sql [--master M] [--conf K=V]... [--tables DIR] [--table NAME=PATH]... [--format F] (QUERY | -e
 * QUERY | -f FILE)}: registers Parquet temp views, runs the script's statements (separated by {@code ;}, see the
 * planner's {@code SqlScript}) one after the other through {@code session.sql} in one session and prints each
 * result that has columns. With
 * {@code --master lambda} every task is an invocation of the worker function ({@code --conf} gives the
 * {@code updraft.lambda.*}, {@code updraft.shuffle.root} and {@code updraft.s3.*} settings) and tables may be
 * {@code s3://} locations.
 */
final class SqlCommand {
    static final String NAME = "updraft sql";
    private static final Pattern MASTER = Pattern.compile("local(\\[(\\*|[1-9][0-9]{0,4})])?|lambda");
    private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final String master;
    private final Map<String, String> conf;
    private final Map<String, String> tables;
    private final OutputFormat format;
    private final String query;

    SqlCommand(String master, Map<String, String> conf, Map<String, String> tables, OutputFormat format,
               String query) {
        this.master = Objects.requireNonNull(master, "master is null");
        this.conf = Map.copyOf(conf);
        this.tables = Map.copyOf(tables);
        this.format = Objects.requireNonNull(format, "format is null");
        this.query = Objects.requireNonNull(query, "query is null");
    }

    String master() {
        return master;
    }

    /** Registered tables: name to Parquet file or folder (a local path or an s3:// URI). */
    Map<String, String> tables() {
        return tables;
    }

    /** Session settings given with {@code --conf}. */
    Map<String, String> conf() {
        return conf;
    }

    OutputFormat format() {
        return format;
    }

    String query() {
        return query;
    }

    /**
     * Parses the words after {@code sql}; returns null for {@code --help}. Checks that folders and files exist,
     * so a typo fails before a session starts.
     *
     * @throws UsageException for an unknown option, a missing or bad value, or a missing query
     * @throws UpdraftException (USER) for a missing or unreadable folder or file
     */
    static SqlCommand parse(List<String> words) {
        return parse(words, System.in);
    }

    static SqlCommand parse(List<String> words, InputStream stdin) {
        ArgumentCursor args = new ArgumentCursor(words, NAME);
        String master = "local[*]";
        Map<String, String> tables = new LinkedHashMap<>();
        Map<String, String> conf = new LinkedHashMap<>();
        OutputFormat format = OutputFormat.TABLE;
        String query = null;
        String file = null;
        boolean optionsEnded = false;
        while (args.hasNext()) {
            String word = optionsEnded ? args.nextPositional() : args.nextWord();
            if (optionsEnded || !ArgumentCursor.looksLikeOption(word)) {
                if (query != null) {
                    throw new UsageException("more than one QUERY given; quote the query as one argument (" + NAME + ")");
                }
                query = word;
                continue;
            }
            switch (word) {
                case "-h", "--help" -> {
                    return null;
                }
                case "--" -> optionsEnded = true;
                case "--master" -> {
                    master = args.value(word);
                    if (!MASTER.matcher(master).matches()) {
                        throw new UsageException("--master must be local, local[N], local[*] or lambda, got '" + master
                                + "'");
                    }
                }
                case "--conf" -> args.keyValueInto(word, conf);
                case "--tables" -> tables.putAll(tablesIn(Path.of(args.value(word))));
                case "--table" -> {
                    String spec = args.value(word);
                    int eq = spec.indexOf('=');
                    if (eq <= 0 || eq == spec.length() - 1) {
                        throw new UsageException("--table needs NAME=PATH, got '" + spec + "'");
                    }
                    String name = spec.substring(0, eq);
                    if (!TABLE_NAME.matcher(name).matches()) {
                        throw new UsageException("--table name '" + name + "' is not a SQL identifier "
                                + "(letters, digits and _, not starting with a digit)");
                    }
                    String location = spec.substring(eq + 1);
                    tables.put(name, location.startsWith("s3://") ? location
                            : existingParquet(Path.of(location), "--table " + name).toString());
                }
                case "--format" -> {
                    String text = args.value(word);
                    format = OutputFormat.parse(text).orElseThrow(() -> new UsageException(
                            "--format must be one of " + OutputFormat.choices() + ", got '" + text + "'"));
                }
                case "-f", "--file" -> {
                    if (file != null) {
                        throw new UsageException("-f given twice (" + NAME + ")");
                    }
                    file = args.value(word);
                }
                case "-e", "--execute" -> {
                    if (query != null) {
                        throw new UsageException("more than one QUERY given; quote the query as one argument (" + NAME + ")");
                    }
                    query = args.value(word);
                }
                default -> throw new UsageException("unknown option '" + word + "' for " + NAME
                        + " (see 'updraft sql --help')");
            }
        }
        if (query != null && file != null) {
            throw new UsageException("give either QUERY or -f FILE, not both (" + NAME + ")");
        }
        if (file != null) {
            query = readQuery(file, stdin);
        }
        if (query == null) {
            throw new UsageException("missing QUERY or -f FILE (see 'updraft sql --help')");
        }
        query = stripTrailingSemicolons(query);
        if (query.isBlank()) {
            throw new UsageException("the query is empty");
        }
        return new SqlCommand(master, conf, tables, format, query);
    }

    /**
     * Runs the script's statements in order and prints each result with columns in the chosen format (in the table
     * and csv formats an empty line between two results); progress lines only when verbose. The first failing
     * statement stops the script (a {@link QueryRunner.StatementFailure} naming it when there are several).
     */
    void run(PrintStream out, PrintStream err, boolean verbose) {
        boolean[] printed = {false};
        QueryRunner.runScript(master, conf, tables, query, verbose ? err : null, result -> {
            if (result.schema().size() == 0) {
                return;
            }
            if (printed[0] && format != OutputFormat.JSON) {
                out.println();
            }
            format.formatter().write(result.schema(), result.rows(), result.zone(), out);
            printed[0] = true;
        });
    }

    /** Every subfolder of {@code dir} not starting with '_' or '.', named after the folder. */
    static Map<String, String> tablesIn(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw UpdraftException.user("--tables folder does not exist: " + dir);
        }
        Map<String, String> tables = new LinkedHashMap<>();
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path folder : entries.filter(Files::isDirectory).sorted().toList()) {
                String name = folder.getFileName().toString();
                if (!name.startsWith("_") && !name.startsWith(".")) {
                    tables.put(name, folder.toString());
                }
            }
        } catch (IOException e) {
            throw UpdraftException.user("cannot list --tables folder " + dir + ": " + e.getMessage(), e);
        }
        if (tables.isEmpty()) {
            throw UpdraftException.user("--tables folder " + dir + " has no subfolders (expected one folder of "
                    + "Parquet files per table)");
        }
        return tables;
    }

    private static Path existingParquet(Path path, String what) {
        if (!Files.exists(path)) {
            throw UpdraftException.user(what + ": no such file or folder: " + path);
        }
        if (!Files.isReadable(path)) {
            throw UpdraftException.user(what + ": cannot read " + path);
        }
        return path;
    }

    private static String readQuery(String file, InputStream stdin) {
        try {
            if (file.equals("-")) {
                return new String(stdin.readAllBytes(), StandardCharsets.UTF_8);
            }
            Path path = Path.of(file);
            if (!Files.isRegularFile(path)) {
                throw UpdraftException.user("-f: no such file: " + file);
            }
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw UpdraftException.user("-f: cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Drops trailing whitespace and semicolons, so a file ending in ";" runs. */
    static String stripTrailingSemicolons(String sql) {
        int end = sql.length();
        while (end > 0 && (Character.isWhitespace(sql.charAt(end - 1)) || sql.charAt(end - 1) == ';')) {
            end--;
        }
        return sql.substring(0, end);
    }
}
