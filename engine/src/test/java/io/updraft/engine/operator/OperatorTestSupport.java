package io.updraft.engine.operator;

import io.updraft.core.expr.ColumnRef;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.testing.ListOperator;
import io.updraft.engine.testing.TestBatches;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Base for operator tests: an allocator closed after each test (a leak fails it) and input helpers. */
abstract class OperatorTestSupport {
    protected BufferAllocator allocator;
    protected ExecutionContext context;

    @BeforeEach
    void createAllocator() {
        allocator = new RootAllocator();
        context = new ExecutionContext(allocator, Map.of());
    }

    @AfterEach
    void closeAllocator() {
        allocator.close();
    }

    static ColumnRef col(int index, DataType type) {
        return new ColumnRef(index, type, true);
    }

    /** A leaf emitting one batch per group of rows. */
    ListOperator input(StructType schema, Object[][]... batches) {
        List<Batch> list = new ArrayList<>();
        for (Object[][] rows : batches) {
            list.add(TestBatches.batch(allocator, schema, rows));
        }
        return new ListOperator(schema, list);
    }

    static Object[] row(Object... values) {
        return values;
    }
}
