package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.FileFormat;
import io.updraft.core.plan.FileWrite;
import io.updraft.coordinator.output.OutputPaths;
import io.updraft.engine.store.ObjectStores;
import io.updraft.planner.analysis.AnalysisErrors;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.CastExpr;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.FileSource;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.planner.sql.SqlStatement;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import io.updraft.sql.types.TimestampType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The SQL commands on the session catalog's tables over files ({@link CatalogTable}), as Spark's session catalog
 * runs them: {@code CREATE TABLE ... [AS query]} (the query written now through {@code write()}, so its files
 * appear at once at the job's commit), {@code INSERT INTO|OVERWRITE} (append or overwrite through {@code
 * write()}, the query's columns by position cast to the table's types under Spark's ANSI store assignment), {@code
 * DROP TABLE}, {@code DESCRIBE} and {@code SHOW TABLES}, with Spark's result columns and error classes. Stateless.
 */
final class TableCommands {
    private static final String WAREHOUSE = "spark.sql.warehouse.dir";

    private TableCommands() {
    }

    /** A table's relation: its files listed now, read with the table's schema; no files yet is an empty relation. */
    static LogicalPlan relation(UpdraftSession session, CatalogTable table) {
        if (!hasFiles(table.location(), session.conf().getAll())) {
            StructType partitions = new StructType(table.partitionFields());
            return new FileRelation(new FileSource(List.of(), List.of(table.location()), table.schema(), 0, 0,
                    new FileFormat(table.format(), lowerCased(table.options())), partitions, List.of(), List.of()));
        }
        return session.read().format(table.format()).options(table.options()).schema(table.schema())
                .load(table.location()).logicalPlan();
    }

    static void create(UpdraftSession session, SqlStatement.CreateTable c) {
        String name = requireDefaultDatabase(c.name());
        SessionCatalog catalog = session.sessionCatalog();
        if (catalog.table(name).isPresent()) {
            if (c.ifNotExists()) {
                return;
            }
            throw alreadyExists(name);
        }
        String format = (c.format() != null ? c.format()
                : session.conf().get("spark.sql.sources.default", "parquet")).toLowerCase(Locale.ROOT);
        if (!FileWrite.FORMATS.contains(format)) {
            throw new AnalysisException("DATA_SOURCE_NOT_FOUND", "42K02", "Failed to find the data source: "
                    + format + ". Make sure the provider name is correct and the package is properly registered "
                    + "and compatible with your Spark version.");
        }
        boolean managed = c.location() == null;
        String location = OutputPaths.qualify(managed
                ? session.conf().get(WAREHOUSE, "spark-warehouse") + "/" + name : c.location());
        Map<String, String> settings = session.conf().getAll();
        CatalogTable table;
        if (c.query() != null) {
            Dataset<Row> query = new Dataset<>(session, c.query(), Encoders.row());
            StructType schema = tableSchema(name, query.schema(), c.partitionColumns());
            if (hasFiles(location, settings)) {
                if (managed) {
                    throw new AnalysisException("LOCATION_ALREADY_EXISTS", "42710", "Cannot name the managed table "
                            + "as `spark_catalog`.`default`.`" + name + "`, as its associated location '"
                            + OutputPaths.display(location) + "' already exists. Please pick a different table "
                            + "name, or remove the existing location first.");
                }
                throw new AnalysisException("CREATE-TABLE-AS-SELECT cannot create table with location to a "
                        + "non-empty directory " + OutputPaths.display(location) + ". To allow overwriting the "
                        + "existing non-empty directory, set 'spark.sql.legacy.allowNonEmptyLocationInCTAS' to true.");
            }
            table = new CatalogTable(name, format, c.options(), location, schema,
                    partitionNames(schema, c.partitionColumns()), managed);
            write(query.select(columns(schema)), table, SaveMode.Overwrite);
        } else {
            StructType schema;
            if (c.schema() != null) {
                schema = tableSchema(name, StructType.fromDDL(c.schema()), c.partitionColumns());
            } else {
                Dataset<Row> files = session.read().format(format).options(c.options()).load(location);
                schema = tableSchema(name, files.schema(), c.partitionColumns());
            }
            table = new CatalogTable(name, format, c.options(), location, schema,
                    partitionNames(schema, c.partitionColumns()), managed);
        }
        if (!catalog.createTable(table)) {
            throw alreadyExists(name);
        }
    }

    static void insert(UpdraftSession session, SqlStatement.InsertInto i) {
        SessionCatalog catalog = session.sessionCatalog();
        if (catalog.isView(i.table())) {
            throw new AnalysisException("EXPECT_TABLE_NOT_VIEW.NO_ALTERNATIVE", "42809", "'INSERT' expects a table "
                    + "but `" + i.table().replace("`", "``") + "` is a view.");
        }
        CatalogTable table = catalog.table(i.table()).orElseThrow(
                () -> AnalysisErrors.tableNotFound(List.of(i.table().split("\\.")), catalog.names()));
        StructType target = table.schema();
        StructType data = session.analyze(i.query());
        if (data.size() != target.size()) {
            boolean tooMany = data.size() > target.size();
            throw new AnalysisException("INSERT_COLUMN_ARITY_MISMATCH." + (tooMany ? "TOO_MANY_DATA_COLUMNS"
                    : "NOT_ENOUGH_DATA_COLUMNS"), "21S01", "Cannot write to " + table.qualifiedName()
                    + ", the reason is " + (tooMany ? "too many" : "not enough") + " data columns:\nTable columns: "
                    + quotedNames(target) + ".\nData columns: " + quotedNames(data) + ".");
        }
        List<String> names = List.of(target.fieldNames());
        List<Expression> casts = new ArrayList<>();
        for (int c = 0; c < target.size(); c++) {
            DataType from = data.get(c).dataType();
            DataType to = target.get(c).dataType();
            if (!canStoreAssign(from, to)) {
                throw new AnalysisException("INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_SAFELY_CAST", "KD000", "Cannot write "
                        + "incompatible data for the table " + table.qualifiedName() + ": Cannot safely cast `"
                        + names.get(c) + "` \"" + sqlType(from) + "\" to \"" + sqlType(to) + "\".");
            }
            Expression column = new UnresolvedAttribute(List.of(names.get(c)));
            casts.add(new Alias(from.equals(to) ? column : new CastExpr(column, to), names.get(c)));
        }
        LogicalPlan aligned = new Project(new SubqueryAlias("__insert", i.query(), names), casts);
        try {
            write(new Dataset<>(session, aligned, Encoders.row()), table, i.overwrite() ? SaveMode.Overwrite
                    : SaveMode.Append);
        } catch (UpdraftException e) {
            throw overflowInInsert(e, data, target);
        }
    }

    private static final Pattern CAST_TYPES = Pattern.compile("of the type \"([A-Z0-9(),]+)\" cannot be cast to "
            + "\"([A-Z0-9(),]+)\"");

    /**
     * A cast of the insert that overflowed, as Spark names it ({@code [CAST_OVERFLOW_IN_TABLE_INSERT]}, naming the
     * first column with those types); any other failure as it is.
     */
    private static UpdraftException overflowInInsert(UpdraftException e, StructType data, StructType target) {
        java.util.regex.Matcher m = "CAST_OVERFLOW".equals(e.errorClass()) && e.text() != null
                ? CAST_TYPES.matcher(e.text()) : null;
        if (m == null || !m.find()) {
            return e;
        }
        for (int c = 0; c < target.size(); c++) {
            if (sqlType(data.get(c).dataType()).equals(m.group(1)) && sqlType(target.get(c).dataType()).equals(m.group(2))) {
                return new UpdraftException(e.type(), "CAST_OVERFLOW_IN_TABLE_INSERT", "22003", "Fail to assign a "
                        + "value of \"" + m.group(1) + "\" type to the \"" + m.group(2) + "\" type column or variable `"
                        + target.get(c).name() + "` due to an overflow. Use `try_cast` on the input value to tolerate "
                        + "overflow and return NULL instead.", e);
            }
        }
        return e;
    }

    static void drop(UpdraftSession session, SqlStatement.DropTable d) {
        SessionCatalog catalog = session.sessionCatalog();
        if (d.name().indexOf('.') < 0 && catalog.drop(d.name())) {
            return;   // as Spark, DROP TABLE drops a temporary view of that name
        }
        CatalogTable dropped = catalog.dropTable(d.name());
        if (dropped == null) {
            if (!d.ifExists()) {
                throw AnalysisErrors.tableNotFound(List.of(d.name().split("\\.")), catalog.names());
            }
            return;
        }
        if (dropped.managed() && !ObjectStores.isS3(dropped.location())) {
            deleteLocalFolder(Path.of(dropped.location()));
        }
    }

    /** DESCRIBE's rows: col_name, data_type, comment; for a table with partitions, Spark's partition section. */
    static Dataset<Row> describe(UpdraftSession session, SqlStatement.DescribeTable d) {
        SessionCatalog catalog = session.sessionCatalog();
        List<String> parts = List.of(d.name().split("\\."));
        LogicalPlan plan = catalog.lookup(d.name()).orElseThrow(
                () -> AnalysisErrors.tableNotFound(parts, catalog.names()));
        StructType schema = session.analyze(plan);
        List<StructField> partitions = catalog.isView(d.name()) ? List.of()
                : catalog.table(d.name()).map(CatalogTable::partitionFields).orElse(List.of());
        if (d.column() != null) {
            int c = schema.indexOf(d.column());
            if (c < 0) {
                throw new AnalysisException("COLUMN_NOT_FOUND", "42703", "The column `" + d.column().replace("`", "``")
                        + "` cannot be found. Verify the spelling and correctness of the column name according to "
                        + "the SQL config spark.sql.caseSensitive.");
            }
            StructType info = new StructType(List.of(new StructField("info_name", DataTypes.StringType, false),
                    new StructField("info_value", DataTypes.StringType, false)));
            return session.createDataFrame(List.of(Row.of("col_name", schema.get(c).name()),
                    Row.of("data_type", schema.get(c).dataType().simpleString()), Row.of("comment", "NULL")), info);
        }
        List<Row> rows = new ArrayList<>();
        for (StructField f : schema.fieldList()) {
            rows.add(Row.of(f.name(), f.dataType().simpleString(), null));
        }
        if (!partitions.isEmpty()) {
            rows.add(Row.of("# Partition Information", "", ""));
            rows.add(Row.of("# col_name", "data_type", "comment"));
            for (StructField f : partitions) {
                rows.add(Row.of(f.name(), f.dataType().simpleString(), null));
            }
        }
        StructType out = new StructType(List.of(new StructField("col_name", DataTypes.StringType, false),
                new StructField("data_type", DataTypes.StringType, false),
                new StructField("comment", DataTypes.StringType, true)));
        return session.createDataFrame(rows, out);
    }

    /**
     * SHOW TABLES' rows (namespace, tableName, isTemporary): the tables of {@code default} sorted by name, then the
     * temporary views (namespace "", names lower-cased as Spark keeps them; with {@code IN global_temp} the global
     * ones first), filtered by Spark's pattern ({@code *} any characters, {@code |} alternatives, case-insensitive).
     */
    static Dataset<Row> showTables(UpdraftSession session, SqlStatement.ShowTables s) {
        String namespace = s.namespace() == null ? "default" : s.namespace().toLowerCase(Locale.ROOT);
        if (namespace.startsWith("spark_catalog.")) {
            namespace = namespace.substring("spark_catalog.".length());
        }
        Pattern pattern = s.pattern() == null ? null : likePattern(s.pattern());
        List<Row> rows = new ArrayList<>();
        SessionCatalog catalog = session.sessionCatalog();
        if (namespace.equals(GlobalTempViews.DATABASE)) {
            for (String v : sortedLowerCase(GlobalTempViews.names())) {
                addIfMatches(rows, pattern, GlobalTempViews.DATABASE, v, true);
            }
        } else if (namespace.equals("default")) {
            for (CatalogTable t : catalog.tables()) {
                addIfMatches(rows, pattern, "default", t.name(), false);
            }
        } else {
            throw schemaNotFound(s.namespace());
        }
        for (String v : sortedLowerCase(catalog.localNames())) {
            addIfMatches(rows, pattern, "", v, true);
        }
        StructType schema = new StructType(List.of(new StructField("namespace", DataTypes.StringType, false),
                new StructField("tableName", DataTypes.StringType, false),
                new StructField("isTemporary", DataTypes.BooleanType, false)));
        return session.createDataFrame(rows, schema);
    }

    private static void addIfMatches(List<Row> rows, Pattern pattern, String namespace, String name, boolean temp) {
        if (pattern == null || pattern.matcher(name).matches()) {
            rows.add(Row.of(namespace, name, temp));
        }
    }

    private static List<String> sortedLowerCase(List<String> names) {
        List<String> out = new ArrayList<>();
        names.forEach(n -> out.add(n.toLowerCase(Locale.ROOT)));
        out.sort(Comparator.naturalOrder());
        return out;
    }

    /** Spark's {@code StringUtils.filterPattern}: alternatives split at '|', '*' any characters, case-insensitive. */
    static Pattern likePattern(String pattern) {
        List<String> alternatives = new ArrayList<>();
        for (String alternative : pattern.split("\\|")) {
            StringBuilder regex = new StringBuilder();
            for (char ch : alternative.strip().toCharArray()) {
                regex.append(ch == '*' ? ".*" : Pattern.quote(String.valueOf(ch)));
            }
            alternatives.add(regex.toString());
        }
        return Pattern.compile(String.join("|", alternatives), Pattern.CASE_INSENSITIVE);
    }

    private static void write(Dataset<Row> rows, CatalogTable table, SaveMode mode) {
        rows.write().format(table.format()).options(table.options()).mode(mode)
                .partitionBy(table.partitionColumns().toArray(String[]::new)).save(table.location());
    }

    /** The columns of {@code schema} by name, in its order (the partition columns moved last). */
    private static Column[] columns(StructType schema) {
        Column[] out = new Column[schema.size()];
        for (int c = 0; c < out.length; c++) {
            out[c] = functions.col("`" + schema.get(c).name().replace("`", "``") + "`");
        }
        return out;
    }

    /**
     * The table's schema from the query's or the given one: names unique (case-insensitive), the partition columns
     * existing and moved last, every column nullable (as the files read back).
     */
    private static StructType tableSchema(String name, StructType given, List<String> partitionColumns) {
        Set<String> seen = new HashSet<>();
        for (StructField f : given.fieldList()) {
            if (!seen.add(f.name().toLowerCase(Locale.ROOT))) {
                throw new AnalysisException("COLUMN_ALREADY_EXISTS", "42711", "The column `" + f.name()
                        + "` already exists. Choose another name or rename the existing column.");
            }
        }
        List<StructField> data = new ArrayList<>();
        List<StructField> partitions = new ArrayList<>();
        for (String p : partitionColumns) {
            int i = given.indexOf(p);
            if (i < 0) {
                throw new AnalysisException("COLUMN_NOT_DEFINED_IN_TABLE", "42703", "partition column `" + p
                        + "` is not defined in table `spark_catalog`.`default`.`" + name + "`, defined table "
                        + "columns are: " + quotedNames(given) + ".");
            }
            partitions.add(nullable(given.get(i)));
        }
        for (StructField f : given.fieldList()) {
            if (partitionColumns.stream().noneMatch(p -> p.equalsIgnoreCase(f.name()))) {
                data.add(nullable(f));
            }
        }
        data.addAll(partitions);
        return new StructType(data);
    }

    private static List<String> partitionNames(StructType schema, List<String> partitionColumns) {
        List<String> out = new ArrayList<>();
        for (String p : partitionColumns) {
            out.add(schema.get(schema.indexOf(p)).name());
        }
        return out;
    }

    private static StructField nullable(StructField f) {
        return f.nullable() ? f : new StructField(f.name(), f.dataType(), true);
    }

    /**
     * Spark's ANSI store assignment ({@code Cast.canANSIStoreAssign}): the same type, null, numeric to numeric, any
     * atomic type to string, date and timestamp to each other; not string to anything else, nor boolean to or from
     * numbers.
     */
    static boolean canStoreAssign(DataType from, DataType to) {
        if (from.equals(to) || from instanceof NullType) {
            return true;
        }
        if (to instanceof StringType) {
            return !(from instanceof io.updraft.sql.types.ArrayType || from instanceof io.updraft.sql.types.MapType
                    || from instanceof StructType);
        }
        if (isNumeric(from) && isNumeric(to)) {
            return true;
        }
        return (from instanceof DateType || from instanceof TimestampType)
                && (to instanceof DateType || to instanceof TimestampType);
    }

    private static boolean isNumeric(DataType t) {
        return t instanceof io.updraft.sql.types.ByteType || t instanceof io.updraft.sql.types.ShortType
                || t instanceof io.updraft.sql.types.IntegerType || t instanceof io.updraft.sql.types.LongType
                || t instanceof io.updraft.sql.types.FloatType || t instanceof io.updraft.sql.types.DoubleType
                || t instanceof io.updraft.sql.types.DecimalType;
    }

    private static String sqlType(DataType t) {
        return t.simpleString().toUpperCase(Locale.ROOT);
    }

    private static String quotedNames(StructType schema) {
        List<String> out = new ArrayList<>();
        for (StructField f : schema.fieldList()) {
            out.add("`" + f.name().replace("`", "``") + "`");
        }
        return String.join(", ", out);
    }

    /** The table part of {@code name}, or Spark's SCHEMA_NOT_FOUND when it names a database other than default. */
    private static String requireDefaultDatabase(String name) {
        String table = SessionCatalog.tableName(name);
        if (table == null) {
            String[] parts = name.split("\\.");
            throw schemaNotFound(parts.length > 1 ? parts[parts.length - 2] : name);
        }
        return table;
    }

    private static AnalysisException schemaNotFound(String namespace) {
        return new AnalysisException("SCHEMA_NOT_FOUND", "42704", "The schema `" + namespace.replace("`", "``")
                + "` cannot be found. Verify the spelling and correctness of the schema and catalog.\nIf you did not "
                + "qualify the name with a catalog, verify the current_schema() output, or qualify the name with the "
                + "correct catalog.\nTo tolerate the error on drop use DROP SCHEMA IF EXISTS.");
    }

    private static AnalysisException alreadyExists(String name) {
        return new AnalysisException("TABLE_OR_VIEW_ALREADY_EXISTS", "42P07", "Cannot create table or view "
                + "`spark_catalog`.`default`.`" + name.replace("`", "``") + "` because it already exists.\nChoose a "
                + "different name, drop or replace the existing object, or add the IF NOT EXISTS clause to tolerate "
                + "pre-existing objects.");
    }

    /** Whether a location holds anything but Spark's bookkeeping files (_SUCCESS, names starting with '.' or '_'). */
    private static boolean hasFiles(String location, Map<String, String> settings) {
        if (ObjectStores.isS3(location)) {
            return OutputPaths.exists(location, settings);
        }
        Path folder = Path.of(location);
        if (!Files.exists(folder)) {
            return false;
        }
        if (!Files.isDirectory(folder)) {
            return true;
        }
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.anyMatch(p -> {
                String n = p.getFileName().toString();
                return !n.startsWith("_") && !n.startsWith(".");
            });
        } catch (IOException e) {
            throw UpdraftException.user("Cannot list the table location " + location + ": " + e.getMessage(), e);
        }
    }

    private static void deleteLocalFolder(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> all = Files.walk(folder)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw UpdraftException.user("Cannot delete the managed table's folder " + folder + ": "
                    + e.getMessage(), e);
        }
    }

    private static Map<String, String> lowerCased(Map<String, String> options) {
        Map<String, String> out = new LinkedHashMap<>();
        options.forEach((k, v) -> out.put(k.toLowerCase(Locale.ROOT), v));
        return out;
    }
}
