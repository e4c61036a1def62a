package io.updraft.engine.operator;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.engine.ArrowTypes;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.Field;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * Reads the Arrow IPC streams (base64) carried in the task spec, one stream after the other, batch by
 * batch; vectors are moved out of the reader without copying.
 */
public final class InlineBatchesOperator implements BatchOperator {
    private final StructType schema;
    private final List<String> streams;
    private final ExecutionContext context;
    private int nextStream;
    private ArrowStreamReader reader;

    public InlineBatchesOperator(StructType schema, List<String> arrowIpcBase64, ExecutionContext context) {
        this.schema = Objects.requireNonNull(schema, "schema is null");
        this.streams = List.copyOf(arrowIpcBase64);
        this.context = Objects.requireNonNull(context, "context is null");
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Batch next() {
        try {
            while (true) {
                if (reader == null) {
                    if (nextStream >= streams.size()) {
                        return null;
                    }
                    String text = streams.get(nextStream++);
                    if (text == null || text.isEmpty()) {
                        continue;
                    }
                    byte[] bytes = Base64.getDecoder().decode(text);
                    context.metrics().addBytesRead(bytes.length);
                    reader = new ArrowStreamReader(new ByteArrayInputStream(bytes), context.allocator());
                    checkSchema(reader.getVectorSchemaRoot());
                }
                if (!reader.loadNextBatch()) {
                    reader.close();
                    reader = null;
                    continue;
                }
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                int n = root.getRowCount();
                if (n == 0) {
                    continue;
                }
                List<FieldVector> vectors = new ArrayList<>(root.getFieldVectors().size());
                for (FieldVector v : root.getFieldVectors()) {
                    var pair = v.getTransferPair(context.allocator());
                    pair.transfer();
                    vectors.add((FieldVector) pair.getTo());
                }
                context.metrics().addRowsRead(n);
                return Batch.of(n, vectors);
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new UpdraftException(ErrorType.INTERNAL, "cannot read inline Arrow batches: " + e.getMessage(), e);
        }
    }

    private void checkSchema(VectorSchemaRoot root) throws IOException {
        List<Field> fields = root.getSchema().getFields();
        boolean matches = fields.size() == schema.size();
        for (int i = 0; matches && i < fields.size(); i++) {
            DataType actual = ArrowTypes.toDataType(fields.get(i));
            matches = actual.equals(schema.get(i).dataType());
        }
        if (!matches) {
            throw new UpdraftException(ErrorType.INTERNAL, "inline batches have schema " + root.getSchema()
                    + " but the plan expects " + schema.simpleString());
        }
    }

    @Override
    public void close() {
        if (reader != null) {
            try {
                reader.close();
            } catch (IOException e) {
                throw new UpdraftException(ErrorType.INTERNAL, "cannot close Arrow reader: " + e.getMessage(), e);
            } finally {
                reader = null;
            }
        }
    }
}
