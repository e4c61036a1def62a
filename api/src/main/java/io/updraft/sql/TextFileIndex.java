package io.updraft.sql;

import io.updraft.coordinator.scan.ParquetFooterReader;
import io.updraft.core.error.AnalysisException;
import io.updraft.core.plan.FileFormat;
import io.updraft.engine.csv.CsvFiles;
import io.updraft.engine.csv.CsvOptions;
import io.updraft.engine.json.JsonFiles;
import io.updraft.engine.json.JsonOptions;
import io.updraft.planner.logical.FileSource;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Resolves the paths of a CSV, JSON or text read into a {@link FileSource}: the files ({@link FileListing}, every
 * non-hidden file whatever its name), the partition columns ({@link PartitionDiscovery}), and the data schema —
 * the user's ({@code schema(...)}, minus the partition columns it names, which type those), or inferred by reading
 * every file (CSV: {@link CsvFiles}, JSON: {@link JsonFiles}), or text's single {@code value} string column.
 * Partition columns come last. No files and no user schema is Spark's {@code [UNABLE_TO_INFER_SCHEMA]}. Stateless.
 */
final class TextFileIndex {
    private TextFileIndex() {
    }

    static FileSource resolve(FileFormat format, List<String> paths, StructType userSchema,
                              Map<String, String> settings, ParquetFooterReader footers, ZoneId zone) {
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("read()." + format.name() + "() needs at least one path");
        }
        PartitionDiscovery.Partitions partitions = PartitionDiscovery.discover(FileListing.list(paths, false,
                format.option("basePath", null), settings, footers));
        List<FileListing.Listed> listed = partitions.files();
        List<String> files = new ArrayList<>(listed.size());
        List<Long> sizes = new ArrayList<>(listed.size());
        long bytes = 0;
        for (FileListing.Listed f : listed) {
            files.add(f.path());
            sizes.add(f.size());
            bytes += f.size();
        }
        StructType partitionSchema = userSchema != null
                ? ParquetFileIndex.typedFrom(userSchema, partitions.schema()) : partitions.schema();
        StructType data;
        if (userSchema != null) {
            data = ParquetFileIndex.withoutColumns(userSchema, partitions.schema());
        } else {
            data = switch (format.name()) {
                case FileFormat.CSV -> CsvFiles.inferSchema(files, CsvOptions.of(format.options()), settings, zone);
                case FileFormat.JSON -> JsonFiles.inferSchema(files, JsonOptions.of(format.options()), settings);
                default -> new StructType(List.of(new StructField("value", DataTypes.StringType, true)));
            };
            if (data.size() == 0 && partitionSchema.size() == 0 && !format.name().equals(FileFormat.TEXT)) {
                throw new AnalysisException("UNABLE_TO_INFER_SCHEMA", "42KD9", "Unable to infer schema for "
                        + title(format.name()) + ". It must be specified manually.");
            }
        }
        if (format.name().equals(FileFormat.TEXT) && (data.size() != 1
                || !(data.get(0).dataType() instanceof io.updraft.sql.types.StringType))) {
            throw new AnalysisException("UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE", "0A000", "The Text data source "
                    + "supports only a single column of string type, but the schema is " + data.simpleString() + ".");
        }
        return new FileSource(files, paths, ParquetFileIndex.append(data, partitionSchema), bytes, -1, format,
                partitionSchema, partitions.values(), sizes);
    }

    static String title(String format) {
        return switch (format) {
            case FileFormat.CSV -> "CSV";
            case FileFormat.JSON -> "JSON";
            default -> "Text";
        };
    }
}
