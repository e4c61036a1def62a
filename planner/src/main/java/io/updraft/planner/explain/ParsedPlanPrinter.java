package io.updraft.planner.explain;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.BetweenExpr;
import io.updraft.planner.expr.BinaryArithmetic;
import io.updraft.planner.expr.BinaryComparison;
import io.updraft.planner.expr.CaseWhenExpr;
import io.updraft.planner.expr.CastExpr;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.UserFunctionCall;
import io.updraft.planner.expr.InList;
import io.updraft.planner.expr.IsNotNullExpr;
import io.updraft.planner.expr.IsNullExpr;
import io.updraft.planner.expr.LiteralValue;
import io.updraft.planner.expr.LogicalAnd;
import io.updraft.planner.expr.LogicalNot;
import io.updraft.planner.expr.LogicalOr;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.expr.UnaryMinus;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.planner.expr.Exists;
import io.updraft.planner.expr.GroupingSets;
import io.updraft.planner.expr.InSubquery;
import io.updraft.planner.expr.ScalarSubquery;
import io.updraft.planner.expr.WindowExpr;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.Coalesce;
import io.updraft.planner.logical.Deduplicate;
import io.updraft.planner.logical.Generate;
import io.updraft.planner.logical.Distinct;
import io.updraft.planner.logical.Except;
import io.updraft.planner.logical.Hint;
import io.updraft.planner.logical.Intersect;
import io.updraft.planner.logical.Join;
import io.updraft.planner.logical.LocalRelation;
import io.updraft.planner.logical.MapPartitions;
import io.updraft.planner.logical.Repartition;
import io.updraft.planner.logical.Union;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.sql.types.StructField;

import java.util.List;
import java.util.stream.Collectors;

/** The "Parsed Logical Plan" section: unresolved names carry Spark's leading quote ('l_quantity). */
public final class ParsedPlanPrinter {
    private ParsedPlanPrinter() {
    }

    public static String print(LogicalPlan plan) {
        return TreeString.render(plan, ParsedPlanPrinter::label, LogicalPlan::children);
    }

    private static String label(LogicalPlan plan) {
        return switch (plan) {
            case FileRelation r -> "Relation [" + r.source().schema().fieldList().stream().map(StructField::name)
                    .collect(Collectors.joining(",")) + "] " + r.source().format().name();
            case SubqueryAlias a -> "SubqueryAlias " + a.alias() + (a.columnNames().isEmpty() ? ""
                    : a.columnNames().stream().collect(Collectors.joining(", ", " (", ")")));
            case Project p -> "'Project " + list(p.projectList());
            case Filter f -> "'Filter " + expr(f.condition());
            case Aggregate a -> "'Aggregate " + list(a.groupingExpressions()) + ", " + list(a.aggregateExpressions());
            case Sort s -> "'Sort " + list(s.order()) + ", " + s.global();
            case Limit l -> "'Limit " + l.limit() + (l.offset() > 0 ? ", offset " + l.offset() : "");
            case Join j -> "'Join " + (j.natural() ? "NaturalJoin(" + j.joinType().sparkName() + ")"
                    : !j.usingColumns().isEmpty() ? "UsingJoin(" + j.joinType().sparkName() + ", "
                    + j.usingColumns().stream().map(c -> "'" + c).collect(Collectors.joining(", ", "[", "]")) + ")"
                    : j.joinType().sparkName()) + (j.condition() == null ? "" : ", " + expr(j.condition()));
            case Union u -> "'Union " + u.byName() + ", " + u.allowMissingColumns();
            case Intersect i -> "'Intersect " + i.all();
            case Except e -> "'Except " + e.all();
            case Distinct d -> "'Distinct";
            case Deduplicate d -> "'Deduplicate " + d.columns().stream().map(c -> "'" + c)
                    .collect(Collectors.joining(", ", "[", "]"));
            case Repartition r -> r.partitionExpressions().isEmpty() ? "'Repartition " + r.numPartitions() + ", true"
                    : "'RepartitionByExpression " + list(r.partitionExpressions())
                    + (r.numPartitions() > 0 ? ", " + r.numPartitions() : "");
            case Coalesce c -> "'Repartition " + c.numPartitions() + ", false";
            case Hint h -> "'UnresolvedHint " + h.name();
            case MapPartitions m -> m.description();
            case LocalRelation r -> "LocalRelation [" + r.schema().fieldList().stream().map(StructField::name)
                    .collect(Collectors.joining(", ")) + "]";
            case Generate g -> "'Generate " + expr(g.generator()) + ", " + g.outer()
                    + (g.qualifier() == null ? "" : ", " + g.qualifier()) + ", " + g.names().stream()
                    .map(n -> "'" + n).collect(Collectors.joining(", ", "[", "]"));
        };
    }

    private static String list(List<? extends Expression> exprs) {
        return exprs.stream().map(ParsedPlanPrinter::expr).collect(Collectors.joining(", ", "[", "]"));
    }

    static String expr(Expression e) {
        return switch (e) {
            case UnresolvedAttribute a -> "'" + String.join(".", a.nameParts());
            case UnresolvedStar s -> s.sql();
            case LiteralValue l -> ExpressionPrinter.literal(new ConstantExpression(l.literal()), true);
            case Alias a -> expr(a.child()) + " AS " + a.name();
            case io.updraft.planner.expr.MultiAlias a -> expr(a.child()) + " AS (" + String.join(", ", a.names()) + ")";
            case BinaryArithmetic b -> "(" + expr(b.left()) + " " + b.op().symbol() + " " + expr(b.right()) + ")";
            case BinaryComparison c -> c.op() == CompareOp.NOT_EQUAL
                    ? "NOT (" + expr(c.left()) + " = " + expr(c.right()) + ")"
                    : "(" + expr(c.left()) + " " + c.op().symbol() + " " + expr(c.right()) + ")";
            case LogicalAnd a -> "(" + expr(a.left()) + " AND " + expr(a.right()) + ")";
            case LogicalOr o -> "(" + expr(o.left()) + " OR " + expr(o.right()) + ")";
            case LogicalNot n -> "NOT " + expr(n.child());
            case IsNullExpr n -> "isnull(" + expr(n.child()) + ")";
            case IsNotNullExpr n -> "isnotnull(" + expr(n.child()) + ")";
            case UnaryMinus m -> "-" + expr(m.child());
            case CastExpr c -> "cast(" + expr(c.child()) + " as " + c.type().simpleString() + ")";
            case InList in -> expr(in.value()) + " IN (" + in.list().stream().map(ParsedPlanPrinter::expr)
                    .collect(Collectors.joining(",")) + ")";
            case BetweenExpr b -> "(" + expr(b.value()) + " BETWEEN " + expr(b.low()) + " AND " + expr(b.high()) + ")";
            case CaseWhenExpr c -> {
                StringBuilder sb = new StringBuilder("CASE");
                for (int i = 0; i < c.conditions().size(); i++) {
                    sb.append(" WHEN ").append(expr(c.conditions().get(i))).append(" THEN ").append(expr(c.values().get(i)));
                }
                if (c.elseValue() != null) {
                    sb.append(" ELSE ").append(expr(c.elseValue()));
                }
                yield sb.append(" END").toString();
            }
            case FunctionCall f -> {
                boolean countStar = f.name().equals("count") && f.arguments().size() == 1
                        && f.arguments().get(0) instanceof UnresolvedStar s && s.qualifier() == null;
                String args = countStar ? "1"
                        : f.arguments().stream().map(ParsedPlanPrinter::expr).collect(Collectors.joining(", "));
                yield "'" + f.name() + "(" + (f.distinct() ? "distinct " : "") + args + ")"
                        + (f.filter() == null ? "" : " FILTER (WHERE " + expr(f.filter()) + ")");
            }
            case UserFunctionCall u -> u.definition().name() + "(" + (u.distinct() ? "distinct " : "")
                    + u.arguments().stream()
                    .map(ParsedPlanPrinter::expr).collect(Collectors.joining(", ")) + ")";
            case SortOrderExpr s -> expr(s.child()) + (s.ascending() ? " ASC" : " DESC")
                    + (s.nullsFirst() ? " NULLS FIRST" : " NULLS LAST");
            case WindowExpr w -> expr(w.function()) + " windowspecdefinition(" + w.partitionBy().stream()
                    .map(ParsedPlanPrinter::expr).collect(Collectors.joining(", "))
                    + (w.partitionBy().isEmpty() || w.orderBy().isEmpty() ? "" : ", ")
                    + w.orderBy().stream().map(ParsedPlanPrinter::expr).collect(Collectors.joining(", "))
                    + (w.frame() == null ? ", unspecifiedframe$()" : ", " + w.frame().sql()) + ")";
            case ScalarSubquery s -> "scalar-subquery []";
            case InSubquery in -> in.values().stream().map(ParsedPlanPrinter::expr)
                    .collect(Collectors.joining(", ")) + " IN (list [])";
            case Exists x -> "exists []";
            case GroupingSets g -> "'" + g.sql();
        };
    }
}
