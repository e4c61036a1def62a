package io.updraft.engine.csv;

import io.updraft.core.value.DateTimePatterns;
import io.updraft.engine.file.TextValueParser;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import io.updraft.sql.types.TimestampType;

import java.math.BigDecimal;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Spark 4's CSV schema inference ({@code CSVInferSchema}) over every record: each field's type is tried in the
 * order int, bigint, decimal (only for integers too long for a bigint: {@code decimal(p,0)}; a text with a scale
 * becomes double), double (also {@code nanValue}, {@code positiveInf}, {@code negativeInf}), date ({@code
 * dateFormat}, default yyyy-MM-dd, when {@code preferDate}), timestamp ({@code timestampFormat}, else Spark's
 * default parsing), boolean, string, starting from the type the column has so far; types merge by Spark's
 * widening (int &lt; bigint &lt; double, integral with decimal to a decimal, decimal with double to double, date with
 * timestamp to timestamp, anything with string to string). Null fields (nullValue) keep the type; a column of
 * nulls only is string. With {@code inferSchema} false every column is string. Column names come from the header
 * (empty ones become _c&lt;i&gt;, case-insensitive duplicates get their index appended) or are _c0, _c1, ...
 * Not thread-safe.
 */
public final class CsvSchemaInference {
    private final CsvOptions options;
    private final TextValueParser values;
    private final DateTimeFormatter inferDate;
    private DataType[] types = new DataType[0];

    public CsvSchemaInference(CsvOptions options, ZoneId zone) {
        this.options = options;
        this.values = new TextValueParser(options.nanValue(), options.positiveInf(), options.negativeInf(), null,
                options.timestampFormat(), zone);
        this.inferDate = options.preferDate()
                ? DateTimePatterns.formatter(options.dateFormat() == null ? "yyyy-MM-dd" : options.dateFormat(), true)
                : null;
    }

    /** Folds one record's fields into the column types. */
    public void add(String[] raw) {
        if (!options.inferSchema()) {
            return;
        }
        if (raw.length > types.length) {
            DataType[] wider = java.util.Arrays.copyOf(types, raw.length);
            for (int i = types.length; i < raw.length; i++) {
                wider[i] = DataTypes.NullType;
            }
            types = wider;
        }
        for (int i = 0; i < raw.length; i++) {
            String text = options.fieldText(raw[i]);
            if (text == null || text.isEmpty()) {
                continue;
            }
            DataType inferred = inferField(types[i], text);
            DataType merged = compatible(types[i], inferred);
            types[i] = merged == null ? DataTypes.StringType : merged;
        }
    }

    /** The schema for {@code header} (null = no header; then {@code columns} columns). */
    public StructType schema(String[] header, int columns) {
        int n = header != null ? header.length : columns;
        List<String> names = names(header, n);
        List<StructField> fields = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            DataType t = i < types.length && options.inferSchema() ? types[i] : DataTypes.StringType;
            fields.add(new StructField(names.get(i), t instanceof NullType ? DataTypes.StringType : t, true));
        }
        return new StructType(fields);
    }

    /** Spark's {@code makeSafeHeader}: _c&lt;i&gt; for empty names, the index appended to duplicates. */
    static List<String> names(String[] header, int n) {
        List<String> names = new ArrayList<>(n);
        Map<String, Integer> counts = new HashMap<>();
        if (header != null) {
            for (String h : header) {
                if (h != null && !h.isEmpty()) {
                    counts.merge(h.toLowerCase(Locale.ROOT), 1, Integer::sum);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            String h = header == null || i >= header.length ? null : header[i];
            if (h == null || h.isEmpty()) {
                names.add(CsvOptions.defaultColumnName(i));
            } else if (counts.get(h.toLowerCase(Locale.ROOT)) > 1) {
                names.add(h + i);
            } else {
                names.add(h);
            }
        }
        return names;
    }

    private DataType inferField(DataType soFar, String text) {
        return switch (soFar) {
            case NullType n -> tryInteger(text);
            case IntegerType i -> tryInteger(text);
            case LongType l -> tryLong(text);
            case DecimalType d -> tryDecimal(text);
            case DoubleType d -> tryDouble(text);
            case DateType d -> tryDate(text);
            case TimestampType t -> tryTimestamp(text);
            case BooleanType b -> tryBoolean(text);
            default -> DataTypes.StringType;
        };
    }

    private DataType tryInteger(String text) {
        try {
            Integer.parseInt(text);
            return DataTypes.IntegerType;
        } catch (NumberFormatException e) {
            return tryLong(text);
        }
    }

    private DataType tryLong(String text) {
        try {
            Long.parseLong(text);
            return DataTypes.LongType;
        } catch (NumberFormatException e) {
            return tryDecimal(text);
        }
    }

    private DataType tryDecimal(String text) {
        try {
            BigDecimal d = new BigDecimal(text.replace(",", ""));
            if (d.scale() <= 0) {
                int precision = d.precision();
                int scale = d.scale();
                if (precision <= DecimalType.MAX_PRECISION && scale >= 0) {
                    return DataTypes.createDecimalType(precision, scale);
                }
                // Spark's DecimalType(precision, negative scale) fails there and falls back to double
                return tryDouble(text);
            }
            return tryDouble(text);
        } catch (NumberFormatException | ArithmeticException e) {
            return tryDouble(text);
        }
    }

    private DataType tryDouble(String text) {
        try {
            Double.parseDouble(text);
            return DataTypes.DoubleType;
        } catch (NumberFormatException e) {
            if (text.equals(options.nanValue()) || text.equals(options.positiveInf())
                    || text.equals(options.negativeInf())) {
                return DataTypes.DoubleType;
            }
            return inferDate != null ? tryDate(text) : tryTimestamp(text);
        }
    }

    private DataType tryDate(String text) {
        if (inferDate != null && DateTimePatterns.parseMicros(inferDate, text, DateTimePatterns.UTC)
                != DateTimePatterns.UNPARSABLE) {
            return DataTypes.DateType;
        }
        return tryTimestamp(text);
    }

    private DataType tryTimestamp(String text) {
        if (values.parseTimestamp(text) != TextValueParser.MALFORMED) {
            return DataTypes.TimestampType;
        }
        return tryBoolean(text);
    }

    private static DataType tryBoolean(String text) {
        return text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false") ? DataTypes.BooleanType
                : DataTypes.StringType;
    }

    /** Spark's {@code CSVInferSchema.compatibleType}: the tightest common type, then the CSV-specific widenings. */
    static DataType compatible(DataType a, DataType b) {
        if (a.equals(b)) {
            return a;
        }
        if (a instanceof NullType) {
            return b;
        }
        if (b instanceof NullType) {
            return a;
        }
        if (a instanceof StringType || b instanceof StringType) {
            return DataTypes.StringType;
        }
        int ra = numericRank(a);
        int rb = numericRank(b);
        if (ra > 0 && rb > 0) {
            return ra >= rb ? a : b;
        }
        if (integral(a) && b instanceof DecimalType d) {
            return compatible(decimalFor(a), d);
        }
        if (a instanceof DecimalType d && integral(b)) {
            return compatible(d, decimalFor(b));
        }
        if ((a instanceof DoubleType && b instanceof DecimalType) || (a instanceof DecimalType && b instanceof DoubleType)) {
            return DataTypes.DoubleType;
        }
        if (a instanceof DecimalType d1 && b instanceof DecimalType d2) {
            int scale = Math.max(d1.scale(), d2.scale());
            int range = Math.max(d1.precision() - d1.scale(), d2.precision() - d2.scale());
            return range + scale > DecimalType.MAX_PRECISION ? DataTypes.DoubleType
                    : DataTypes.createDecimalType(range + scale, scale);
        }
        if ((a instanceof DateType && b instanceof TimestampType) || (a instanceof TimestampType && b instanceof DateType)) {
            return DataTypes.TimestampType;
        }
        return null;
    }

    private static int numericRank(DataType t) {
        return t instanceof IntegerType ? 1 : t instanceof LongType ? 2 : t instanceof DoubleType ? 3 : 0;
    }

    private static boolean integral(DataType t) {
        return t instanceof IntegerType || t instanceof LongType;
    }

    private static DecimalType decimalFor(DataType integral) {
        return integral instanceof IntegerType ? DataTypes.createDecimalType(10, 0)
                : DataTypes.createDecimalType(20, 0);
    }
}
