package io.updraft.core.plan;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Literal;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExchangeTest {
    private static final StructType SCHEMA = new StructType(List.of()).add("a", DataTypes.IntegerType, false);
    private static final Operator LEAF = new InlineBatches(SCHEMA, List.of());
    private static final ColumnRef A = new ColumnRef(0, DataTypes.IntegerType, false);

    @Test
    void keepsItsChildsSchemaAndRebuildsOverNewChildren() {
        Exchange e = new Exchange(LEAF, new Partitioning.Hash(List.of(A)), 4, false);
        assertThat(e.schema()).isEqualTo(SCHEMA);
        assertThat(e.children()).containsExactly(LEAF);
        Operator other = new StageInput(1, SCHEMA, false);
        assertThat(e.withChildren(List.of(other))).isEqualTo(new Exchange(other, e.partitioning(), 4, false));
        assertThat(e.withChildren(e.children())).isEqualTo(e);
    }

    @Test
    void checksPartitionCountsAsTheShuffleWriteItBecomes() {
        assertThatThrownBy(() -> new Exchange(LEAF, new Partitioning.Single(), 3, false))
                .hasMessageContaining("single partitioning has 1 partition, not 3");
        assertThatThrownBy(() -> new Exchange(LEAF, new Partitioning.Range(List.of(new SortKey(A, true, true)),
                List.of()), 3, false)).hasMessageContaining("needs 2 upper bounds, got 0");
        assertThat(new Exchange(LEAF, new Partitioning.Range(List.of(new SortKey(A, true, true)),
                List.of(List.of(Literal.nullOf(DataTypes.IntegerType)))), 2, false).numPartitions()).isEqualTo(2);
    }

    @Test
    void aBroadcastIsOnePartition() {
        assertThat(new Exchange(LEAF, new Partitioning.Single(), 1, true).broadcast()).isTrue();
        assertThatThrownBy(() -> new Exchange(LEAF, new Partitioning.RoundRobin(), 4, true))
                .hasMessageContaining("a broadcast is written as a single partition");
    }
}
