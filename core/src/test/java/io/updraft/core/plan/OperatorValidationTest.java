package io.updraft.core.plan;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Literal;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OperatorValidationTest {
    private static final StructType LEFT = new StructType(List.of()).add("a", DataTypes.IntegerType, false)
            .add("b", DataTypes.StringType, false);
    private static final StructType RIGHT = new StructType(List.of()).add("c", DataTypes.IntegerType, false);
    private static final Operator L = new InlineBatches(LEFT, List.of());
    private static final Operator R = new InlineBatches(RIGHT, List.of());
    private static final ColumnRef A = new ColumnRef(0, DataTypes.IntegerType, false);

    @Test
    void joinSchemaFollowsJoinType() {
        assertThat(new Join(L, R, JoinType.INNER, List.of(A), List.of(A), null, BuildSide.RIGHT).schema().fieldList())
                .extracting(f -> f.name() + ":" + f.nullable()).containsExactly("a:false", "b:false", "c:false");
        assertThat(new Join(L, R, JoinType.LEFT_OUTER, List.of(A), List.of(A), null, BuildSide.RIGHT).schema()
                .fieldList()).extracting(f -> f.name() + ":" + f.nullable()).containsExactly("a:false", "b:false", "c:true");
        assertThat(new Join(L, R, JoinType.RIGHT_OUTER, List.of(A), List.of(A), null, BuildSide.LEFT).schema()
                .fieldList()).extracting(f -> f.name() + ":" + f.nullable()).containsExactly("a:true", "b:true", "c:false");
        assertThat(new Join(L, R, JoinType.LEFT_ANTI, List.of(A), List.of(A), null, BuildSide.RIGHT).schema()
                .fieldNames()).containsExactly("a", "b");
    }

    @Test
    void joinRejectsMismatchedKeys() {
        ColumnRef b = new ColumnRef(1, DataTypes.StringType, false);
        assertThatThrownBy(() -> new Join(L, R, JoinType.INNER, List.of(b), List.of(A), null, BuildSide.RIGHT))
                .hasMessageContaining("join key 0 has type string on the left but int on the right");
        assertThatThrownBy(() -> new Join(L, R, JoinType.INNER, List.of(A), List.of(), null, BuildSide.RIGHT))
                .hasMessageContaining("1 left keys but 0 right keys");
        assertThatThrownBy(() -> new Join(L, R, JoinType.CROSS, List.of(A), List.of(A), null, BuildSide.RIGHT))
                .hasMessageContaining("CROSS");
        assertThatThrownBy(() -> new Join(L, R, JoinType.INNER, List.of(), List.of(), A, BuildSide.RIGHT))
                .hasMessageContaining("boolean");
    }

    @Test
    void unionChecksTypesAndMergesNullability() {
        Operator nullable = new InlineBatches(new StructType(List.of()).add("x", DataTypes.IntegerType, true)
                .add("y", DataTypes.StringType, false), List.of());
        Union union = new Union(List.of(L, nullable));
        assertThat(union.schema().fieldList()).extracting(f -> f.name() + ":" + f.nullable())
                .containsExactly("a:true", "b:false");
        assertThatThrownBy(() -> new Union(List.of(L, R))).hasMessageContaining("has 1 columns but input 0 has 2");
    }

    @Test
    void windowRequiresOrderForRankingAndFillsDefaultFrames() {
        assertThatThrownBy(() -> new Window(L, List.of(), List.of(), List.of(WindowCall.of(WindowFunction.ROW_NUMBER,
                List.of())), List.of("rn"))).hasMessageContaining("row_number() requires the window to be ordered");
        Window unordered = new Window(L, List.of(A), List.of(), List.of(WindowCall.of(WindowFunction.SUM, List.of(A))),
                List.of("s"));
        assertThat(unordered.calls().get(0).frame()).isEqualTo(WindowFrame.WHOLE_PARTITION);
        assertThatThrownBy(() -> new WindowCall(WindowFunction.SUM, List.of(A), false, null, DataTypes.IntegerType))
                .hasMessageContaining("has type bigint, not int");
        assertThatThrownBy(() -> new WindowFrame(FrameType.ROWS, FrameBound.following(1), FrameBound.preceding(1)))
                .hasMessageContaining("after its upper bound");
        ColumnRef b = new ColumnRef(1, DataTypes.StringType, false);
        assertThatThrownBy(() -> new Window(L, List.of(), List.of(new SortKey(b, true, true)), List.of(
                new WindowCall(WindowFunction.COUNT, List.of(), false, new WindowFrame(FrameType.RANGE,
                        FrameBound.preceding(1), FrameBound.currentRow()), DataTypes.LongType)), List.of("c")))
                .hasMessageContaining("numeric, date or timestamp");
    }

    @Test
    void framesFromSparkOffsets() {
        WindowFrame frame = WindowFrame.rows(WindowFrame.UNBOUNDED_PRECEDING, 2);
        assertThat(frame).isEqualTo(new WindowFrame(FrameType.ROWS, FrameBound.unboundedPreceding(),
                FrameBound.following(2).spelled(FrameBound.Spelling.FOLLOWING)));
        assertThat(frame.sql()).isEqualTo("ROWS BETWEEN UNBOUNDED PRECEDING AND 2 FOLLOWING");
        // Spark 4.2 prints the Column API's offsets as values: rangeBetween(-3, 0) is "-3 FOLLOWING AND CURRENT ROW"
        WindowFrame range = WindowFrame.range(-3, WindowFrame.CURRENT_ROW);
        assertThat(range.sql()).isEqualTo("RANGE BETWEEN -3 FOLLOWING AND CURRENT ROW");
        assertThat(range.lower().kind()).isEqualTo(FrameBound.Kind.PRECEDING);
        assertThat(range.lower().offset()).isEqualTo(3);
        // SQL's spellings: n PRECEDING / v FOLLOWING as written, lag's "0 FOLLOWING"
        assertThat(FrameBound.ofOffset(-1).spelled(FrameBound.Spelling.PRECEDING).sql()).isEqualTo("1 PRECEDING");
        assertThat(FrameBound.ofOffset(0).spelled(FrameBound.Spelling.PRECEDING).sql()).isEqualTo("0 PRECEDING");
        assertThat(FrameBound.ofOffset(-1).spelled(FrameBound.Spelling.FOLLOWING).sql()).isEqualTo("-1 FOLLOWING");
        assertThat(FrameBound.ofValue(0, false).sql()).isEqualTo("0 FOLLOWING");
        assertThat(FrameBound.ofValue(0, false).kind()).isEqualTo(FrameBound.Kind.CURRENT_ROW);
        assertThat(FrameBound.ofValue(0, true).sql()).isEqualTo("CURRENT ROW");
        assertThat(FrameBound.ofValue(Long.MIN_VALUE, true)).isEqualTo(FrameBound.unboundedPreceding());
        assertThat(WindowFrame.range(WindowFrame.UNBOUNDED_PRECEDING, WindowFrame.CURRENT_ROW))
                .isEqualTo(WindowFrame.defaultFrame(true));
        assertThat(WindowFrame.rows(WindowFrame.UNBOUNDED_PRECEDING, WindowFrame.UNBOUNDED_FOLLOWING))
                .isEqualTo(WindowFrame.defaultFrame(false));
        for (long offset : new long[]{Long.MIN_VALUE, -5, 0, 7, Long.MAX_VALUE}) {
            assertThat(FrameBound.ofOffset(offset).signedOffset()).isEqualTo(offset);
        }
        assertThatThrownBy(() -> WindowFrame.rows(2, 1))
                .hasMessage("the frame's lower bound 2 FOLLOWING is after its upper bound 1 FOLLOWING");
        assertThatThrownBy(() -> WindowFrame.rows(WindowFrame.UNBOUNDED_FOLLOWING, WindowFrame.UNBOUNDED_FOLLOWING))
                .hasMessageContaining("cannot start at UNBOUNDED FOLLOWING");
    }

    @Test
    void joinTypesTakeSparkNames() {
        assertThat(JoinType.fromString("left_outer")).isEqualTo(JoinType.LEFT_OUTER);
        assertThat(JoinType.fromString("FullOuter")).isEqualTo(JoinType.FULL_OUTER);
        assertThat(JoinType.fromString("anti")).isEqualTo(JoinType.LEFT_ANTI);
        assertThat(JoinType.LEFT_SEMI.sparkName()).isEqualTo("LeftSemi");
        assertThat(JoinType.LEFT_SEMI.outputsRight()).isFalse();
        assertThatThrownBy(() -> JoinType.fromString("sideways"))
                .hasMessageContaining("Unsupported join type 'sideways'");
    }

    @Test
    void shuffleWriteChecksPartitioning() {
        assertThatThrownBy(() -> new ShuffleWrite(L, new Partitioning.Single(), 2)).hasMessageContaining("1 partition");
        SortKey key = new SortKey(A, true, true);
        assertThatThrownBy(() -> new ShuffleWrite(L, new Partitioning.Range(List.of(key), List.of()), 3))
                .hasMessageContaining("needs 2 upper bounds");
        assertThatThrownBy(() -> new Partitioning.Range(List.of(key), List.of(List.of(Literal.of(1L)))))
                .hasMessageContaining("has type bigint but key 0 has type int");
    }

    @Test
    void aggregateStateLayouts() {
        var x = new ColumnRef(0, new DecimalType(10, 2), true);
        assertThat(new AggregateCall(AggregateFunction.VAR_POP, x, false, DataTypes.DoubleType).stateTypes())
                .containsExactly(DataTypes.DoubleType, DataTypes.DoubleType, DataTypes.DoubleType);
        assertThat(new AggregateCall(AggregateFunction.FIRST, x, false, x.dataType(), true).stateTypes())
                .containsExactly(x.dataType(), DataTypes.BooleanType);
        assertThatThrownBy(() -> new AggregateCall(AggregateFunction.SUM, x, false, x.dataType(), true))
                .hasMessageContaining("ignoreNulls");
    }
}
