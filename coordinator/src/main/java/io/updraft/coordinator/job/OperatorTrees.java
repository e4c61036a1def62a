package io.updraft.coordinator.job;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.Expand;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.Join;
import io.updraft.core.plan.Limit;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.ParquetScan;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Sort;
import io.updraft.core.plan.StageInput;
import io.updraft.core.plan.TopN;
import io.updraft.core.plan.Union;
import io.updraft.core.plan.Window;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** Helpers over a stage's operator tree: find leaves, replace leaves. */
final class OperatorTrees {
    private OperatorTrees() {
    }

    /** Every node of the tree, parents before children. */
    static List<Operator> preOrder(Operator root) {
        List<Operator> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(Operator op, List<Operator> out) {
        out.add(op);
        for (Operator child : op.children()) {
            collect(child, out);
        }
    }

    static List<ParquetScan> scans(Operator root) {
        List<ParquetScan> scans = new ArrayList<>();
        for (Operator op : preOrder(root)) {
            if (op instanceof ParquetScan scan) {
                scans.add(scan);
            }
        }
        return scans;
    }

    static List<StageInput> stageInputs(Operator root) {
        List<StageInput> inputs = new ArrayList<>();
        for (Operator op : preOrder(root)) {
            if (op instanceof StageInput input) {
                inputs.add(input);
            }
        }
        return inputs;
    }

    /** A copy of the tree with every leaf replaced by {@code leaves.apply(leaf)}; inner nodes are rebuilt. */
    static Operator replaceLeaves(Operator op, UnaryOperator<Operator> leaves) {
        if (op.children().isEmpty()) {
            return leaves.apply(op);
        }
        return switch (op) {
            case Filter f -> new Filter(replaceLeaves(f.child(), leaves), f.condition());
            case Project p -> new Project(replaceLeaves(p.child(), leaves), p.expressions(), p.names());
            case HashAggregate a -> new HashAggregate(replaceLeaves(a.child(), leaves), a.groupBy(), a.aggregates(),
                    a.mode(), a.names());
            case Sort s -> new Sort(replaceLeaves(s.child(), leaves), s.keys());
            case Limit l -> new Limit(replaceLeaves(l.child(), leaves), l.limit(), l.offset());
            case TopN t -> new TopN(replaceLeaves(t.child(), leaves), t.keys(), t.limit());
            case Join j -> new Join(replaceLeaves(j.left(), leaves), replaceLeaves(j.right(), leaves), j.type(),
                    j.leftKeys(), j.rightKeys(), j.condition(), j.build(), j.nullSafe());
            case Union u -> new Union(u.inputs().stream().map(i -> replaceLeaves(i, leaves)).toList());
            case Window w -> new Window(replaceLeaves(w.child(), leaves), w.partitionBy(), w.orderBy(), w.calls(),
                    w.names());
            case Expand e -> new Expand(replaceLeaves(e.child(), leaves), e.projections(), e.names());
            case ShuffleWrite w -> new ShuffleWrite(replaceLeaves(w.child(), leaves), w.partitioning(),
                    w.numPartitions());
            default -> throw new UpdraftException(ErrorType.INTERNAL, "the coordinator cannot prepare a task under a "
                    + op.getClass().getSimpleName() + " operator yet");
        };
    }
}
