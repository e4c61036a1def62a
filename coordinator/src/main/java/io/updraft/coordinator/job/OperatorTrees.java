package io.updraft.coordinator.job;

import io.updraft.core.plan.Operator;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.StageInput;

import java.util.ArrayList;
import java.util.List;

/** Helpers over a stage's operator tree: find nodes and leaves (rebuilding is {@link Operator#replaceLeaves}). */
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

    static List<FileScan> scans(Operator root) {
        List<FileScan> scans = new ArrayList<>();
        for (Operator op : preOrder(root)) {
            if (op instanceof FileScan scan) {
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
}
