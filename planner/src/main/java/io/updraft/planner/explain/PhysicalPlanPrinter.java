package io.updraft.planner.explain;

import io.updraft.core.plan.Exchange;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.FileScan;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The "Physical Plan" section: the planned core operators with their {@link Display} (Spark's operator names and
 * the analyzer's expressions), pipeline operators prefixed with their stage ({@code *(1)} is the job's first stage,
 * numbered as the stage builder numbered them ({@link ExchangeStages}), plus one), exchanges marking the cuts; an
 * exchange whose stage is an earlier equal one's prints as Spark's {@code ReusedExchange [output], Exchange ...}
 * without its subtree. {@link #formatted} is Spark's "formatted" mode: the tree with operator ids, then one block of
 * details per operator.
 */
public final class PhysicalPlanPrinter {
    private PhysicalPlanPrinter() {
    }

    public static String print(Operator root, Function<Operator, Display> display, ExchangeStages exchanges) {
        Map<Operator, Integer> stages = stageIds(root, exchanges);
        return TreeString.render(root, n -> (pipelined(n, stages) ? "*(" + (stages.get(n) + 1) + ") " : "")
                + (reused(n, exchanges) ? reusedSimple(n, display) : display.apply(n).simple()),
                n -> children(n, exchanges));
    }

    /** Spark's {@code explain("formatted")}; see {@link FormattedPlanPrinter}. */
    public static String formatted(Operator root, Function<Operator, Display> display, ExchangeStages exchanges) {
        return FormattedPlanPrinter.print(root, display, exchanges);
    }

    /** Whether {@code n} is an exchange that reads an earlier equal exchange's stage. */
    static boolean reused(Operator n, ExchangeStages exchanges) {
        return n instanceof Exchange e && exchanges.reused(e) != null;
    }

    /** The children explain shows: none below a reused exchange (Spark prints its subtree once). */
    static List<Operator> children(Operator n, ExchangeStages exchanges) {
        return reused(n, exchanges) ? List.of() : n.children();
    }

    /** Spark's {@code ReusedExchangeExec} line: its output, then the exchange it reuses. */
    private static String reusedSimple(Operator n, Function<Operator, Display> display) {
        Display d = display.apply(n);
        return "ReusedExchange " + d.details().stream().filter(l -> l.startsWith("Input"))
                .map(l -> l.substring(l.indexOf(": ") + 2)).findFirst().orElse("[]") + ", " + d.simple();
    }

    /** Whether the operator runs inside a stage's pipeline (not a scan, not an exchange). */
    static boolean pipelined(Operator n, Map<Operator, Integer> stages) {
        return stages.containsKey(n) && !(n instanceof FileScan);
    }

    /** Operator → stage id, as the planner's StageBuilder assigned them (exchanges have none). */
    static Map<Operator, Integer> stageIds(Operator root, ExchangeStages exchanges) {
        Map<Operator, Integer> stages = new IdentityHashMap<>();
        List<Operator> rootStage = new ArrayList<>();
        assign(root, rootStage, stages, exchanges);
        // the result stage comes after every map stage (a range exchange's sample stage comes before its own)
        int rootId = exchanges.stageOf().values().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
        rootStage.forEach(n -> stages.put(n, rootId));
        return stages;
    }

    private static void assign(Operator node, List<Operator> current, Map<Operator, Integer> stages,
                               ExchangeStages exchanges) {
        if (node instanceof Exchange e) {
            if (exchanges.reused(e) == null) {
                List<Operator> below = new ArrayList<>();
                assign(e.child(), below, stages, exchanges);
                int id = exchanges.stage(e);
                below.forEach(n -> stages.put(n, id));
            }
            return;
        }
        current.add(node);
        for (Operator child : node.children()) {
            assign(child, current, stages, exchanges);
        }
    }
}
