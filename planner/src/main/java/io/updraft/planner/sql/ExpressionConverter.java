package io.updraft.planner.sql;

import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Literal;
import io.updraft.core.value.DateTimes;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.BetweenExpr;
import io.updraft.planner.expr.BinaryArithmetic;
import io.updraft.planner.expr.BinaryComparison;
import io.updraft.planner.expr.CaseWhenExpr;
import io.updraft.planner.expr.CastExpr;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.InList;
import io.updraft.planner.expr.IsNotNullExpr;
import io.updraft.planner.expr.IsNullExpr;
import io.updraft.planner.expr.LiteralValue;
import io.updraft.planner.expr.LogicalAnd;
import io.updraft.planner.expr.LogicalNot;
import io.updraft.planner.expr.LogicalOr;
import io.updraft.planner.expr.UnaryMinus;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import org.apache.calcite.avatica.util.TimeUnit;
import io.updraft.planner.expr.Exists;
import io.updraft.planner.expr.InSubquery;
import io.updraft.planner.expr.ScalarSubquery;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.expr.WindowExpr;
import io.updraft.core.plan.FrameBound;
import io.updraft.core.plan.FrameType;
import io.updraft.core.plan.WindowFrame;
import io.updraft.planner.logical.LogicalPlan;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSetOperator;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDateLiteral;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalLiteral;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.SqlTimestampLiteral;
import org.apache.calcite.sql.SqlUnknownLiteral;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlLikeOperator;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.type.SqlTypeName;

import java.math.BigDecimal;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Converts Calcite expression nodes into our unresolved {@link Expression}s with Spark's literal typing
 * (an integer literal is int, then bigint, then decimal; {@code 0.06} is decimal(2,2); {@code 1e3} is
 * double) and Spark's spellings ({@code a <> b} is {@code NOT (a = b)}). Stateless.
 */
final class ExpressionConverter {
    /** Converts a query nested in an expression (subquery) with the enclosing statement's CTEs in scope. */
    interface SubqueryConverter {
        LogicalPlan convert(SqlNode query);
    }

    private final SparkSyntax syntax;
    private final SubqueryConverter subqueries;
    /** The WINDOW clause of the SELECT being converted (name → definition). */
    private Map<String, SqlWindow> namedWindows = Map.of();

    ExpressionConverter(SparkSyntax syntax, SubqueryConverter subqueries) {
        this.syntax = syntax;
        this.subqueries = subqueries;
    }

    /** Sets the named windows of the current SELECT; returns the previous ones (to restore after it). */
    Map<String, SqlWindow> namedWindows(Map<String, SqlWindow> windows) {
        Map<String, SqlWindow> previous = namedWindows;
        namedWindows = windows;
        return previous;
    }

    Expression convert(SqlNode node) {
        return switch (node) {
            case SqlIdentifier id -> identifier(id);
            case SqlIntervalLiteral interval -> throw SqlErrors.unsupported(
                    "an INTERVAL value outside date arithmetic", interval);
            case SqlLiteral literal -> new LiteralValue(typedLiteral(literal));
            case SqlCase c -> caseWhen(c);
            case SqlSelect select -> new ScalarSubquery(subqueries.convert(select));
            case SqlOrderBy orderBy -> new ScalarSubquery(subqueries.convert(orderBy));
            case SqlWith with -> new ScalarSubquery(subqueries.convert(with));
            case SqlCall call when call.getOperator() instanceof SqlSetOperator -> new ScalarSubquery(
                    subqueries.convert(call));
            case SqlCall call -> call(call);
            default -> throw SqlErrors.unsupported("the expression " + node, node);
        };
    }

    private static boolean isQuery(SqlNode node) {
        return node instanceof SqlSelect || node instanceof SqlOrderBy || node instanceof SqlWith
                || node instanceof SqlCall c && c.getOperator() instanceof SqlSetOperator;
    }

    private static Expression identifier(SqlIdentifier id) {
        if (id.names.size() == 1 && !id.isStar()) {
            String name = id.names.get(0).toLowerCase(Locale.ROOT);
            if (name.equals("current_date") || name.equals("current_timestamp")) {
                return new FunctionCall(name, List.of(), false);
            }
        }
        if (id.isStar()) {
            List<String> qualifier = id.names.subList(0, id.names.size() - 1);
            return new UnresolvedStar(qualifier.isEmpty() ? null : String.join(".", qualifier));
        }
        return new UnresolvedAttribute(id.names);
    }

    /** A literal with Spark's type suffix applied ({@code 2L} is a bigint, {@code 1.5D} a double, ...). */
    private Literal typedLiteral(SqlLiteral literal) {
        Literal plain = literal(literal);
        String suffix = syntax.literalSuffix(literal.getParserPosition());
        if (suffix == null || !(literal instanceof SqlNumericLiteral n)) {
            return plain;
        }
        BigDecimal v = n.bigDecimalValue();
        try {
            return switch (suffix) {
                case "L" -> Literal.of(v.longValueExact());
                case "S", "Y" -> Literal.of(v.intValueExact());
                case "D" -> Literal.of(v.doubleValue());
                default -> new Literal(new DecimalType(Math.max(v.precision(), Math.max(v.scale(), 1)),
                        Math.max(v.scale(), 0)), v.setScale(Math.max(v.scale(), 0)));
            };
        } catch (ArithmeticException e) {
            throw SqlErrors.invalidLiteral(suffix.equals("L") ? "BIGINT" : "INT", v.toPlainString(), literal);
        }
    }

    /** Spark's typing of SQL literals. */
    static Literal literal(SqlLiteral literal) {
        if (literal instanceof SqlNumericLiteral n) {
            BigDecimal v = n.bigDecimalValue();
            if (!n.isExact()) {
                return Literal.of(v.doubleValue());
            }
            return numeric(v, literal);
        }
        if (literal instanceof SqlCharStringLiteral s) {
            return Literal.of(SparkStringLiterals.unescape(s.getValueAs(String.class)));
        }
        if (literal instanceof SqlUnknownLiteral u) {
            return typed(u.tag, (String) u.getValue(), literal);
        }
        if (literal instanceof SqlDateLiteral d) {
            return typed("DATE", d.toFormattedString(), literal);
        }
        if (literal instanceof SqlTimestampLiteral t) {
            return typed("TIMESTAMP", t.toFormattedString(), literal);
        }
        if (literal.getTypeName() == SqlTypeName.NULL) {
            return Literal.nullOf(DataTypes.NullType);
        }
        if (literal.getTypeName() == SqlTypeName.BOOLEAN) {
            return Literal.of(literal.booleanValue());
        }
        throw SqlErrors.unsupported("the literal " + literal, literal);
    }

    private static Literal numeric(BigDecimal v, SqlNode node) {
        if (v.scale() <= 0 || v.stripTrailingZeros().scale() <= 0 && v.toPlainString().indexOf('.') < 0) {
            BigDecimal integral = v.setScale(0);
            if (integral.compareTo(BigDecimal.valueOf(Integer.MIN_VALUE)) >= 0
                    && integral.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) <= 0) {
                return Literal.of(integral.intValueExact());
            }
            if (integral.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) >= 0
                    && integral.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0) {
                return Literal.of(integral.longValueExact());
            }
        }
        int precision = Math.max(v.precision(), v.scale());
        if (precision > DecimalType.MAX_PRECISION || v.scale() < 0) {
            if (v.scale() < 0 && v.precision() - v.scale() <= DecimalType.MAX_PRECISION) {
                BigDecimal integral = v.setScale(0);
                return new Literal(new DecimalType(integral.precision(), 0), integral);
            }
            throw SqlErrors.invalidLiteral("DECIMAL", v.toPlainString(), node);
        }
        return new Literal(new DecimalType(precision, v.scale()), v);
    }

    private static Literal typed(String tag, String text, SqlNode node) {
        String t = text.trim();
        switch (tag.toUpperCase(Locale.ROOT)) {
            case "DATE" -> {
                Integer days = DateTimes.parseDate(t);
                if (days == null) {
                    throw SqlErrors.invalidLiteral("DATE", text, node);
                }
                return new Literal(DataTypes.DateType, days);
            }
            case "TIMESTAMP" -> {
                // read in UTC: the planner does not know the session time zone (Spark reads it in that zone)
                Long micros = DateTimes.parseTimestamp(t, ZoneOffset.UTC);
                if (micros == null) {
                    throw SqlErrors.invalidLiteral("TIMESTAMP", text, node);
                }
                return new Literal(DataTypes.TimestampType, micros);
            }
            default -> throw SqlErrors.unsupported("the typed literal " + tag + " '" + text + "'", node);
        }
    }

    private Expression caseWhen(SqlCase c) {
        List<Expression> conditions = new ArrayList<>();
        List<Expression> values = new ArrayList<>();
        Expression subject = c.getValueOperand() == null ? null : convert(c.getValueOperand());
        for (int i = 0; i < c.getWhenOperands().size(); i++) {
            Expression when = convert(c.getWhenOperands().get(i));
            conditions.add(subject == null ? when : new BinaryComparison(CompareOp.EQUAL, subject, when));
            values.add(convert(c.getThenOperands().get(i)));
        }
        SqlNode elseNode = c.getElseOperand();
        Expression elseValue = elseNode == null || elseNode instanceof SqlLiteral l && l.getTypeName() == SqlTypeName.NULL
                ? null : convert(elseNode);
        return new CaseWhenExpr(conditions, values, elseValue);
    }

    private Expression call(SqlCall call) {
        List<SqlNode> operands = call.getOperandList();
        SqlKind kind = call.getKind();
        return switch (kind) {
            case AS -> new Alias(convert(operands.get(0)), ((SqlIdentifier) operands.get(1)).getSimple());
            case PLUS, MINUS -> plusMinus(kind == SqlKind.MINUS, operands.get(0), operands.get(1), call);
            case TIMES -> arithmetic(ArithmeticOp.MULTIPLY, operands);
            case DIVIDE -> syntax.isIntegralDivision(operands.get(0), operands.get(1))
                    ? new FunctionCall("div", List.of(convert(operands.get(0)), convert(operands.get(1))), false)
                    : arithmetic(ArithmeticOp.DIVIDE, operands);
            case MOD -> arithmetic(ArithmeticOp.MOD, operands);
            case MINUS_PREFIX -> negate(convert(operands.get(0)));
            case PLUS_PREFIX -> convert(operands.get(0));
            case EQUALS -> compare(syntax.isNullSafeEquality(operands.get(0), operands.get(1))
                    ? CompareOp.EQUAL_NULL_SAFE : CompareOp.EQUAL, operands);
            case NOT_EQUALS -> new LogicalNot(compare(CompareOp.EQUAL, operands));
            case LESS_THAN -> compare(CompareOp.LESS_THAN, operands);
            case LESS_THAN_OR_EQUAL -> compare(CompareOp.LESS_THAN_OR_EQUAL, operands);
            case GREATER_THAN -> compare(CompareOp.GREATER_THAN, operands);
            case GREATER_THAN_OR_EQUAL -> compare(CompareOp.GREATER_THAN_OR_EQUAL, operands);
            case IS_NOT_DISTINCT_FROM -> compare(CompareOp.EQUAL_NULL_SAFE, operands);
            case IS_DISTINCT_FROM -> new LogicalNot(compare(CompareOp.EQUAL_NULL_SAFE, operands));
            case AND -> fold(operands, true);
            case OR -> fold(operands, false);
            case NOT -> new LogicalNot(convert(operands.get(0)));
            case IS_NULL -> new IsNullExpr(convert(operands.get(0)));
            case IS_NOT_NULL -> new IsNotNullExpr(convert(operands.get(0)));
            case BETWEEN -> between(call);
            case IN, NOT_IN -> in(call, kind == SqlKind.NOT_IN);
            case LIKE -> like(call, "like");
            case RLIKE -> like(call, "rlike");
            case EXISTS -> new Exists(subqueries.convert(operands.get(0)));
            case OVER -> window(call);
            case FILTER -> filtered(call);
            case CAST -> new CastExpr(convert(operands.get(0)), SqlTypes.of((SqlDataTypeSpec) operands.get(1)));
            case EXTRACT -> extract(call);
            case TRIM -> trim(call);
            case DOT -> new FunctionCall("element_at", List.of(convert(operands.get(0)), new LiteralValue(
                    io.updraft.core.expr.Literal.of(((org.apache.calcite.sql.SqlIdentifier) operands.get(1))
                            .getSimple()))), false);
            case ITEM -> new FunctionCall("element_at", List.of(convert(operands.get(0)), convert(operands.get(1))),
                    false);
            case MAP_VALUE_CONSTRUCTOR -> {
                List<Expression> args = new java.util.ArrayList<>();
                for (SqlNode operand : operands) {
                    args.add(convert(operand));
                }
                yield new FunctionCall("map", args, false);
            }
            default -> function(call);
        };
    }

    private Expression plusMinus(boolean minus, SqlNode left, SqlNode right, SqlCall call) {
        if (isInterval(right)) {
            return DateIntervals.add(convert(left), DateIntervals.interval(right), minus);
        }
        if (isInterval(left) && !minus) {
            return DateIntervals.add(convert(right), DateIntervals.interval(left), false);
        }
        if (isInterval(left)) {
            throw SqlErrors.unsupported("subtracting a date from an INTERVAL", call);
        }
        return new BinaryArithmetic(minus ? ArithmeticOp.SUBTRACT : ArithmeticOp.ADD, convert(left), convert(right));
    }

    private Expression arithmetic(ArithmeticOp op, List<SqlNode> operands) {
        return new BinaryArithmetic(op, convert(operands.get(0)), convert(operands.get(1)));
    }

    private Expression compare(CompareOp op, List<SqlNode> operands) {
        return new BinaryComparison(op, convert(operands.get(0)), convert(operands.get(1)));
    }

    /** A negated numeric literal stays a literal ({@code -5}), as in Spark's parser. */
    private static Expression negate(Expression child) {
        if (child instanceof LiteralValue l && l.literal().value() != null) {
            Object v = l.literal().value();
            Literal negated = switch (v) {
                case Integer i when i != Integer.MIN_VALUE -> Literal.of(-i);
                case Long x when x != Long.MIN_VALUE -> x == -(long) Integer.MIN_VALUE
                        ? Literal.of(Integer.MIN_VALUE) : Literal.of(-x);
                case Double d -> Literal.of(-d);
                case BigDecimal d -> new Literal(l.literal().dataType(), d.negate());
                default -> null;
            };
            if (negated != null) {
                return new LiteralValue(negated);
            }
        }
        return new UnaryMinus(child);
    }

    private Expression fold(List<SqlNode> operands, boolean and) {
        Expression result = convert(operands.get(0));
        for (int i = 1; i < operands.size(); i++) {
            Expression next = convert(operands.get(i));
            result = and ? new LogicalAnd(result, next) : new LogicalOr(result, next);
        }
        return result;
    }

    private Expression between(SqlCall call) {
        SqlBetweenOperator op = (SqlBetweenOperator) call.getOperator();
        if (op.flag == SqlBetweenOperator.Flag.SYMMETRIC) {
            throw SqlErrors.unsupported("BETWEEN SYMMETRIC", call);
        }
        List<SqlNode> operands = call.getOperandList();
        Expression between = new BetweenExpr(convert(operands.get(0)), convert(operands.get(1)), convert(operands.get(2)));
        return op.isNegated() ? new LogicalNot(between) : between;
    }

    private static boolean isInterval(SqlNode node) {
        return node instanceof SqlIntervalLiteral || node instanceof SqlCall c && c.getKind() == SqlKind.INTERVAL;
    }

    private Expression in(SqlCall call, boolean negated) {
        List<SqlNode> operands = call.getOperandList();
        if (isQuery(operands.get(1))) {
            List<Expression> values = new ArrayList<>();
            if (operands.get(0) instanceof SqlCall row && row.getKind() == SqlKind.ROW) {
                for (SqlNode v : row.getOperandList()) {
                    values.add(convert(v));
                }
            } else {
                values.add(convert(operands.get(0)));
            }
            Expression in = new InSubquery(values, subqueries.convert(operands.get(1)));
            return negated ? new LogicalNot(in) : in;
        }
        if (!(operands.get(1) instanceof SqlNodeList list)) {
            throw SqlErrors.unsupported("IN with " + operands.get(1), call);
        }
        if (operands.get(0) instanceof SqlNodeList) {
            throw SqlErrors.unsupported("IN with a row of values", call);
        }
        List<Expression> values = new ArrayList<>();
        for (SqlNode item : list) {
            values.add(convert(item));
        }
        Expression in = new InList(convert(operands.get(0)), values);
        return negated ? new LogicalNot(in) : in;
    }

    private Expression like(SqlCall call, String function) {
        List<SqlNode> operands = call.getOperandList();
        if (operands.size() > 2) {
            throw SqlErrors.unsupported("LIKE ... ESCAPE", call);
        }
        Expression like = new FunctionCall(function, List.of(convert(operands.get(0)), convert(operands.get(1))), false);
        return ((SqlLikeOperator) call.getOperator()).isNegated() ? new LogicalNot(like) : like;
    }

    private Expression extract(SqlCall call) {
        SqlIntervalQualifier unit = (SqlIntervalQualifier) call.getOperandList().get(0);
        TimeUnit timeUnit = unit.getStartUnit();
        String function = switch (timeUnit) {
            case YEAR -> "year";
            case QUARTER -> "quarter";
            case MONTH -> "month";
            case DAY -> "dayofmonth";
            case DOW -> "dayofweek";
            case DOY -> "dayofyear";
            default -> throw SqlErrors.unsupported("EXTRACT(" + timeUnit + " FROM ...)", call);
        };
        return new FunctionCall(function, List.of(convert(call.getOperandList().get(1))), false);
    }

    private Expression trim(SqlCall call) {
        List<SqlNode> operands = call.getOperandList();
        SqlTrimFunction.Flag flag = ((SqlLiteral) operands.get(0)).getValueAs(SqlTrimFunction.Flag.class);
        if (!(operands.get(1) instanceof SqlCharStringLiteral chars) || !" ".equals(chars.getValueAs(String.class))) {
            throw SqlErrors.unsupported("TRIM of characters other than spaces", call);
        }
        String function = switch (flag) {
            case BOTH -> "trim";
            case LEADING -> "ltrim";
            case TRAILING -> "rtrim";
        };
        return new FunctionCall(function, List.of(convert(operands.get(2))), false);
    }

    /** {@code agg(...) FILTER (WHERE c)}. */
    private Expression filtered(SqlCall call) {
        Expression function = convert(call.getOperandList().get(0));
        if (!(function instanceof FunctionCall f)) {
            throw SqlErrors.unsupported("FILTER on " + call.getOperandList().get(0), call);
        }
        return new FunctionCall(f.name(), f.arguments(), f.distinct(), convert(call.getOperandList().get(1)));
    }

    /** {@code f(...) OVER (PARTITION BY ... ORDER BY ... frame)} or {@code OVER name}. */
    private Expression window(SqlCall call) {
        Expression function = convert(call.getOperandList().get(0));
        SqlNode spec = call.getOperandList().get(1);
        SqlWindow window = spec instanceof SqlWindow w ? w : null;
        if (spec instanceof SqlIdentifier name) {
            window = namedWindows.get(name.getSimple().toLowerCase(Locale.ROOT));
            if (window == null) {
                throw SqlErrors.unsupported("the undefined window " + name.getSimple(), spec);
            }
        }
        if (window == null) {
            throw SqlErrors.unsupported("the window " + spec, spec);
        }
        if (window.getRefName() != null) {
            window = mergeReference(window);
        }
        List<Expression> partition = new ArrayList<>();
        for (SqlNode p : window.getPartitionList()) {
            partition.add(convert(p));
        }
        List<SortOrderExpr> order = new ArrayList<>();
        for (SqlNode o : window.getOrderList()) {
            order.add(sortOrder(o));
        }
        WindowFrame frame = null;
        if (window.getLowerBound() != null || window.getUpperBound() != null) {
            FrameBound lower = bound(window.getLowerBound());
            FrameBound upper = window.getUpperBound() == null ? FrameBound.currentRow() : bound(window.getUpperBound());
            frame = new WindowFrame(window.isRows() ? FrameType.ROWS : FrameType.RANGE, lower, upper);
        }
        return new WindowExpr(function, partition, order, frame);
    }

    /** {@code OVER (w ORDER BY ...)}: the named window's partitioning with this specification's additions. */
    private SqlWindow mergeReference(SqlWindow window) {
        SqlWindow base = namedWindows.get(window.getRefName().getSimple().toLowerCase(Locale.ROOT));
        if (base == null) {
            throw SqlErrors.unsupported("the undefined window " + window.getRefName().getSimple(), window);
        }
        SqlNodeList partition = window.getPartitionList().isEmpty() ? base.getPartitionList() : window.getPartitionList();
        SqlNodeList order = window.getOrderList().isEmpty() ? base.getOrderList() : window.getOrderList();
        boolean ownFrame = window.getLowerBound() != null;
        return new SqlWindow(window.getParserPosition(), null, null, partition, order,
                SqlLiteral.createBoolean(ownFrame ? window.isRows() : base.isRows(), window.getParserPosition()),
                ownFrame ? window.getLowerBound() : base.getLowerBound(),
                ownFrame ? window.getUpperBound() : base.getUpperBound(), null);
    }

    /** A frame bound, spelled as written ("1 PRECEDING", "-1 FOLLOWING": Spark prints them so in column names). */
    private FrameBound bound(SqlNode node) {
        if (SqlWindow.isUnboundedPreceding(node)) {
            return FrameBound.unboundedPreceding();
        }
        if (SqlWindow.isUnboundedFollowing(node)) {
            return FrameBound.unboundedFollowing();
        }
        if (SqlWindow.isCurrentRow(node)) {
            return FrameBound.currentRow();
        }
        if (node instanceof SqlCall c && (c.getKind() == SqlKind.PRECEDING || c.getKind() == SqlKind.FOLLOWING)) {
            Expression offset = convert(c.getOperandList().get(0));
            if (!(offset instanceof LiteralValue l) || !(l.literal().value() instanceof Number n)
                    || l.literal().value() instanceof Double) {
                throw SqlErrors.unsupported("a window frame offset other than an integer (" + node + ")", node);
            }
            boolean preceding = c.getKind() == SqlKind.PRECEDING;
            return FrameBound.ofOffset(preceding ? -n.longValue() : n.longValue())
                    .spelled(preceding ? FrameBound.Spelling.PRECEDING : FrameBound.Spelling.FOLLOWING);
        }
        throw SqlErrors.unsupported("the window frame bound " + node, node);
    }

    /** An ORDER BY item with Spark's defaults (ASC NULLS FIRST, DESC NULLS LAST). */
    SortOrderExpr sortOrder(SqlNode node) {
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
        return new SortOrderExpr(convert(current), ascending, nullsFirst == null ? ascending : nullsFirst);
    }

    private Expression function(SqlCall call) {
        if (call.getKind() == SqlKind.WITHIN_GROUP) {
            throw SqlErrors.unsupported(call.getKind() + " clauses on functions", call);
        }
        if (call.getOperator().getName().equals("||") && call.getOperandList().size() == 2) {
            return new FunctionCall("concat", List.of(convert(call.getOperandList().get(0)),
                    convert(call.getOperandList().get(1))), false);
        }
        if (!(call.getOperator() instanceof SqlFunction)) {
            throw SqlErrors.unsupported("the operator " + call.getOperator().getName(), call);
        }
        String name = call.getOperator().getName().toLowerCase(Locale.ROOT);
        name = SparkSyntax.functionName(name);
        boolean distinct = call.getFunctionQuantifier() != null
                && call.getFunctionQuantifier().getValue() == SqlSelectKeyword.DISTINCT;
        List<Expression> arguments = new ArrayList<>();
        for (SqlNode operand : call.getOperandList()) {
            if (operand.getParserPosition().getLineNum() == 0 && (name.equals("first") || name.equals("last"))) {
                continue; // Calcite's FIRST/LAST navigation functions get an implicit offset argument.
            }
            arguments.add(convert(operand));
        }
        if (name.equals("mod") && arguments.size() == 2 && !distinct) {
            return new BinaryArithmetic(ArithmeticOp.MOD, arguments.get(0), arguments.get(1));
        }
        return new FunctionCall(name, arguments, distinct);
    }
}
