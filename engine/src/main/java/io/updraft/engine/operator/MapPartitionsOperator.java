package io.updraft.engine.operator;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.typed.PartitionFunction;
import io.updraft.core.typed.UserCode;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * Runs a typed operation's user code ({@link PartitionFunction}, deserialized through {@link UserCode}'s allow-list):
 * the child's batches are turned into rows one batch at a time, as the function pulls them, and its output rows are
 * gathered into batches of at most {@code batchRows}. At most one input batch's rows and one output batch's rows are
 * held (plus whatever the user's function keeps). Never emits an empty batch.
 */
public final class MapPartitionsOperator implements BatchOperator {
    private final BatchOperator child;
    private final StructType schema;
    private final PartitionFunction function;
    private final ExecutionContext context;
    private Iterator<Row> output;
    private long rowsIn;
    private long rowsOut;

    public MapPartitionsOperator(BatchOperator child, StructType schema, String function, ExecutionContext context) {
        this.child = Objects.requireNonNull(child, "child is null");
        this.schema = Objects.requireNonNull(schema, "schema is null");
        this.context = Objects.requireNonNull(context, "context is null");
        this.function = UserCode.deserialize(function, PartitionFunction.class);
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Batch next() {
        int limit = context.batchRows();
        List<Row> rows = new ArrayList<>(Math.min(limit, 1024));
        try {
            if (output == null) {
                output = function.apply(new InputRows(), child.schema(), context.taskId());
            }
            while (rows.size() < limit && output.hasNext()) {
                Row row = output.next();
                if (row.size() != schema.size()) {
                    throw new UpdraftException(ErrorType.INTERNAL, "typed operation returned " + row.size()
                            + " values for " + schema.simpleString());
                }
                rows.add(row);
            }
        } catch (NoClassDefFoundError e) {
            throw UserCode.missingClass(e);   // the job's code needs a class the worker does not carry
        }
        context.checkCancelled();
        if (rows.isEmpty()) {
            return null;
        }
        rowsOut += rows.size();
        List<FieldVector> vectors = ArrowRows.vectors(rows, schema, context.allocator());
        return Batch.of(rows.size(), vectors);
    }

    public long rowsIn() {
        return rowsIn;
    }

    public long rowsOut() {
        return rowsOut;
    }

    @Override
    public void close() {
        child.close();
    }

    /** The child's rows, one batch decoded at a time; each batch is closed once decoded. */
    private final class InputRows implements Iterator<Row> {
        private List<Row> rows = List.of();
        private int next;
        private boolean done;

        @Override
        public boolean hasNext() {
            while (next >= rows.size()) {
                if (done) {
                    return false;
                }
                Batch batch = child.next();
                if (batch == null) {
                    done = true;
                    rows = List.of();
                    next = 0;
                    return false;
                }
                try (batch) {
                    rows = decode(batch);
                    next = 0;
                    rowsIn += rows.size();
                }
            }
            return true;
        }

        @Override
        public Row next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return rows.get(next++);
        }

        private List<Row> decode(Batch batch) {
            StructType in = child.schema();
            int n = batch.rowCount();
            List<Row> out = new ArrayList<>(n);
            for (int r = 0; r < n; r++) {
                Object[] values = new Object[in.size()];
                for (int c = 0; c < values.length; c++) {
                    values[c] = ArrowRows.value(batch.vector(c), in.get(c).dataType(), r);
                }
                out.add(Row.withSchema(in, values));
            }
            return out;
        }
    }
}
