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

    /** The files read (see {@link #discover}), the discovered partition columns and each file's raw values. */
    record Partitions(StructType schema, List<List<String>> values, List<FileListing.Listed> files) {
    }

    private PartitionDiscovery() {
    }

    /**
     * Spark's rule ({@code PartitioningUtils.parsePartition} per leaf folder, then {@code
     * PartitioningAwareFileIndex.allFiles}): walking up from a file's folder towards its base, folders that are not
     * {@code key=value} are skipped until the first partition folder, the partition folders above it are the file's
     * columns, and the walk stops at the next non-partition folder — the file's <i>root</i> (its own folder when it
     * has no partition folder). When no file has partition columns, only the files that are a read path or lie
     * directly in one are read (files in plain subfolders are not: a folder holding only {@code d/part.parquet}
     * reads as no files). Otherwise every file must have the same root and the same keys ("Conflicting directory
     * structures"), and files without partition values (directly in the base) are left out, as Spark lists only
     * the partitions' files.
     */
    static Partitions discover(List<FileListing.Listed> files) {
        List<List<String>> fileKeys = new ArrayList<>(files.size());
        List<List<String>> fileValues = new ArrayList<>(files.size());
        List<String> roots = new ArrayList<>(files.size());
        boolean partitioned = false;
        for (FileListing.Listed f : files) {
            String base = f.base().endsWith("/") ? f.base().substring(0, f.base().length() - 1) : f.base();
            String[] parts = relative(f.base(), f.path()).split("/");
            int folders = parts.length - 1;
            int end = folders - 1;
            while (end >= 0 && !isPartition(parts[end])) {
                end--;
            }
            int start = end;
            while (start >= 0 && isPartition(parts[start])) {
                start--;
            }
            List<String> keys = new ArrayList<>();
            List<String> values = new ArrayList<>();
            for (int i = start + 1; i <= end; i++) {
                int eq = parts[i].indexOf('=');
                keys.add(unescape(parts[i].substring(0, eq)));
                String v = unescape(parts[i].substring(eq + 1));
                values.add(v.equals(DEFAULT_PARTITION) ? null : v);
            }
            int rootFolders = end < 0 ? folders : start + 1;
            StringBuilder root = new StringBuilder(base);
            for (int i = 0; i < rootFolders; i++) {
                root.append('/').append(parts[i]);
            }
            partitioned |= !keys.isEmpty();
            fileKeys.add(keys);
            fileValues.add(values);
            roots.add(root.toString());
        }
        if (!partitioned) {
            List<FileListing.Listed> direct = new ArrayList<>();
            for (FileListing.Listed f : files) {
                if (f.direct()) {
                    direct.add(f);
                }
            }
            return new Partitions(new StructType(List.of()), List.of(), direct);
        }
        java.util.Set<String> distinctRoots = new java.util.LinkedHashSet<>();
        for (String r : roots) {
            distinctRoots.add(r.toLowerCase(java.util.Locale.ROOT));
        }
        if (distinctRoots.size() > 1) {
            throw new AnalysisException("CONFLICTING_DIRECTORY_STRUCTURES", "KD009", "Conflicting directory "
                    + "structures detected. Suspicious paths: " + String.join(", ", new java.util.LinkedHashSet<>(roots))
                    + ". If provided paths are partition directories, please set \"basePath\" in the options of the "
                    + "data source to specify the root directory of the table. If there are multiple root "
                    + "directories, please load them separately and then union them.");
        }
        List<String> keys = null;
        String keysFrom = null;
        List<List<String>> values = new ArrayList<>();
        List<FileListing.Listed> kept = new ArrayList<>();
        for (int f = 0; f < files.size(); f++) {
            if (fileKeys.get(f).isEmpty()) {
                continue;
            }
            if (keys == null) {
                keys = fileKeys.get(f);
                keysFrom = files.get(f).path();
            } else if (!keys.equals(fileKeys.get(f))) {
                throw new AnalysisException("CONFLICTING_DIRECTORY_STRUCTURES", "KD009", "Conflicting directory "
                        + "structures detected: " + keysFrom + " has the partition columns " + keys + " but "
                        + files.get(f).path() + " has " + fileKeys.get(f) + ". If provided paths are partition "
                        + "directories, please set \"basePath\" in the options of the data source to specify the "
                        + "root directory of the table.");
            }
            values.add(fileValues.get(f));
            kept.add(files.get(f));
        }
        List<StructField> fields = new ArrayList<>();
        for (int c = 0; c < keys.size(); c++) {
            DataType type = DataTypes.NullType;
            for (List<String> v : values) {
                type = merge(type, infer(v.get(c)));
            }
            fields.add(new StructField(keys.get(c), type instanceof NullType ? DataTypes.StringType : type, true));
        }
        return new Partitions(new StructType(fields), values, kept);
    }

    private static boolean isPartition(String folder) {
        return folder.indexOf('=') > 0;
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
