package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Expr;
import io.updraft.core.plan.FileWrite;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Stage;
import io.updraft.coordinator.output.OutputPaths;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Writes a Dataset's rows to files, as Spark's {@code DataFrameWriter}: {@code mode}, {@code format} (parquet
 * — the default, {@code spark.sql.sources.default} —, csv, json, text), {@code option(s)}, {@code partitionBy},
 * then {@code save(path)} or {@code parquet/csv/json/text(path)}. The tasks write their files pending; the job's
 * commit makes them all visible at once (see the coordinator README), with Spark's file names and a
 * {@code _SUCCESS} manifest. Path checks (error / ignore modes) happen before the job runs. Not thread-safe (a
 * builder).
 */
public final class DataFrameWriter<T> {
    private static final List<String> SESSION_OPTIONS = List.of("spark.sql.parquet.compression.codec",
            "spark.sql.files.maxRecordsPerFile", "spark.sql.parquet.outputTimestampType");

    private final Dataset<T> dataset;
    private SaveMode mode = SaveMode.ErrorIfExists;
    private String format;
    private final Map<String, String> options = new LinkedHashMap<>();
    private List<String> partitionBy = List.of();

    DataFrameWriter(Dataset<T> dataset) {
        this.dataset = Objects.requireNonNull(dataset, "dataset is null");
    }

    public DataFrameWriter<T> mode(SaveMode saveMode) {
        this.mode = Objects.requireNonNull(saveMode, "saveMode is null");
        return this;
    }

    /** "overwrite", "append", "ignore", "error" / "errorifexists" / "default" (case-insensitive), as Spark. */
    public DataFrameWriter<T> mode(String saveMode) {
        this.mode = switch (saveMode.toLowerCase(Locale.ROOT)) {
            case "overwrite" -> SaveMode.Overwrite;
            case "append" -> SaveMode.Append;
            case "ignore" -> SaveMode.Ignore;
            case "error", "errorifexists", "default" -> SaveMode.ErrorIfExists;
            default -> throw new IllegalArgumentException("[INVALID_SAVE_MODE] The specified save mode \""
                    + saveMode + "\" is invalid. Valid save modes include \"append\", \"overwrite\", \"ignore\", "
                    + "\"error\", \"errorifexists\", and \"default\". SQLSTATE: 42000");
        };
        return this;
    }

    public DataFrameWriter<T> format(String source) {
        this.format = source.toLowerCase(Locale.ROOT);
        return this;
    }

    public DataFrameWriter<T> option(String key, String value) {
        options.put(key, value);
        return this;
    }

    public DataFrameWriter<T> option(String key, boolean value) {
        return option(key, String.valueOf(value));
    }

    public DataFrameWriter<T> option(String key, long value) {
        return option(key, String.valueOf(value));
    }

    public DataFrameWriter<T> option(String key, double value) {
        return option(key, String.valueOf(value));
    }

    public DataFrameWriter<T> options(Map<String, String> more) {
        options.putAll(more);
        return this;
    }

    public DataFrameWriter<T> partitionBy(String... columns) {
        this.partitionBy = List.of(columns);
        return this;
    }

    public void parquet(String path) {
        format("parquet").save(path);
    }

    public void csv(String path) {
        format("csv").save(path);
    }

    public void json(String path) {
        format("json").save(path);
    }

    public void text(String path) {
        format("text").save(path);
    }

    /** Writes to {@code path} in the chosen format (parquet when none was chosen). */
    public void save(String path) {
        Objects.requireNonNull(path, "path is null");
        String fmt = format == null ? dataset.sparkSession().conf().get("spark.sql.sources.default", "parquet")
                : format;
        if (!FileWrite.FORMATS.contains(fmt)) {
            throw new AnalysisException("DATA_SOURCE_NOT_FOUND", "42K02", "Failed to find the data source: " + fmt
                    + ". Make sure the provider name is correct and the package is properly registered and "
                    + "compatible with your Spark version.");
        }
        StructType schema = dataset.schema();
        List<String> partitions = new ArrayList<>();
        for (String column : partitionBy) {
            int i = schema.indexOf(column);
            if (i < 0) {
                throw new AnalysisException("Partition column `" + column + "` not found in schema "
                        + schema.simpleString());
            }
            partitions.add(schema.get(i).name());
        }
        String qualified = OutputPaths.qualify(path);
        Map<String, String> settings = dataset.sparkSession().conf().getAll();
        boolean exists = OutputPaths.exists(qualified, settings);
        if (exists && mode == SaveMode.ErrorIfExists) {
            throw new AnalysisException("PATH_ALREADY_EXISTS", "42K04", "Path " + OutputPaths.display(qualified)
                    + " already exists. Set mode as \"overwrite\" to overwrite the existing path.");
        }
        if (exists && mode == SaveMode.Ignore) {
            return;
        }
        Map<String, String> all = new LinkedHashMap<>();
        for (String key : SESSION_OPTIONS) {
            String value = settings.get(key);
            if (value != null) {
                all.put(key, value);
            }
        }
        all.putAll(options);
        dataset.writeFiles(plan -> wrap(plan, fmt, qualified, partitions, all));
    }

    /** The query's job with its last stage's rows written as files instead of returned. */
    private JobPlan wrap(JobPlan plan, String fmt, String path, List<String> partitions, Map<String, String> all) {
        Stage last = plan.finalStage();
        FileWrite write;
        try {
            write = new FileWrite(withNames(last.root(), plan.resultSchema()), fmt, path, partitions, all,
                    UUID.randomUUID().toString(), mode == SaveMode.Overwrite);
        } catch (IllegalArgumentException e) {
            throw UpdraftException.user(e.getMessage());
        }
        List<Stage> stages = new ArrayList<>(plan.stages().subList(0, plan.stages().size() - 1));
        stages.add(new Stage(last.stageId(), write, last.inputStages(), last.description(), last.rangeBoundsStage()));
        return new JobPlan(stages, plan.resultSchema());
    }

    /** {@code root} with its columns named as the Dataset's (a renaming projection when they differ). */
    private static Operator withNames(Operator root, StructType names) {
        StructType schema = root.schema();
        if (Arrays.equals(schema.fieldNames(), names.fieldNames())) {
            return root;
        }
        List<Expr> columns = new ArrayList<>();
        for (int i = 0; i < schema.size(); i++) {
            columns.add(new ColumnRef(i, schema.get(i).dataType(), schema.get(i).nullable()));
        }
        return new Project(root, columns, List.of(names.fieldNames()));
    }

    @Override
    public String toString() {
        return "DataFrameWriter(" + mode + ", " + format + ", " + options + ", " + Arrays.toString(
                partitionBy.toArray()) + ")";
    }
}
