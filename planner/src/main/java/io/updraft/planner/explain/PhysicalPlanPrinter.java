package io.updraft.planner.explain;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.physical.ExchangeExec;
import io.updraft.planner.physical.FilterExec;
import io.updraft.planner.physical.HashAggregateExec;
import io.updraft.planner.physical.LimitExec;
import io.updraft.planner.physical.PhysicalNode;
import io.updraft.planner.physical.ProjectExec;
import io.updraft.planner.physical.ScanExec;
import io.updraft.planner.physical.SortExec;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.InExpression;
import io.updraft.planner.resolved.expr.IsNotNullExpression;
import io.updraft.planner.resolved.expr.IsNullExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.core.plan.AggregateMode;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The "Physical Plan" section: Spark's operator names, pipeline operators prefixed with their stage
 * ({@code *(1)} is the first stage, numbered as the job's stages plus one), exchanges marking the cuts.
 */
public final class PhysicalPlanPrinter {
    private PhysicalPlanPrinter() {
    }

    public static String print(PhysicalNode root) {
        Map<PhysicalNode, Integer> stages = new IdentityHashMap<>();
        int[] counter = {0};
        List<PhysicalNode> rootStage = new ArrayList<>();
        assign(root, rootStage, stages, counter);
        int rootId = counter[0]++;
        rootStage.forEach(n -> stages.put(n, rootId));
        return TreeString.render(root, n -> label(n, stages), PhysicalNode::children);
    }

    /** Stage ids in the order the stage builder assigns them (inputs before consumers). */
    private static void assign(PhysicalNode node, List<PhysicalNode> current, Map<PhysicalNode, Integer> stages,
                               int[] counter) {
        if (node instanceof ExchangeExec e) {
            List<PhysicalNode> below = new ArrayList<>();
            assign(e.child(), below, stages, counter);
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
        String prefix = stages.containsKey(node) ? "*(" + (stages.get(node) + 1) + ") " : "";
        return switch (node) {
            case ScanExec s -> scan(s);
            case ExchangeExec e -> "Exchange SinglePartition, ENSURE_REQUIREMENTS";
            case FilterExec f -> prefix + "Filter " + ExpressionPrinter.explain(f.condition());
            case ProjectExec p -> prefix + "Project " + ExpressionPrinter.explainList(p.projectList());
            case HashAggregateExec a -> prefix + "HashAggregate(keys=" + ExpressionPrinter.explainList(a.groupingKeys())
                    + ", functions=" + a.aggregates().stream()
                    .map(f -> (a.mode() == AggregateMode.PARTIAL ? "partial_" : "") + ExpressionPrinter.explain(f))
                    .collect(Collectors.joining(", ", "[", "]")) + ")";
            case SortExec s -> prefix + "Sort " + s.order().stream().map(ExpressionPrinter::explainOrder)
                    .collect(Collectors.joining(", ", "[", "]")) + ", " + s.global();
            case LimitExec l -> prefix + (l.global()
                    ? (l.offset() > 0 ? "GlobalLimitAndOffset " + l.limit() + ", " + l.offset() : "GlobalLimit " + l.limit())
                    : "LocalLimit " + l.limit());
        };
    }

    private static String scan(ScanExec s) {
        List<String> paths = s.source().displayPaths().isEmpty() ? s.source().files() : s.source().displayPaths();
        return "FileScan parquet " + s.relationName() + ResolvedPlanPrinter.attributes(s.output())
                + " Batched: true, DataFilters: " + ExpressionPrinter.explainList(s.pushedFilters())
                + ", Format: Parquet, Location: InMemoryFileIndex(" + paths.size() + " paths)"
                + paths.stream().collect(Collectors.joining(", ", "[", "]"))
                + ", PartitionFilters: [], PushedFilters: "
                + s.pushedFilters().stream().map(PhysicalPlanPrinter::sourceFilter).collect(Collectors.joining(", ", "[", "]"))
                + ", ReadSchema: " + readSchema(s.output());
    }

    private static String readSchema(List<AttributeReference> output) {
        return output.stream().map(a -> a.name() + ":" + a.dataType().simpleString())
                .collect(Collectors.joining(",", "struct<", ">"));
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
