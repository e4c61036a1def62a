package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.value.DateTimePatterns;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import io.updraft.sql.types.TimestampType;

import java.math.BigDecimal;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Hive-style partition discovery as Spark's {@code PartitioningUtils}: the folders between a file's base and the
 * file named {@code key=value} are its partition columns (values unescaped from Hive's %XX; {@code
 * __HIVE_DEFAULT_PARTITION__} is null). Every file must have the same keys in the same order, or the read fails
 * with Spark's "Conflicting directory structures". Types are inferred as Spark's ({@code
 * spark.sql.sources.partitionColumnTypeInference.enabled}, on): int, then bigint, then decimal(p,0) for longer
 * integers, double, date ({@code yyyy-MM-dd}), timestamp ({@code yyyy-MM-dd HH:mm:ss[.S]}), else string; values
 * of one column merge to the widest of them (int &lt; bigint &lt; decimal &lt; double, date with timestamp to
 * timestamp, anything else to string); a column of nulls only is string. Stateless.
 */
final class PartitionDiscovery {
    static final String DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";
    private static final DateTimeFormatter DATE = DateTimePatterns.formatter("yyyy-MM-dd", true);
    private static final DateTimeFormatter TIMESTAMP = DateTimePatterns.formatter("yyyy-MM-dd HH:mm:ss[.SSSSSS]",
            true);

    /** The discovered partition columns and each file's raw values (parallel to the files). */
    record Partitions(StructType schema, List<List<String>> values) {
    }

    private PartitionDiscovery() {
    }

    static Partitions discover(List<FileListing.Listed> files) {
        List<String> keys = null;
        String keysFrom = null;
        List<List<String>> values = new ArrayList<>(files.size());
        for (FileListing.Listed f : files) {
            List<String> fileKeys = new ArrayList<>();
            List<String> fileValues = new ArrayList<>();
            String rest = relative(f.base(), f.path());
            String[] parts = rest.split("/");
            for (int i = 0; i < parts.length - 1; i++) {
                int eq = parts[i].indexOf('=');
                if (eq <= 0) {
                    fileKeys.clear();
                    fileValues.clear();
                    continue;
                }
                fileKeys.add(unescape(parts[i].substring(0, eq)));
                String v = unescape(parts[i].substring(eq + 1));
                fileValues.add(v.equals(DEFAULT_PARTITION) ? null : v);
            }
            if (keys == null) {
                keys = fileKeys;
                keysFrom = f.path();
            } else if (!keys.equals(fileKeys)) {
                throw new AnalysisException("CONFLICTING_DIRECTORY_STRUCTURES", "KD009", "Conflicting directory "
                        + "structures detected: " + keysFrom + " has the partition columns " + keys + " but "
                        + f.path() + " has " + fileKeys + ". If provided paths are partition directories, please set "
                        + "\"basePath\" in the options of the data source to specify the root directory of the "
                        + "table.");
            }
            values.add(fileValues);
        }
        if (keys == null || keys.isEmpty()) {
            return new Partitions(new StructType(List.of()), List.of());
        }
        List<StructField> fields = new ArrayList<>();
        for (int c = 0; c < keys.size(); c++) {
            DataType type = DataTypes.NullType;
            for (List<String> v : values) {
                type = merge(type, infer(v.get(c)));
            }
            fields.add(new StructField(keys.get(c), type instanceof NullType ? DataTypes.StringType : type, true));
        }
        return new Partitions(new StructType(fields), values);
    }

    private static String relative(String base, String path) {
        String b = base.endsWith("/") ? base : base + "/";
        return path.startsWith(b) ? path.substring(b.length()) : path.substring(path.lastIndexOf('/') + 1);
    }

    /** Hive's path-name unescaping (%XX). */
    static String unescape(String text) {
        if (text.indexOf('%') < 0) {
            return text;
        }
        try {
            return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return text;
        }
    }

    static DataType infer(String raw) {
        if (raw == null) {
            return DataTypes.NullType;
        }
        try {
            Integer.parseInt(raw);
            return DataTypes.IntegerType;
        } catch (NumberFormatException ignored) {
            // next
        }
        try {
            Long.parseLong(raw);
            return DataTypes.LongType;
        } catch (NumberFormatException ignored) {
            // next
        }
        try {
            BigDecimal d = new BigDecimal(raw);
            if (d.scale() <= 0 && d.precision() <= DecimalType.MAX_PRECISION && raw.chars().allMatch(
                    ch -> Character.isDigit(ch) || ch == '-' || ch == '+')) {
                return DataTypes.createDecimalType(d.precision(), 0);
            }
        } catch (NumberFormatException ignored) {
            // next
        }
        try {
            Double.parseDouble(raw);
            if (!raw.endsWith("d") && !raw.endsWith("D") && !raw.endsWith("f") && !raw.endsWith("F")) {
                return DataTypes.DoubleType;
            }
        } catch (NumberFormatException ignored) {
            // next
        }
        if (DateTimePatterns.parseMicros(DATE, raw, DateTimePatterns.UTC) != DateTimePatterns.UNPARSABLE) {
            return DataTypes.DateType;
        }
        if (DateTimePatterns.parseMicros(TIMESTAMP, raw, DateTimePatterns.UTC) != DateTimePatterns.UNPARSABLE) {
            return DataTypes.TimestampType;
        }
        return DataTypes.StringType;
    }

    static DataType merge(DataType a, DataType b) {
        if (a.equals(b) || b instanceof NullType) {
            return a;
        }
        if (a instanceof NullType) {
            return b;
        }
        int ra = rank(a);
        int rb = rank(b);
        if (ra > 0 && rb > 0) {
            if (a instanceof DecimalType da && b instanceof DecimalType db) {
                return DataTypes.createDecimalType(Math.max(da.precision(), db.precision()), 0);
            }
            if (ra == 3 || rb == 3) {
                DecimalType d = (DecimalType) (ra == 3 ? a : b);
                DataType other = ra == 3 ? b : a;
                if (!(other instanceof DoubleType)) {
                    return DataTypes.createDecimalType(Math.max(d.precision(), other instanceof IntegerType ? 10 : 20),
                            0);
                }
            }
            return ra >= rb ? a : b;
        }
        if ((a instanceof DateType && b instanceof TimestampType) || (a instanceof TimestampType && b instanceof DateType)) {
            return DataTypes.TimestampType;
        }
        return DataTypes.StringType;
    }

    private static int rank(DataType t) {
        return t instanceof IntegerType ? 1 : t instanceof LongType ? 2 : t instanceof DecimalType ? 3
                : t instanceof DoubleType ? 4 : 0;
    }
}
