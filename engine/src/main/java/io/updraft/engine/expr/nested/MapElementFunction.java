package io.updraft.engine.expr.nested;

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

import java.util.List;

/**
 * element_at(map, key) / {@code map[key]}: the value of the entry whose key equals {@code key}; null when the
 * map or the key is null or no entry has the key (Spark 4, ANSI mode too).
 */
final class MapElementFunction extends VectorExpression {
    private final VectorExpression map;
    private final VectorExpression key;

    MapElementFunction(VectorExpression map, VectorExpression key, BufferAllocator allocator) {
        super(((MapType) map.type()).valueType(), allocator);
        this.map = map;
        this.key = key;
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(map, key);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector m = map.evaluate(batch);
        FieldVector k = null;
        try {
            k = key.evaluate(batch);
            MapVector maps = (MapVector) m;
            StructVector entries = (StructVector) maps.getDataVector();
            FieldVector keys = (FieldVector) entries.getChildByOrdinal(0);
            FieldVector values = (FieldVector) entries.getChildByOrdinal(1);
            PhysicalKind kind = Vectors.kindOf(keys);
            ArrowBuf mapValidity = maps.getValidityBuffer();
            ArrowBuf keyValidity = k.getValidityBuffer();
            ArrowBuf offsets = maps.getOffsetBuffer();
            int[] rows = new int[n];
            for (int r = 0; r < n; r++) {
                rows[r] = -1;
                if (!Bits.get(mapValidity, r) || !Bits.get(keyValidity, r)) {
                    continue;
                }
                int end = offsets.getInt(((long) r << 2) + 4);
                for (int e = offsets.getInt((long) r << 2); e < end; e++) {
                    if (RowKeys.valuesEqual(kind, keys, e, k, r)) {
                        rows[r] = e;
                        break;
                    }
                }
            }
            return Vectors.gather(values, rows, n, allocator);
        } finally {
            release(map, m);
            if (k != null) {
                release(key, k);
            }
        }
    }
}
