package io.updraft.engine.join;

import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.JoinType;
import io.updraft.engine.testing.AllocatorTestSupport;
import io.updraft.engine.testing.Drain;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class NestedLoopJoinOperatorTest extends AllocatorTestSupport {

    @Test
    void nonEquiConditionsForEveryJoinTypeAndBuildSide() {
        List<Object[]> left = HashJoinOperatorTest.rows(7, 120, 10, false);
        List<Object[]> right = HashJoinOperatorTest.rows(8, 90, 10, true);
        for (JoinType type : JoinType.values()) {
            for (BuildSide build : BuildSide.values()) {
                try (NestedLoopJoinOperator join = new NestedLoopJoinOperator(input(HashJoinOperatorTest.LEFT, left, 50),
                        input(HashJoinOperatorTest.RIGHT, right, 40), type, HashJoinOperatorTest.CONDITION, build,
                        context)) {
                    JoinType semantics = type == JoinType.CROSS ? JoinType.INNER : type;
                    assertThat(HashJoinOperatorTest.sorted(Drain.of(join).rows)).as(type + " build " + build)
                            .isEqualTo(HashJoinOperatorTest.reference(left, right, semantics, 0, false, true));
                }
            }
        }
    }

    @Test
    void crossJoinPairsEveryRow() {
        List<Object[]> left = HashJoinOperatorTest.rows(9, 30, 10, false);
        List<Object[]> right = HashJoinOperatorTest.rows(10, 70, 10, true);
        try (NestedLoopJoinOperator join = new NestedLoopJoinOperator(input(HashJoinOperatorTest.LEFT, left, 7),
                input(HashJoinOperatorTest.RIGHT, right, 9), JoinType.CROSS, null, BuildSide.RIGHT, context)) {
            assertThat(HashJoinOperatorTest.sorted(Drain.of(join).rows))
                    .isEqualTo(HashJoinOperatorTest.reference(left, right, JoinType.INNER, 0, false, false));
        }
    }
}
