package io.updraft.planner.resolved.expr;

import io.updraft.core.expr.CompareOp;
import io.updraft.core.value.DateTimes;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.TimestampType;

import java.math.BigDecimal;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;

/**
 * Renders resolved expressions as Spark does. {@link #pretty} is Spark's {@code toPrettySQL}: the text of
 * generated column names and error messages ("(l_extendedprice * (1 - l_discount))", implicit casts hidden).
 * {@link #explain} is Spark's {@code toString} used by explain ("sum(l_quantity#4)", "cast(x#1 as int)").
 */
public final class ExpressionPrinter {

    private ExpressionPrinter() {
    }

    public static String pretty(ResolvedExpression e) {
        return print(e, false);
    }

    public static String explain(ResolvedExpression e) {
        return print(e, true);
    }

    public static String explainList(List<? extends ResolvedExpression> exprs) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < exprs.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(explain(exprs.get(i)));
        }
        return sb.append(']').toString();
    }

    public static String explainOrder(SortOrder order) {
        return explain(order.child()) + (order.ascending() ? " ASC" : " DESC")
                + (order.nullsFirst() ? " NULLS FIRST" : " NULLS LAST");
    }

    /** Spark's {@code toSQLType}: the upper-case SQL type name, e.g. DECIMAL(15,2), INT, DATE. */
    public static String sqlType(DataType type) {
        return switch (type) {
            case io.updraft.sql.types.ArrayType a -> "ARRAY<" + sqlType(a.elementType()) + ">";
            case io.updraft.sql.types.MapType m -> "MAP<" + sqlType(m.keyType()) + ", " + sqlType(m.valueType()) + ">";
            case io.updraft.sql.types.StructType s -> s.fieldList().stream()
                    .map(f -> (f.name().matches("[A-Za-z_][A-Za-z0-9_]*") ? f.name() : "`" + f.name().replace("`", "``")
                            + "`") + ": " + sqlType(f.dataType()))
                    .collect(java.util.stream.Collectors.joining(", ", "STRUCT<", ">"));
            default -> type.simpleString().toUpperCase(Locale.ROOT);
        };
    }

    /** The attribute as explain shows it: {@code name#id}, with Spark's "L" suffix for bigint. */
    public static String attribute(AttributeReference a) {
        return a.name() + "#" + a.id() + (a.dataType() instanceof LongType ? "L" : "");
    }

    private static String print(ResolvedExpression e, boolean explain) {
        return switch (e) {
            case AttributeReference a -> explain ? attribute(a) : a.name();
            case AliasExpression al -> explain
                    ? print(al.child(), true) + " AS " + al.name() + "#" + al.id() + (al.dataType() instanceof LongType ? "L" : "")
                    : print(al.child(), false);
            case ConstantExpression c -> literal(c, explain);
            case ArithmeticExpression a -> "(" + print(a.left(), explain) + " " + a.op().symbol() + " "
                    + print(a.right(), explain) + ")";
            case ComparisonExpression c -> comparison(c, explain);
            case AndExpression a -> "(" + print(a.left(), explain) + " AND " + print(a.right(), explain) + ")";
            case OrExpression o -> "(" + print(o.left(), explain) + " OR " + print(o.right(), explain) + ")";
            case NotExpression n -> explain ? "NOT " + print(n.child(), true) : "(NOT " + print(n.child(), false) + ")";
            case IsNullExpression n -> explain ? "isnull(" + print(n.child(), true) + ")"
                    : "(" + print(n.child(), false) + " IS NULL)";
            case IsNotNullExpression n -> explain ? "isnotnull(" + print(n.child(), true) + ")"
                    : "(" + print(n.child(), false) + " IS NOT NULL)";
            case NegateExpression n -> explain ? "-" + print(n.child(), true) : "(- " + print(n.child(), false) + ")";
            case CastExpression c -> cast(c, explain);
            case InExpression in -> in(in, explain);
            case CaseWhenExpression c -> caseWhen(c, explain);
            case ScalarFunctionExpression f -> f.printedName() + "(" + join(f.arguments(), explain) + ")";
            case UserFunctionExpression u -> u.definition().name() + "(" + join(u.arguments(), explain) + ")";
            case AggregateFunctionExpression a -> aggregate(a, explain);
            case WindowFunctionExpression w -> windowFunctionName(w.kind(), explain) + "(" + join(w.arguments(), explain)
                    + ")" + (w.ignoreNulls() ? " ignore nulls" : "");
            case WindowExpression w -> window(w, explain);
            case OuterReference o -> "outer(" + print(o.attribute(), explain) + ")";
            case ScalarSubqueryExpression s -> explain ? "scalar-subquery []" : "scalarsubquery()";
            case InSubqueryExpression in -> {
                String values = in.values().size() == 1 ? print(in.values().get(0), explain)
                        : "named_struct(" + join(in.values(), explain) + ")";
                yield explain ? values + " IN (list [])" : "(" + values + " IN (listquery()))";
            }
            case ExistsExpression x -> explain ? "exists []" : "exists()";
            case IntegralDivideExpression d -> "(" + print(d.left(), explain) + " div " + print(d.right(), explain) + ")";
            case GroupingExpression g -> (g.id() ? "grouping_id(" : "grouping(") + join(g.columns(), explain) + ")";
        };
    }

    private static String comparison(ComparisonExpression c, boolean explain) {
        String l = print(c.left(), explain);
        String r = print(c.right(), explain);
        if (c.op() == CompareOp.NOT_EQUAL) {
            return explain ? "NOT (" + l + " = " + r + ")" : "(NOT (" + l + " = " + r + "))";
        }
        return "(" + l + " " + c.op().symbol() + " " + r + ")";
    }

    private static String cast(CastExpression c, boolean explain) {
        if (explain) {
            return "cast(" + print(c.child(), true) + " as " + c.dataType().simpleString() + ")";
        }
        if (!c.userSpecified()) {
            return print(c.child(), false);
        }
        return "CAST(" + print(c.child(), false) + " AS " + sqlType(c.dataType()) + ")";
    }

    private static String in(InExpression in, boolean explain) {
        if (explain) {
            StringBuilder sb = new StringBuilder(print(in.value(), true)).append(" IN (");
            for (int i = 0; i < in.list().size(); i++) {
                sb.append(i == 0 ? "" : ",").append(print(in.list().get(i), true));
            }
            return sb.append(')').toString();
        }
        return "(" + print(in.value(), false) + " IN (" + join(in.list(), false) + "))";
    }

    private static String caseWhen(CaseWhenExpression c, boolean explain) {
        StringBuilder sb = new StringBuilder("CASE");
        for (int i = 0; i < c.conditions().size(); i++) {
            sb.append(" WHEN ").append(print(c.conditions().get(i), explain))
                    .append(" THEN ").append(print(c.values().get(i), explain));
        }
        if (c.elseValue() != null) {
            sb.append(" ELSE ").append(print(c.elseValue(), explain));
        }
        return sb.append(" END").toString();
    }

    private static String aggregate(AggregateFunctionExpression a, boolean explain) {
        String filter = a.filter() == null ? "" : " FILTER (WHERE " + print(a.filter(), explain) + ")";
        if (a.display() != null) {
            return a.display() + filter;
        }
        String name = aggregateName(a);
        StringBuilder arg = new StringBuilder(a.argument() == null ? "1" : print(a.argument(), explain));
        for (ResolvedExpression more : a.moreArguments()) {
            arg.append(", ").append(print(more, explain));
        }
        return name + "(" + (a.distinct() ? (explain ? "distinct " : "DISTINCT ") : "") + arg + ")"
                // Spark's sql (names) leaves IGNORE NULLS out: first(x) for first(x, true); its toString (explain) has it
                + (a.ignoreNulls() && explain ? " ignore nulls" : "")
                + (a.filter() == null ? "" : " FILTER (WHERE " + print(a.filter(), explain) + ")");
    }

    /** Spark's RankLike functions print upper-case in names ({@code RANK()}, {@code DENSE_RANK()}), not in explain. */
    private static String windowFunctionName(WindowFunctionKind kind, boolean explain) {
        boolean upper = !explain && (kind == WindowFunctionKind.RANK || kind == WindowFunctionKind.DENSE_RANK
                || kind == WindowFunctionKind.PERCENT_RANK);
        return upper ? kind.sqlName().toUpperCase(Locale.ROOT) : kind.sqlName();
    }

    /** The function's Spark name (stddev and variance print as their canonical stddev_samp, var_samp). */
    private static String aggregateName(AggregateFunctionExpression a) {
        return a.function().name().toLowerCase(Locale.ROOT);
    }

    private static String window(WindowExpression w, boolean explain) {
        StringBuilder spec = new StringBuilder();
        if (!w.partitionSpec().isEmpty()) {
            spec.append("PARTITION BY ").append(join(w.partitionSpec(), explain)).append(' ');
        }
        if (!w.orderSpec().isEmpty()) {
            spec.append("ORDER BY ");
            for (int i = 0; i < w.orderSpec().size(); i++) {
                SortOrder o = w.orderSpec().get(i);
                spec.append(i == 0 ? "" : ", ").append(print(o.child(), explain))
                        .append(o.ascending() ? " ASC" : " DESC").append(o.nullsFirst() ? " NULLS FIRST" : " NULLS LAST");
            }
            spec.append(' ');
        }
        spec.append(w.frame().sql());
        return print(w.function(), explain) + " OVER (" + spec + ")";
    }

    private static String join(List<ResolvedExpression> exprs, boolean explain) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < exprs.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(print(exprs.get(i), explain));
        }
        return sb.toString();
    }

    /** Spark's literal text: pretty names show dates as DATE '...', explain shows the bare value. */
    public static String literal(ConstantExpression c, boolean explain) {
        Object v = c.value();
        if (v == null) {
            return explain ? "null" : "NULL";
        }
        return switch (c.dataType()) {
            case StringType s -> (String) v;
            case DateType d -> explain ? dateText((Integer) v) : "DATE '" + dateText((Integer) v) + "'";
            case TimestampType t -> explain ? timestampText((Long) v) : "TIMESTAMP '" + timestampText((Long) v) + "'";
            case DecimalType d -> ((BigDecimal) v).toPlainString();
            default -> v.toString();
        };
    }

    public static String dateText(int days) {
        return DateTimes.formatDate(days);
    }

    /** A timestamp as Spark's cast to string shows it, in UTC (plans print independently of the session zone). */
    public static String timestampText(long micros) {
        return DateTimes.formatTimestamp(micros, ZoneOffset.UTC);
    }
}
