package io.updraft.planner.explain;

import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.BuildSide;
import io.updraft.planner.physical.ExchangeExec;
import io.updraft.planner.physical.ExpandExec;
import io.updraft.planner.physical.FilterExec;
import io.updraft.planner.physical.HashAggregateExec;
import io.updraft.planner.physical.JoinExec;
import io.updraft.planner.physical.LimitExec;
import io.updraft.planner.physical.PhysicalNode;
import io.updraft.planner.physical.ProjectExec;
import io.updraft.planner.physical.ScanExec;
import io.updraft.planner.physical.SortExec;
import io.updraft.planner.physical.TopNExec;
import io.updraft.planner.physical.UnionExec;
import io.updraft.planner.physical.WindowExec;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Spark's {@code explain("formatted")} ({@code ExplainUtils.processPlan} with whole-stage codegen on and adaptive
 * execution off): the operator tree, each line {@code [* ]Name (id)} — {@code *} on operators that run inside a
 * pipeline, ids post-order from 1 — then, after two blank lines, one block per operator in id order, each
 * {@code (id) Name [codegen id : n]} followed by Spark's fields for that operator ({@code QueryPlan
 * .verboseStringWithOperatorId}): {@code Output [n]: [...]}, {@code Input [n]: [...]}, {@code Condition : ...},
 * {@code Keys}, {@code Functions}, {@code Aggregate Attributes}, {@code Results}, {@code Left keys},
 * {@code Right keys}, {@code Join type}, {@code Join condition}, {@code Arguments: ...}; an empty list prints as
 * {@code Keys: []}. The codegen id is the pipeline's stage number (stage id + 1), as the simple mode's {@code *(n)}.
 *
 * <p>Differences from Spark, all deliberate: no {@code ColumnarToRow} (our scan feeds Arrow batches to the pipeline
 * directly), no {@code AdaptiveSparkPlan} root (no adaptive execution), exchanges carry no {@code [plan_id=n]},
 * and operators Spark does not have keep our names: {@code TopN} (a per-task top-N before the gather, {@code
 * Arguments: limit, [order]}), {@code ShuffledHashJoin}/{@code BroadcastHashJoin} builds as our planner chose,
 * {@code BroadcastExchange} with {@code IdentityBroadcastMode} (the build side is shipped whole), and a join of two
 * gathered inputs without keys is a {@code BroadcastNestedLoopJoin} as in the simple mode.
 */
final class FormattedPlanPrinter {
    private FormattedPlanPrinter() {
    }

    static String print(PhysicalNode root) {
        Map<PhysicalNode, Integer> stages = PhysicalPlanPrinter.stageIds(root);
        Map<PhysicalNode, Integer> ids = new IdentityHashMap<>();
        List<PhysicalNode> order = new ArrayList<>();
        number(root, ids, order);
        StringBuilder sb = new StringBuilder(TreeString.render(root,
                n -> (pipelined(n, stages) ? "* " : "") + treeName(n) + " (" + ids.get(n) + ")", PhysicalNode::children));
        sb.append('\n');
        for (PhysicalNode n : order) {
            sb.append('\n').append('(').append(ids.get(n)).append(") ").append(PhysicalPlanPrinter.name(n));
            if (pipelined(n, stages)) {
                sb.append(" [codegen id : ").append(stages.get(n) + 1).append(']');
            }
            sb.append('\n');
            for (String line : details(n)) {
                sb.append(line).append('\n');
            }
        }
        return sb.toString();
    }

    private static boolean pipelined(PhysicalNode n, Map<PhysicalNode, Integer> stages) {
        return stages.containsKey(n) && !(n instanceof ScanExec);
    }

    /** Post-order numbering from 1, as Spark (children before parents, left to right). */
    private static void number(PhysicalNode node, Map<PhysicalNode, Integer> ids, List<PhysicalNode> order) {
        for (PhysicalNode c : node.children()) {
            number(c, ids, order);
        }
        ids.put(node, ids.size() + 1);
        order.add(node);
    }

    /** The tree line's name: joins add the join type and build side, as Spark's simpleStringWithNodeId. */
    private static String treeName(PhysicalNode n) {
        if (n instanceof JoinExec j) {
            return PhysicalPlanPrinter.name(n) + " " + j.joinType().sparkName() + " " + buildSide(j);
        }
        return PhysicalPlanPrinter.name(n);
    }

    private static String buildSide(JoinExec j) {
        return j.build() == BuildSide.LEFT ? "BuildLeft" : "BuildRight";
    }

    private static List<String> details(PhysicalNode n) {
        List<String> lines = new ArrayList<>();
        switch (n) {
            case ScanExec s -> {
                lines.add(field("Output", s.output()));
                lines.add("Batched: true");
                List<String> paths = s.source().displayPaths().isEmpty() ? s.source().files()
                        : s.source().displayPaths();
                lines.add("Location: InMemoryFileIndex " + (paths.size() <= 1 ? "[" + String.join(", ", paths) + "]"
                        : "[" + paths.get(0) + ", ... " + (paths.size() - 1) + " entries]"));
                if (!s.pushedFilters().isEmpty()) {
                    lines.add("PushedFilters: " + PhysicalPlanPrinter.pushedFilters(s));
                }
                lines.add("ReadSchema: " + PhysicalPlanPrinter.readSchema(s.output()));
            }
            case FilterExec f -> {
                lines.add(field("Input", f.child().output()));
                lines.add("Condition : " + ExpressionPrinter.explain(f.condition()));
            }
            case ProjectExec p -> {
                lines.add(field("Output", p.projectList()));
                lines.add(field("Input", p.child().output()));
            }
            case HashAggregateExec a -> {
                lines.add(field("Input", a.child().output()));
                lines.add(field("Keys", a.groupingKeys()));
                List<String> functions = a.aggregates().stream()
                        .map(f -> (a.mode() == AggregateMode.PARTIAL ? "partial_" : "") + ExpressionPrinter.explain(f))
                        .toList();
                lines.add(textField("Functions", functions));
                lines.add(field("Aggregate Attributes", a.resultAttributes()));
                lines.add(field("Results", a.output()));
            }
            case ExchangeExec e -> {
                lines.add(field("Input", e.child().output()));
                lines.add("Arguments: " + (e.broadcast() ? "IdentityBroadcastMode"
                        : PhysicalPlanPrinter.partitioning(e.partitioning()) + ", ENSURE_REQUIREMENTS"));
            }
            case JoinExec j -> {
                if (!j.leftKeys().isEmpty()) {
                    lines.add(field("Left keys", j.leftKeys()));
                    lines.add(field("Right keys", j.rightKeys()));
                }
                lines.add("Join type: " + j.joinType().sparkName());
                lines.add("Join condition: " + (j.condition() == null ? "None" : ExpressionPrinter.explain(j.condition())));
            }
            case SortExec s -> {
                lines.add(field("Input", s.child().output()));
                lines.add("Arguments: " + orders(s.order()) + ", " + s.global() + ", 0");
            }
            case TopNExec t -> {
                lines.add(field("Input", t.child().output()));
                lines.add("Arguments: " + t.limit() + ", " + orders(t.order())
                        + (t.global() ? ", " + list(t.output()) : ""));
            }
            case LimitExec l -> {
                lines.add(field("Input", l.child().output()));
                lines.add("Arguments: " + l.limit() + (l.global() ? ", " + l.offset() : ""));
            }
            case WindowExec w -> {
                lines.add(field("Input", w.child().output()));
                lines.add("Arguments: " + list(w.windowExpressions()) + ", " + list(w.partitionSpec()) + ", "
                        + orders(w.orderSpec()));
            }
            case ExpandExec e -> {
                lines.add(field("Input", e.child().output()));
                lines.add("Arguments: " + e.projections().stream().map(FormattedPlanPrinter::list)
                        .collect(Collectors.joining(", ", "[", "]")) + ", " + list(e.output()));
            }
            case UnionExec u -> {
                // Spark prints nothing but the name for Union.
            }
        }
        return lines;
    }

    /** Spark's {@code ExplainUtils.generateFieldString}: {@code Name [n]: [a, b]}, or {@code Name: []} when empty. */
    private static String field(String name, List<? extends ResolvedExpression> values) {
        return values.isEmpty() ? name + ": []" : name + " [" + values.size() + "]: " + list(values);
    }

    private static String textField(String name, List<String> values) {
        return values.isEmpty() ? name + ": []"
                : name + " [" + values.size() + "]: " + values.stream().collect(Collectors.joining(", ", "[", "]"));
    }

    private static String list(List<? extends ResolvedExpression> values) {
        return values.stream().map(ExpressionPrinter::explain).collect(Collectors.joining(", ", "[", "]"));
    }

    private static String orders(List<SortOrder> order) {
        return order.stream().map(ExpressionPrinter::explainOrder).collect(Collectors.joining(", ", "[", "]"));
    }
}
