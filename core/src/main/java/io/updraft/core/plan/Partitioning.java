package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Literal;

import java.util.List;
import java.util.Objects;

/**
 * How a {@link ShuffleWrite} spreads rows over output partitions.
 * <ul>
 * <li>{@link Hash}: partition = pmod(hash(keys), n) with a hash that is the same in every JVM (equal
 * values of equal types hash equally, null hashes to a constant);</li>
 * <li>{@link RoundRobin}: rows dealt in turn, starting at partition (taskId mod n);</li>
 * <li>{@link Single}: everything to partition 0 (gathers and broadcasts);</li>
 * <li>{@link Range}: partition i holds the rows ordered (by {@code keys}) after bound i-1 and up to
 * bound i (inclusive); the last partition the rest. {@code upperBounds} has n-1 bounds of one literal
 * per key.</li>
 * </ul>
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
        @JsonSubTypes.Type(value = Partitioning.Hash.class, name = "hash"),
        @JsonSubTypes.Type(value = Partitioning.RoundRobin.class, name = "roundRobin"),
        @JsonSubTypes.Type(value = Partitioning.Single.class, name = "single"),
        @JsonSubTypes.Type(value = Partitioning.Range.class, name = "range"),
})
public sealed interface Partitioning {

    record Hash(List<Expr> keys) implements Partitioning {
        public Hash {
            keys = List.copyOf(keys);
            if (keys.isEmpty()) {
                throw new IllegalArgumentException("hash partitioning needs at least one key");
            }
        }
    }

    record RoundRobin() implements Partitioning {
    }

    record Single() implements Partitioning {
    }

    record Range(List<SortKey> keys, List<List<Literal>> upperBounds) implements Partitioning {
        public Range {
            keys = List.copyOf(keys);
            if (keys.isEmpty()) {
                throw new IllegalArgumentException("range partitioning needs at least one key");
            }
            List<List<Literal>> copy = new java.util.ArrayList<>();
            for (List<Literal> bound : upperBounds) {
                List<Literal> b = List.copyOf(bound);
                if (b.size() != keys.size()) {
                    throw new IllegalArgumentException("range bound " + b + " has " + b.size() + " values for "
                            + keys.size() + " keys");
                }
                for (int k = 0; k < b.size(); k++) {
                    Objects.requireNonNull(b.get(k), "bound value is null (use a null literal)");
                    if (!b.get(k).dataType().equals(keys.get(k).expr().dataType())) {
                        throw new IllegalArgumentException("range bound value " + b.get(k) + " has type "
                                + b.get(k).dataType().simpleString() + " but key " + k + " has type "
                                + keys.get(k).expr().dataType().simpleString());
                    }
                }
                copy.add(b);
            }
            upperBounds = List.copyOf(copy);
        }
    }
}
