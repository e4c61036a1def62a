package io.updraft.bench;

import io.updraft.sql.Column;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

import static io.updraft.sql.functions.avg;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;

/**
 * The 22 TPC-H queries as SQL text (the specification's, with its validation parameters) in resources
 * {@code io/updraft/bench/tpch/qN.sql}, and some of them written with the Dataset API (Q1, Q6). Each
 * Dataset method takes the table DataFrames it reads and builds a lazy plan; nothing runs until an action.
 * Stateless.
 */
public final class TpchQueries {
    private TpchQueries() {
    }

    /**
     * Q1, pricing summary report: line items shipped by {@code date '1998-12-01' - interval '90' day},
     * grouped by return flag and line status, with sums, averages and a count, ordered by the group keys.
     */
    public static Dataset<Row> q1(Dataset<Row> lineitem) {
        LocalDate shippedBy = LocalDate.of(1998, 12, 1).minusDays(90);
        Column discountedPrice = col("l_extendedprice").multiply(lit(1).minus(col("l_discount")));
        return lineitem
                .filter(col("l_shipdate").leq(lit(shippedBy)))
                .groupBy(col("l_returnflag"), col("l_linestatus"))
                .agg(sum(col("l_quantity")).alias("sum_qty"),
                        sum(col("l_extendedprice")).alias("sum_base_price"),
                        sum(discountedPrice).alias("sum_disc_price"),
                        sum(discountedPrice.multiply(lit(1).plus(col("l_tax")))).alias("sum_charge"),
                        avg(col("l_quantity")).alias("avg_qty"),
                        avg(col("l_extendedprice")).alias("avg_price"),
                        avg(col("l_discount")).alias("avg_disc"),
                        count("*").alias("count_order"))
                .orderBy(col("l_returnflag"), col("l_linestatus"));
    }

    /**
     * Q6, forecasting revenue change: revenue from line items shipped in 1994 with a discount between
     * 0.05 and 0.07 and a quantity under 24.
     */
    public static Dataset<Row> q6(Dataset<Row> lineitem) {
        LocalDate from = LocalDate.of(1994, 1, 1);
        BigDecimal discount = new BigDecimal("0.06");
        BigDecimal delta = new BigDecimal("0.01");
        return lineitem
                .filter(col("l_shipdate").geq(lit(from))
                        .and(col("l_shipdate").lt(lit(from.plusYears(1))))
                        .and(col("l_discount").between(discount.subtract(delta), discount.add(delta)))
                        .and(col("l_quantity").lt(24)))
                .agg(sum(col("l_extendedprice").multiply(col("l_discount"))).alias("revenue"));
    }

    /** Number of TPC-H queries. */
    public static final int QUERY_COUNT = 22;

    /** Query numbers that also have a Dataset API version ({@link #dataset}). */
    public static final Set<Integer> DATASET_QUERIES = Set.of(1, 6);

    private static final Pattern ORDER_BY = Pattern.compile("\\border\\s+by\\b", Pattern.CASE_INSENSITIVE);

    /**
     * The Dataset API version of query {@code number} over the tables {@code table} returns by name, or empty
     * when there is none (see {@link #DATASET_QUERIES}).
     */
    public static Optional<Dataset<Row>> dataset(int number, Function<String, Dataset<Row>> table) {
        return switch (number) {
            case 1 -> Optional.of(q1(table.apply("lineitem")));
            case 6 -> Optional.of(q6(table.apply("lineitem")));
            default -> Optional.empty();
        };
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
