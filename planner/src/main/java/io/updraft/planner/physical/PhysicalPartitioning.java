package io.updraft.planner.physical;

import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;

import java.util.List;
import java.util.stream.Collectors;

/**
 * How an operator's output is spread over the tasks of its stage: what exchanges check and produce.
 * {@link Unknown}: one part per scan task (the coordinator decides the count from the splits); {@link Single}: one
 * task; {@link Hash}: n partitions by the hash of {@code keys}; {@link RoundRobin}: n partitions, no known key;
 * {@link Range}: n partitions, each sorted range after the previous one; {@link Collection}: any of several.
 */
public sealed interface PhysicalPartitioning {
    record Unknown() implements PhysicalPartitioning {
    }

    record Single() implements PhysicalPartitioning {
    }

    record Hash(List<ResolvedExpression> keys, int partitions) implements PhysicalPartitioning {
        public Hash {
            keys = List.copyOf(keys);
        }
    }

    record RoundRobin(int partitions) implements PhysicalPartitioning {
    }

    record Range(List<SortOrder> order, int partitions) implements PhysicalPartitioning {
        public Range {
            order = List.copyOf(order);
        }
    }

    /**
     * Several descriptions of the same partitioning: the output of an inner equi-join is hash-partitioned on the
     * left keys and, equally, on the right keys (their values are equal).
     */
    record Collection(List<PhysicalPartitioning> alternatives) implements PhysicalPartitioning {
        public Collection {
            alternatives = List.copyOf(alternatives);
            if (alternatives.isEmpty()) {
                throw new IllegalArgumentException("a partitioning collection needs an alternative");
            }
        }
    }

    /** This partitioning and, for a collection, each of its alternatives. */
    default List<PhysicalPartitioning> alternatives() {
        return this instanceof Collection c ? c.alternatives() : List.of(this);
    }

    PhysicalPartitioning UNKNOWN = new Unknown();
    PhysicalPartitioning SINGLE = new Single();

    /** The partition count, or -1 when the scan decides it. */
    default int partitionCount() {
        return switch (this) {
            case Unknown u -> -1;
            case Single s -> 1;
            case Hash h -> h.partitions();
            case RoundRobin r -> r.partitions();
            case Range r -> r.partitions();
            case Collection c -> c.alternatives().get(0).partitionCount();
        };
    }

    /** Spark's text: {@code SinglePartition}, {@code hashpartitioning(k#1, 4)}, {@code rangepartitioning(...)}. */
    default String explain() {
        return switch (this) {
            case Single s -> "SinglePartition";
            case Hash h -> "hashpartitioning(" + h.keys().stream().map(ExpressionPrinter::explain)
                    .collect(Collectors.joining(", ")) + ", " + h.partitions() + ")";
            case RoundRobin r -> "RoundRobinPartitioning(" + r.partitions() + ")";
            case Range r -> "rangepartitioning(" + r.order().stream()
                    .map(ExpressionPrinter::explainOrder).collect(Collectors.joining(", ")) + ", " + r.partitions() + ")";
            case Unknown u -> "UnknownPartitioning";
            case Collection c -> c.alternatives().stream().map(PhysicalPartitioning::explain)
                    .collect(Collectors.joining(", ", "PartitioningCollection(", ")"));
        };
    }
}
