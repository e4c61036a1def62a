package io.updraft.sql;

import io.updraft.core.plan.FileFormat;
import io.updraft.planner.analysis.AnalysisErrors;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.FileSource;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.sql.SqlStatement;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the SQL commands ({@link SqlStatement}) as Spark does: the table commands in {@link TableCommands}; {@code
 * SET} and {@code EXPLAIN} (one row, column {@code plan}: what {@code Dataset.explain(mode)} prints) here; over files, {@code CREATE [OR REPLACE] [GLOBAL] TEMPORARY VIEW v
 * [(schema)] USING fmt OPTIONS (path '...', ...)} reads the files now (listing, footers or inference, as {@code
 * read().format(fmt).options(...).schema(...).load()}) and registers the relation ({@code
 * [TEMP_TABLE_OR_VIEW_ALREADY_EXISTS]} without OR REPLACE); {@code DROP VIEW [IF EXISTS] v} drops a temporary
 * (or {@code global_temp.}) view, {@code [TABLE_OR_VIEW_NOT_FOUND]} without IF EXISTS; {@code INSERT OVERWRITE
 * DIRECTORY} writes the query now through {@code write()} in overwrite mode. A command's DataFrame is empty, as
 * Spark's (for INSERT, the query limited to 0 rows). Stateless.
 */
final class SqlCommands {
    private SqlCommands() {
    }

    static Dataset<Row> run(UpdraftSession session, SqlStatement statement) {
        return switch (statement) {
            case SqlStatement.Query q -> new Dataset<>(session, q.plan(), Encoders.row());
            case SqlStatement.CreateTempViewUsing c -> {
                createView(session, c);
                yield empty(session);
            }
            case SqlStatement.CreateTempViewAs c -> {
                Dataset<Row> view = new Dataset<>(session, c.query(), Encoders.row());
                view.schema();   // analyzed now, as Spark: a broken query fails the statement
                if (c.global()) {
                    if (c.replace()) {
                        view.createOrReplaceGlobalTempView(c.name());
                    } else {
                        view.createGlobalTempView(c.name());
                    }
                } else if (c.replace()) {
                    view.createOrReplaceTempView(c.name());
                } else {
                    view.createTempView(c.name());
                }
                yield empty(session);
            }
            case SqlStatement.DropView d -> {
                dropView(session, d);
                yield empty(session);
            }
            case SqlStatement.InsertOverwriteDirectory i -> {
                Dataset<Row> query = new Dataset<>(session, i.query(), Encoders.row());
                query.write().format(i.format()).options(i.options()).mode(SaveMode.Overwrite).save(i.path());
                yield query.limit(0);   // Spark returns an empty DataFrame without columns
            }
            case SqlStatement.CreateTable c -> {
                TableCommands.create(session, c);
                yield empty(session);
            }
            case SqlStatement.InsertInto i -> {
                TableCommands.insert(session, i);
                yield empty(session);
            }
            case SqlStatement.DropTable d -> {
                TableCommands.drop(session, d);
                yield empty(session);
            }
            case SqlStatement.DescribeTable d -> TableCommands.describe(session, d);
            case SqlStatement.ShowTables s -> TableCommands.showTables(session, s);
            case SqlStatement.SetConfig s -> set(session, s);
            case SqlStatement.Explain e -> {
                String text = session.planner().explain(e.query(), QueryExecution.explainMode(e.mode()));
                yield session.createDataFrame(List.of(Row.of(text.endsWith("\n") ? text : text + "\n")),
                        new StructType(List.of(new StructField("plan", DataTypes.StringType, true))));
            }
        };
    }

    /**
     * {@code SET}: every set value sorted by key; {@code SET k}: its value, its default (spark.sql.shuffle.partitions: the planner's, as Spark shows its defaults) or
     * {@code <undefined>}; {@code SET k=v}:
     * sets it (checked as {@code conf().set}; as Spark's, setting spark.master changes nothing) and shows it. Columns key and value.
     */
    private static Dataset<Row> set(UpdraftSession session, SqlStatement.SetConfig s) {
        List<Row> rows = new java.util.ArrayList<>();
        if (s.key() == null) {
            session.conf().getAll().forEach((k, v) -> rows.add(Row.of(k, v)));
        } else if (s.value() == null) {
            String value = session.conf().getOption(s.key()).orElse(
                    s.key().equals(RuntimeConfig.SHUFFLE_PARTITIONS) ? Integer.toString(session.shufflePartitions())
                            : "<undefined>");
            rows.add(Row.of(s.key(), value));
        } else {
            try {
                session.conf().set(s.key(), s.value());
            } catch (IllegalArgumentException e) {
                java.util.regex.Matcher m = ERROR_CLASS.matcher(String.valueOf(e.getMessage()));
                throw m.lookingAt() ? new io.updraft.core.error.UpdraftException(io.updraft.core.error.ErrorType.USER,
                        m.group(1), m.group(3), m.group(2), e) : io.updraft.core.error.UpdraftException.user(
                        e.getMessage(), e);
            }
            rows.add(Row.of(s.key(), s.value()));
        }
        StructType schema = new StructType(List.of(new StructField("key", DataTypes.StringType, false),
                new StructField("value", DataTypes.StringType, false)));
        return session.createDataFrame(rows, schema);
    }

    /** A message RuntimeConfig composed with an error class: "[CLASS] text SQLSTATE: state". */
    private static final java.util.regex.Pattern ERROR_CLASS = java.util.regex.Pattern.compile(
            "\\[([A-Z][A-Z0-9_.]*)] (.*?)(?: SQLSTATE: ([0-9A-Z]{5}))?$", java.util.regex.Pattern.DOTALL);

    private static void createView(UpdraftSession session, SqlStatement.CreateTempViewUsing c) {
        Map<String, String> options = new LinkedHashMap<>();
        c.options().forEach((k, v) -> options.put(k.toLowerCase(java.util.Locale.ROOT), v));
        String path = options.remove("path");
        if (path == null) {
            throw io.updraft.core.error.UpdraftException.user("UNABLE_TO_INFER_SCHEMA", "42KD9", "CREATE TEMPORARY "
                    + "VIEW " + c.name() + " USING " + c.format() + " needs the 'path' option.");
        }
        StructType schema = c.schema() == null ? null : StructType.fromDDL(c.schema());
        String format = c.format().toLowerCase(java.util.Locale.ROOT);
        DataFrameReader reader = session.read().format(format).options(options);
        if (schema != null) {
            reader.schema(schema);
        }
        Dataset<Row> relation = reader.load(path);
        if (c.global()) {
            if (c.replace()) {
                relation.createOrReplaceGlobalTempView(c.name());
            } else {
                relation.createGlobalTempView(c.name());
            }
        } else if (c.replace()) {
            relation.createOrReplaceTempView(c.name());
        } else {
            relation.createTempView(c.name());
        }
    }

    private static void dropView(UpdraftSession session, SqlStatement.DropView d) {
        String global = GlobalTempViews.viewName(d.name());
        boolean dropped = global != null ? GlobalTempViews.drop(global) : session.sessionCatalog().drop(d.name());
        if (!dropped && !d.ifExists()) {
            throw AnalysisErrors.tableNotFound(List.of(d.name().split("\\.")), session.sessionCatalog().names());
        }
    }

    /** SQL's {@code format.`path`}: a relation over the files, read as {@code read().format(format).load(path)}. */
    static LogicalPlan files(UpdraftSession session, String format, String path) {
        FileSource source = session.fileSource(new FileFormat(format, Map.of()), List.of(path), null);
        return new FileRelation(source);
    }

    private static Dataset<Row> empty(UpdraftSession session) {
        FileSource none = new FileSource(List.of(), List.of(), new StructType(List.of()), 0, 0);
        return new Dataset<>(session, new Limit(new Aggregate(new FileRelation(none), List.of(), List.of()), 0, 0),
                Encoders.row());
    }
}
