package io.updraft.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One Spark-semantics case of {@code semantics/cases.sql}: a query over the TPC-H tables whose expected result
 * is what Spark 4.2 returns on the same files (see {@link SparkSemanticsTest}). Immutable.
 *
 * @param name            unique, lower_snake_case
 * @param sql             one statement, no trailing ';'
 * @param ordered         rows compare in order (the query's ORDER BY is total), else as multisets
 * @param expectError     Spark must fail (with an error class such as {@code [DIVIDE_BY_ZERO]})
 * @param knownDifference why Updraft differs from Spark today, or null when it must match
 * @param timeZone        the session time zone ({@code spark.sql.session.timeZone}) both engines run the case in,
 *                        or null for UTC
 * @param show            ({@code -- show}) compare what {@code show()} prints (20 rows, cells truncated at 20)
 *                        instead of the collected rows: for nested, binary and float values, whose text is the point
 */
record SparkSemanticsCase(String name, String sql, boolean ordered, boolean expectError, String knownDifference,
                          String timeZone, boolean show) {
    static final String RESOURCE = "/io/updraft/bench/semantics/cases.sql";
    /** The case line naming its session time zone (the same line bench-spark's SparkTpch reads in a query file). */
    static final String TIME_ZONE_LINE = "-- session time zone:";
    /** The case line asking for show() text (the same line bench-spark's SparkTpch reads in a query file). */
    static final String SHOW_LINE = "-- show";

    SparkSemanticsCase {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(sql, "sql is null");
        if (sql.isBlank()) {
            throw new IllegalArgumentException("case " + name + " has no SQL");
        }
    }

    /** A case in UTC. */
    SparkSemanticsCase(String name, String sql, boolean ordered, boolean expectError, String knownDifference) {
        this(name, sql, ordered, expectError, knownDifference, null);
    }

    /** A case comparing rows. */
    SparkSemanticsCase(String name, String sql, boolean ordered, boolean expectError, String knownDifference,
                       String timeZone) {
        this(name, sql, ordered, expectError, knownDifference, timeZone, false);
    }

    /** Every case of the resource, in file order. */
    static List<SparkSemanticsCase> load() {
        try (InputStream in = SparkSemanticsCase.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + RESOURCE);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses the format described at the top of cases.sql. */
    static List<SparkSemanticsCase> parse(String text) {
        List<SparkSemanticsCase> cases = new ArrayList<>();
        Set<String> names = new HashSet<>();
        String name = null;
        StringBuilder sql = new StringBuilder();
        boolean ordered = false;
        boolean error = false;
        String known = null;
        String zone = null;
        boolean show = false;
        for (String line : text.split("\\R", -1)) {
            String stripped = line.strip();
            if (stripped.startsWith("-- case:")) {
                if (name != null) {
                    cases.add(new SparkSemanticsCase(name, sql.toString().strip(), ordered, error, known, zone, show));
                }
                name = stripped.substring("-- case:".length()).strip();
                if (!names.add(name)) {
                    throw new IllegalArgumentException("duplicate case name " + name);
                }
                sql.setLength(0);
                ordered = false;
                error = false;
                known = null;
                zone = null;
                show = false;
            } else if (name != null && stripped.equals(SHOW_LINE)) {
                show = true;
            } else if (name != null && stripped.startsWith(TIME_ZONE_LINE)) {
                zone = stripped.substring(TIME_ZONE_LINE.length()).strip();
            } else if (name != null && stripped.equals("-- ordered")) {
                ordered = true;
            } else if (name != null && stripped.equals("-- error")) {
                error = true;
            } else if (name != null && stripped.startsWith("-- known:")) {
                known = stripped.substring("-- known:".length()).strip();
            } else if (name != null && !stripped.startsWith("--")) {
                sql.append(line).append('\n');
            }
        }
        if (name != null) {
            cases.add(new SparkSemanticsCase(name, sql.toString().strip(), ordered, error, known, zone, show));
        }
        return cases;
    }
}
