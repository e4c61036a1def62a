package io.updraft.engine.parquet;

import io.updraft.core.expr.And;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.In;
import io.updraft.core.expr.IsNotNull;
import io.updraft.core.expr.IsNull;
import io.updraft.core.expr.Literal;
import io.updraft.core.expr.Not;
import io.updraft.core.expr.Or;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.api.Binary;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Decides from a row group's column statistics (min, max, null count) whether any row can satisfy the
 * scan's pruning filter. Understood: comparisons of a column with a literal (either side), AND, OR,
 * NOT (pushed inward), IN with literals, IS [NOT] NULL and boolean literals; anything else, and any
 * column without usable statistics, "might match". For doubles only the lower bound is trusted
 * (NaN sorts above everything in Spark but is not in Parquet min/max).
 */
final class RowGroupPruner {
    private final Expr filter;
    private final List<ParquetColumn> columns;
    private final String[][] paths;

    /** {@code columns.get(i)} is the file column of the scan's output ordinal i. */
    RowGroupPruner(Expr filter, List<ParquetColumn> columns) {
        this.filter = filter;
        this.columns = columns;
        this.paths = new String[columns.size()][];
        for (int i = 0; i < columns.size(); i++) {
            // a nested column has no one chunk: no statistics, so no pruning by it (Arrays.equals(x, null) is false)
            paths[i] = columns.get(i).nested() ? null : columns.get(i).descriptor().getPath();
        }
    }

    boolean mightMatch(BlockMetaData block) {
        return filter == null || mightMatch(filter, false, block);
    }

    private boolean mightMatch(Expr e, boolean negated, BlockMetaData block) {
        return switch (e) {
            case And a -> negated
                    ? mightMatch(a.left(), true, block) || mightMatch(a.right(), true, block)
                    : mightMatch(a.left(), false, block) && mightMatch(a.right(), false, block);
            case Or o -> negated
                    ? mightMatch(o.left(), true, block) && mightMatch(o.right(), true, block)
                    : mightMatch(o.left(), false, block) || mightMatch(o.right(), false, block);
            case Not n -> mightMatch(n.child(), !negated, block);
            case IsNull n when n.child() instanceof ColumnRef c -> negated ? notAllNull(c, block) : hasNulls(c, block);
            case IsNotNull n when n.child() instanceof ColumnRef c -> negated ? hasNulls(c, block)
                    : notAllNull(c, block);
            case Comparison c -> comparison(c, negated, block);
            case In in when !negated && in.value() instanceof ColumnRef c -> in(c, in.list(), block);
            case Literal l when l.value() instanceof Boolean b -> negated != b;
            case Literal l when l.value() == null -> false;
            default -> true;
        };
    }

    private boolean in(ColumnRef column, List<Expr> list, BlockMetaData block) {
        for (Expr item : list) {
            if (!(item instanceof Literal)) {
                return true;
            }
        }
        for (Expr item : list) {
            Object value = ((Literal) item).value();
            if (value != null && range(column, CompareOp.EQUAL, value, block)) {
                return true;
            }
        }
        return false;
    }

    private boolean comparison(Comparison c, boolean negated, BlockMetaData block) {
        CompareOp op = c.op();
        ColumnRef column;
        Literal literal;
        if (c.left() instanceof ColumnRef l && c.right() instanceof Literal r) {
            column = l;
            literal = r;
        } else if (c.left() instanceof Literal l && c.right() instanceof ColumnRef r) {
            column = r;
            literal = l;
            op = flip(op);
        } else {
            return true;
        }
        if (column.index() >= columns.size()) {
            return true;
        }
        if (op == CompareOp.EQUAL_NULL_SAFE) {
            if (negated) {
                return true;
            }
            return literal.value() == null ? hasNulls(column, block) : range(column, CompareOp.EQUAL, literal.value(),
                    block);
        }
        if (literal.value() == null) {
            return false;
        }
        return range(column, negated ? negate(op) : op, literal.value(), block);
    }

    private static CompareOp flip(CompareOp op) {
        return switch (op) {
            case LESS_THAN -> CompareOp.GREATER_THAN;
            case LESS_THAN_OR_EQUAL -> CompareOp.GREATER_THAN_OR_EQUAL;
            case GREATER_THAN -> CompareOp.LESS_THAN;
            case GREATER_THAN_OR_EQUAL -> CompareOp.LESS_THAN_OR_EQUAL;
            default -> op;
        };
    }

    private static CompareOp negate(CompareOp op) {
        return switch (op) {
            case LESS_THAN -> CompareOp.GREATER_THAN_OR_EQUAL;
            case LESS_THAN_OR_EQUAL -> CompareOp.GREATER_THAN;
            case GREATER_THAN -> CompareOp.LESS_THAN_OR_EQUAL;
            case GREATER_THAN_OR_EQUAL -> CompareOp.LESS_THAN;
            case EQUAL -> CompareOp.NOT_EQUAL;
            case NOT_EQUAL -> CompareOp.EQUAL;
            case EQUAL_NULL_SAFE -> CompareOp.EQUAL_NULL_SAFE;
        };
    }

    /** Whether some non-null value v of the column can satisfy {@code v op value}. */
    private boolean range(ColumnRef column, CompareOp op, Object value, BlockMetaData block) {
        ColumnChunkMetaData chunk = chunk(column.index(), block);
        if (chunk == null) {
            return true;
        }
        Statistics<?> stats = chunk.getStatistics();
        if (stats == null) {
            return true;
        }
        if (stats.isNumNullsSet() && stats.getNumNulls() >= block.getRowCount()) {
            return false;
        }
        if (!stats.hasNonNullValue()) {
            return true;
        }
        ParquetColumn col = columns.get(column.index());
        Object min = StatisticsValues.convert(stats.genericGetMin(), col);
        Object max = StatisticsValues.convert(stats.genericGetMax(), col);
        if (min == null || max == null) {
            return true;
        }
        boolean isDouble = col.type() instanceof DoubleType;
        if (isDouble && (Double.isNaN((Double) min) || Double.isNaN((Double) max)
                || value instanceof Double d && d.isNaN())) {
            return true;
        }
        try {
            int cmpMin = compare(min, value);
            int cmpMax = compare(max, value);
            return switch (op) {
                case EQUAL, EQUAL_NULL_SAFE -> cmpMin <= 0 && cmpMax >= 0;
                case NOT_EQUAL -> isDouble || !(cmpMin == 0 && cmpMax == 0);
                case LESS_THAN -> cmpMin < 0;
                case LESS_THAN_OR_EQUAL -> cmpMin <= 0;
                case GREATER_THAN -> isDouble || cmpMax > 0;
                case GREATER_THAN_OR_EQUAL -> isDouble || cmpMax >= 0;
            };
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    private boolean hasNulls(ColumnRef column, BlockMetaData block) {
        ColumnChunkMetaData chunk = chunk(column.index(), block);
        if (chunk == null || chunk.getStatistics() == null || !chunk.getStatistics().isNumNullsSet()) {
            return true;
        }
        return chunk.getStatistics().getNumNulls() > 0;
    }

    private boolean notAllNull(ColumnRef column, BlockMetaData block) {
        ColumnChunkMetaData chunk = chunk(column.index(), block);
        if (chunk == null || chunk.getStatistics() == null || !chunk.getStatistics().isNumNullsSet()) {
            return true;
        }
        return chunk.getStatistics().getNumNulls() < block.getRowCount();
    }

    private ColumnChunkMetaData chunk(int ordinal, BlockMetaData block) {
        if (ordinal >= paths.length) {
            return null;
        }
        for (ColumnChunkMetaData chunk : block.getColumns()) {
            if (Arrays.equals(chunk.getPath().toArray(), paths[ordinal])) {
                return chunk;
            }
        }
        return null;
    }

    /** Orders a statistics value against a literal of the same SQL type. */
    static int compare(Object stat, Object literal) {
        if (stat instanceof byte[] bytes && literal instanceof String s) {
            return Arrays.compareUnsigned(bytes, s.getBytes(StandardCharsets.UTF_8));
        }
        if (stat instanceof Boolean a && literal instanceof Boolean b) {
            return Boolean.compare(a, b);
        }
        if (stat instanceof Double a && literal instanceof Double b) {
            return a.doubleValue() == b.doubleValue() ? 0 : Double.compare(a, b);
        }
        if (stat instanceof Number a && literal instanceof Number b) {
            if (a.getClass() == b.getClass() && a instanceof Comparable<?>) {
                @SuppressWarnings("unchecked")
                Comparable<Object> ca = (Comparable<Object>) a;
                return ca.compareTo(b);
            }
            return decimal(a).compareTo(decimal(b));
        }
        throw new IllegalArgumentException("cannot compare " + stat + " with " + literal);
    }

    private static BigDecimal decimal(Number n) {
        return switch (n) {
            case BigDecimal d -> d;
            case Double d -> {
                if (d.isNaN() || d.isInfinite()) {
                    throw new IllegalArgumentException("not finite: " + d);
                }
                yield BigDecimal.valueOf(d);
            }
            default -> BigDecimal.valueOf(n.longValue());
        };
    }

    /** Converts Parquet statistics values to the internal representation of the column's SQL type. */
    static final class StatisticsValues {
        private StatisticsValues() {
        }

        static Object convert(Object value, ParquetColumn column) {
            if (value == null) {
                return null;
            }
            return switch (column.conversion()) {
                case BOOLEAN, INT32, INT64, TIMESTAMP_MICROS, DOUBLE -> value;
                case UINT32 -> Integer.toUnsignedLong((Integer) value);
                case TIMESTAMP_MILLIS -> (Long) value * 1000;
                case TIMESTAMP_NANOS -> Math.floorDiv((Long) value, 1000L);
                case FLOAT, INT8, INT16, UINT8, BINARY, NESTED -> null; // not pruned: compared only after reading
                case STRING -> ((Binary) value).getBytes();
                case DECIMAL_INT32 -> BigDecimal.valueOf((Integer) value, scale(column));
                case DECIMAL_INT64 -> BigDecimal.valueOf((Long) value, scale(column));
                case DECIMAL_BINARY -> new BigDecimal(new BigInteger(((Binary) value).getBytes()), scale(column));
                case INT96_TIMESTAMP -> null;
            };
        }

        private static int scale(ParquetColumn column) {
            return ((DecimalType) column.type()).scale();
        }
    }
}
