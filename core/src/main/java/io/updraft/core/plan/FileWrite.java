package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.sql.types.StructType;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * The root of a write task: writes the child's rows as files of {@code format} (parquet, csv, json or text) under
 * the output folder {@code path} (a local folder, {@code file:} URI or {@code s3://bucket/prefix}), one folder
 * level {@code key=value} per column of {@code partitionBy} (those columns are left out of the files), with the
 * format's {@code options} (Spark's option names, keys lower-cased). Files are named as Spark names them,
 * {@code part-<task, 5 digits>-<writeId>-c<counter, 3 digits><extension>}; {@code writeId} is the write's
 * UUID, the same in every task. The task writes its files <em>pending</em> (a staging folder, or S3 multipart
 * uploads not completed) and returns them in {@code TaskResult.writtenFiles}; only the coordinator's job commit
 * makes them visible. With {@code overwrite} the commit then removes the folder's previous files (Spark's
 * {@code SaveMode.Overwrite}); without, they stay (append). Produces no rows. {@link #schema()} is the schema of
 * the rows written.
 */
public record FileWrite(Operator child, String format, String path, List<String> partitionBy,
                        Map<String, String> options, String writeId, boolean overwrite) implements Operator {
    /** The formats a task can write. */
    public static final Set<String> FORMATS = Set.of("parquet", "csv", "json", "text");

    public FileWrite {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(format, "format is null");
        Objects.requireNonNull(path, "path is null");
        Objects.requireNonNull(writeId, "writeId is null");
        if (!FORMATS.contains(format)) {
            throw new IllegalArgumentException("unknown output format '" + format + "'; known: " + FORMATS);
        }
        partitionBy = partitionBy == null ? List.of() : List.copyOf(partitionBy);
        options = options == null ? Map.of() : Map.copyOf(new TreeMap<>(options));
        Set<String> seen = new HashSet<>();
        for (String column : partitionBy) {
            if (child.schema().indexOf(column) < 0) {
                throw new IllegalArgumentException("partition column '" + column + "' is not in the written schema "
                        + child.schema().simpleString());
            }
            if (!seen.add(column)) {
                throw new IllegalArgumentException("partition column '" + column + "' is given twice");
            }
        }
    }

    @Override
    @JsonIgnore
    public StructType schema() {
        return child.schema();
    }

    @Override
    public List<Operator> children() {
        return List.of(child);
    }

    @Override
    public FileWrite withChildren(List<Operator> children) {
        return new FileWrite(Operator.onlyChild(children, this), format, path, partitionBy, options, writeId,
                overwrite);
    }
}
