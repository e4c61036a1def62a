package io.updraft.engine.join;

import io.updraft.core.expr.Expr;
import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.JoinType;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/**
 * Join without equi-join keys: cross joins and non-equi conditions. The build side is held in memory
 * (it does not spill: the planner should build on the small side, as Spark's broadcast nested loop join);
 * every probe row is paired with every build row, the condition (if any) filters the pairs, and the join
 * type decides what else is output (see {@link JoinMatcher}).
 */
public final class NestedLoopJoinOperator implements BatchOperator {
    private final BatchOperator buildChild;
    private final BatchOperator probeChild;
    private final JoinType type;
    private final boolean buildIsLeft;
    private final StructType left;
    private final StructType right;
    private final StructType schema;
    private final ExecutionContext context;
    private final ExpressionEvaluator condition;
    private JoinHashTable table;
    private JoinMatcher matcher;
    private boolean probeDone;

    public NestedLoopJoinOperator(BatchOperator left, BatchOperator right, JoinType type, Expr condition,
                                  BuildSide build, ExecutionContext context) {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
        this.type = Objects.requireNonNull(type, "type is null");
        this.context = Objects.requireNonNull(context, "context is null");
        this.buildIsLeft = build == BuildSide.LEFT;
        this.buildChild = buildIsLeft ? left : right;
        this.probeChild = buildIsLeft ? right : left;
        this.left = left.schema();
        this.right = right.schema();
        this.schema = JoinSchemas.output(this.left, this.right, type);
        this.condition = condition == null ? null : ExpressionEvaluator.compile(condition, context.allocator());
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Batch next() {
        if (table == null) {
            table = new JoinHashTable(List.of(), new boolean[0], 0);
            Batch b;
            while ((b = buildChild.next()) != null) {
                table.add(b);
            }
            matcher = new JoinMatcher(type, buildIsLeft, table, List.of(), new boolean[0], condition, left, right, 0,
                    context);
        }
        while (true) {
            Batch out = matcher.next();
            if (out != null) {
                return out;
            }
            if (!probeDone) {
                Batch probe = probeChild.next();
                if (probe != null) {
                    matcher.probe(probe);
                    continue;
                }
                probeDone = true;
            }
            return matcher.nextBuildOutput();
        }
    }

    @Override
    public void close() {
        try {
            if (matcher != null) {
                matcher.close();
                matcher = null;
            }
            if (table != null) {
                table.close();
                table = null;
            }
            if (condition != null) {
                condition.close();
            }
        } finally {
            try {
                buildChild.close();
            } finally {
                probeChild.close();
            }
        }
    }
}
