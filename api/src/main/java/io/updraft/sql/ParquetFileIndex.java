package io.updraft.sql;

import io.updraft.coordinator.ParquetFileInfo;
import io.updraft.coordinator.ParquetFooterReader;
import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.planner.logical.ParquetSource;
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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Resolves the paths given to {@code read().parquet(...)} into Parquet files and their common schema.
 * A path is a local path or a {@code file:} URI naming a file (read whatever its name) or a folder
 * (every {@code *.parquet} file below it, recursively, skipping names that start with "_" or ".", in
 * path order). {@code s3://} is recognised but not supported yet. Stateless.
 */
final class ParquetFileIndex {
    private ParquetFileIndex() {
    }

    static ParquetSource resolve(List<String> paths, ParquetFooterReader footers) {
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("read().parquet() needs at least one path");
        }
        Set<Path> files = new LinkedHashSet<>();
        for (String p : paths) {
            files.addAll(list(p));
        }
        if (files.isEmpty()) {
            throw new AnalysisException("[UNABLE_TO_INFER_SCHEMA] Unable to infer schema for Parquet. It must be "
                    + "specified manually. No Parquet files were found in: " + String.join(", ", paths)
                    + ". SQLSTATE: 42KD9");
        }
        List<String> names = new ArrayList<>(files.size());
        StructType schema = null;
        String schemaFile = null;
        long bytes = 0;
        long rows = 0;
        for (Path file : files) {
            String name = file.toString();
            ParquetFileInfo info = readFooter(footers, name);
            if (schema == null) {
                schema = info.schema();
                schemaFile = name;
            } else {
                schema = merge(schema, schemaFile, info.schema(), name);
            }
            names.add(name);
            bytes += fileSize(file);
            rows += info.rowCount();
        }
        return new ParquetSource(names, paths, schema, bytes, rows);
    }

    private static ParquetFileInfo readFooter(ParquetFooterReader footers, String file) {
        try {
            return footers.read(file);
        } catch (UpdraftException e) {
            if (e.type() != ErrorType.USER) {
                throw e;
            }
            throw UpdraftException.user("[FAILED_READ_FILE.CANNOT_READ_FILE_FOOTER] Could not read footer for file: "
                    + qualified(Path.of(file)) + ". " + e.getMessage() + " SQLSTATE: KD001", e);
        } catch (RuntimeException e) {
            throw UpdraftException.user("[FAILED_READ_FILE.CANNOT_READ_FILE_FOOTER] Could not read footer for file: "
                    + qualified(Path.of(file)) + ". " + e.getMessage() + " SQLSTATE: KD001", e);
        }
    }

    /** The files one user path stands for. */
    static List<Path> list(String userPath) {
        Path path = localPath(userPath);
        if (!Files.exists(path)) {
            throw new AnalysisException("[PATH_NOT_FOUND] Path does not exist: " + qualified(path)
                    + ". SQLSTATE: 42K03");
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
        if (lower.startsWith("s3://") || lower.startsWith("s3a://")) {
            throw UpdraftException.user("[UNSUPPORTED_FEATURE] Reading " + userPath + " is not supported yet: "
                    + "this version reads local files and file: URIs; S3 comes with the AWS Lambda mode."
                    + " SQLSTATE: 0A000");
        }
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
            throw UpdraftException.user("[UNSUPPORTED_FEATURE] Unsupported path scheme in " + userPath
                    + ": supported are local paths and file: URIs (s3:// comes later). SQLSTATE: 0A000");
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
            throw new AnalysisException("[INCOMPATIBLE_PARQUET_SCHEMAS] The Parquet files read together must share "
                    + "one schema, but " + qualified(Path.of(fileA)) + " has " + a.simpleString() + " and "
                    + qualified(Path.of(fileB)) + " has " + b.simpleString() + ". SQLSTATE: 42KD9");
        }
        List<StructField> fields = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            StructField f = a.get(i);
            fields.add(new StructField(f.name(), f.dataType(), f.nullable() || b.get(i).nullable()));
        }
        return new StructType(fields);
    }
}
