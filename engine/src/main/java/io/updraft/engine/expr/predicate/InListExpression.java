package io.updraft.engine.expr.predicate;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.FieldVector;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code string IN (literal, ...)} in one pass: each row's UTF-8 bytes are tested against the literals (length
 * first), and the result bitmap is written 64 rows per word. Spark's three-valued result: null when the value is
 * null, true on a match, else null when a literal is null, else false. Replaces the OR chain of equalities (one
 * result vector and one pass per literal, plus one per OR).
 */
public final class InListExpression extends VectorExpression {
    private final VectorExpression value;
    private final byte[][] constants;
    private final boolean listHasNull;

    /** {@code literals} are the list's values (null for a null literal); {@code value} is a string node. */
    public InListExpression(VectorExpression value, List<String> literals, BufferAllocator allocator) {
        super(DataTypes.BooleanType, allocator);
        this.value = value;
        boolean hasNull = false;
        byte[][] bytes = new byte[literals.size()][];
        int count = 0;
        for (String s : literals) {
            if (s == null) {
                hasNull = true;
            } else {
                bytes[count++] = s.getBytes(StandardCharsets.UTF_8);
            }
        }
        this.constants = java.util.Arrays.copyOf(bytes, count);
        this.listHasNull = hasNull;
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(value);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector v = value.evaluate(batch);
        FieldVector out = null;
        try {
            out = newResult(n);
            ArrowBuf outBits = out.getDataBuffer();
            ArrowBuf outValid = out.getValidityBuffer();
            ArrowBuf valid = v.getValidityBuffer();
            ArrowBuf offsets = v.getOffsetBuffer();
            ArrowBuf data = v.getDataBuffer();
            byte[][] k = constants;
            int nbytes = Bits.bytesFor(n);
            long notNullMask = listHasNull ? 0 : -1L;
            for (int w = 0; w < Bits.words(n); w++) {
                int from = w << 6;
                int to = Math.min(n, from + 64);
                long word = 0;
                int start = offsets.getInt((long) from << 2);
                for (int i = from; i < to; i++) {
                    int end = offsets.getInt(((long) i + 1) << 2);
                    int length = end - start;
                    for (byte[] c : k) {
                        if (c.length == length && ByteFunctionHelpers.compare(data, start, end, c, 0, length) == 0) {
                            word |= 1L << (i - from);
                            break;
                        }
                    }
                    start = end;
                }
                Bits.storeWord(outBits, w, word, nbytes);
                Bits.storeWord(outValid, w, Bits.word(valid, w, nbytes) & (word | notNullMask), nbytes);
            }
            out.setValueCount(n);
            FieldVector result = out;
            out = null;
            return result;
        } finally {
            if (out != null) {
                out.close();
            }
            release(value, v);
        }
    }
}
