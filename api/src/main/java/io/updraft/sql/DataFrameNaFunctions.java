package io.updraft.sql;

import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructField;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.updraft.sql.functions.coalesce;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.when;

/**
 * Missing data, as Spark's {@code df.na()}: {@code drop} removes rows with nulls, {@code fill} replaces nulls with a
 * value, {@code replace} maps values. Each returns a new DataFrame with the same columns (names, order). A fill or
 * replace value applies to the columns of its kind only — numbers to numeric columns (cast to the column's type),
 * strings to string columns, booleans to boolean ones — others are left as they are, as in Spark. Unlike Spark,
 * NaN is not treated as missing. Immutable.
 */
public final class DataFrameNaFunctions {
    private final Dataset<Row> df;

    DataFrameNaFunctions(Dataset<Row> df) {
        this.df = df;
    }

    /** Drops the rows with a null in any column. */
    public Dataset<Row> drop() {
        return drop("any");
    }

    /** {@code how}: "any" drops rows with a null in any column, "all" rows where every column is null. */
    public Dataset<Row> drop(String how) {
        return drop(how, df.columns());
    }

    public Dataset<Row> drop(String[] cols) {
        return drop("any", cols);
    }

    public Dataset<Row> drop(String how, String[] cols) {
        return switch (how.toLowerCase(Locale.ROOT)) {
            case "any" -> drop(cols.length, cols);
            case "all" -> drop(1, cols);
            default -> throw new IllegalArgumentException("how (" + how + ") must be 'any' or 'all'");
        };
    }

    /** Drops the rows with fewer than {@code minNonNulls} non-null values. */
    public Dataset<Row> drop(int minNonNulls) {
        return drop(minNonNulls, df.columns());
    }

    /** Drops the rows with fewer than {@code minNonNulls} non-null values among {@code cols}. */
    public Dataset<Row> drop(int minNonNulls, String[] cols) {
        Column nonNulls = lit(0);
        for (String c : cols) {
            nonNulls = nonNulls.plus(when(df.col(c).isNotNull(), 1).otherwise(0));
        }
        return df.filter(nonNulls.geq(minNonNulls));
    }

    public Dataset<Row> fill(long value) {
        return fill(value, df.columns());
    }

    public Dataset<Row> fill(double value) {
        return fill(value, df.columns());
    }

    public Dataset<Row> fill(String value) {
        return fill(value, df.columns());
    }

    public Dataset<Row> fill(boolean value) {
        return fill(value, df.columns());
    }

    public Dataset<Row> fill(long value, String[] cols) {
        return fillValue(value, cols);
    }

    public Dataset<Row> fill(double value, String[] cols) {
        return fillValue(value, cols);
    }

    public Dataset<Row> fill(String value, String[] cols) {
        return fillValue(value, cols);
    }

    public Dataset<Row> fill(boolean value, String[] cols) {
        return fillValue(value, cols);
    }

    /** Per column its value (Integer, Long, Float, Double, String, Boolean); the columns must exist. */
    public Dataset<Row> fill(Map<String, Object> valueMap) {
        List<Column> out = new ArrayList<>();
        for (StructField f : df.schema().fieldList()) {
            Column c = df.col(quoted(f.name()));
            Object value = null;
            for (Map.Entry<String, Object> e : valueMap.entrySet()) {
                if (e.getKey().equalsIgnoreCase(f.name())) {
                    value = e.getValue();
                }
            }
            out.add(value == null ? c : fillColumn(c, f, value).as(f.name()));
        }
        for (String name : valueMap.keySet()) {
            df.col(name); // an unknown column is Spark's analysis error
        }
        return df.select(out.toArray(Column[]::new));
    }

    private Dataset<Row> fillValue(Object value, String[] cols) {
        List<String> chosen = Arrays.stream(cols).map(c -> c.toLowerCase(Locale.ROOT)).toList();
        for (String c : cols) {
            df.col(c);
        }
        List<Column> out = new ArrayList<>();
        for (StructField f : df.schema().fieldList()) {
            Column c = df.col(quoted(f.name()));
            out.add(chosen.contains(f.name().toLowerCase(Locale.ROOT)) && applies(value, f.dataType())
                    ? fillColumn(c, f, value).as(f.name()) : c);
        }
        return df.select(out.toArray(Column[]::new));
    }

    private static Column fillColumn(Column c, StructField f, Object value) {
        return coalesce(c, lit(value).cast(f.dataType()));
    }

    /** Replaces values in one column ("*": every column of the keys' kind); keys and values of one kind. */
    public <T> Dataset<Row> replace(String col, Map<T, T> replacement) {
        return col.equals("*") ? replace(df.columns(), replacement) : replace(new String[] {col}, replacement);
    }

    public <T> Dataset<Row> replace(String[] cols, Map<T, T> replacement) {
        if (replacement.isEmpty()) {
            return df;
        }
        Object sample = replacement.keySet().iterator().next();
        List<String> chosen = Arrays.stream(cols).map(c -> c.toLowerCase(Locale.ROOT)).toList();
        for (String c : cols) {
            df.col(c);
        }
        List<Column> out = new ArrayList<>();
        for (StructField f : df.schema().fieldList()) {
            Column c = df.col(quoted(f.name()));
            if (!chosen.contains(f.name().toLowerCase(Locale.ROOT)) || !applies(sample, f.dataType())) {
                out.add(c);
                continue;
            }
            Column mapped = null;
            for (Map.Entry<T, T> e : replacement.entrySet()) {
                // as Spark's CaseKeyWhen: the key compared as it is (1.5 never equals an int), the value cast
                Column condition = c.equalTo(lit(e.getKey()));
                Column value = lit(e.getValue()).cast(f.dataType());
                mapped = mapped == null ? when(condition, value) : mapped.when(condition, value);
            }
            out.add(mapped.otherwise(c).as(f.name()));
        }
        return df.select(out.toArray(Column[]::new));
    }

    /** Whether a fill or replace value of this kind applies to a column of this type. */
    private static boolean applies(Object value, DataType type) {
        if (value instanceof Number) {
            return type.isNumeric();
        }
        if (value instanceof String) {
            return type instanceof StringType;
        }
        if (value instanceof Boolean) {
            return type instanceof BooleanType;
        }
        throw new IllegalArgumentException("Unsupported value type " + value.getClass().getName() + " (" + value
                + "); use Integer, Long, Float, Double, String or Boolean");
    }

    static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
