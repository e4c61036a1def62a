package io.updraft.core.rows;

import io.updraft.core.typed.PartitionFunction;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * {@code session.range(start, end, step, n)}: each input row is one slice (first value, count of values, step) and
 * becomes its ids, generated lazily (a slice of a billion ids holds one at a time). {@link #slices} cuts the range as
 * Spark's {@code RangeExec}: slice i holds elements [i·N/n, (i+1)·N/n) of the N elements. Immutable.
 */
public record RangeFunction() implements PartitionFunction {
    /** The output: Spark's {@code id bigint not null}. */
    public static final StructType SCHEMA = new StructType(List.of(new StructField("id", DataTypes.LongType, false)));
    /** The input: one row per slice. */
    public static final StructType SLICES = new StructType(List.of(new StructField("first", DataTypes.LongType, false),
            new StructField("count", DataTypes.LongType, false), new StructField("step", DataTypes.LongType, false)));

    /** The {@code numSlices} slices of the range, as rows of {@link #SLICES}. */
    public static List<Row> slices(long start, long end, long step, int numSlices) {
        if (step == 0) {
            throw new IllegalArgumentException("requirement failed: step (0) cannot be 0");
        }
        if (numSlices < 1) {
            throw new IllegalArgumentException("requirement failed: numSlices (" + numSlices + ") must be positive");
        }
        BigInteger span = BigInteger.valueOf(end).subtract(BigInteger.valueOf(start));
        BigInteger s = BigInteger.valueOf(step);
        BigInteger elements = BigInteger.ZERO;
        if (span.signum() != 0 && span.signum() == s.signum()) {
            BigInteger[] qr = span.divideAndRemainder(s);
            elements = qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
        }
        List<Row> out = new ArrayList<>(numSlices);
        BigInteger n = BigInteger.valueOf(numSlices);
        for (int i = 0; i < numSlices; i++) {
            BigInteger from = BigInteger.valueOf(i).multiply(elements).divide(n);
            BigInteger to = BigInteger.valueOf(i + 1L).multiply(elements).divide(n);
            long first = BigInteger.valueOf(start).add(from.multiply(s)).longValue();
            out.add(Row.withSchema(SLICES, new Object[] {first, to.subtract(from).longValue(), step}));
        }
        return out;
    }

    @Override
    public Iterator<Row> apply(Iterator<Row> input, StructType inputSchema) {
        return new Iterator<>() {
            private long next;
            private long left;
            private long step;

            @Override
            public boolean hasNext() {
                while (left == 0) {
                    if (!input.hasNext()) {
                        return false;
                    }
                    Row slice = input.next();
                    next = slice.getLong(0);
                    left = slice.getLong(1);
                    step = slice.getLong(2);
                }
                return true;
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                long id = next;
                next += step;
                left--;
                return Row.withSchema(SCHEMA, new Object[] {id});
            }
        };
    }
}
