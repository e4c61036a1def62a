package io.updraft.core.plan;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Literal;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OperatorWithChildrenTest {
    private static final StructType SCHEMA = new StructType(List.of()).add("a", DataTypes.IntegerType, false);
    private static final Operator LEAF = new InlineBatches(SCHEMA, List.of());
    private static final Operator OTHER = new StageInput(3, SCHEMA, false);
    private static final ColumnRef A = new ColumnRef(0, DataTypes.IntegerType, false);
    private static final SortKey KEY = new SortKey(A, true, true);

    private static List<Operator> everyOperator() {
        return List.of(
                new FileScan(List.of(), SCHEMA, null), new StageInput(0, SCHEMA, true), LEAF,
                new ShuffleRead(SCHEMA, List.of()),
                new Filter(LEAF, new Comparison(CompareOp.EQUAL, A, Literal.of(1))),
                new Project(LEAF, List.of(A), List.of("x")),
                new HashAggregate(LEAF, List.of(A), List.of(), AggregateMode.COMPLETE, List.of("a")),
                new Sort(LEAF, List.of(KEY)), new Limit(LEAF, 5, 1), new TopN(LEAF, List.of(KEY), 3),
                new Join(LEAF, LEAF, JoinType.LEFT_OUTER, List.of(A), List.of(A), null, BuildSide.RIGHT, List.of(true)),
                new Union(List.of(LEAF, LEAF, LEAF)),
                new Window(LEAF, List.of(A), List.of(KEY), List.of(WindowCall.of(WindowFunction.RANK, List.of())),
                        List.of("r")),
                new Expand(LEAF, List.of(List.of(A), List.of(Literal.nullOf(DataTypes.IntegerType))), List.of("a")),
                new ShuffleWrite(LEAF, new Partitioning.Hash(List.of(A)), 4),
                new Generate(LEAF, GeneratorFunction.POSEXPLODE, new ColumnRef(0, new io.updraft.sql.types.ArrayType(
                        DataTypes.IntegerType, true), true), true, List.of(0), List.of("p", "c")));
    }

    @Test
    void withTheSameChildrenIsAnEqualOperator() {
        for (Operator op : everyOperator()) {
            assertThat(op.withChildren(op.children())).as(op.getClass().getSimpleName()).isEqualTo(op);
        }
    }

    @Test
    void replacesChildrenAndKeepsEveryOtherField() {
        for (Operator op : everyOperator()) {
            if (op.children().isEmpty()) {
                continue;
            }
            List<Operator> replaced = op.children().stream().map(c -> OTHER).toList();
            Operator rebuilt = op.withChildren(replaced);
            assertThat(rebuilt.children()).as(op.getClass().getSimpleName()).isEqualTo(replaced);
            assertThat(rebuilt.withChildren(op.children())).isEqualTo(op);
        }
    }

    @Test
    void rejectsTheWrongNumberOfChildren() {
        assertThatThrownBy(() -> new Filter(LEAF, Literal.of(true)).withChildren(List.of(LEAF, LEAF)))
                .hasMessageContaining("Filter has 1 child, got 2");
        assertThatThrownBy(() -> new Join(LEAF, LEAF, JoinType.CROSS, List.of(), List.of(), null, BuildSide.RIGHT)
                .withChildren(List.of(LEAF))).hasMessageContaining("a join has 2 children, got 1");
        assertThatThrownBy(() -> LEAF.withChildren(List.of(LEAF))).hasMessageContaining("InlineBatches is a leaf");
    }

    @Test
    void replaceLeavesRebuildsTheTreeAboveTheLeaves() {
        Operator tree = new Limit(new Join(LEAF, new Sort(LEAF, List.of(KEY)), JoinType.INNER, List.of(A), List.of(A),
                null, BuildSide.LEFT), 10, 0);
        Operator replaced = tree.replaceLeaves(leaf -> OTHER);
        assertThat(replaced).isEqualTo(new Limit(new Join(OTHER, new Sort(OTHER, List.of(KEY)), JoinType.INNER,
                List.of(A), List.of(A), null, BuildSide.LEFT), 10, 0));
    }
}
