package io.updraft.planner.physical;

import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ResolvedExpression;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A join as core's {@link io.updraft.core.plan.Join} runs it: equi-join keys (hash join; {@code nullSafe[i]} for
 * {@code <=>}), a residual {@code condition} (nullable), the {@code build} side held in memory. No keys: a nested
 * loop join. {@code strategy} only names how the inputs were distributed (for explain): BROADCAST_HASH /
 * BROADCAST_NESTED_LOOP (the build side is a broadcast exchange), SHUFFLED_HASH (both sides hash-partitioned
 * alike), SINGLE_NESTED_LOOP (both sides gathered into one task: FULL OUTER without keys).
 */
public record JoinExec(PhysicalNode left, PhysicalNode right, JoinType joinType, List<ResolvedExpression> leftKeys,
                       List<ResolvedExpression> rightKeys, List<Boolean> nullSafe, ResolvedExpression condition,
                       BuildSide build, Strategy strategy, PhysicalPartitioning partitioning) implements PhysicalNode {
    public enum Strategy {
        BROADCAST_HASH, SHUFFLED_HASH, BROADCAST_NESTED_LOOP, SINGLE_NESTED_LOOP
    }

    public JoinExec {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
        Objects.requireNonNull(joinType, "joinType is null");
        leftKeys = List.copyOf(leftKeys);
        rightKeys = List.copyOf(rightKeys);
        nullSafe = List.copyOf(nullSafe);
        Objects.requireNonNull(build, "build is null");
        Objects.requireNonNull(strategy, "strategy is null");
        Objects.requireNonNull(partitioning, "partitioning is null");
    }

    @Override
    public List<AttributeReference> output() {
        List<AttributeReference> out = new ArrayList<>();
        boolean leftNullable = joinType == JoinType.RIGHT_OUTER || joinType == JoinType.FULL_OUTER;
        boolean rightNullable = joinType == JoinType.LEFT_OUTER || joinType == JoinType.FULL_OUTER;
        left.output().forEach(a -> out.add(leftNullable ? a.withNullability(true) : a));
        if (joinType.outputsRight()) {
            right.output().forEach(a -> out.add(rightNullable ? a.withNullability(true) : a));
        }
        return out;
    }

    @Override
    public List<PhysicalNode> children() {
        return List.of(left, right);
    }
}
