package io.updraft.planner.explain;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.LimitNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.planner.resolved.plan.SortNode;
import io.updraft.planner.resolved.plan.SubqueryAliasNode;

import java.util.List;
import java.util.stream.Collectors;

/** The "Analyzed" and "Optimized Logical Plan" sections, in Spark's notation (name#id). */
public final class ResolvedPlanPrinter {
    private ResolvedPlanPrinter() {
    }

    public static String print(ResolvedPlan plan) {
        return TreeString.render(plan, ResolvedPlanPrinter::label, ResolvedPlan::children);
    }

    /** Spark's first line of the analyzed section: "name: type, ...". */
    public static String schemaLine(ResolvedPlan plan) {
        return plan.output().stream().map(a -> a.name() + ": " + a.dataType().simpleString())
                .collect(Collectors.joining(", "));
    }

    private static String label(ResolvedPlan plan) {
        return switch (plan) {
            case ScanNode s -> "Relation " + s.relationName() + s.output().stream()
                    .map(ExpressionPrinter::attribute).collect(Collectors.joining(",", "[", "]")) + " parquet";
            case SubqueryAliasNode a -> "SubqueryAlias " + a.alias();
            case ProjectNode p -> "Project " + ExpressionPrinter.explainList(p.projectList());
            case FilterNode f -> "Filter " + ExpressionPrinter.explain(f.condition());
            case AggregateNode a -> "Aggregate " + ExpressionPrinter.explainList(a.groupingExpressions()) + ", "
                    + ExpressionPrinter.explainList(a.aggregateExpressions());
            case SortNode s -> "Sort " + s.order().stream().map(ExpressionPrinter::explainOrder)
                    .collect(Collectors.joining(", ", "[", "]")) + ", true";
            case LimitNode l -> l.offset() > 0 ? "GlobalLimitAndOffset " + l.limit() + ", " + l.offset()
                    : "GlobalLimit " + l.limit();
        };
    }

    static String attributes(List<AttributeReference> attributes) {
        return attributes.stream().map(ExpressionPrinter::attribute).collect(Collectors.joining(",", "[", "]"));
    }
}
