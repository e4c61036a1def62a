package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.LiteralValue;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.planner.logical.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.Project;
import io.updraft.sql.types.StructType;

import java.util.List;

/**
 * {@link Dataset#joinWith}: a join whose rows become {@link Tuple2}s of both sides' objects. A side an outer join
 * can leave out gets a marker column (true on every row of that side, so null exactly where the join found no
 * match), which the encoder reads to give null instead of a row of nulls. Stateless.
 */
final class JoinWith {
    /** Name of the marker column of the left (1) and right (2) side. */
    static final String LEFT_MARKER = "_1_present";
    static final String RIGHT_MARKER = "_2_present";

    private JoinWith() {
    }

    static <T, U> Dataset<Tuple2<T, U>> join(Dataset<T> left, Dataset<U> right, Column condition, JoinType type) {
        if (!type.outputsRight()) {
            throw new AnalysisException("INVALID_JOIN_TYPE_FOR_JOINWITH", "42613", "Invalid join type in joinWith: "
                    + type.sparkName() + ".");
        }
        boolean leftMarker = type == JoinType.RIGHT_OUTER || type == JoinType.FULL_OUTER;
        boolean rightMarker = type == JoinType.LEFT_OUTER || type == JoinType.FULL_OUTER;
        LogicalPlan l = leftMarker ? withMarker(left.logicalPlan(), LEFT_MARKER) : left.logicalPlan();
        LogicalPlan r = rightMarker ? withMarker(right.logicalPlan(), RIGHT_MARKER) : right.logicalPlan();
        Encoder<Tuple2<T, U>> encoder = new PairEncoder<>(left.encoder(), left.schema(), leftMarker, right.encoder(),
                right.schema(), rightMarker);
        return new Dataset<>(left.sparkSession(), Join.on(l, r, type, condition.expr()), encoder);
    }

    private static LogicalPlan withMarker(LogicalPlan plan, String name) {
        Expression marker = new Alias(new LiteralValue(io.updraft.core.expr.Literal.of(true)), name);
        return new Project(plan, List.of(new UnresolvedStar(null), marker));
    }

    /** Splits a joined row into the two sides' objects. */
    private record PairEncoder<T, U>(Encoder<T> leftEncoder, StructType leftSchema, boolean leftMarker,
                                     Encoder<U> rightEncoder, StructType rightSchema, boolean rightMarker)
            implements Encoder<Tuple2<T, U>> {
        @Override
        @SuppressWarnings("unchecked")
        public Class<Tuple2<T, U>> clsTag() {
            return (Class<Tuple2<T, U>>) (Class<?>) Tuple2.class;
        }

        @Override
        public StructType schema() {
            throw new UnsupportedOperationException("joinWith's pairs are flat columns here: their encoder has no"
                    + " schema until struct columns are supported");
        }

        @Override
        public java.util.function.Function<Row, Tuple2<T, U>> reader(StructType input) {
            int leftWidth = leftSchema.size() + (leftMarker ? 1 : 0);
            java.util.function.Function<Row, T> l = leftEncoder.reader(leftSchema);
            java.util.function.Function<Row, U> r = rightEncoder.reader(rightSchema);
            return row -> new Tuple2<>(side(row, 0, leftSchema, leftMarker, l),
                    side(row, leftWidth, rightSchema, rightMarker, r));
        }

        @Override
        public Row toRow(Tuple2<T, U> value) {
            throw new UnsupportedOperationException("joinWith's pairs cannot be encoded back into rows until struct"
                    + " columns are supported");
        }

        private static <V> V side(Row row, int from, StructType schema, boolean marker,
                                  java.util.function.Function<Row, V> reader) {
            if (marker && row.isNullAt(from + schema.size())) {
                return null;
            }
            Object[] values = new Object[schema.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = row.get(from + i);
            }
            return reader.apply(Row.withSchema(schema, values));
        }
    }
}
