package io.updraft.planner.explain;

import io.updraft.core.expr.CompareOp;
import io.updraft.core.plan.AggregateMode;
import io.updraft.planner.physical.ExchangeExec;
import io.updraft.planner.physical.ExpandExec;
import io.updraft.planner.physical.FilterExec;
import io.updraft.planner.physical.HashAggregateExec;
import io.updraft.planner.physical.JoinExec;
import io.updraft.planner.physical.LimitExec;
import io.updraft.planner.physical.PhysicalNode;
import io.updraft.planner.physical.PhysicalPartitioning;
import io.updraft.planner.physical.ProjectExec;
import io.updraft.planner.physical.ScanExec;
import io.updraft.planner.physical.SortExec;
import io.updraft.planner.physical.TopNExec;
import io.updraft.planner.physical.UnionExec;
import io.updraft.planner.physical.WindowExec;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.InExpression;
import io.updraft.planner.resolved.expr.IsNotNullExpression;
import io.updraft.planner.resolved.expr.IsNullExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The "Physical Plan" section: Spark's operator names, pipeline operators prefixed with their stage ({@code *(1)}
 * is the job's first stage, numbered as the stage builder numbers them, plus one), exchanges marking the cuts.
 * {@link #formatted} is Spark's "formatted" mode: the tree with operator ids, then one block of details per
 * operator.
 */
public final class PhysicalPlanPrinter {
    private PhysicalPlanPrinter() {
    }

    public static String print(PhysicalNode root) {
        Map<PhysicalNode, Integer> stages = stageIds(root);
        return TreeString.render(root, n -> label(n, stages), PhysicalNode::children);
    }

    /** Operator → stage id, as {@link io.updraft.planner.physical.StageBuilder} assigns them (exchanges have none). */
    static Map<PhysicalNode, Integer> stageIds(PhysicalNode root) {
        Map<PhysicalNode, Integer> stages = new IdentityHashMap<>();
        int[] counter = {0};
        List<PhysicalNode> rootStage = new ArrayList<>();
        assign(root, rootStage, stages, counter);
        int rootId = counter[0]++;
        rootStage.forEach(n -> stages.put(n, rootId));
        return stages;
    }

    /** Stage ids in the order the stage builder assigns them (inputs, a range sample, then the map stage). */
    private static void assign(PhysicalNode node, List<PhysicalNode> current, Map<PhysicalNode, Integer> stages,
                               int[] counter) {
        if (node instanceof ExchangeExec e) {
            List<PhysicalNode> below = new ArrayList<>();
            assign(e.child(), below, stages, counter);
            if (e.partitioning() instanceof PhysicalPartitioning.Range) {
                counter[0]++;
            }
            int id = counter[0]++;
            below.forEach(n -> stages.put(n, id));
            return;
        }
        current.add(node);
        for (PhysicalNode child : node.children()) {
            assign(child, current, stages, counter);
        }
    }

    private static String label(PhysicalNode node, Map<PhysicalNode, Integer> stages) {
        String prefix = stages.containsKey(node) && !(node instanceof ScanExec) ? "*(" + (stages.get(node) + 1) + ") " : "";
        return switch (node) {
            case ScanExec s -> scan(s);
            case ExchangeExec e -> exchange(e);
            default -> {
                String args = arguments(node);
                boolean call = node instanceof HashAggregateExec || node instanceof TopNExec;
                yield prefix + name(node) + (args.isEmpty() ? "" : call ? args : " " + args);
            }
        };
    }

    static String name(PhysicalNode node) {
        return switch (node) {
            case ScanExec s -> "Scan parquet " + s.relationName();
            case ExchangeExec e -> e.broadcast() ? "BroadcastExchange" : "Exchange";
            case FilterExec f -> "Filter";
            case ProjectExec p -> "Project";
            case HashAggregateExec a -> "HashAggregate";
            case SortExec s -> "Sort";
            case TopNExec t -> t.global() ? "TakeOrderedAndProject" : "TopN";
            case LimitExec l -> l.global() ? (l.offset() > 0 ? "GlobalLimitAndOffset" : "GlobalLimit") : "LocalLimit";
            case JoinExec j -> switch (j.strategy()) {
                case BROADCAST_HASH -> "BroadcastHashJoin";
                case SHUFFLED_HASH -> "ShuffledHashJoin";
                case BROADCAST_NESTED_LOOP, SINGLE_NESTED_LOOP -> "BroadcastNestedLoopJoin";
            };
            case UnionExec u -> "Union";
            case WindowExec w -> "Window";
            case ExpandExec e -> "Expand";
        };
    }

    private static String arguments(PhysicalNode node) {
        return switch (node) {
            case FilterExec f -> ExpressionPrinter.explain(f.condition());
            case ProjectExec p -> ExpressionPrinter.explainList(p.projectList());
            case HashAggregateExec a -> "(keys=" + ExpressionPrinter.explainList(a.groupingKeys())
                    + ", functions=" + functions(a) + ")";
            case SortExec s -> orders(s.order()) + ", " + s.global();
            case TopNExec t -> "(limit=" + t.limit() + ", orderBy=" + orders(t.order()) + ", output="
                    + ResolvedPlanPrinter.attributes(t.output()) + ")";
            case LimitExec l -> l.global() && l.offset() > 0 ? l.limit() + ", " + l.offset() : String.valueOf(l.limit());
            case JoinExec j -> join(j);
            case UnionExec u -> "";
            case WindowExec w -> ExpressionPrinter.explainList(w.windowExpressions()) + ", "
                    + ExpressionPrinter.explainList(w.partitionSpec()) + ", " + orders(w.orderSpec());
            case ExpandExec e -> e.projections().stream().map(ExpressionPrinter::explainList)
                    .collect(Collectors.joining(", ", "[", "]")) + ", " + ResolvedPlanPrinter.attributes(e.output());
            case ScanExec s -> "";
            case ExchangeExec e -> "";
        };
    }

    private static String functions(HashAggregateExec a) {
        return a.aggregates().stream()
                .map(f -> (a.mode() == AggregateMode.PARTIAL ? "partial_" : "") + ExpressionPrinter.explain(f))
                .collect(Collectors.joining(", ", "[", "]"));
    }

    private static String orders(List<io.updraft.planner.resolved.expr.SortOrder> order) {
        return order.stream().map(ExpressionPrinter::explainOrder).collect(Collectors.joining(", ", "[", "]"));
    }

    private static String join(JoinExec j) {
        String type = j.joinType().sparkName();
        String build = "Build" + (j.build() == io.updraft.core.plan.BuildSide.LEFT ? "Left" : "Right");
        String condition = j.condition() == null ? "" : ", " + ExpressionPrinter.explain(j.condition());
        if (j.leftKeys().isEmpty()) {
            return build + ", " + type + condition;
        }
        return ExpressionPrinter.explainList(j.leftKeys()) + ", " + ExpressionPrinter.explainList(j.rightKeys()) + ", "
                + type + ", " + build + condition;
    }

    static String exchange(ExchangeExec e) {
        if (e.broadcast()) {
            return "BroadcastExchange IdentityBroadcastMode";
        }
        return "Exchange " + partitioning(e.partitioning()) + ", ENSURE_REQUIREMENTS";
    }

    static String partitioning(PhysicalPartitioning p) {
        return switch (p) {
            case PhysicalPartitioning.Single s -> "SinglePartition";
            case PhysicalPartitioning.Hash h -> "hashpartitioning(" + h.keys().stream().map(ExpressionPrinter::explain)
                    .collect(Collectors.joining(", ")) + ", " + h.partitions() + ")";
            case PhysicalPartitioning.RoundRobin r -> "RoundRobinPartitioning(" + r.partitions() + ")";
            case PhysicalPartitioning.Range r -> "rangepartitioning(" + r.order().stream()
                    .map(ExpressionPrinter::explainOrder).collect(Collectors.joining(", ")) + ", " + r.partitions() + ")";
            case PhysicalPartitioning.Unknown u -> "UnknownPartitioning";
            case PhysicalPartitioning.Collection c -> c.alternatives().stream().map(PhysicalPlanPrinter::partitioning)
                    .collect(Collectors.joining(", ", "PartitioningCollection(", ")"));
        };
    }

    static String scan(ScanExec s) {
        List<String> paths = s.source().displayPaths().isEmpty() ? s.source().files() : s.source().displayPaths();
        return "FileScan parquet " + s.relationName() + ResolvedPlanPrinter.attributes(s.output())
                + " Batched: true, DataFilters: " + ExpressionPrinter.explainList(s.pushedFilters())
                + ", Format: Parquet, Location: InMemoryFileIndex(" + paths.size() + " paths)"
                + paths.stream().collect(Collectors.joining(", ", "[", "]"))
                + ", PartitionFilters: [], PushedFilters: " + pushedFilters(s) + ", ReadSchema: " + readSchema(s.output());
    }

    static String pushedFilters(ScanExec s) {
        return s.pushedFilters().stream().map(PhysicalPlanPrinter::sourceFilter).collect(Collectors.joining(", ", "[", "]"));
    }

    static String readSchema(List<AttributeReference> output) {
        return output.stream().map(a -> a.name() + ":" + a.dataType().simpleString())
                .collect(Collectors.joining(",", "struct<", ">"));
    }

    /** Spark's {@code explain("formatted")}; see {@link FormattedPlanPrinter}. */
    public static String formatted(PhysicalNode root) {
        return FormattedPlanPrinter.print(root);
    }

    /** Spark's data source filter notation: LessThanOrEqual(l_shipdate,1998-09-02). */
    private static String sourceFilter(ResolvedExpression e) {
        return switch (e) {
            case ComparisonExpression c -> comparisonName(c.op()) + "(" + column(c.left()) + "," + value(c.right()) + ")";
            case IsNullExpression n -> "IsNull(" + column(n.child()) + ")";
            case IsNotNullExpression n -> "IsNotNull(" + column(n.child()) + ")";
            case InExpression in -> "In(" + column(in.value()) + ", "
                    + in.list().stream().map(PhysicalPlanPrinter::value).collect(Collectors.joining(",", "[", "]")) + ")";
            case OrExpression o -> "Or(" + sourceFilter(o.left()) + "," + sourceFilter(o.right()) + ")";
            default -> ExpressionPrinter.explain(e);
        };
    }

    private static String comparisonName(CompareOp op) {
        return switch (op) {
            case EQUAL -> "EqualTo";
            case NOT_EQUAL -> "NotEqualTo";
            case LESS_THAN -> "LessThan";
            case LESS_THAN_OR_EQUAL -> "LessThanOrEqual";
            case GREATER_THAN -> "GreaterThan";
            case GREATER_THAN_OR_EQUAL -> "GreaterThanOrEqual";
            case EQUAL_NULL_SAFE -> "EqualNullSafe";
        };
    }

    private static String column(ResolvedExpression e) {
        return e instanceof AttributeReference a ? a.name() : ExpressionPrinter.explain(e).toLowerCase(Locale.ROOT);
    }

    private static String value(ResolvedExpression e) {
        return e instanceof ConstantExpression c ? ExpressionPrinter.literal(c, true) : ExpressionPrinter.explain(e);
    }
}
