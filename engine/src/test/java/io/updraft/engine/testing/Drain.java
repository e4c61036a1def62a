package io.updraft.engine.testing;

import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.vector.Batch;

import java.util.ArrayList;
import java.util.List;

/** Pulls an operator dry, collecting rows of internal values (and batch sizes) and closing every batch. */
public final class Drain {
    public final List<List<Object>> rows = new ArrayList<>();
    public final List<Integer> batchSizes = new ArrayList<>();

    public static Drain of(BatchOperator operator) {
        Drain drain = new Drain();
        while (true) {
            Batch batch = operator.next();
            if (batch == null) {
                return drain;
            }
            try (batch) {
                drain.batchSizes.add(batch.rowCount());
                drain.rows.addAll(TestBatches.rows(batch, operator.schema()));
            }
        }
    }
}
