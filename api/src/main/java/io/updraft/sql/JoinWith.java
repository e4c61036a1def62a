package io.updraft.sql;

import io.updraft.core.encoder.RowEncoder;
import io.updraft.core.encoder.TupleEncoder;
import io.updraft.core.error.AnalysisException;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.planner.logical.Join;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.SubqueryAlias;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@link Dataset#joinWith}: a join whose rows are {@link Tuple2}s of both sides' objects, with Spark's schema — two
 * columns {@code _1} and {@code _2}, each a struct of its side's columns (or, for a single-value side such as
 * {@code Dataset<Integer>}, that column itself). Each struct side gets its struct as a last column before the join
 * (its fields keep the side's nullability, and it is null exactly where an outer join found no match, as Spark's);
 * the join's columns are then picked by position (the two sides' names may repeat). A side whose own column names
 * repeat is refused with a clear error (its struct would repeat a field name, which the engine's Arrow structs
 * cannot hold). Stateless.
 */
final class JoinWith {
    private static final String POSITIONAL = "__joinwith";
    private static final String STRUCT = "__joinwith_side";

    private JoinWith() {
    }

    /** How one side enters the join and becomes its tuple column. */
    private enum Shape { FLAT, STRUCT }

    static <T, U> Dataset<Tuple2<T, U>> join(Dataset<T> left, Dataset<U> right, Column condition, JoinType type) {
        if (!type.outputsRight()) {
            throw new AnalysisException("INVALID_JOIN_TYPE_FOR_JOINWITH", "42613", "Invalid join type in joinWith: "
                    + type.sparkName() + ".");
        }
        Shape leftShape = shape(left);
        Shape rightShape = shape(right);
        Join joined = Join.on(input(left, leftShape), input(right, rightShape), type, condition.expr());
        int leftWidth = left.schema().size() + (leftShape == Shape.FLAT ? 0 : 1);
        int width = leftWidth + right.schema().size() + (rightShape == Shape.FLAT ? 0 : 1);
        List<String> names = new ArrayList<>(width);
        for (int i = 0; i < width; i++) {
            names.add("_c" + i);
        }
        LogicalPlan positional = new SubqueryAlias(POSITIONAL, joined, names);
        Expression first = output(left, leftShape, 0, "_1");
        Expression second = output(right, rightShape, leftWidth, "_2");
        Encoder<Tuple2<T, U>> encoder = TupleEncoder.of(structEncoder(left), structEncoder(right));
        return new Dataset<>(left.sparkSession(), new Project(positional, List.of(first, second)), encoder);
    }

    private static Shape shape(Dataset<?> ds) {
        if (TupleEncoder.isFlat(ds.encoder()) && ds.schema().size() == 1) {
            return Shape.FLAT;
        }
        Set<String> names = new HashSet<>();
        for (String n : ds.columns()) {
            if (!names.add(n.toLowerCase(Locale.ROOT))) {
                throw new AnalysisException("UNSUPPORTED_FEATURE.JOINWITH_REPEATED_COLUMN", "0A000", "The feature is"
                        + " not supported: joinWith of a side with two columns named `" + n + "` (its struct would"
                        + " repeat a field name); rename one first (withColumnRenamed, toDF(names...)).");
            }
        }
        return Shape.STRUCT;
    }

    /** The side as the join reads it: its columns (qualifiers kept, for the condition), plus its struct. */
    private static LogicalPlan input(Dataset<?> ds, Shape shape) {
        return switch (shape) {
            case FLAT -> ds.logicalPlan();
            case STRUCT -> {
                Column[] fields = new Column[2 * ds.schema().size()];
                for (int i = 0; i < ds.schema().size(); i++) {
                    String name = ds.schema().get(i).name();
                    fields[2 * i] = functions.lit(name);
                    fields[2 * i + 1] = new Column(new UnresolvedAttribute(List.of(name)));
                }
                Expression struct = new Alias(functions.named_struct(fields).expr(), STRUCT);
                yield new Project(ds.logicalPlan(), List.of(new UnresolvedStar(null), struct));
            }
        };
    }

    /** The side's tuple column {@code name} over the join's positional columns from {@code from}. */
    private static Expression output(Dataset<?> ds, Shape shape, int from, String name) {
        int n = ds.schema().size();
        return switch (shape) {
            case FLAT -> new Alias(positional(from), name);
            case STRUCT -> new Alias(positional(from + n), name);
        };
    }

    /** A DataFrame side reads its struct as rows of its schema. */
    private static Encoder<?> structEncoder(Dataset<?> side) {
        return side.encoder() instanceof RowEncoder ? Encoders.row(side.schema()) : side.encoder();
    }

    private static Expression positional(int i) {
        return new UnresolvedAttribute(List.of(POSITIONAL, "_c" + i));
    }
}
