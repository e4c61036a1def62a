package io.updraft.planner.explain;

import io.updraft.core.plan.Exchange;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.FileScan;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The "Physical Plan" section: the planned core operators with their {@link Display} (Spark's operator names and
 * the analyzer's expressions), pipeline operators prefixed with their stage ({@code *(1)} is the job's first stage,
 * numbered as the stage builder numbers them, plus one), exchanges marking the cuts. {@link #formatted} is Spark's
 * "formatted" mode: the tree with operator ids, then one block of details per operator.
 */
public final class PhysicalPlanPrinter {
    private PhysicalPlanPrinter() {
    }

    public static String print(Operator root, Function<Operator, Display> display) {
        Map<Operator, Integer> stages = stageIds(root);
        return TreeString.render(root, n -> (pipelined(n, stages) ? "*(" + (stages.get(n) + 1) + ") " : "")
                + display.apply(n).simple(), Operator::children);
    }

    /** Spark's {@code explain("formatted")}; see {@link FormattedPlanPrinter}. */
    public static String formatted(Operator root, Function<Operator, Display> display) {
        return FormattedPlanPrinter.print(root, display);
    }

    /** Whether the operator runs inside a stage's pipeline (not a scan, not an exchange). */
    static boolean pipelined(Operator n, Map<Operator, Integer> stages) {
        return stages.containsKey(n) && !(n instanceof FileScan);
    }

    /** Operator → stage id, as the planner's StageBuilder assigns them (exchanges have none). */
    static Map<Operator, Integer> stageIds(Operator root) {
        Map<Operator, Integer> stages = new IdentityHashMap<>();
        int[] counter = {0};
        List<Operator> rootStage = new ArrayList<>();
        assign(root, rootStage, stages, counter);
        int rootId = counter[0]++;
        rootStage.forEach(n -> stages.put(n, rootId));
        return stages;
    }

    /** Stage ids in the order the stage builder assigns them (inputs, a range sample, then the map stage). */
    private static void assign(Operator node, List<Operator> current, Map<Operator, Integer> stages, int[] counter) {
        if (node instanceof Exchange e) {
            List<Operator> below = new ArrayList<>();
            assign(e.child(), below, stages, counter);
            if (e.partitioning() instanceof Partitioning.Range) {
                counter[0]++;
            }
            int id = counter[0]++;
            below.forEach(n -> stages.put(n, id));
            return;
        }
        current.add(node);
        for (Operator child : node.children()) {
            assign(child, current, stages, counter);
        }
    }
}
