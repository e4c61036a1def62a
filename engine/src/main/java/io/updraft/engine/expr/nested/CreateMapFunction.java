package io.updraft.engine.expr.nested;

import io.updraft.core.error.UpdraftException;
import io.updraft.engine.ArrowTypes;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.RowKeys;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.MapType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;

import java.util.ArrayList;
import java.util.List;

/**
 * map(k1, v1, k2, v2, ...): each row a map of the pairs in order, never null. A null key raises Spark's
 * [NULL_MAP_KEY], a key given twice in one row [DUPLICATED_MAP_KEY] (Spark 4's default
 * {@code spark.sql.mapKeyDedupPolicy=EXCEPTION}).
 */
final class CreateMapFunction extends VectorExpression {
    private final List<VectorExpression> arguments;

    CreateMapFunction(List<VectorExpression> arguments, MapType type, BufferAllocator allocator) {
        super(type, allocator);
        if (arguments.size() % 2 != 0) {
            throw new IllegalArgumentException("map takes key/value pairs, got " + arguments.size() + " arguments");
        }
        this.arguments = List.copyOf(arguments);
    }

    @Override
    public List<VectorExpression> children() {
        return arguments;
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        int pairs = arguments.size() / 2;
        List<FieldVector> evaluated = new ArrayList<>(arguments.size());
        MapVector out = (MapVector) ArrowTypes.toField("", type, true).createVector(allocator);
        try {
            for (VectorExpression a : arguments) {
                evaluated.add(a.evaluate(batch));
            }
            FieldVector[] keys = new FieldVector[pairs];
            FieldVector[] values = new FieldVector[pairs];
            for (int p = 0; p < pairs; p++) {
                keys[p] = evaluated.get(2 * p);
                values[p] = evaluated.get(2 * p + 1);
            }
            int total = n * pairs;
            int[] rows = new int[total];
            int[] sources = new int[total];
            for (int r = 0; r < n; r++) {
                for (int p = 0; p < pairs; p++) {
                    if (!Bits.get(keys[p].getValidityBuffer(), r)) {
                        throw UpdraftException.user("NULL_MAP_KEY", "2200E", "Cannot use null as map key.");
                    }
                    PhysicalKind kind = Vectors.kindOf(keys[p]);
                    for (int q = 0; q < p; q++) {
                        if (RowKeys.valuesEqual(kind, keys[q], r, keys[p], r)) {
                            throw UpdraftException.user("DUPLICATED_MAP_KEY", "23505", "Duplicate map key "
                                    + ArrowRows.value(keys[p], ((MapType) type).keyType(), r) + " was found, please"
                                    + " check the input data. If you want to remove the duplicated keys, you can set"
                                    + " \"spark.sql.mapKeyDedupPolicy\" to \"LAST_WIN\" so that the key inserted at"
                                    + " last takes precedence.");
                        }
                    }
                    rows[r * pairs + p] = r;
                    sources[r * pairs + p] = p;
                }
            }
            out.setInitialCapacity(Math.max(n, 1));
            out.allocateNew();
            ArrowBuf offsets = out.getOffsetBuffer();
            for (int r = 0; r <= n; r++) {
                offsets.setInt((long) r << 2, r * pairs);
            }
            Bits.setAll(out.getValidityBuffer(), n);
            StructVector entries = (StructVector) out.getDataVector();
            entries.setInitialCapacity(Math.max(total, 1));
            entries.allocateNew();
            try (FieldVector k = Vectors.gather(keys, sources, rows, 0, total, allocator);
                 FieldVector v = Vectors.gather(values, sources, rows, 0, total, allocator)) {
                k.makeTransferPair(entries.getChildByOrdinal(0)).transfer();
                v.makeTransferPair(entries.getChildByOrdinal(1)).transfer();
            }
            Bits.setAll(entries.getValidityBuffer(), total);
            entries.setValueCount(total);
            out.setLastSet(n - 1);
            out.setValueCount(n);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        } finally {
            for (int i = 0; i < evaluated.size(); i++) {
                release(arguments.get(i), evaluated.get(i));
            }
        }
    }
}
