package io.updraft.planner.optimizer;

import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.stats.SizeEstimator;

import java.util.HashSet;
import java.util.Set;

/**
 * Spark's PushLeftSemiLeftAntiThroughJoin and the Project case of its PushDownLeftSemiAntiJoin: a LEFT SEMI or
 * LEFT ANTI join whose left side is an inner (or cross) join moves into the side of that join its condition reads
 * (besides the subquery's columns), and through a projection that passes those columns on unchanged. Both keep or
 * drop exactly the same rows (the semi/anti join selects left rows by columns of one input only), but the
 * selection then happens before the inner join multiplies the rows: TPC-H Q18's {@code o_orderkey IN (...)}
 * filters orders (15 M rows at SF 10 down to a few hundred) instead of the 60 M-row lineitem–orders–customer join.
 * Unlike Spark it moves only where the inner join is estimated to give at least as many rows as the input it moves
 * into ({@link SizeEstimator}): below a join that filters (Q21's lineitem joined with the suppliers of one nation)
 * the semi/anti join would see more rows, not fewer. A condition without columns of the left side, or one that is
 * not deterministic or holds a subquery, stays.
 */
public final class PushLeftSemiAntiThroughJoin implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformDown(plan, node -> node instanceof JoinNode s ? push(s) : node);
    }

    private static ResolvedPlan push(JoinNode s) {
        if ((s.joinType() != JoinType.LEFT_SEMI && s.joinType() != JoinType.LEFT_ANTI) || s.condition() == null
                || !Expressions.deterministic(s.condition()) || Expressions.containsSubquery(s.condition())) {
            return s;
        }
        Set<Long> subquery = Plans.outputIds(s.right());
        Set<Long> read = new HashSet<>(Expressions.references(s.condition()).keySet());
        read.removeAll(subquery);
        if (read.isEmpty()) {
            return s;
        }
        ResolvedPlan pushed = into(s, s.left(), read);
        return pushed == null ? s : pushed;
    }

    /**
     * {@code left} with the semi/anti join {@code s} moved into it, or null when it cannot move: into a side of an
     * inner join (then as deep as it goes), or through a projection above such a join.
     */
    private static ResolvedPlan into(JoinNode s, ResolvedPlan left, Set<Long> read) {
        if (left instanceof JoinNode j && (j.joinType() == JoinType.INNER || j.joinType() == JoinType.CROSS)) {
            double joined = SizeEstimator.rows(j);
            if (Plans.outputIds(j.left()).containsAll(read) && SizeEstimator.rows(j.left()) <= joined) {
                return new JoinNode(deepest(s, j.left(), read), j.right(), j.joinType(), j.condition(), j.hint());
            }
            if (Plans.outputIds(j.right()).containsAll(read) && SizeEstimator.rows(j.right()) <= joined) {
                return new JoinNode(j.left(), deepest(s, j.right(), read), j.joinType(), j.condition(), j.hint());
            }
            return null;
        }
        if (left instanceof ProjectNode p && passesOn(p, read)) {
            ResolvedPlan below = into(s, p.child(), read);
            return below == null ? null : new ProjectNode(below, p.projectList());
        }
        return null;
    }

    /** The semi/anti join over {@code side}, moved further into it where it can. */
    private static ResolvedPlan deepest(JoinNode s, ResolvedPlan side, Set<Long> read) {
        ResolvedPlan pushed = into(s, side, read);
        return pushed == null ? semi(s, side) : pushed;
    }

    private static JoinNode semi(JoinNode s, ResolvedPlan left) {
        return new JoinNode(left, s.right(), s.joinType(), s.condition(), s.hint());
    }

    /** Whether the projection is deterministic and passes every column in {@code read} on as its child's column. */
    private static boolean passesOn(ProjectNode p, Set<Long> read) {
        Set<Long> passed = new HashSet<>();
        for (NamedExpression e : p.projectList()) {
            if (!Expressions.deterministic(e)) {
                return false;
            }
            if (e instanceof AttributeReference a) {
                passed.add(a.id());
            }
        }
        return passed.containsAll(read) && Plans.outputIds(p.child()).containsAll(read);
    }
}
