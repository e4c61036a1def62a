package io.updraft.planner.explain;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.BroadcastHintNode;
import io.updraft.planner.resolved.plan.DeduplicateNode;
import io.updraft.planner.resolved.plan.DistinctNode;
import io.updraft.planner.resolved.plan.ExceptNode;
import io.updraft.planner.resolved.plan.ExpandNode;
import io.updraft.planner.resolved.plan.GenerateNode;
import io.updraft.planner.resolved.plan.IntersectNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.LocalLimitNode;
import io.updraft.planner.resolved.plan.LocalRelationNode;
import io.updraft.planner.resolved.plan.MapPartitionsNode;
import io.updraft.planner.resolved.plan.RepartitionNode;
import io.updraft.planner.resolved.plan.UnionNode;
import io.updraft.planner.resolved.plan.WindowNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.LimitNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.planner.resolved.plan.SortNode;
import io.updraft.planner.resolved.plan.SubqueryAliasNode;

import io.updraft.planner.stats.SizeEstimator;
import io.updraft.planner.stats.Statistics;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The "Analyzed" and "Optimized Logical Plan" sections, in Spark's notation (name#id). */
public final class ResolvedPlanPrinter {
    private ResolvedPlanPrinter() {
    }

    public static String print(ResolvedPlan plan) {
        return TreeString.render(plan, ResolvedPlanPrinter::label, ResolvedPlan::children);
    }

    /**
     * Spark's {@code explain("cost")} optimized plan: each operator followed by {@code , Statistics(sizeInBytes=1.5
     * KiB, rowCount=60)} — here the planner's estimates ({@link SizeEstimator}), the figures join ordering and
     * broadcast selection use.
     */
    public static String printWithStatistics(ResolvedPlan plan) {
        return TreeString.render(plan, node -> {
            Statistics stats = SizeEstimator.estimate(node);
            return label(node) + ", Statistics(sizeInBytes=" + bytesToString(Math.round(stats.bytes()))
                    + ", rowCount=" + Math.round(stats.rows()) + ")";
        }, ResolvedPlan::children);
    }

    /** Spark's {@code Utils.bytesToString}: one decimal, the largest binary unit the size is at least twice of. */
    static String bytesToString(long size) {
        String[] units = {"EiB", "PiB", "TiB", "GiB", "MiB", "KiB"};
        for (int i = 0; i < units.length; i++) {
            long unit = 1L << (10 * (units.length - i));
            if (size >= 2 * unit) {
                return String.format(Locale.US, "%.1f %s", (double) size / unit, units[i]);
            }
        }
        return String.format(Locale.US, "%.1f B", (double) size);
    }

    /** Spark's first line of the analyzed section: "name: type, ...". */
    public static String schemaLine(ResolvedPlan plan) {
        return plan.output().stream().map(a -> a.name() + ": " + a.dataType().simpleString())
                .collect(Collectors.joining(", "));
    }

    private static String label(ResolvedPlan plan) {
        return switch (plan) {
            case ScanNode s -> "Relation " + s.relationName() + s.output().stream()
                    .map(ExpressionPrinter::attribute).collect(Collectors.joining(",", "[", "]")) + " "
                    + s.source().format().name();
            case SubqueryAliasNode a -> "SubqueryAlias " + a.alias();
            case ProjectNode p -> "Project " + ExpressionPrinter.explainList(p.projectList());
            case FilterNode f -> "Filter " + ExpressionPrinter.explain(f.condition());
            case AggregateNode a -> "Aggregate " + ExpressionPrinter.explainList(a.groupingExpressions()) + ", "
                    + ExpressionPrinter.explainList(a.aggregateExpressions());
            case SortNode s -> "Sort " + s.order().stream().map(ExpressionPrinter::explainOrder)
                    .collect(Collectors.joining(", ", "[", "]")) + ", " + s.global();
            case LimitNode l -> l.offset() > 0 ? "GlobalLimitAndOffset " + l.limit() + ", " + l.offset()
                    : "GlobalLimit " + l.limit();
            case LocalLimitNode l -> "LocalLimit " + l.limit();
            case JoinNode j -> "Join " + j.joinType().sparkName()
                    + (j.condition() == null ? "" : ", " + ExpressionPrinter.explain(j.condition()))
                    + (j.hint().any() ? ", hint: " + (j.hint().broadcastLeft() ? "leftHint=(strategy=broadcast)" : "")
                    + (j.hint().broadcastLeft() && j.hint().broadcastRight() ? ", " : "")
                    + (j.hint().broadcastRight() ? "rightHint=(strategy=broadcast)" : "") : "");
            case UnionNode u -> "Union false, false";
            case IntersectNode i -> "Intersect " + i.all();
            case ExceptNode e -> "Except " + e.all();
            case DistinctNode d -> "Distinct";
            case DeduplicateNode d -> "Deduplicate " + attributes(d.keys());
            case WindowNode w -> "Window " + ExpressionPrinter.explainList(w.windowExpressions()) + ", "
                    + ExpressionPrinter.explainList(w.partitionSpec()) + ", " + w.orderSpec().stream()
                    .map(ExpressionPrinter::explainOrder).collect(Collectors.joining(", ", "[", "]"));
            case ExpandNode e -> "Expand " + e.projections().stream().map(ExpressionPrinter::explainList)
                    .collect(Collectors.joining(", ", "[", "]")) + ", " + attributes(e.output());
            case RepartitionNode r -> switch (r.kind()) {
                case ROUND_ROBIN -> "Repartition " + r.numPartitions() + ", true";
                case COALESCE -> "Repartition " + r.numPartitions() + ", false";
                case HASH -> "RepartitionByExpression " + ExpressionPrinter.explainList(
                        r.keys().stream().map(io.updraft.planner.resolved.expr.SortOrder::child).toList())
                        + (r.numPartitions() > 0 ? ", " + r.numPartitions() : "");
                case RANGE -> "RepartitionByExpression " + r.keys().stream().map(ExpressionPrinter::explainOrder)
                        .collect(Collectors.joining(", ", "[", "]")) + (r.numPartitions() > 0 ? ", " + r.numPartitions() : "");
            };
            case BroadcastHintNode b -> "ResolvedHint (strategy=broadcast)";
            case MapPartitionsNode m -> m.description() + ", " + attributes(m.output());
            case LocalRelationNode r -> "LocalRelation " + attributes(r.output());
            case GenerateNode g -> generate(g);
        };
    }

    /** Spark's logical {@code Generate}: the generator, the unrequired child ordinals (when some), outer, qualifier. */
    private static String generate(GenerateNode g) {
        List<AttributeReference> childOutput = g.child().output();
        List<Integer> unrequired = new java.util.ArrayList<>();
        for (int i = 0; i < childOutput.size(); i++) {
            int at = i;
            if (g.requiredChildOutput().stream().noneMatch(a -> a.id() == childOutput.get(at).id())) {
                unrequired.add(i);
            }
        }
        List<String> qualifier = g.generatorOutput().isEmpty() ? List.of() : g.generatorOutput().get(0).qualifier();
        return "Generate " + generatorCall(g) + ", " + (unrequired.isEmpty() ? "" : unrequired + ", ") + g.outer()
                + ", " + (qualifier.isEmpty() ? "" : String.join(".", qualifier) + ", ") + attributes(g.generatorOutput());
    }

    /** The generator as explain prints it: {@code explode(xs#1)}. */
    public static String generatorCall(GenerateNode g) {
        return g.function().sqlName() + "(" + ExpressionPrinter.explain(g.argument()) + ")";
    }

    static String attributes(List<AttributeReference> attributes) {
        return attributes.stream().map(ExpressionPrinter::attribute).collect(Collectors.joining(",", "[", "]"));
    }
}
