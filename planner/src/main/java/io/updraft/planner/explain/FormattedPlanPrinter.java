package io.updraft.planner.explain;

import io.updraft.core.plan.Exchange;
import io.updraft.core.plan.Operator;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

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

    static String print(Operator root, Function<Operator, Display> display, ExchangeStages exchanges) {
        Map<Operator, Integer> stages = PhysicalPlanPrinter.stageIds(root, exchanges);
        Map<Operator, Integer> ids = new IdentityHashMap<>();
        List<Operator> order = new ArrayList<>();
        number(root, ids, order, exchanges);
        StringBuilder sb = new StringBuilder(TreeString.render(root,
                n -> (PhysicalPlanPrinter.pipelined(n, stages) ? "* " : "")
                        + (PhysicalPlanPrinter.reused(n, exchanges) ? "ReusedExchange" : display.apply(n).treeName())
                        + " (" + ids.get(n) + ")", n -> PhysicalPlanPrinter.children(n, exchanges)));
        sb.append('\n');
        for (Operator n : order) {
            sb.append('\n').append('(').append(ids.get(n)).append(") ");
            if (PhysicalPlanPrinter.reused(n, exchanges)) {
                // Spark: "(12) ReusedExchange [Reuses operator id: 5]" then the output
                sb.append("ReusedExchange [Reuses operator id: ").append(ids.get(exchanges.reused((Exchange) n)))
                        .append("]\n");
                display.apply(n).details().stream().filter(l -> l.startsWith("Input"))
                        .forEach(l -> sb.append("Output").append(l.substring("Input".length())).append('\n'));
                continue;
            }
            sb.append(display.apply(n).name());
            if (PhysicalPlanPrinter.pipelined(n, stages)) {
                sb.append(" [codegen id : ").append(stages.get(n) + 1).append(']');
            }
            sb.append('\n');
            for (String line : display.apply(n).details()) {
                sb.append(line).append('\n');
            }
        }
        return sb.toString();
    }

    /** Post-order numbering from 1, as Spark (children before parents, left to right). */
    private static void number(Operator node, Map<Operator, Integer> ids, List<Operator> order,
                               ExchangeStages exchanges) {
        for (Operator c : PhysicalPlanPrinter.children(node, exchanges)) {
            number(c, ids, order, exchanges);
        }
        ids.put(node, ids.size() + 1);
        order.add(node);
    }
}
