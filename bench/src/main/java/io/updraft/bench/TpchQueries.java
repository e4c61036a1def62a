package io.updraft.bench;

import io.updraft.bench.queries.Q01;
import io.updraft.bench.queries.Q02;
import io.updraft.bench.queries.Q03;
import io.updraft.bench.queries.Q04;
import io.updraft.bench.queries.Q05;
import io.updraft.bench.queries.Q06;
import io.updraft.bench.queries.Q07;
import io.updraft.bench.queries.Q08;
import io.updraft.bench.queries.Q09;
import io.updraft.bench.queries.Q10;
import io.updraft.bench.queries.Q11;
import io.updraft.bench.queries.Q12;
import io.updraft.bench.queries.Q13;
import io.updraft.bench.queries.Q14;
import io.updraft.bench.queries.Q15;
import io.updraft.bench.queries.Q16;
import io.updraft.bench.queries.Q17;
import io.updraft.bench.queries.Q18;
import io.updraft.bench.queries.Q19;
import io.updraft.bench.queries.Q20;
import io.updraft.bench.queries.Q21;
import io.updraft.bench.queries.Q22;
import io.updraft.bench.queries.TpchTables;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The 22 TPC-H queries as SQL text (the specification's, with its validation parameters) in resources
 * {@code io/updraft/bench/tpch/qN.sql}, and written with the Dataset API (one class per query in
 * {@code io.updraft.bench.queries}, computing what the SQL text computes). Each Dataset version takes the table
 * DataFrames it reads and builds a lazy plan; nothing runs until an action. Stateless.
 */
public final class TpchQueries {
    /** Number of TPC-H queries. */
    public static final int QUERY_COUNT = 22;

    /** Query numbers that also have a Dataset API version ({@link #dataset}): all of them. */
    public static final Set<Integer> DATASET_QUERIES = IntStream.rangeClosed(1, QUERY_COUNT).boxed()
            .collect(Collectors.toUnmodifiableSet());

    private static final Pattern ORDER_BY = Pattern.compile("\\border\\s+by\\b", Pattern.CASE_INSENSITIVE);

    private TpchQueries() {
    }

    /** Q1 (pricing summary report) over the lineitem table; see {@link Q01}. */
    public static Dataset<Row> q1(Dataset<Row> lineitem) {
        return Q01.query(lineitem);
    }

    /** Q6 (forecasting revenue change) over the lineitem table; see {@link Q06}. */
    public static Dataset<Row> q6(Dataset<Row> lineitem) {
        return Q06.query(lineitem);
    }

    /**
     * The Dataset API version of query {@code number} over the tables {@code table} returns by name, or empty
     * when there is none (see {@link #DATASET_QUERIES}).
     */
    public static Optional<Dataset<Row>> dataset(int number, Function<String, Dataset<Row>> table) {
        TpchTables t = new TpchTables(table);
        return Optional.ofNullable(switch (number) {
            case 1 -> Q01.query(t);
            case 2 -> Q02.query(t);
            case 3 -> Q03.query(t);
            case 4 -> Q04.query(t);
            case 5 -> Q05.query(t);
            case 6 -> Q06.query(t);
            case 7 -> Q07.query(t);
            case 8 -> Q08.query(t);
            case 9 -> Q09.query(t);
            case 10 -> Q10.query(t);
            case 11 -> Q11.query(t);
            case 12 -> Q12.query(t);
            case 13 -> Q13.query(t);
            case 14 -> Q14.query(t);
            case 15 -> Q15.query(t);
            case 16 -> Q16.query(t);
            case 17 -> Q17.query(t);
            case 18 -> Q18.query(t);
            case 19 -> Q19.query(t);
            case 20 -> Q20.query(t);
            case 21 -> Q21.query(t);
            case 22 -> Q22.query(t);
            default -> null;
        });
    }

    /**
     * True when the result of query {@code number} has a defined order (its SQL ends in ORDER BY; in TPC-H no
     * subquery has one), so results compare row by row; otherwise they compare as multisets.
     */
    public static boolean isOrdered(int number) {
        return ORDER_BY.matcher(sqlWithoutComments(number)).find();
    }

    /**
     * The SQL text of TPC-H query {@code number} (1 to 22) as the specification writes it, with its validation
     * parameters; written so that Spark SQL, DuckDB and Updraft's parser all accept it (Q15's view is a
     * common table expression; Q11's column {@code value} is {@code total_value}).
     */
    public static String sql(int number) {
        if (number < 1 || number > QUERY_COUNT) {
            throw new IllegalArgumentException("TPC-H has queries 1 to " + QUERY_COUNT + ", not " + number);
        }
        String resource = "tpch/q" + number + ".sql";
        try (InputStream in = TpchQueries.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + resource, e);
        }
    }

    /** {@link #sql} without comment lines and trailing blanks, for engines that take one statement. */
    public static String sqlWithoutComments(int number) {
        StringBuilder sb = new StringBuilder();
        for (String line : Objects.requireNonNull(sql(number)).split("\n")) {
            if (!line.strip().startsWith("--")) {
                sb.append(line).append('\n');
            }
        }
        return sb.toString().strip();
    }
}
