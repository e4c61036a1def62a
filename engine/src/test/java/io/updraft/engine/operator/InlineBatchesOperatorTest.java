package io.updraft.engine.operator;

import io.updraft.core.error.UpdraftException;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.testing.Drain;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class InlineBatchesOperatorTest extends OperatorTestSupport {
    private static final StructType SCHEMA = new StructType(List.of())
            .add("id", DataTypes.IntegerType).add("s", DataTypes.StringType);

    @Test
    void readsEveryStreamInOrder() {
        String first = ArrowRows.encode(List.of(Row.of(1, "a"), Row.of(2, null)), SCHEMA, allocator);
        String second = ArrowRows.encode(List.of(Row.of(3, "c")), SCHEMA, allocator);
        String empty = ArrowRows.encode(List.of(), SCHEMA, allocator);
        try (InlineBatchesOperator op = new InlineBatchesOperator(SCHEMA, List.of(first, empty, "", second), context)) {
            Drain result = Drain.of(op);
            assertThat(result.rows).containsExactly(List.of(1, "a"), Arrays.asList(2, null), List.of(3, "c"));
            assertThat(result.batchSizes).containsExactly(2, 1);
        }
    }

    @Test
    void closingEarlyReleasesTheReader() {
        String stream = ArrowRows.encode(List.of(Row.of(1, "a")), SCHEMA, allocator);
        InlineBatchesOperator op = new InlineBatchesOperator(SCHEMA, List.of(stream, stream), context);
        op.next().close();
        op.close();
    }

    @Test
    void schemaMismatchIsInternal() {
        String stream = ArrowRows.encode(List.of(Row.of(1L)), new StructType(List.of()).add("x", DataTypes.LongType),
                allocator);
        try (InlineBatchesOperator op = new InlineBatchesOperator(SCHEMA, List.of(stream), context)) {
            assertThatThrownBy(op::next).isInstanceOf(UpdraftException.class).hasMessageContaining("inline batches");
        }
    }
}
