package io.updraft.planner.optimizer;

import io.updraft.planner.TestQueries;
import io.updraft.planner.TpchCatalog;
import org.junit.jupiter.api.Test;

class ReduceAggregateInputBySemiJoinTest {
    @Test
    void print() {
        for (int q : new int[] {2, 17, 20}) {
            System.out.println("== Q" + q + "\n" + TestQueries.PLANNER.explain(TestQueries.parse(TpchCatalog.sql(q)), "extended"));
        }
    }
}
