package io.updraft.sql;

import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The plans of {@link Dataset#withColumn}, {@link Dataset#withColumnRenamed} and {@link Dataset#drop}: edits of a
 * Dataset's column list that keep the other columns in place, also when a join's output has two columns of one
 * name (see {@link #byPosition}). One edit per instance; not thread-safe.
 */
final class ColumnEdits {
    /** The subquery alias of {@link #positional} column references. */
    private static final String POSITIONAL = "__updraft_positional";
    private final UpdraftSession session;
    private final LogicalPlan plan;
    private final StructType schema;

    ColumnEdits(UpdraftSession session, LogicalPlan plan, StructType schema) {
        this.session = session;
        this.plan = plan;
        this.schema = schema;
    }

    /** Adds a column, or replaces the column(s) of the same name (case-insensitive) in place. */
    LogicalPlan withColumn(String name, Column col) {
        Objects.requireNonNull(name, "name is null");
        Expression value = col.expr() instanceof Alias a ? a.child() : col.expr();
        if (schema.indexOf(name) < 0) {
            return new Project(plan, List.of(new UnresolvedStar(null), new Alias(value, name)));
        }
        if (!hasDuplicateNames()) {
            List<Expression> list = new ArrayList<>(schema.size());
            for (StructField f : schema.fieldList()) {
                list.add(f.name().equalsIgnoreCase(name) ? new Alias(value, name) : Dataset.attribute(f.name()));
            }
            return new Project(plan, list);
        }
        // The new value is computed next to every column first, where its names resolve as the user wrote them.
        LogicalPlan withValue = new Project(plan, List.of(new UnresolvedStar(null), new Alias(value, name)));
        List<Expression> columns = byPosition(withValue, schema.size() + 1);
        List<Expression> list = new ArrayList<>(schema.size());
        for (int i = 0; i < schema.size(); i++) {
            list.add(schema.get(i).name().equalsIgnoreCase(name)
                    ? new Alias(((Alias) columns.get(schema.size())).child(), name) : columns.get(i));
        }
        return new Project(positional(withValue, schema.size() + 1), list);
    }

    /** Renames the column(s) named {@code existingName}; a name that does not exist leaves the plan as is. */
    LogicalPlan withColumnRenamed(String existingName, String newName) {
        if (schema.indexOf(existingName) < 0) {
            return plan;
        }
        boolean duplicates = hasDuplicateNames();
        List<Expression> columns = duplicates ? byPosition(plan, schema.size()) : null;
        List<Expression> list = new ArrayList<>(schema.size());
        for (int i = 0; i < schema.size(); i++) {
            StructField f = schema.get(i);
            Expression ref = duplicates ? ((Alias) columns.get(i)).child() : Dataset.attribute(f.name());
            if (f.name().equalsIgnoreCase(existingName)) {
                list.add(new Alias(ref, newName));
            } else {
                list.add(duplicates ? columns.get(i) : ref);
            }
        }
        return new Project(duplicates ? positional(plan, schema.size()) : plan, list);
    }

    /** Drops the columns with these names (all of them when names repeat); unknown names are ignored. */
    LogicalPlan drop(String... colNames) {
        Set<String> drop = Arrays.stream(colNames).map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        boolean duplicates = hasDuplicateNames();
        List<Expression> columns = duplicates ? byPosition(plan, schema.size()) : null;
        List<Expression> list = new ArrayList<>(schema.size());
        for (int i = 0; i < schema.size(); i++) {
            StructField f = schema.get(i);
            if (!drop.contains(f.name().toLowerCase(Locale.ROOT))) {
                list.add(duplicates ? columns.get(i) : Dataset.attribute(f.name()));
            }
        }
        if (list.size() == schema.size()) {
            return plan;
        }
        return new Project(duplicates ? positional(plan, schema.size()) : plan, list);
    }

    private boolean hasDuplicateNames() {
        Set<String> seen = new HashSet<>();
        for (StructField f : schema.fieldList()) {
            if (!seen.add(f.name().toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Columns are referenced by name, so two columns of the same name (a join's output) cannot be told apart;
     * {@link #positional} renames {@code input}'s {@code width} columns by position ({@code _c0, _c1, ...} under a
     * subquery alias), and this gives, per position, that column renamed back to its original name. Qualifiers of
     * the columns (from {@code as(alias)}) do not survive this.
     */
    private List<Expression> byPosition(LogicalPlan input, int width) {
        StructType inputSchema = input == plan ? schema : session.analyze(input);
        List<Expression> refs = new ArrayList<>(width);
        for (int i = 0; i < width; i++) {
            refs.add(new Alias(new UnresolvedAttribute(List.of(POSITIONAL, "_c" + i)), inputSchema.get(i).name()));
        }
        return refs;
    }

    private static LogicalPlan positional(LogicalPlan input, int width) {
        List<String> names = new ArrayList<>(width);
        for (int i = 0; i < width; i++) {
            names.add("_c" + i);
        }
        return new SubqueryAlias(POSITIONAL, input, names);
    }

    /** Dataset.withColumns: each entry in turn. */
    static Dataset<Row> withColumns(Dataset<Row> df, java.util.Map<String, Column> columns) {
        Dataset<Row> out = df;
        for (java.util.Map.Entry<String, Column> e : columns.entrySet()) {
            out = out.withColumn(e.getKey(), e.getValue());
        }
        return out;
    }

    /** Dataset.withColumnsRenamed: each entry in turn. */
    static Dataset<Row> withColumnsRenamed(Dataset<Row> df, java.util.Map<String, String> names) {
        Dataset<Row> out = df;
        for (java.util.Map.Entry<String, String> e : names.entrySet()) {
            out = out.withColumnRenamed(e.getKey(), e.getValue());
        }
        return out;
    }

    /** The names of Dataset.drop(Column...): the last name part of each column reference; other expressions none. */
    static String[] names(Column first, Column... rest) {
        List<String> out = new ArrayList<>();
        for (Column c : concat(first, rest)) {
            if (c.expr() instanceof io.updraft.planner.expr.UnresolvedAttribute a) {
                out.add(a.nameParts().get(a.nameParts().size() - 1));
            }
        }
        return out.toArray(String[]::new);
    }

    private static List<Column> concat(Column first, Column... rest) {
        List<Column> all = new ArrayList<>();
        all.add(first);
        all.addAll(java.util.Arrays.asList(rest));
        return all;
    }

    /** Dataset.limit's and offset's argument ({@code what}), checked as Spark checks it. */
    static long nonNegative(int n, String what) {
        if (n < 0) {
            throw new IllegalArgumentException("The " + what + " expression must be equal to or greater than 0, but got "
                    + n + ".");
        }
        return n;
    }

    /** Column names with their types as Spark names them ("IntegerType", "DecimalType(15,2)"). */
    @SuppressWarnings("unchecked")
    static Tuple2<String, String>[] dtypes(StructType schema) {
        Tuple2<String, String>[] out = new Tuple2[schema.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = new Tuple2<>(schema.get(i).name(), schema.get(i).dataType().toString());
        }
        return out;
    }
}
