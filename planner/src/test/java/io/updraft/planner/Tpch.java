package io.updraft.planner;

import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Literal;
import io.updraft.planner.catalog.Catalog;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.BetweenExpr;
import io.updraft.planner.expr.BinaryArithmetic;
import io.updraft.planner.expr.BinaryComparison;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.LiteralValue;
import io.updraft.planner.expr.LogicalAnd;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.FileSource;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Test fixtures: the TPC-H lineitem table, a map catalog and Dataset-style builders for Q1 and Q6. */
public final class Tpch {
    public static final DecimalType MONEY = new DecimalType(15, 2);
    public static final StructType LINEITEM_SCHEMA = new StructType(List.of())
            .add("l_orderkey", DataTypes.LongType)
            .add("l_partkey", DataTypes.LongType)
            .add("l_suppkey", DataTypes.LongType)
            .add("l_linenumber", DataTypes.IntegerType)
            .add("l_quantity", MONEY)
            .add("l_extendedprice", MONEY)
            .add("l_discount", MONEY)
            .add("l_tax", MONEY)
            .add("l_returnflag", DataTypes.StringType)
            .add("l_linestatus", DataTypes.StringType)
            .add("l_shipdate", DataTypes.DateType)
            .add("l_commitdate", DataTypes.DateType)
            .add("l_receiptdate", DataTypes.DateType)
            .add("l_shipinstruct", DataTypes.StringType)
            .add("l_shipmode", DataTypes.StringType)
            .add("l_comment", DataTypes.StringType);
    public static final FileSource LINEITEM_SOURCE = new FileSource(
            List.of("/data/lineitem/part-0.parquet", "/data/lineitem/part-1.parquet"), List.of("/data/lineitem"),
            LINEITEM_SCHEMA, 2000, 60_000);

    public static final String Q1 = """
            select
            	l_returnflag,
            	l_linestatus,
            	sum(l_quantity) as sum_qty,
            	sum(l_extendedprice) as sum_base_price,
            	sum(l_extendedprice * (1 - l_discount)) as sum_disc_price,
            	sum(l_extendedprice * (1 - l_discount) * (1 + l_tax)) as sum_charge,
            	avg(l_quantity) as avg_qty,
            	avg(l_extendedprice) as avg_price,
            	avg(l_discount) as avg_disc,
            	count(*) as count_order
            from
            	lineitem
            where
            	l_shipdate <= date '1998-12-01' - interval '90' day (3)
            group by
            	l_returnflag,
            	l_linestatus
            order by
            	l_returnflag,
            	l_linestatus;
            """;

    public static final String Q6 = """
            select
            	sum(l_extendedprice * l_discount) as revenue
            from
            	lineitem
            where
            	l_shipdate >= date '1994-01-01'
            	and l_shipdate < date '1994-01-01' + interval '1' year
            	and l_discount between .06 - 0.01 and .06 + 0.01
            	and l_quantity < 24;
            """;

    private Tpch() {
    }

    /** {@code spark.read().parquet(...)}: the relation without a name. */
    public static LogicalPlan lineitemFile() {
        return new FileRelation(LINEITEM_SOURCE);
    }

    /** {@code spark.table("lineitem")}. */
    public static LogicalPlan lineitem() {
        return new SubqueryAlias("lineitem", lineitemFile());
    }

    public static Catalog catalog() {
        return catalog(Map.of("lineitem", lineitem().children().get(0)));
    }

    public static Catalog catalog(Map<String, LogicalPlan> tables) {
        return new Catalog() {
            @Override
            public Optional<LogicalPlan> lookup(String name) {
                return tables.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                        .map(Map.Entry::getValue).findFirst();
            }

            @Override
            public List<String> names() {
                return tables.keySet().stream().sorted().toList();
            }
        };
    }

    public static Expression col(String name) {
        return UnresolvedAttribute.quoted(name);
    }

    public static Expression star() {
        return new UnresolvedStar(null);
    }

    public static Expression lit(Object v) {
        return new LiteralValue(switch (v) {
            case Integer i -> Literal.of(i);
            case Long l -> Literal.of(l);
            case Double d -> Literal.of(d);
            case String s -> Literal.of(s);
            case Boolean b -> Literal.of(b);
            case BigDecimal d -> new Literal(new DecimalType(Math.max(d.precision(), d.scale()), d.scale()), d);
            case LocalDate d -> new Literal(DataTypes.DateType, (int) d.toEpochDay());
            default -> throw new IllegalArgumentException(String.valueOf(v));
        });
    }

    public static Expression fn(String name, Expression... args) {
        return new FunctionCall(name.toLowerCase(Locale.ROOT), List.of(args), false);
    }

    public static Expression countStar() {
        return fn("count", star());
    }

    public static Expression as(Expression e, String name) {
        return new Alias(e, name);
    }

    public static Expression plus(Expression l, Expression r) {
        return new BinaryArithmetic(ArithmeticOp.ADD, l, r);
    }

    public static Expression minus(Expression l, Expression r) {
        return new BinaryArithmetic(ArithmeticOp.SUBTRACT, l, r);
    }

    public static Expression times(Expression l, Expression r) {
        return new BinaryArithmetic(ArithmeticOp.MULTIPLY, l, r);
    }

    public static Expression div(Expression l, Expression r) {
        return new BinaryArithmetic(ArithmeticOp.DIVIDE, l, r);
    }

    public static Expression cmp(CompareOp op, Expression l, Expression r) {
        return new BinaryComparison(op, l, r);
    }

    public static Expression cast(Expression e, io.updraft.sql.types.DataType type) {
        return new io.updraft.planner.expr.CastExpr(e, type);
    }

    public static Expression and(Expression l, Expression r) {
        return new LogicalAnd(l, r);
    }

    /** TPC-H Q1 built as with the Dataset API (filter, groupBy, agg, orderBy). */
    public static LogicalPlan q1Dataset() {
        Expression discounted = times(col("l_extendedprice"), minus(lit(1), col("l_discount")));
        LogicalPlan filtered = new Filter(lineitem(),
                cmp(CompareOp.LESS_THAN_OR_EQUAL, col("l_shipdate"), lit(LocalDate.parse("1998-09-02"))));
        LogicalPlan aggregated = new Aggregate(filtered, List.of(col("l_returnflag"), col("l_linestatus")), List.of(
                col("l_returnflag"), col("l_linestatus"),
                as(fn("sum", col("l_quantity")), "sum_qty"),
                as(fn("sum", col("l_extendedprice")), "sum_base_price"),
                as(fn("sum", discounted), "sum_disc_price"),
                as(fn("sum", times(discounted, plus(lit(1), col("l_tax")))), "sum_charge"),
                as(fn("avg", col("l_quantity")), "avg_qty"),
                as(fn("avg", col("l_extendedprice")), "avg_price"),
                as(fn("avg", col("l_discount")), "avg_disc"),
                as(countStar(), "count_order")));
        return new Sort(aggregated, List.of(SortOrderExpr.asc(col("l_returnflag")), SortOrderExpr.asc(col("l_linestatus"))));
    }

    /** TPC-H Q6 built as with the Dataset API. */
    public static LogicalPlan q6Dataset() {
        BigDecimal six = new BigDecimal("0.06");
        BigDecimal one = new BigDecimal("0.01");
        Expression condition = and(and(and(
                cmp(CompareOp.GREATER_THAN_OR_EQUAL, col("l_shipdate"), lit(LocalDate.parse("1994-01-01"))),
                cmp(CompareOp.LESS_THAN, col("l_shipdate"), lit(LocalDate.parse("1995-01-01")))),
                new BetweenExpr(col("l_discount"), minus(lit(six), lit(one)), plus(lit(six), lit(one)))),
                cmp(CompareOp.LESS_THAN, col("l_quantity"), lit(24)));
        return new Aggregate(new Filter(lineitem(), condition), List.of(),
                List.of(as(fn("sum", times(col("l_extendedprice"), col("l_discount"))), "revenue")));
    }
}
