package io.updraft.sql;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.CompareOp;
import io.updraft.planner.expr.Alias;
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
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.expr.UnaryMinus;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.sql.expressions.Window;
import io.updraft.sql.expressions.WindowSpec;
import io.updraft.sql.types.DataType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A column expression, as Spark's {@code Column}: built from names ({@link functions#col}), literals
 * ({@link functions#lit}) and operators; resolved against a Dataset only when used in one. Methods that
 * take {@code Object} accept a Column or a Java value (turned into a literal). {@link #toString()} is the
 * name Spark gives the expression, e.g. {@code (price * (1 - discount))}. Immutable and thread-safe.
 */
public class Column {
    private final Expression expr;

    /** The column named {@code name}: "a", "t.a" (qualified), "`a.b`" (a dot in the name), "*" or "t.*". */
    public Column(String name) {
        this(parseName(name));
    }

    /** Wraps an unresolved planner expression (developer API). */
    public Column(Expression expr) {
        this.expr = Objects.requireNonNull(expr, "expr is null");
    }

    static Expression parseName(String name) {
        Objects.requireNonNull(name, "column name is null");
        if (name.equals("*")) {
            return new UnresolvedStar(null);
        }
        if (name.endsWith(".*")) {
            return new UnresolvedStar(name.substring(0, name.length() - 2));
        }
        return UnresolvedAttribute.quoted(name);
    }

    /** The unresolved expression (developer API). */
    public Expression expr() {
        return expr;
    }

    static Column lit(Object value) {
        return value instanceof Column c ? c : new Column(new LiteralValue(Literals.of(value)));
    }

    static Expression exprOf(Object value) {
        return lit(value).expr;
    }

    // ---- arithmetic

    public Column plus(Object other) {
        return arithmetic(ArithmeticOp.ADD, other);
    }

    public Column minus(Object other) {
        return arithmetic(ArithmeticOp.SUBTRACT, other);
    }

    public Column multiply(Object other) {
        return arithmetic(ArithmeticOp.MULTIPLY, other);
    }

    public Column divide(Object other) {
        return arithmetic(ArithmeticOp.DIVIDE, other);
    }

    public Column mod(Object other) {
        return arithmetic(ArithmeticOp.MOD, other);
    }

    public Column unary_minus() {
        return new Column(new UnaryMinus(expr));
    }

    private Column arithmetic(ArithmeticOp op, Object other) {
        return new Column(new BinaryArithmetic(op, expr, exprOf(other)));
    }

    // ---- comparisons

    public Column equalTo(Object other) {
        return compare(CompareOp.EQUAL, other);
    }

    /** As Spark's {@code =!=}: {@code NOT (a = b)}. */
    public Column notEqual(Object other) {
        return new Column(new LogicalNot(compare(CompareOp.EQUAL, other).expr));
    }

    public Column gt(Object other) {
        return compare(CompareOp.GREATER_THAN, other);
    }

    public Column geq(Object other) {
        return compare(CompareOp.GREATER_THAN_OR_EQUAL, other);
    }

    public Column lt(Object other) {
        return compare(CompareOp.LESS_THAN, other);
    }

    public Column leq(Object other) {
        return compare(CompareOp.LESS_THAN_OR_EQUAL, other);
    }

    /** Equality that treats two nulls as equal and never yields null ({@code <=>}). */
    public Column eqNullSafe(Object other) {
        return compare(CompareOp.EQUAL_NULL_SAFE, other);
    }

    private Column compare(CompareOp op, Object other) {
        return new Column(new BinaryComparison(op, expr, exprOf(other)));
    }

    /** As Spark: {@code (this >= lower) AND (this <= upper)}. */
    public Column between(Object lowerBound, Object upperBound) {
        return geq(lowerBound).and(leq(upperBound));
    }

    public Column isin(Object... values) {
        List<Expression> list = new ArrayList<>(values.length);
        for (Object v : values) {
            list.add(exprOf(v));
        }
        return new Column(new InList(expr, list));
    }

    /** {@code isin} over the values of a collection. */
    public Column isInCollection(Iterable<?> values) {
        List<Object> list = new ArrayList<>();
        values.forEach(list::add);
        return isin(list.toArray());
    }

    // ---- strings

    /** SQL LIKE with {@code %} and {@code _} wildcards (backslash escapes them). */
    public Column like(String literal) {
        return call("like", expr, exprOf(literal));
    }

    /** A Java regular expression matching anywhere in the string. */
    public Column rlike(String literal) {
        return call("rlike", expr, exprOf(literal));
    }

    public Column startsWith(Column other) {
        return call("startswith", expr, other.expr);
    }

    public Column startsWith(String literal) {
        return call("startswith", expr, exprOf(literal));
    }

    public Column endsWith(Column other) {
        return call("endswith", expr, other.expr);
    }

    public Column endsWith(String literal) {
        return call("endswith", expr, exprOf(literal));
    }

    /** Whether the string contains {@code other} (a Column or a value). */
    public Column contains(Object other) {
        return call("contains", expr, exprOf(other));
    }

    /** The substring from 1-based {@code startPos}, {@code len} characters long; named {@code substr(s, 1, 2)}. */
    public Column substr(Column startPos, Column len) {
        return call("substr", expr, startPos.expr, len.expr);
    }

    public Column substr(int startPos, int len) {
        return call("substr", expr, exprOf(startPos), exprOf(len));
    }

    /** A struct's field by name (case-insensitive), as Spark's {@code getField}; null where the struct is null. */
    public Column getField(String fieldName) {
        return call("element_at", expr, exprOf(fieldName));
    }

    /** A map's value for {@code key} (null when absent), or a struct's field by name, as Spark's {@code getItem}. */
    public Column getItem(Object key) {
        return call("element_at", expr, exprOf(key));
    }

    /** Same as {@link #getItem(Object)} (Spark's {@code apply}, {@code col("m")("k")} in Scala). */
    public Column apply(Object key) {
        return getItem(key);
    }

    private static Column call(String function, Expression... arguments) {
        return new Column(new FunctionCall(function, List.of(arguments), false));
    }

    // ---- windows

    /** This function (a ranking, offset or aggregate function) computed over a window. */
    public Column over(WindowSpec window) {
        return new Column(window.over(expr));
    }

    /** Over the empty window: every row of the input is in the frame. */
    public Column over() {
        return over(Window.partitionBy());
    }

    // ---- boolean logic and nulls

    public Column and(Column other) {
        return new Column(new LogicalAnd(expr, other.expr));
    }

    public Column or(Column other) {
        return new Column(new LogicalOr(expr, other.expr));
    }

    public Column isNull() {
        return new Column(new IsNullExpr(expr));
    }

    public Column isNotNull() {
        return new Column(new IsNotNullExpr(expr));
    }

    // ---- CASE WHEN

    /** Adds a branch to a column made by {@link functions#when}. */
    public Column when(Column condition, Object value) {
        CaseWhenExpr c = caseWhen("when");
        if (c.elseValue() != null) {
            throw new IllegalArgumentException("when() cannot be applied once otherwise() is applied");
        }
        List<Expression> conditions = new ArrayList<>(c.conditions());
        List<Expression> values = new ArrayList<>(c.values());
        conditions.add(condition.expr);
        values.add(exprOf(value));
        return new Column(new CaseWhenExpr(conditions, values, null));
    }

    /** The value when no branch of a {@link functions#when} column matches. */
    public Column otherwise(Object value) {
        CaseWhenExpr c = caseWhen("otherwise");
        if (c.elseValue() != null) {
            throw new IllegalArgumentException("otherwise() can only be applied once on a Column previously "
                    + "generated by when()");
        }
        return new Column(new CaseWhenExpr(c.conditions(), c.values(), exprOf(value)));
    }

    private CaseWhenExpr caseWhen(String method) {
        if (expr instanceof CaseWhenExpr c) {
            return c;
        }
        throw new IllegalArgumentException(method + "() can only be applied on a Column previously generated by "
                + "when() function");
    }

    // ---- types and names

    /** Casts to a type named as in SQL: "int", "bigint", "double", "decimal(10,2)", "string", "date", ... */
    public Column cast(String type) {
        DataType parsed;
        try {
            parsed = DataType.parse(type);
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            throw new UpdraftException(ErrorType.USER, "UNSUPPORTED_DATATYPE", "0A000", "Unsupported data type \""
                    + type + "\". " + e.getMessage(), e);
        }
        return cast(parsed);
    }

    public Column cast(DataType type) {
        return new Column(new CastExpr(expr, type));
    }

    /** Names the column; a column that already has a name is renamed. */
    public Column alias(String alias) {
        Objects.requireNonNull(alias, "alias is null");
        Expression child = expr instanceof Alias a ? a.child() : expr;
        return new Column(new Alias(child, alias));
    }

    public Column as(String alias) {
        return alias(alias);
    }

    /** Names every column of a generator ({@code posexplode(c).as("p", "v")}), Spark's multi-part alias. */
    public Column as(String... aliases) {
        if (aliases.length == 1) {
            return alias(aliases[0]);
        }
        Expression child = expr instanceof Alias a ? a.child() : expr;
        return new Column(new io.updraft.planner.expr.MultiAlias(child, List.of(aliases)));
    }

    /** This column as a {@link TypedColumn} of {@code encoder}'s type (Spark's {@code as[U]}). */
    public <U> TypedColumn<Object, U> as(Encoder<U> encoder) {
        return new TypedColumn<>(expr, encoder);
    }

    public Column name(String alias) {
        return alias(alias);
    }

    // ---- sort orders

    public Column asc() {
        return asc_nulls_first();
    }

    public Column asc_nulls_first() {
        return new Column(new SortOrderExpr(unsorted(), true, true));
    }

    public Column asc_nulls_last() {
        return new Column(new SortOrderExpr(unsorted(), true, false));
    }

    public Column desc() {
        return desc_nulls_last();
    }

    public Column desc_nulls_first() {
        return new Column(new SortOrderExpr(unsorted(), false, true));
    }

    public Column desc_nulls_last() {
        return new Column(new SortOrderExpr(unsorted(), false, false));
    }

    private Expression unsorted() {
        return expr instanceof SortOrderExpr s ? s.child() : expr;
    }

    /** Spark's text for the expression: its SQL, with "child AS name" for a named column. */
    @Override
    public String toString() {
        return expr instanceof Alias a ? a.child().sql() + " AS " + a.name() : expr.sql();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Column c && c.expr.equals(expr);
    }

    @Override
    public int hashCode() {
        return expr.hashCode();
    }
}
