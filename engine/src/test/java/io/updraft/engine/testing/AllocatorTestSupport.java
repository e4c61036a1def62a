package io.updraft.engine.testing;

import io.updraft.core.expr.ColumnRef;
import io.updraft.engine.ExecutionContext;
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

/**
 * Base for operator tests outside the operator package: an allocator closed after each test (a leak fails
 * it), a context over it, and input helpers.
 */
public abstract class AllocatorTestSupport {
    protected BufferAllocator allocator;
    protected ExecutionContext context;

    @BeforeEach
    void createAllocator() {
        allocator = new RootAllocator();
        context = new ExecutionContext(allocator, Map.of());
    }

    @AfterEach
    void closeAllocator() {
        context.close();
        allocator.close();
    }

    /** A context with settings (closed with the test's allocator only if the caller closes it). */
    protected ExecutionContext context(Map<String, String> config) {
        return new ExecutionContext(allocator, config);
    }

    protected static ColumnRef col(int index, DataType type) {
        return new ColumnRef(index, type, true);
    }

    /** A leaf emitting one batch per group of rows. */
    protected ListOperator input(StructType schema, Object[][]... batches) {
        List<Batch> list = new ArrayList<>();
        for (Object[][] rows : batches) {
            list.add(TestBatches.batch(allocator, schema, rows));
        }
        return new ListOperator(schema, list);
    }

    /** A leaf emitting {@code rows} in batches of {@code batchRows}. */
    protected ListOperator input(StructType schema, List<Object[]> rows, int batchRows) {
        List<Batch> list = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += batchRows) {
            list.add(TestBatches.batch(allocator, schema,
                    rows.subList(from, Math.min(rows.size(), from + batchRows)).toArray(Object[][]::new)));
        }
        return new ListOperator(schema, list);
    }

    protected static Object[] row(Object... values) {
        return values;
    }
}
