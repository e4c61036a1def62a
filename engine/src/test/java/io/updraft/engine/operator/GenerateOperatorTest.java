package io.updraft.engine.operator;

import io.updraft.core.plan.Generate;
import io.updraft.core.plan.GeneratorFunction;
import io.updraft.core.plan.InlineBatches;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.testing.ListOperator;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.Row;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GenerateOperatorTest extends OperatorTestSupport {
    private static final ArrayType INTS = new ArrayType(DataTypes.IntegerType, true);
    private static final MapType MAP = new MapType(DataTypes.StringType, DataTypes.DoubleType, true);
    private static final StructType PAIR = new StructType(List.of()).add("a", DataTypes.IntegerType, false)
            .add("b", DataTypes.StringType);
    private static final StructType SCHEMA = new StructType(List.of()).add("id", DataTypes.IntegerType)
            .add("xs", INTS).add("m", MAP).add("ps", new ArrayType(PAIR, true));

    private static Map<String, Double> map(Object... kv) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], (Double) kv[i + 1]);
        }
        return m;
    }

    /** Row 1: values; row 2: null element / entry; row 3: empty; row 4: null. */
    private ListOperator data(int... batchSplits) {
        List<Row> rows = List.of(
                Row.of(1, List.of(10, 20), map("k", 1.5, "j", 2.5), List.of(Row.of(1, "x"), Row.of(2, "y"))),
                Row.of(2, Arrays.asList(30, null), map("n", null), Arrays.asList(Row.of(3, null), null)),
                Row.of(3, List.of(), map(), List.of()),
                Row.of(4, null, null, null));
        List<Batch> batches = new ArrayList<>();
        int from = 0;
        for (int to : batchSplits) {
            batches.add(Batch.of(to - from, ArrowRows.vectors(rows.subList(from, to), SCHEMA, allocator)));
            from = to;
        }
        return new ListOperator(SCHEMA, batches);
    }

    private List<List<Object>> run(GeneratorFunction f, int column, boolean outer, List<String> names) {
        ListOperator in = data(2, 2, 4);
        Generate g = new Generate(new InlineBatches(SCHEMA, List.of()), f,
                col(column, SCHEMA.get(column).dataType()), outer, List.of(0), names);
        List<List<Object>> rows = new ArrayList<>();
        try (GenerateOperator op = new GenerateOperator(in, g, context)) {
            assertThat(op.schema()).isEqualTo(g.schema());
            for (Batch next = op.next(); next != null; next = op.next()) {
                try (Batch b = next) {
                    assertThat(b.rowCount()).isPositive();
                    for (int r = 0; r < b.rowCount(); r++) {
                        List<Object> row = new ArrayList<>();
                        for (int c = 0; c < b.columnCount(); c++) {
                            row.add(ArrowRows.value(b.vector(c), op.schema().get(c).dataType(), r));
                        }
                        rows.add(row);
                    }
                }
            }
        }
        assertThat(in.closed()).isTrue();
        return rows;
    }

    @Test
    void explodeArrayDropsNullAndEmptyArraysButKeepsNullElements() {
        assertThat(run(GeneratorFunction.EXPLODE, 1, false, List.of("col"))).containsExactly(
                List.of(1, 10), List.of(1, 20), List.of(2, 30), Arrays.asList(2, null));
    }

    @Test
    void explodeOuterGivesOneNullRowForNullAndEmptyArrays() {
        assertThat(run(GeneratorFunction.EXPLODE, 1, true, List.of("col"))).containsExactly(
                List.of(1, 10), List.of(1, 20), List.of(2, 30), Arrays.asList(2, null),
                Arrays.asList(3, null), Arrays.asList(4, null));
    }

    @Test
    void posexplodeNumbersElementsPerRowAndOuterRowsHaveNullPos() {
        assertThat(run(GeneratorFunction.POSEXPLODE, 1, true, List.of("pos", "col"))).containsExactly(
                List.of(1, 0, 10), List.of(1, 1, 20), List.of(2, 0, 30), Arrays.asList(2, 1, null),
                Arrays.asList(3, null, null), Arrays.asList(4, null, null));
    }

    @Test
    void explodeMapGivesKeyAndValueInEntryOrder() {
        assertThat(run(GeneratorFunction.POSEXPLODE, 2, false, List.of("pos", "key", "value"))).containsExactly(
                List.of(1, 0, "k", 1.5), List.of(1, 1, "j", 2.5), Arrays.asList(2, 0, "n", null));
        assertThat(run(GeneratorFunction.EXPLODE, 2, true, List.of("key", "value"))).containsExactly(
                List.of(1, "k", 1.5), List.of(1, "j", 2.5), Arrays.asList(2, "n", null),
                Arrays.asList(3, null, null), Arrays.asList(4, null, null));
    }

    @Test
    void inlineGivesOneColumnPerFieldAndANullStructAsNulls() {
        assertThat(run(GeneratorFunction.INLINE, 3, false, List.of("a", "b"))).containsExactly(
                List.of(1, 1, "x"), List.of(1, 2, "y"), Arrays.asList(2, 3, null), Arrays.asList(2, null, null));
        assertThat(run(GeneratorFunction.INLINE, 3, true, List.of("a", "b"))).hasSize(6)
                .endsWith(Arrays.asList(3, null, null), Arrays.asList(4, null, null));
    }

    @Test
    void schemaFollowsSparkNullability() {
        Generate g = new Generate(new InlineBatches(SCHEMA, List.of()), GeneratorFunction.POSEXPLODE,
                col(2, MAP), false, List.of(0, 1), List.of("p", "k", "v"));
        assertThat(g.schema().fieldNames()).containsExactly("id", "xs", "p", "k", "v");
        assertThat(g.schema().get(2).nullable()).isFalse();
        assertThat(g.schema().get(3).nullable()).isFalse();
        assertThat(g.schema().get(4).nullable()).isTrue();
        Generate outer = new Generate(g.child(), GeneratorFunction.POSEXPLODE, col(2, MAP), true, List.of(),
                List.of("p", "k", "v"));
        assertThat(outer.schema().fieldList()).allMatch(f -> f.nullable());
        assertThat(GeneratorFunction.INLINE.outputFields(new ArrayType(PAIR, false), false).get(0).nullable())
                .isFalse();
        assertThat(GeneratorFunction.INLINE.outputFields(new ArrayType(PAIR, true), false).get(0).nullable())
                .isTrue();
        assertThatThrownBy(() -> new Generate(g.child(), GeneratorFunction.EXPLODE, col(2, MAP), false, List.of(),
                List.of("col"))).hasMessageContaining("generates 2 columns but there are 1 names");
    }

    @Test
    void largeArraysAreSplitIntoBatchesOfAboutBatchRows() {
        context = new ExecutionContext(allocator, Map.of(ExecutionContext.BATCH_ROWS, "100"));
        List<Row> rows = new ArrayList<>();
        long expected = 0;
        for (int i = 0; i < 50; i++) {
            List<Integer> xs = new ArrayList<>();
            for (int e = 0; e < i * 7 % 60; e++) {
                xs.add(e);
            }
            expected += xs.size();
            rows.add(Row.of(i, xs, null, null));
        }
        ListOperator in = new ListOperator(SCHEMA, List.of(Batch.of(rows.size(),
                ArrowRows.vectors(rows, SCHEMA, allocator))));
        Generate g = new Generate(new InlineBatches(SCHEMA, List.of()), GeneratorFunction.POSEXPLODE,
                col(1, INTS), false, List.of(0), List.of("pos", "col"));
        long total = 0;
        int batches = 0;
        try (GenerateOperator op = new GenerateOperator(in, g, context)) {
            for (Batch next = op.next(); next != null; next = op.next()) {
                try (Batch b = next) {
                    assertThat(b.rowCount()).isBetween(1, 100 + 60);
                    for (int r = 0; r < b.rowCount(); r++) {
                        assertThat(b.vector(2).getObject(r)).isEqualTo(b.vector(1).getObject(r));
                    }
                    total += b.rowCount();
                    batches++;
                }
            }
        }
        assertThat(total).isEqualTo(expected);
        assertThat(batches).isGreaterThan(10);
    }

}
