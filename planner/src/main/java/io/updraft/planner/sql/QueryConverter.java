package io.updraft.planner.sql;

import io.updraft.planner.analysis.AnalysisErrors;
import io.updraft.planner.analysis.FunctionRegistry;
import io.updraft.planner.catalog.Catalog;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.GroupingSets;
import io.updraft.planner.expr.LiteralValue;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.expr.UnresolvedExpressions;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.planner.expr.WindowExpr;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.Distinct;
import io.updraft.planner.logical.Except;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Hint;
import io.updraft.planner.logical.Intersect;
import io.updraft.planner.logical.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.FileSource;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.planner.logical.Union;
import io.updraft.sql.types.StructType;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSetOperator;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Converts a Calcite query tree into our unresolved {@link LogicalPlan}, clause by clause in Spark's order:
 * WITH → FROM (joins) → WHERE → GROUP BY / aggregates → HAVING → window functions → SELECT → DISTINCT → set
 * operations → ORDER BY → LIMIT/OFFSET. CTEs are inlined at each reference (under a SubqueryAlias named after
 * them, as Spark does); subqueries in expressions are converted with the CTEs in scope. Single use per statement;
 * not thread-safe.
 */
final class QueryConverter {
    private final Catalog catalog;
    private final SparkSyntax syntax;
    private final LateralViews lateralViews;
    private final ExpressionConverter expressions;
    /** CTE definitions visible at this point, innermost WITH first. */
    private final Deque<Map<String, Cte>> ctes = new ArrayDeque<>();

    private record Cte(String name, List<String> columns, LogicalPlan plan) {
    }

    QueryConverter(Catalog catalog, SparkSyntax syntax, LateralViews lateralViews) {
        this.catalog = catalog;
        this.syntax = syntax;
        this.lateralViews = lateralViews;
        this.expressions = new ExpressionConverter(syntax, this::query);
    }

    LogicalPlan query(SqlNode node) {
        return switch (node) {
            case SqlOrderBy orderBy -> {
                if (orderBy.query instanceof SqlSelect select) {
                    yield select(select, orderBy.orderList, orderBy.offset, orderBy.fetch);
                }
                LogicalPlan plan = query(orderBy.query);
                yield orderAndLimit(plan, leftmostItems(orderBy.query), orderBy.orderList, orderBy.offset, orderBy.fetch);
            }
            case SqlSelect select -> select(select, select.getOrderList(), select.getOffset(), select.getFetch());
            case SqlWith with -> with(with);
            case SqlCall call when call.getOperator() instanceof SqlSetOperator op -> setOperation(call, op);
            default -> throw SqlErrors.unsupported(describe(node), node);
        };
    }

    private static String describe(SqlNode node) {
        return switch (node.getKind()) {
            case VALUES -> "VALUES";
            default -> node.getKind() + " statements";
        };
    }

    private LogicalPlan with(SqlWith with) {
        Map<String, Cte> scope = new LinkedHashMap<>();
        ctes.push(scope);
        try {
            for (SqlNode item : with.withList) {
                SqlWithItem w = (SqlWithItem) item;
                String name = w.name.getSimple();
                List<String> columns = new ArrayList<>();
                if (w.columnList != null) {
                    w.columnList.forEach(c -> columns.add(((SqlIdentifier) c).getSimple()));
                }
                scope.put(name.toLowerCase(Locale.ROOT), new Cte(name, columns, query(w.query)));
            }
            return query(with.body);
        } finally {
            ctes.pop();
        }
    }

    private LogicalPlan setOperation(SqlCall call, SqlSetOperator op) {
        LogicalPlan left = query(call.getOperandList().get(0));
        LogicalPlan right = query(call.getOperandList().get(1));
        boolean all = op.isAll();
        return switch (call.getKind()) {
            case UNION -> all ? Union.of(left, right) : new Distinct(Union.of(left, right));
            case INTERSECT -> new Intersect(left, right, all);
            case EXCEPT -> new Except(left, right, all);
            default -> throw SqlErrors.unsupported(call.getKind() + " (set operation)", call);
        };
    }

    /** The select list of the leftmost SELECT of a set operation: names its output columns. */
    private List<Expression> leftmostItems(SqlNode query) {
        SqlNode current = query;
        while (true) {
            if (current instanceof SqlSelect select) {
                List<Expression> items = new ArrayList<>();
                for (SqlNode item : select.getSelectList()) {
                    items.add(item instanceof SqlBasicCall c && c.getKind() == SqlKind.AS
                            ? new Alias(new UnresolvedAttribute(List.of("_")), ((SqlIdentifier) c.getOperandList().get(1)).getSimple())
                            : item instanceof SqlIdentifier id && !id.isStar() ? new UnresolvedAttribute(List.of(id.names.get(id.names.size() - 1)))
                            : new UnresolvedStar(null));
                }
                return items;
            } else if (current instanceof SqlCall c && c.getOperator() instanceof SqlSetOperator) {
                current = c.getOperandList().get(0);
            } else if (current instanceof SqlOrderBy o) {
                current = o.query;
            } else if (current instanceof SqlWith w) {
                current = w.body;
            } else {
                return List.of();
            }
        }
    }

    private LogicalPlan select(SqlSelect select, SqlNodeList orderList, SqlNode offset, SqlNode fetch) {
        Map<String, SqlWindow> windows = new HashMap<>();
        if (select.getWindowList() != null) {
            for (SqlNode w : select.getWindowList()) {
                SqlWindow window = (SqlWindow) w;
                windows.put(window.getDeclName().getSimple().toLowerCase(Locale.ROOT), window);
            }
        }
        Map<String, SqlWindow> previousWindows = expressions.namedWindows(windows);
        try {
            LogicalPlan plan = select.getFrom() == null ? oneRowRelation()
                    : withHints(relation(select.getFrom()), select.getHints());
            if (select.getFrom() != null && !lateralViews.isEmpty()) {
                plan = lateralViews.apply(plan, select.getFrom(), this::generatorCall);
            }
            if (select.getWhere() != null) {
                plan = new Filter(plan, expressions.convert(select.getWhere()));
            }
            List<Expression> items = new ArrayList<>();
            for (SqlNode item : select.getSelectList()) {
                List<String> names = lateralViews.multiAlias(item);
                Expression converted = expressions.convert(item);
                items.add(names == null ? converted : new io.updraft.planner.expr.MultiAlias(converted, names));
            }
            SqlNodeList groupBy = select.getGroup();
            boolean grouped = groupBy != null && !groupBy.isEmpty();
            boolean aggregated = grouped || select.getHaving() != null
                    || items.stream().anyMatch(QueryConverter::hasGroupAggregate);
            if (aggregated) {
                List<Expression> groupings = new ArrayList<>();
                if (grouped) {
                    for (SqlNode g : groupBy) {
                        groupings.add(groupingItem(g, items));
                    }
                }
                plan = new Aggregate(plan, groupings, items);
                if (select.getHaving() != null) {
                    plan = new Filter(plan, expressions.convert(select.getHaving()));
                }
            } else {
                plan = new Project(plan, items);
            }
            if (select.isDistinct()) {
                plan = new Distinct(plan);
            }
            return orderAndLimit(plan, items, orderList, offset, fetch);
        } finally {
            expressions.namedWindows(previousWindows);
        }
    }

    /** A LATERAL VIEW's generator call, parsed on its own (with Spark's syntax rewrites). */
    private Expression generatorCall(String text) {
        SparkSyntax callSyntax = SparkSyntax.rewrite(text);
        SqlNode node = SqlFrontEnd.parseExpressionTree(callSyntax.text());
        callSyntax.restoreIdentifiers(node);
        return new ExpressionConverter(callSyntax, this::query).convert(node);
    }

    private LogicalPlan orderAndLimit(LogicalPlan plan, List<Expression> items, SqlNodeList orderList, SqlNode offset,
                                      SqlNode fetch) {
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

    /**
     * {@code SELECT /*+ BROADCAST(t) *}{@code /}: the FROM items named t (alias or table name) become broadcast-hinted;
     * other hints are ignored with a warning, as Spark's ResolveHints does.
     */
    private static LogicalPlan withHints(LogicalPlan from, SqlNodeList hints) {
        LogicalPlan plan = from;
        if (hints == null) {
            return plan;
        }
        for (SqlNode node : hints) {
            SqlHint hint = (SqlHint) node;
            String name = hint.getName().toLowerCase(Locale.ROOT);
            if (name.equals("broadcast") || name.equals("broadcastjoin") || name.equals("mapjoin")) {
                for (String table : hint.getOptionList()) {
                    plan = hinted(plan, table);
                }
            } else {
                LoggerFactory.getLogger(QueryConverter.class).warn("Unrecognized hint: {}", hint.getName());
            }
        }
        return plan;
    }

    private static LogicalPlan hinted(LogicalPlan plan, String name) {
        return switch (plan) {
            case SubqueryAlias a when a.alias().equalsIgnoreCase(name) -> new Hint(a, "broadcast");
            case Join j -> new Join(hinted(j.left(), name), hinted(j.right(), name), j.joinType(), j.condition(),
                    j.usingColumns(), j.natural());
            default -> plan;
        };
    }

    /**
     * Spark's OneRowRelation, the input of a SELECT without FROM: one row and no columns, built from what the planner
     * already runs — a global aggregate (which yields exactly one row, even for empty input) with no outputs over a
     * Parquet relation of no files and no columns (a scan of no splits, one task).
     */
    static LogicalPlan oneRowRelation() {
        FileSource none = new FileSource(List.of(), List.of(), new StructType(List.of()), 0, 0);
        return new Aggregate(new FileRelation(none), List.of(), List.of());
    }

    /** A FROM item: a table or CTE, an aliased item, a subquery or a join. */
    LogicalPlan relation(SqlNode from) {
        return switch (from) {
            case SqlIdentifier id -> table(id);
            case SqlJoin join -> join(join);
            case SqlSelect select -> query(select);
            case SqlOrderBy orderBy -> query(orderBy);
            case SqlWith with -> query(with);
            case SqlBasicCall call when call.getKind() == SqlKind.AS -> {
                List<SqlNode> operands = call.getOperandList();
                String alias = ((SqlIdentifier) operands.get(1)).getSimple();
                List<String> columns = new ArrayList<>();
                for (int i = 2; i < operands.size(); i++) {
                    columns.add(((SqlIdentifier) operands.get(i)).getSimple());
                }
                yield new SubqueryAlias(alias, relation(operands.get(0)), columns);
            }
            case SqlCall call when call.getOperator() instanceof SqlSetOperator -> query(call);
            default -> throw SqlErrors.unsupported("the FROM item " + from, from);
        };
    }

    /** The formats of SQL's {@code format.`path`} relations. */
    private static final java.util.Set<String> FILE_FORMATS = java.util.Set.of("parquet", "csv", "json", "text");

    private LogicalPlan table(SqlIdentifier id) {
        String name = String.join(".", id.names);
        if (id.names.size() == 1) {
            for (Map<String, Cte> scope : ctes) {
                Cte cte = scope.get(name.toLowerCase(Locale.ROOT));
                if (cte != null) {
                    return new SubqueryAlias(cte.name(), cte.plan(), cte.columns());
                }
            }
        }
        Optional<LogicalPlan> found = catalog.lookup(name);
        if (found.isEmpty() && id.names.size() == 2 && FILE_FORMATS.contains(id.names.get(0).toLowerCase(Locale.ROOT))) {
            found = catalog.files(id.names.get(0).toLowerCase(Locale.ROOT), id.names.get(1));
        }
        LogicalPlan plan = found.orElseThrow(() -> AnalysisErrors.tableNotFound(id.names, catalog.names()));
        return new SubqueryAlias(id.names.get(id.names.size() - 1), plan);
    }

    private LogicalPlan join(SqlJoin join) {
        LogicalPlan left = relation(join.getLeft());
        LogicalPlan right = relation(join.getRight());
        JoinType type = switch (join.getJoinType()) {
            case INNER -> JoinType.INNER;
            case COMMA -> JoinType.INNER;
            case CROSS -> JoinType.CROSS;
            case LEFT -> syntax.isSemiJoin(join.getJoinTypeNode().getParserPosition()) ? JoinType.LEFT_SEMI
                    : syntax.isAntiJoin(join.getJoinTypeNode().getParserPosition()) ? JoinType.LEFT_ANTI
                    : JoinType.LEFT_OUTER;
            case RIGHT -> JoinType.RIGHT_OUTER;
            case FULL -> JoinType.FULL_OUTER;
            default -> throw SqlErrors.unsupported(join.getJoinType() + " joins", join);
        };
        if (join.isNatural()) {
            return new Join(left, right, type, null, List.of(), true);
        }
        if (join.getConditionType() == JoinConditionType.USING) {
            List<String> columns = new ArrayList<>();
            for (SqlNode c : (SqlNodeList) join.getCondition()) {
                columns.add(((SqlIdentifier) c).getSimple());
            }
            return Join.using(left, right, type, columns);
        }
        if (join.getConditionType() == JoinConditionType.ON) {
            return Join.on(left, right, type, expressions.convert(join.getCondition()));
        }
        return Join.on(left, right, type, null);
    }

    /** A GROUP BY item: an expression, a select-list position, or ROLLUP / CUBE / GROUPING SETS. */
    private Expression groupingItem(SqlNode g, List<Expression> items) {
        if (g instanceof SqlCall call && (call.getKind() == SqlKind.ROLLUP || call.getKind() == SqlKind.CUBE)) {
            List<Expression> columns = new ArrayList<>();
            for (SqlNode operand : call.getOperandList()) {
                columns.add(groupingExpression(operand, items));
            }
            return call.getKind() == SqlKind.ROLLUP ? GroupingSets.rollup(columns) : GroupingSets.cube(columns);
        }
        if (g instanceof SqlCall call && call.getKind() == SqlKind.GROUPING_SETS) {
            List<List<Expression>> sets = new ArrayList<>();
            for (SqlNode operand : call.getOperandList()) {
                List<Expression> set = new ArrayList<>();
                if (operand instanceof SqlNodeList list) {
                    for (SqlNode e : list) {
                        set.add(groupingExpression(e, items));
                    }
                } else if (operand instanceof SqlCall row && row.getKind() == SqlKind.ROW) {
                    for (SqlNode e : row.getOperandList()) {
                        set.add(groupingExpression(e, items));
                    }
                } else if (operand instanceof SqlCall nested && (nested.getKind() == SqlKind.ROLLUP
                        || nested.getKind() == SqlKind.CUBE || nested.getKind() == SqlKind.GROUPING_SETS)) {
                    throw SqlErrors.unsupported("ROLLUP, CUBE or GROUPING SETS nested in GROUPING SETS", operand);
                } else {
                    set.add(groupingExpression(operand, items));
                }
                sets.add(set);
            }
            return GroupingSets.groupingSets(sets);
        }
        return groupingExpression(g, items);
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
            if (hasGroupAggregate(value)) {
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
        SqlNode current = node;
        while (current instanceof SqlCall call && (call.getKind() == SqlKind.DESCENDING
                || call.getKind() == SqlKind.NULLS_FIRST || call.getKind() == SqlKind.NULLS_LAST)) {
            current = call.getOperandList().get(0);
        }
        if (!(current instanceof SqlNumericLiteral n && n.isInteger())) {
            return expressions.sortOrder(node);
        }
        SortOrderExpr parsed = expressions.sortOrder(node);
        int position = n.intValue(true);
        if (position < 1 || position > items.size()) {
            throw SqlErrors.positionOutOfRange("ORDER BY", position, items.size(), current);
        }
        Expression item = items.get(position - 1);
        if (item instanceof UnresolvedStar) {
            throw SqlErrors.unsupported("ORDER BY a position that refers to *", current);
        }
        Expression key = item instanceof Alias a ? new UnresolvedAttribute(List.of(a.name())) : item;
        return new SortOrderExpr(key, parsed.ascending(), parsed.nullsFirst());
    }

    private long count(SqlNode node, String clause) {
        Expression e = expressions.convert(node);
        if (e instanceof LiteralValue l && l.literal().value() instanceof Number n
                && !(l.literal().value() instanceof Double) && n.longValue() >= 0) {
            return n.longValue();
        }
        throw SqlErrors.unsupported(clause + " " + node + " (a non-negative integer literal is required)", node);
    }

    /** Whether the expression aggregates per group (an aggregate call that is not a window's own function). */
    static boolean hasGroupAggregate(Expression e) {
        if (e instanceof WindowExpr w) {
            List<Expression> inputs = new ArrayList<>(UnresolvedExpressions.children(w.function()));
            inputs.addAll(w.partitionBy());
            inputs.addAll(w.orderBy());
            return inputs.stream().anyMatch(QueryConverter::hasGroupAggregate);
        }
        if (e instanceof FunctionCall f && FunctionRegistry.isAggregate(f.name())) {
            return true;
        }
        return UnresolvedExpressions.children(e).stream().anyMatch(QueryConverter::hasGroupAggregate);
    }
}
