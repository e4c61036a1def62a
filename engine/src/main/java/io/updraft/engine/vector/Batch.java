package io.updraft.engine.vector;

import org.apache.arrow.vector.FieldVector;

import java.util.List;
import java.util.Objects;

/**
 * A set of equally long column vectors: the unit operators exchange. A batch owns its vectors:
 * whoever holds a batch closes it (operators hand ownership to their caller with {@code next()}).
 * A batch may have a row count and no vectors at all (a count-only scan). Not thread-safe.
 */
public final class Batch implements AutoCloseable {
    private final int rowCount;
    private final List<FieldVector> vectors;

    private Batch(int rowCount, List<FieldVector> vectors) {
        this.rowCount = rowCount;
        this.vectors = vectors;
    }

    /** Takes ownership of {@code vectors}; each must hold exactly {@code rowCount} values. */
    public static Batch of(int rowCount, List<FieldVector> vectors) {
        Objects.requireNonNull(vectors, "vectors is null");
        if (rowCount < 0) {
            throw new IllegalArgumentException("row count " + rowCount + " < 0");
        }
        for (FieldVector v : vectors) {
            if (v.getValueCount() != rowCount) {
                throw new IllegalArgumentException("vector " + v.getName() + " has " + v.getValueCount()
                        + " values but the batch has " + rowCount + " rows");
            }
        }
        return new Batch(rowCount, List.copyOf(vectors));
    }

    /** A batch of {@code rowCount} rows and no columns. */
    public static Batch rowsOnly(int rowCount) {
        return of(rowCount, List.of());
    }

    public int rowCount() {
        return rowCount;
    }

    public int columnCount() {
        return vectors.size();
    }

    public FieldVector vector(int i) {
        return vectors.get(i);
    }

    public List<FieldVector> vectors() {
        return vectors;
    }

    @Override
    public void close() {
        for (FieldVector v : vectors) {
            v.close();
        }
    }
}
