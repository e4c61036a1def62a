package io.updraft.sql;

import io.updraft.coordinator.scan.ParquetFooterReader;
import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.stats.ColumnRange;
import io.updraft.engine.parquet.ParquetFileInfo;
import io.updraft.planner.logical.FileSource;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Resolves the paths given to {@code read().parquet(...)} into Parquet files and their common schema.
 * A path is a local path or a {@code file:} URI naming a file (read whatever its name) or a folder
 * (every {@code *.parquet} file below it, recursively, skipping names that start with "_" or ".", in
 * path order). An {@code s3://bucket/prefix} URI names one object or every {@code *.parquet} object under
 * the prefix (same hidden-name rule), listed through the S3 store configured by the {@code updraft.s3.*}
 * settings; each object's version (size, ETag, modification time) is handed to the footer reader, which serves a
 * cached footer only for that version (see {@code FooterCache}), and the LISTs are counted as planning requests
 * of the session's next job. Stateless.
 */
final class ParquetFileIndex {
    private ParquetFileIndex() {
    }

    static FileSource resolve(List<String> paths, ParquetFooterReader footers) {
        return resolve(paths, footers, Map.of());
    }

    static FileSource resolve(List<String> paths, ParquetFooterReader footers, Map<String, String> settings) {
        return resolve(paths, footers, settings, null, null);
    }

    /**
     * With a {@code basePath} (nullable) for partition discovery and a user schema (nullable): when given, its
     * columns are read by name and the footers only give sizes and row counts.
     */
    static FileSource resolve(List<String> paths, ParquetFooterReader footers, Map<String, String> settings,
                              String basePath, StructType userSchema) {
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("read().parquet() needs at least one path");
        }
        PartitionDiscovery.Partitions partitions = PartitionDiscovery.discover(
                FileListing.list(paths, true, basePath, settings, footers));
        List<FileListing.Listed> listed = partitions.files();
        if (listed.isEmpty()) {
            throw new AnalysisException("UNABLE_TO_INFER_SCHEMA", "42KD9", "Unable to infer schema for Parquet. It "
                    + "must be specified manually. No Parquet files were found in: " + String.join(", ", paths) + ".");
        }
        List<String> names = new ArrayList<>(listed.size());
        List<Long> sizes = new ArrayList<>(listed.size());
        StructType schema = null;
        String schemaFile = null;
        long bytes = 0;
        long rows = 0;
        Map<String, ColumnRange> ranges = null;
        for (FileListing.Listed f : listed) {
            String name = f.path();
            ParquetFileInfo info = readFooter(footers, name);
            ranges = ranges == null ? new HashMap<>(info.columnRanges()) : intersect(ranges, info.columnRanges());
            if (schema == null) {
                schema = info.schema();
                schemaFile = name;
            } else {
                schema = merge(schema, schemaFile, info.schema(), name);
            }
            names.add(name);
            sizes.add(f.size());
            bytes += f.size();
            rows += info.rowCount();
        }
        StructType data = userSchema != null ? withoutColumns(userSchema, partitions.schema()) : schema;
        StructType partitionSchema = userSchema != null ? typedFrom(userSchema, partitions.schema())
                : partitions.schema();
        return new FileSource(names, paths, append(data, partitionSchema), bytes, rows,
                io.updraft.core.plan.FileFormat.PARQUET, partitionSchema, partitions.values(), sizes,
                userSchema != null ? Map.of() : ranges);
    }

    /** The columns with a range in both, each the union of the two (a column some file lacks a range for has none). */
    private static Map<String, ColumnRange> intersect(Map<String, ColumnRange> ranges, Map<String, ColumnRange> file) {
        ranges.keySet().retainAll(file.keySet());
        ranges.replaceAll((column, range) -> range.union(file.get(column)));
        return ranges;
    }

    /** {@code schema} without the columns named in {@code drop}. */
    static StructType withoutColumns(StructType schema, StructType drop) {
        List<StructField> out = new ArrayList<>();
        for (StructField f : schema.fieldList()) {
            if (drop.indexOf(f.name()) < 0) {
                out.add(f);
            }
        }
        return new StructType(out);
    }

    /** The partition columns, typed as the user's schema types them where it names them (as Spark). */
    static StructType typedFrom(StructType userSchema, StructType partitions) {
        List<StructField> out = new ArrayList<>();
        for (StructField p : partitions.fieldList()) {
            int i = userSchema.indexOf(p.name());
            out.add(i >= 0 ? new StructField(p.name(), userSchema.get(i).dataType(), true) : p);
        }
        return new StructType(out);
    }

    /** The data columns, then the partition columns (Spark puts them last). */
    static StructType append(StructType data, StructType partitions) {
        if (partitions.size() == 0) {
            return data;
        }
        List<StructField> out = new ArrayList<>(data.fieldList());
        out.addAll(partitions.fieldList());
        return new StructType(out);
    }

    private static ParquetFileInfo readFooter(ParquetFooterReader footers, String file) {
        try {
            return footers.read(file);
        } catch (UpdraftException e) {
            if (e.type() != ErrorType.USER) {
                throw e;
            }
            throw unreadableFooter(file, e);
        } catch (RuntimeException e) {
            throw unreadableFooter(file, e);
        }
    }

    private static AnalysisException pathNotFound(String path) {
        return new AnalysisException("PATH_NOT_FOUND", "42K03", "Path does not exist: " + path + ".");
    }

    private static UpdraftException unreadableFooter(String file, RuntimeException e) {
        return new UpdraftException(ErrorType.USER, "FAILED_READ_FILE.CANNOT_READ_FILE_FOOTER", "KD001",
                "Could not read footer for file: " + display(file) + ". " + e.getMessage(), e);
    }

    private static String display(String file) {
        return isS3(file) ? file : qualified(Path.of(file));
    }

    static boolean isS3(String path) {
        String lower = path.toLowerCase(Locale.ROOT);
        return lower.startsWith("s3://") || lower.startsWith("s3a://");
    }

    /** The files one user path stands for. */
    static List<Path> list(String userPath) {
        Path path = localPath(userPath);
        if (!Files.exists(path)) {
            throw pathNotFound(qualified(path));
        }
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        List<Path> found = new ArrayList<>();
        try {
            Files.walkFileTree(path, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return dir.equals(path) || !hidden(dir) ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    String name = file.getFileName().toString();
                    if (attrs.isRegularFile() && !hidden(file) && name.toLowerCase(Locale.ROOT).endsWith(".parquet")) {
                        found.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + qualified(path) + ": " + e.getMessage(), e);
        }
        found.sort(null);
        return found;
    }

    private static boolean hidden(Path p) {
        String name = p.getFileName().toString();
        return name.startsWith("_") || name.startsWith(".");
    }

    /** A local path or file: URI as an absolute, normalized path; s3 and other schemes are USER errors. */
    static Path localPath(String userPath) {
        if (userPath == null || userPath.isBlank()) {
            throw new IllegalArgumentException("a path to read is null or blank");
        }
        String lower = userPath.toLowerCase(Locale.ROOT);
        if (lower.startsWith("file:")) {
            try {
                URI uri = new URI(userPath);
                String p = uri.getPath();
                if (p == null || (uri.getAuthority() != null && !uri.getAuthority().isEmpty()
                        && !uri.getAuthority().equals("localhost"))) {
                    throw new URISyntaxException(userPath, "expected file:/path or file:///path");
                }
                return Path.of(p).toAbsolutePath().normalize();
            } catch (URISyntaxException e) {
                throw UpdraftException.user("Invalid file URI '" + userPath + "': " + e.getMessage(), e);
            }
        }
        int scheme = userPath.indexOf("://");
        if (scheme > 0) {
            throw UpdraftException.user("UNSUPPORTED_FEATURE", "0A000", "Unsupported path scheme in " + userPath
                    + ": supported are local paths, file: URIs and s3:// URIs.");
        }
        return Path.of(userPath).toAbsolutePath().normalize();
    }

    /** Spark's display form of a local path: "file:/abs/path". */
    static String qualified(Path p) {
        return "file:" + p.toAbsolutePath();
    }

    private static long fileSize(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The common schema: same column names (case-insensitive) and types in the same order; nullability ORed. */
    private static StructType merge(StructType a, String fileA, StructType b, String fileB) {
        boolean same = a.size() == b.size();
        for (int i = 0; same && i < a.size(); i++) {
            same = a.get(i).name().equalsIgnoreCase(b.get(i).name())
                    && a.get(i).dataType().equals(b.get(i).dataType());
        }
        if (!same) {
            throw new AnalysisException("INCOMPATIBLE_PARQUET_SCHEMAS", "42KD9", "The Parquet files read together "
                    + "must share one schema, but " + qualified(Path.of(fileA)) + " has " + a.simpleString() + " and "
                    + qualified(Path.of(fileB)) + " has " + b.simpleString() + ".");
        }
        List<StructField> fields = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            StructField f = a.get(i);
            fields.add(new StructField(f.name(), f.dataType(), f.nullable() || b.get(i).nullable()));
        }
        return new StructType(fields);
    }
}
