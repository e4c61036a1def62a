package io.updraft.planner.sql;

import io.updraft.planner.analysis.AnalysisErrors;
import io.updraft.planner.analysis.FunctionRegistry;
import io.updraft.planner.catalog.Catalog;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.LiteralValue;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.expr.UnresolvedExpressions;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.logical.SubqueryAlias;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;

import java.util.ArrayList;
import java.util.List;

/**
 * Converts a Calcite query tree into our unresolved {@link LogicalPlan}, clause by clause in Spark's
 * order: FROM → WHERE → GROUP BY / aggregates → HAVING → SELECT → ORDER BY → LIMIT/OFFSET.
 * {@link #query} dispatches on the query form and {@link #relation} on the FROM item, so set operations,
 * CTEs and joins slot in as new cases. Single use per statement; not thread-safe.
 */
final class QueryConverter {
    private final Catalog catalog;
    private final ExpressionConverter expressions = new ExpressionConverter();

    QueryConverter(Catalog catalog) {
        this.catalog = catalog;
    }

    LogicalPlan query(SqlNode node) {
        return switch (node) {
            case SqlOrderBy orderBy -> {
                if (!(orderBy.query instanceof SqlSelect select)) {
                    throw SqlErrors.unsupported(orderBy.query.getKind() + " queries", orderBy.query);
                }
                yield select(select, orderBy.orderList, orderBy.offset, orderBy.fetch);
            }
            case SqlSelect select -> select(select, select.getOrderList(), select.getOffset(), select.getFetch());
            default -> throw SqlErrors.unsupported(describe(node), node);
        };
    }

    private static String describe(SqlNode node) {
        return switch (node.getKind()) {
            case UNION, INTERSECT, EXCEPT -> node.getKind() + " (set operations)";
            case WITH -> "WITH (common table expressions)";
            case VALUES -> "VALUES";
            default -> node.getKind() + " statements";
        };
    }

    private LogicalPlan select(SqlSelect select, SqlNodeList orderList, SqlNode offset, SqlNode fetch) {
        if (select.getFrom() == null) {
            throw SqlErrors.unsupported("SELECT without FROM", select);
        }
        if (select.isDistinct()) {
            throw SqlErrors.unsupported("SELECT DISTINCT", select);
        }
        if (select.getWindowList() != null && !select.getWindowList().isEmpty()) {
            throw SqlErrors.unsupported("WINDOW clauses", select);
        }
        LogicalPlan plan = relation(select.getFrom());
        if (select.getWhere() != null) {
            plan = new Filter(plan, expressions.convert(select.getWhere()));
        }
        List<Expression> items = new ArrayList<>();
        for (SqlNode item : select.getSelectList()) {
            items.add(expressions.convert(item));
        }
        SqlNodeList groupBy = select.getGroup();
        boolean grouped = groupBy != null && !groupBy.isEmpty();
        boolean aggregated = grouped || select.getHaving() != null || items.stream().anyMatch(QueryConverter::hasAggregate);
        if (aggregated) {
            List<Expression> groupings = new ArrayList<>();
            if (grouped) {
                for (SqlNode g : groupBy) {
                    groupings.add(groupingExpression(g, items));
                }
            }
            plan = new Aggregate(plan, groupings, items);
            if (select.getHaving() != null) {
                plan = new Filter(plan, expressions.convert(select.getHaving()));
            }
        } else {
            plan = new Project(plan, items);
        }
        if (orderList != null && !orderList.isEmpty()) {
            List<SortOrderExpr> order = new ArrayList<>();
            for (SqlNode o : orderList) {
                order.add(sortOrder(o, items));
            }
            plan = new Sort(plan, order);
        }
        if (fetch != null || offset != null) {
            long limit = fetch == null ? Long.MAX_VALUE : count(fetch, "LIMIT");
            long skip = offset == null ? 0 : count(offset, "OFFSET");
            plan = new Limit(plan, limit, skip);
        }
        return plan;
    }

    /** A FROM item: a table (through the catalog), an aliased item or a subquery. */
    LogicalPlan relation(SqlNode from) {
        return switch (from) {
            case SqlIdentifier id -> table(id);
            case SqlJoin join -> throw SqlErrors.unsupported("JOIN", join);
            case SqlSelect select -> query(select);
            case SqlOrderBy orderBy -> query(orderBy);
            case SqlBasicCall call when call.getKind() == SqlKind.AS -> {
                if (call.getOperandList().size() > 2) {
                    throw SqlErrors.unsupported("column aliases on a FROM item", call);
                }
                String alias = ((SqlIdentifier) call.getOperandList().get(1)).getSimple();
                yield new SubqueryAlias(alias, relation(call.getOperandList().get(0)));
            }
            default -> throw SqlErrors.unsupported("the FROM item " + from, from);
        };
    }

    private LogicalPlan table(SqlIdentifier id) {
        String name = String.join(".", id.names);
        LogicalPlan plan = catalog.lookup(name)
                .orElseThrow(() -> AnalysisErrors.tableNotFound(id.names, catalog.names()));
        return new SubqueryAlias(id.names.get(id.names.size() - 1), plan);
    }

    /** GROUP BY n refers to the n-th select item (spark.sql.groupByOrdinal). */
    private Expression groupingExpression(SqlNode g, List<Expression> items) {
        if (g instanceof SqlNumericLiteral n && n.isInteger()) {
            int position = n.intValue(true);
            if (position < 1 || position > items.size()) {
                throw SqlErrors.positionOutOfRange("GROUP BY", position, items.size(), g);
            }
            Expression item = items.get(position - 1);
            Expression value = item instanceof Alias a ? a.child() : item;
            if (hasAggregate(value)) {
                throw SqlErrors.groupByPositionAggregate(position, value.sql(), g);
            }
            if (value instanceof UnresolvedStar) {
                throw SqlErrors.unsupported("GROUP BY a position that refers to *", g);
            }
            return value;
        }
        return expressions.convert(g);
    }

    /** ORDER BY item with Spark's defaults (ASC NULLS FIRST, DESC NULLS LAST); n refers to the n-th select item. */
    private SortOrderExpr sortOrder(SqlNode node, List<Expression> items) {
        boolean ascending = true;
        Boolean nullsFirst = null;
        SqlNode current = node;
        while (current instanceof SqlCall call && (call.getKind() == SqlKind.DESCENDING
                || call.getKind() == SqlKind.NULLS_FIRST || call.getKind() == SqlKind.NULLS_LAST)) {
            switch (call.getKind()) {
                case DESCENDING -> ascending = false;
                case NULLS_FIRST -> nullsFirst = nullsFirst == null ? Boolean.TRUE : nullsFirst;
                default -> nullsFirst = nullsFirst == null ? Boolean.FALSE : nullsFirst;
            }
            current = call.getOperandList().get(0);
        }
        Expression key;
        if (current instanceof SqlNumericLiteral n && n.isInteger()) {
            int position = n.intValue(true);
            if (position < 1 || position > items.size()) {
                throw SqlErrors.positionOutOfRange("ORDER BY", position, items.size(), current);
            }
            Expression item = items.get(position - 1);
            if (item instanceof UnresolvedStar) {
                throw SqlErrors.unsupported("ORDER BY a position that refers to *", current);
            }
            key = item instanceof Alias a ? new UnresolvedAttribute(List.of(a.name())) : item;
        } else {
            key = expressions.convert(current);
        }
        return new SortOrderExpr(key, ascending, nullsFirst == null ? ascending : nullsFirst);
    }

    private long count(SqlNode node, String clause) {
        Expression e = expressions.convert(node);
        if (e instanceof LiteralValue l && l.literal().value() instanceof Number n
                && !(l.literal().value() instanceof Double) && n.longValue() >= 0) {
            return n.longValue();
        }
        throw SqlErrors.unsupported(clause + " " + node + " (a non-negative integer literal is required)", node);
    }

    private static boolean hasAggregate(Expression e) {
        return UnresolvedExpressions.anyMatch(e, x -> x instanceof FunctionCall f && FunctionRegistry.isAggregate(f.name()));
    }
}
