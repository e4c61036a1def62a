package io.updraft.sql;

import io.updraft.core.plan.FileFormat;
import io.updraft.planner.analysis.AnalysisErrors;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.FileSource;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.sql.SqlStatement;
import io.updraft.sql.types.StructType;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the SQL commands over files as Spark does: {@code CREATE [OR REPLACE] [GLOBAL] TEMPORARY VIEW v
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
            case SqlStatement.DropView d -> {
                dropView(session, d);
                yield empty(session);
            }
            case SqlStatement.InsertOverwriteDirectory i -> {
                Dataset<Row> query = new Dataset<>(session, i.query(), Encoders.row());
                query.write().format(i.format()).options(i.options()).mode(SaveMode.Overwrite).save(i.path());
                yield query.limit(0);   // Spark returns an empty DataFrame without columns
            }
        };
    }

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
