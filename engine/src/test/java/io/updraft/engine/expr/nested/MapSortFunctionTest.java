package io.updraft.engine.expr.nested;

import io.updraft.core.error.UpdraftException;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.expr.ExpressionTestSupport;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.Row;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** map_sort sorts the entries of every map at every depth (grouping keys holding maps); nulls stay null. */
class MapSortFunctionTest extends ExpressionTestSupport {
    private static final MapType INTS = DataTypes.createMapType(DataTypes.StringType, DataTypes.IntegerType);

    /** A map with its entries in the given order: key, value, key, value, ... */
    private static Map<Object, Object> map(Object... keysAndValues) {
        Map<Object, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    private static List<Object> keys(Object map) {
        return new ArrayList<>(((Map<?, ?>) map).keySet());
    }

    /** map_sort over one column of {@code values} (Java maps, Rows, Lists), read back as Java values. */
    private List<Object> sorted(DataType type, Object... values) {
        StructType schema = new StructType(List.of()).add("c0", type);
        List<Row> rows = new ArrayList<>();
        for (Object v : values) {
            rows.add(Row.of(v));
        }
        try (ExpressionEvaluator evaluator = ExpressionEvaluator.compile(function("map_sort", type, col(0, type)),
                allocator);
             Batch batch = Batch.of(values.length, ArrowRows.vectors(rows, schema, allocator));
             FieldVector result = evaluator.evaluate(batch)) {
            List<Object> out = new ArrayList<>();
            for (int r = 0; r < values.length; r++) {
                out.add(ArrowRows.value(result, type, r));
            }
            return out;
        }
    }

    @Test
    void sortsATopLevelMapKeepingNulls() {
        List<Object> out = sorted(INTS, map("b", 1, "a", 2, "c", 3), null, map(), map("z", 0));
        assertThat(keys(out.get(0))).containsExactly("a", "b", "c");
        assertThat(out.get(0)).isEqualTo(map("a", 2, "b", 1, "c", 3));
        assertThat(out.get(1)).isNull();
        assertThat(keys(out.get(2))).isEmpty();
        assertThat(keys(out.get(3))).containsExactly("z");
    }

    @Test
    void sortsMapsInsideStructs() {
        StructType type = new StructType(List.of()).add("k", DataTypes.IntegerType).add("m", INTS)
                .add("s", DataTypes.StringType);
        List<Object> out = sorted(type, Row.of(1, map("b", 1, "a", 2), "x"), null, Row.of(2, null, "y"));
        Row first = (Row) out.get(0);
        assertThat(first.getInt(0)).isEqualTo(1);
        assertThat(keys(first.get(1))).containsExactly("a", "b");
        assertThat(first.getString(2)).isEqualTo("x");
        assertThat(out.get(1)).isNull();
        assertThat(((Row) out.get(2)).get(1)).isNull();
        assertThat(((Row) out.get(2)).getString(2)).isEqualTo("y");
    }

    @Test
    void sortsMapsInsideArrays() {
        ArrayType type = DataTypes.createArrayType(INTS);
        List<Object> out = sorted(type, Arrays.asList(map("y", 1, "x", 2), null, map("b", 1, "a", 0)), null,
                List.of(), List.of(map("d", 4, "c", 3)));
        List<?> first = (List<?>) out.get(0);
        assertThat(first).hasSize(3);
        assertThat(keys(first.get(0))).containsExactly("x", "y");
        assertThat(first.get(1)).isNull();
        assertThat(keys(first.get(2))).containsExactly("a", "b");
        assertThat(out.get(1)).isNull();
        assertThat((List<?>) out.get(2)).isEmpty();
        assertThat(keys(((List<?>) out.get(3)).get(0))).containsExactly("c", "d");
    }

    @Test
    void sortsTheMapsInAMapsValuesAndTheMapItself() {
        MapType type = DataTypes.createMapType(DataTypes.StringType, INTS);
        List<Object> out = sorted(type, map("o", map("b", 2, "a", 1), "c", map("z", 1, "y", 2)),
                map("k", null));
        Map<?, ?> first = (Map<?, ?>) out.get(0);
        assertThat(keys(first)).containsExactly("c", "o");
        assertThat(keys(first.get("c"))).containsExactly("y", "z");
        assertThat(keys(first.get("o"))).containsExactly("a", "b");
        assertThat(((Map<?, ?>) out.get(1)).get("k")).isNull();
    }

    @Test
    void refusesATypeHoldingNoMap() {
        assertThatThrownBy(() -> ExpressionEvaluator.compile(function("map_sort", DataTypes.IntegerType,
                col(0, DataTypes.IntegerType)), allocator)).isInstanceOf(UpdraftException.class)
                .hasMessageContaining("map_sort takes a map or a struct or array holding one, not int");
    }
}
