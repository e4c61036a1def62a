package io.updraft.planner.stats;

import io.updraft.core.expr.CompareOp;
import io.updraft.core.plan.JoinType;
import io.updraft.core.stats.ColumnRange;
import io.updraft.planner.resolved.expr.AndExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.InExpression;
import io.updraft.planner.resolved.expr.IsNotNullExpression;
import io.updraft.planner.resolved.expr.IsNullExpression;
import io.updraft.planner.resolved.expr.NotExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.BroadcastHintNode;
import io.updraft.planner.resolved.plan.DeduplicateNode;
import io.updraft.planner.resolved.plan.DistinctNode;
import io.updraft.planner.resolved.plan.ExceptNode;
import io.updraft.planner.resolved.plan.ExpandNode;
import io.updraft.planner.resolved.plan.GenerateNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.IntersectNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.LimitNode;
import io.updraft.planner.resolved.plan.LocalLimitNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.LocalRelationNode;
import io.updraft.planner.resolved.plan.MapPartitionsNode;
import io.updraft.planner.resolved.plan.RepartitionNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.planner.resolved.plan.SortNode;
import io.updraft.planner.resolved.plan.SubqueryAliasNode;
import io.updraft.planner.resolved.plan.UnionNode;
import io.updraft.planner.resolved.plan.WindowNode;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.ByteType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.ShortType;
import io.updraft.sql.types.StringType;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Size estimates for join ordering, broadcast selection and sort planning, from the Parquet sources' row counts
 * and sizes, the min and max of columns where footers give them, and fixed selectivities (no distinct counts):
 * <ul>
 *   <li>scan: the source's row count (or its size / row width when unknown); bytes = rows × output width, where
 *   a row is 8 bytes plus Spark's default size per column (int/date 4, bigint/double/timestamp 8, decimal 8 or
 *   16, string 20, boolean 1);</li>
 *   <li>filter: rows × selectivity: {@code col = literal} 0.1, other comparisons with a literal the fraction of
 *   the column's range (Parquet footers' min and max, {@link ColumnRange}) on their side, else 1/3,
 *   column-to-column equality 0.1, LIKE 0.25, IN (n values) min(0.5, 0.1 n), IS NULL 0.1, IS NOT NULL 0.9, NOT s
 *   1 - s, AND the product, OR s1 + s2 - s1 s2, anything else 0.5;</li>
 *   <li>equi-join: rows(l) × rows(r) / min(base rows of the two key columns' tables) — exact for a key/foreign-key
 *   join whatever filters apply — using the most selective key; other inner joins: the product × selectivity
 *   of the condition; outer joins at least the preserved side; semi/anti joins: the left side;</li>
 *   <li>aggregate: 1 row without keys, else a tenth of the input rows (no distinct counts); union: the sum; expand: rows ×
 *   projections; limit: at most the limit; a typed operation: its input's rows; local rows: their count.</li>
 * </ul>
 * Stateless; every call recomputes (plans are small).
 */
public final class SizeEstimator {
    private static final double ROW_OVERHEAD = 8;
    /** Without distinct counts, a grouped aggregation is assumed to return a tenth of its input rows. */
    private static final double GROUPS_PER_INPUT_ROW = 0.1;
    /** Without element counts, a generator is assumed to emit ten rows per input row (Spark assumes no change). */
    private static final double ROWS_PER_GENERATOR_INPUT = 10;

    private SizeEstimator() {
    }

    public static Statistics estimate(ResolvedPlan plan) {
        double rows = rows(plan);
        return new Statistics(rows, rows * rowWidth(plan.output()));
    }

    public static double rows(ResolvedPlan plan) {
        return switch (plan) {
            case ScanNode s -> baseRows(s);
            case FilterNode f -> rows(f.child()) * selectivity(f.condition(), ranges(f.child()));
            case ProjectNode p -> rows(p.child());
            case SubqueryAliasNode a -> rows(a.child());
            case BroadcastHintNode b -> rows(b.child());
            case AggregateNode a -> a.groupingExpressions().isEmpty() ? 1
                    : Math.max(1, rows(a.child()) * GROUPS_PER_INPUT_ROW);
            case SortNode s -> rows(s.child());
            case LimitNode l -> Math.min(l.limit(), rows(l.child()));
            case LocalLimitNode l -> rows(l.child());
            case JoinNode j -> joinRows(j);
            case UnionNode u -> u.children().stream().mapToDouble(SizeEstimator::rows).sum();
            case IntersectNode i -> Math.min(rows(i.left()), rows(i.right()));
            case ExceptNode e -> rows(e.left());
            case DistinctNode d -> rows(d.child());
            case DeduplicateNode d -> rows(d.child());
            case WindowNode w -> rows(w.child());
            case ExpandNode e -> rows(e.child()) * e.projections().size();
            case RepartitionNode r -> rows(r.child());
            case MapPartitionsNode m -> rows(m.child());
            case LocalRelationNode r -> Math.max(1, r.rowCount());
            case GenerateNode g -> rows(g.child()) * ROWS_PER_GENERATOR_INPUT;
        };
    }

    /** The row count of a scan's source: its row count, else its size over the full row width. */
    public static double baseRows(ScanNode s) {
        if (s.source().rowCount() > 0) {
            return s.source().rowCount();
        }
        double width = ROW_OVERHEAD;
        for (var f : s.source().schema().fieldList()) {
            width += typeWidth(f.dataType());
        }
        return Math.max(1, s.source().sizeInBytes() / width);
    }

    private static double joinRows(JoinNode j) {
        double left = rows(j.left());
        double right = rows(j.right());
        if (j.joinType() == JoinType.LEFT_SEMI || j.joinType() == JoinType.LEFT_ANTI) {
            return left;
        }
        double inner = j.condition() == null ? left * right : innerJoinRows(j, left, right);
        return switch (j.joinType()) {
            case LEFT_OUTER -> Math.max(inner, left);
            case RIGHT_OUTER -> Math.max(inner, right);
            case FULL_OUTER -> Math.max(inner, Math.max(left, right));
            default -> inner;
        };
    }

    private static double innerJoinRows(JoinNode j, double left, double right) {
        Map<Long, Double> baseRows = new HashMap<>();
        collectBaseRows(j, baseRows);
        Set<Long> leftIds = Plans.outputIds(j.left());
        Set<Long> rightIds = Plans.outputIds(j.right());
        double best = -1;
        double other = 1;
        for (ResolvedExpression c : Expressions.conjuncts(j.condition())) {
            double keyed = keyedRows(c, leftIds, rightIds, left, right, baseRows);
            if (keyed >= 0) {
                best = best < 0 ? keyed : Math.min(best, keyed);
            } else {
                other *= selectivity(c);
            }
        }
        return (best < 0 ? left * right : best) * other;
    }

    /**
     * Rows of joining sides of {@code left} and {@code right} rows on {@code c} when it is an equality between an
     * expression of each side (ids in {@code leftIds} / {@code rightIds}); -1 otherwise. {@code baseRows} maps scan
     * columns to their table's row count ({@link #collectBaseRows}).
     */
    public static double keyedRows(ResolvedExpression c, Set<Long> leftIds, Set<Long> rightIds, double left, double right,
                            Map<Long, Double> baseRows) {
        if (!(c instanceof ComparisonExpression eq)
                || eq.op() != CompareOp.EQUAL && eq.op() != CompareOp.EQUAL_NULL_SAFE) {
            return -1;
        }
        Set<Long> l = Expressions.references(eq.left()).keySet();
        Set<Long> r = Expressions.references(eq.right()).keySet();
        boolean straight = !l.isEmpty() && !r.isEmpty() && leftIds.containsAll(l) && rightIds.containsAll(r);
        boolean swapped = !l.isEmpty() && !r.isEmpty() && rightIds.containsAll(l) && leftIds.containsAll(r);
        if (!straight && !swapped) {
            return -1;
        }
        double distinct = Math.min(origin(eq.left(), baseRows), origin(eq.right(), baseRows));
        if (Double.isInfinite(distinct)) {
            distinct = Math.max(left, right);
        }
        return left * right / Math.max(1, distinct);
    }

    /** The base row count of the table a key column comes from (infinite when unknown). */
    private static double origin(ResolvedExpression key, Map<Long, Double> baseRows) {
        if (Expressions.stripAlias(key) instanceof AttributeReference a && baseRows.containsKey(a.id())) {
            return baseRows.get(a.id());
        }
        if (key instanceof io.updraft.planner.resolved.expr.CastExpression cast) {
            return origin(cast.child(), baseRows);
        }
        return Double.POSITIVE_INFINITY;
    }

    /**
     * Scan column id → the most distinct values it can have, for every scan below (through renames by projection):
     * its scan's base row count, and for an integral or date column no more than its range's width (footers'
     * min and max, {@link ColumnRange}), so a join of two foreign keys such as TPC-H's {@code c_nationkey =
     * s_nationkey} is priced at 25 values, not 10 000.
     */
    public static void collectBaseRows(ResolvedPlan plan, Map<Long, Double> out) {
        collectByColumn(plan, out, (scan, column) -> {
            double rows = baseRows(scan);
            ColumnRange range = scan.source().columnRanges().get(column.name());
            boolean integral = column.dataType() instanceof IntegerType || column.dataType() instanceof LongType
                    || column.dataType() instanceof ShortType || column.dataType() instanceof ByteType
                    || column.dataType() instanceof DateType;
            return integral && range != null ? Math.min(rows, range.max() - range.min() + 1) : rows;
        });
    }

    /**
     * Scan column id → {@code value(scan, column)} (skipped when null), for every scan below, and the same value
     * for an alias of such a column in a projection above it.
     */
    private static <V> void collectByColumn(ResolvedPlan plan, Map<Long, V> out,
                                            BiFunction<ScanNode, AttributeReference, V> value) {
        if (plan instanceof ScanNode s) {
            for (AttributeReference a : s.output()) {
                V v = value.apply(s, a);
                if (v != null) {
                    out.put(a.id(), v);
                }
            }
            return;
        }
        for (ResolvedPlan c : plan.children()) {
            collectByColumn(c, out, value);
        }
        if (plan instanceof ProjectNode p) {
            for (var n : p.projectList()) {
                if (n instanceof io.updraft.planner.resolved.expr.AliasExpression al
                        && al.child() instanceof AttributeReference a && out.containsKey(a.id())) {
                    out.put(al.id(), out.get(a.id()));
                }
            }
        }
    }

    /** The estimated fraction of rows a predicate keeps, without column ranges (see the class comment). */
    public static double selectivity(ResolvedExpression e) {
        return selectivity(e, Map.of());
    }

    /**
     * The estimated fraction of rows a predicate keeps, where {@code ranges} gives the min and max of columns by
     * attribute id: comparisons of such a column with a numeric or date literal ({@code <, <=, >, >=}) keep the
     * fraction of the range on their side, values assumed uniform, and the range conjuncts of an AND on one column
     * are intersected first (a BETWEEN keeps the fraction between its bounds), never less than {@link
     * #MIN_RANGE_SELECTIVITY}.
     */
    public static double selectivity(ResolvedExpression e, Map<Long, ColumnRange> ranges) {
        return switch (e) {
            case AndExpression a -> andSelectivity(a, ranges);
            case OrExpression o -> {
                double l = selectivity(o.left(), ranges);
                double r = selectivity(o.right(), ranges);
                yield l + r - l * r;
            }
            case NotExpression n -> 1 - selectivity(n.child(), ranges);
            case ComparisonExpression c -> {
                RangeBound b = rangeBound(c, ranges);
                if (b != null) {
                    yield Math.max(MIN_RANGE_SELECTIVITY, b.upper() - b.lower());
                }
                boolean literal = c.left() instanceof ConstantExpression || c.right() instanceof ConstantExpression;
                if (c.op() == CompareOp.EQUAL || c.op() == CompareOp.EQUAL_NULL_SAFE) {
                    yield 0.1;
                }
                yield c.op() == CompareOp.NOT_EQUAL ? 0.9 : literal ? 1.0 / 3 : 1.0 / 3;
            }
            case InExpression in -> Math.min(0.5, 0.1 * in.list().size());
            case IsNullExpression n -> 0.1;
            case IsNotNullExpression n -> 0.9;
            case ScalarFunctionExpression f when f.name().equals("like") || f.name().equals("rlike") -> 0.25;
            case ConstantExpression c -> Boolean.TRUE.equals(c.value()) ? 1 : 0;
            default -> 0.5;
        };
    }

    /** Range predicates never estimate fewer than this fraction of rows (the range is a guess about the values). */
    static final double MIN_RANGE_SELECTIVITY = 0.001;

    /** The fractions [lower, upper] of a column's range that a comparison with a literal keeps. */
    private record RangeBound(long column, double lower, double upper) {
    }

    /** {@code col op literal} or {@code literal op col} for an ordering op over a column with a range; else null. */
    private static RangeBound rangeBound(ComparisonExpression c, Map<Long, ColumnRange> ranges) {
        if (ranges.isEmpty()) {
            return null;
        }
        CompareOp op = c.op();
        ResolvedExpression column = c.left();
        ResolvedExpression literal = c.right();
        if (c.left() instanceof ConstantExpression) {
            column = c.right();
            literal = c.left();
            op = switch (op) {
                case LESS_THAN -> CompareOp.GREATER_THAN;
                case LESS_THAN_OR_EQUAL -> CompareOp.GREATER_THAN_OR_EQUAL;
                case GREATER_THAN -> CompareOp.LESS_THAN;
                case GREATER_THAN_OR_EQUAL -> CompareOp.LESS_THAN_OR_EQUAL;
                default -> op;
            };
        }
        if (!(column instanceof AttributeReference a) || !(literal instanceof ConstantExpression k)
                || !(k.value() instanceof Number n) || !ranges.containsKey(a.id())) {
            return null;
        }
        double fraction = ranges.get(a.id()).fractionBelow(n.doubleValue());
        return switch (op) {
            case LESS_THAN, LESS_THAN_OR_EQUAL -> new RangeBound(a.id(), 0, fraction);
            case GREATER_THAN, GREATER_THAN_OR_EQUAL -> new RangeBound(a.id(), fraction, 1);
            default -> null;
        };
    }

    /** An AND's conjuncts: range comparisons intersected per column, the others multiplied. */
    private static double andSelectivity(AndExpression and, Map<Long, ColumnRange> ranges) {
        double product = 1;
        Map<Long, double[]> bounds = new HashMap<>();
        for (ResolvedExpression c : Expressions.conjuncts(and)) {
            RangeBound b = c instanceof ComparisonExpression cmp ? rangeBound(cmp, ranges) : null;
            if (b == null) {
                product *= selectivity(c, ranges);
            } else {
                double[] bound = bounds.computeIfAbsent(b.column(), id -> new double[] {0, 1});
                bound[0] = Math.max(bound[0], b.lower());
                bound[1] = Math.min(bound[1], b.upper());
            }
        }
        for (double[] bound : bounds.values()) {
            product *= Math.max(MIN_RANGE_SELECTIVITY, bound[1] - bound[0]);
        }
        return product;
    }

    /** Scan column id → its range over the scan's files (through renames by projection), for every scan below. */
    public static Map<Long, ColumnRange> ranges(ResolvedPlan plan) {
        Map<Long, ColumnRange> out = new HashMap<>();
        collectByColumn(plan, out, (scan, column) -> scan.source().columnRanges().get(column.name()));
        return out;
    }

    /** Bytes per row: 8 plus Spark's default size of each column's type. */
    public static double rowWidth(List<AttributeReference> columns) {
        double width = ROW_OVERHEAD;
        for (AttributeReference a : columns) {
            width += typeWidth(a.dataType());
        }
        return width;
    }

    static double typeWidth(DataType type) {
        return switch (type) {
            case BooleanType b -> 1;
            case IntegerType i -> 4;
            case DateType d -> 4;
            case DecimalType d -> d.precision() <= 18 ? 8 : 16;
            case StringType s -> 20;
            default -> 8;
        };
    }
}
