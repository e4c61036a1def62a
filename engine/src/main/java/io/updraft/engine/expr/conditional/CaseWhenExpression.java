package io.updraft.engine.expr.conditional;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.NullType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.List;

/**
 * CASE WHEN: each row takes the value of the first branch whose condition is true (null counts as
 * false), else the ELSE value, else null. Branches are evaluated for the whole batch; rows are then
 * copied from the chosen branch. Branch values already have the result type.
 */
public final class CaseWhenExpression extends VectorExpression {
    private final List<VectorExpression> conditions;
    private final List<VectorExpression> values;
    private final VectorExpression elseValue;

    public CaseWhenExpression(List<VectorExpression> conditions, List<VectorExpression> values, VectorExpression elseValue,
                       DataType type, BufferAllocator allocator) {
        super(type, allocator);
        this.conditions = List.copyOf(conditions);
        this.values = List.copyOf(values);
        this.elseValue = elseValue;
    }

    @Override
    public List<VectorExpression> children() {
        List<VectorExpression> all = new ArrayList<>(conditions);
        all.addAll(values);
        if (elseValue != null) {
            all.add(elseValue);
        }
        return all;
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        int[] chosen = new int[n];
        java.util.Arrays.fill(chosen, -1);
        int undecided = n;
        for (int b = 0; b < conditions.size() && undecided > 0; b++) {
            VectorExpression condition = conditions.get(b);
            FieldVector c = condition.evaluate(batch);
            try {
                ArrowBuf valid = c.getValidityBuffer();
                ArrowBuf bits = c.getDataBuffer();
                for (int r = 0; r < n; r++) {
                    if (chosen[r] < 0 && Bits.get(valid, r) && Bits.get(bits, r)) {
                        chosen[r] = b;
                        undecided--;
                    }
                }
            } finally {
                release(condition, c);
            }
        }
        // Variable-width vectors must be written in row order, so fetch every needed branch first.
        int branches = values.size() + 1;
        FieldVector[] branchVectors = new FieldVector[branches];
        FieldVector out = null;
        try {
            for (int b = 0; b < branches; b++) {
                VectorExpression branch = b < values.size() ? values.get(b) : elseValue;
                if (branch != null && contains(chosen, b < values.size() ? b : -1)) {
                    branchVectors[b] = branch.evaluate(batch);
                }
            }
            out = newResult(n);
            if (type instanceof NullType) {
                out.setValueCount(n);
                FieldVector result = out;
                out = null;
                return result;
            }
            for (int r = 0; r < n; r++) {
                int b = chosen[r] < 0 ? values.size() : chosen[r];
                FieldVector v = branchVectors[b];
                if (v != null) {
                    out.copyFromSafe(r, r, v);
                }
            }
            out.setValueCount(n);
            FieldVector result = out;
            out = null;
            return result;
        } finally {
            if (out != null) {
                out.close();
            }
            for (int b = 0; b < branches; b++) {
                if (branchVectors[b] != null) {
                    release(b < values.size() ? values.get(b) : elseValue, branchVectors[b]);
                }
            }
        }
    }

    private static boolean contains(int[] chosen, int target) {
        for (int c : chosen) {
            if (c == target) {
                return true;
            }
        }
        return false;
    }
}
