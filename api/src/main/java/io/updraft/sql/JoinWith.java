package io.updraft.sql;

import io.updraft.core.encoder.TupleEncoder;
import io.updraft.core.encoder.RowEncoder;
import io.updraft.core.error.AnalysisException;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.LiteralValue;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.planner.logical.Join;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.SubqueryAlias;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link Dataset#joinWith}: a join whose rows are {@link Tuple2}s of both sides' objects, with Spark's schema — two
 * columns {@code _1} and {@code _2}, each a struct of its side's columns (or, for a single-value side such as
 * {@code Dataset<Integer>}, that column itself). A side an outer join can leave out gets a marker column before the
 * join (true on every row of that side, so null exactly where the join found no match) and its struct is null
 * there, as Spark's. The join's columns are picked by position (their names may repeat). Stateless.
 */
final class JoinWith {
    private static final String POSITIONAL = "__joinwith";
    private static final String MARKER = "__joinwith_present";

    private JoinWith() {
    }

    static <T, U> Dataset<Tuple2<T, U>> join(Dataset<T> left, Dataset<U> right, Column condition, JoinType type) {
        if (!type.outputsRight()) {
            throw new AnalysisException("INVALID_JOIN_TYPE_FOR_JOINWITH", "42613", "Invalid join type in joinWith: "
                    + type.sparkName() + ".");
        }
        boolean leftMarker = type == JoinType.RIGHT_OUTER || type == JoinType.FULL_OUTER;
        boolean rightMarker = type == JoinType.LEFT_OUTER || type == JoinType.FULL_OUTER;
        LogicalPlan l = leftMarker ? withMarker(left.logicalPlan()) : left.logicalPlan();
        LogicalPlan r = rightMarker ? withMarker(right.logicalPlan()) : right.logicalPlan();
        Join joined = Join.on(l, r, type, condition.expr());
        int leftWidth = left.schema().size() + (leftMarker ? 1 : 0);
        int width = leftWidth + right.schema().size() + (rightMarker ? 1 : 0);
        List<String> names = new ArrayList<>(width);
        for (int i = 0; i < width; i++) {
            names.add("_c" + i);
        }
        LogicalPlan positional = new SubqueryAlias(POSITIONAL, joined, names);
        Expression first = side(left, 0, leftMarker, "_1");
        Expression second = side(right, leftWidth, rightMarker, "_2");
        Encoder<Tuple2<T, U>> encoder = TupleEncoder.of(structEncoder(left), structEncoder(right));
        return new Dataset<>(left.sparkSession(), new Project(positional, List.of(first, second)), encoder);
    }

    /** A DataFrame side reads its struct as rows of its schema. */
    private static Encoder<?> structEncoder(Dataset<?> side) {
        return side.encoder() instanceof RowEncoder ? Encoders.row(side.schema()) : side.encoder();
    }

    /** The side's column {@code name}: its value column, or a struct of its columns (null where the side is missing). */
    private static Expression side(Dataset<?> ds, int from, boolean marker, String name) {
        int n = ds.schema().size();
        if (TupleEncoder.isFlat(ds.encoder()) && n == 1) {
            return new Alias(positional(from), name);
        }
        Column[] fields = new Column[2 * n];
        for (int i = 0; i < n; i++) {
            fields[2 * i] = functions.lit(ds.schema().get(i).name());
            fields[2 * i + 1] = new Column(positional(from + i));
        }
        Column struct = functions.named_struct(fields);
        if (marker) {
            struct = functions.when(new Column(positional(from + n)).isNull(), functions.lit(null)).otherwise(struct);
        }
        return new Alias(struct.expr(), name);
    }

    private static Expression positional(int i) {
        return new UnresolvedAttribute(List.of(POSITIONAL, "_c" + i));
    }

    private static LogicalPlan withMarker(LogicalPlan plan) {
        Expression marker = new Alias(new LiteralValue(io.updraft.core.expr.Literal.of(true)), MARKER);
        return new Project(plan, List.of(new UnresolvedStar(null), marker));
    }
}
