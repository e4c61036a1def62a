package io.updraft.jmh;

import io.updraft.bench.TpchData;
import io.updraft.core.expr.And;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.JoinType;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.join.HashJoinOperator;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.operator.FilterOperator;
import io.updraft.engine.operator.HashAggregateOperator;
import io.updraft.engine.parquet.ParquetFiles;
import io.updraft.engine.parquet.ParquetScanOperator;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The engine's operators alone, over TPC-H batches decoded once into memory (each operation reads zero-copy views
 * of them, so neither Parquet decoding nor I/O is measured): {@code filter-q6} (Q6's predicate on lineitem),
 * {@code aggregate-q1} (Q1's group-by of lineitem on returnflag, linestatus: three sums, an average and a count,
 * one task's partial aggregation), {@code join-build} (the hash table over orders' 1.5 M keys per SF, probed by one
 * lineitem batch) and {@code join} (the same build, probed by all of lineitem on l_orderkey = o_orderkey); the probe's
 * cost is {@code join} less {@code join-build}. Each operation returns the rows it produced.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED",
        "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED",
        "--sun-misc-unsafe-memory-access=allow", "-Darrow.enable_unsafe_memory_access=true", "-Xmx6g"})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 4, time = 5)
public class OperatorBenchmark {
    static final List<String> OPERATORS = List.of("filter-q6", "aggregate-q1", "join-build", "join");

    private static final List<String> LINEITEM = List.of("l_orderkey", "l_quantity", "l_extendedprice",
            "l_discount", "l_shipdate", "l_returnflag", "l_linestatus");
    private static final int ORDERKEY = 0;
    private static final int QUANTITY = 1;
    private static final int PRICE = 2;
    private static final int DISCOUNT = 3;
    private static final int SHIPDATE = 4;
    private static final int RETURNFLAG = 5;
    private static final int LINESTATUS = 6;

    @Param({"filter-q6", "aggregate-q1", "join-build", "join"})
    public String operator;

    private BufferAllocator allocator;
    private Table lineitem;
    private Table orders;

    /** Batches kept in memory, and their schema. */
    private record Table(StructType schema, List<Batch> batches) {
        long rows() {
            return batches.stream().mapToLong(Batch::rowCount).sum();
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        Path data = Path.of(System.getProperty("updraft.jmh.data", "data/tpch/sf1")).toAbsolutePath();
        if (!TpchData.isComplete(data)) {
            TpchData.generate(Double.parseDouble(System.getProperty("updraft.jmh.scale", "1")), data);
        }
        allocator = new RootAllocator();
        lineitem = load(data.resolve("lineitem"), LINEITEM);
        orders = operator.startsWith("join") ? load(data.resolve("orders"), List.of("o_orderkey", "o_orderdate"))
                : null;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        for (Table t : new Table[] {lineitem, orders}) {
            if (t != null) {
                t.batches().forEach(Batch::close);
            }
        }
        allocator.close();
    }

    /** Returns the rows the operator produced. */
    @Benchmark
    public long run() {
        try (ExecutionContext context = new ExecutionContext(allocator, Map.of());
             BatchOperator op = build(context)) {
            long rows = 0;
            for (Batch b = op.next(); b != null; b = op.next()) {
                rows += b.rowCount();
                b.close();
            }
            return rows;
        }
    }

    long lineitemRows() {
        return lineitem.rows();
    }

    private BatchOperator build(ExecutionContext context) {
        return switch (operator) {
            case "filter-q6" -> new FilterOperator(source(lineitem, Integer.MAX_VALUE, context), q6(), context);
            case "aggregate-q1" -> q1(context);
            case "join-build" -> join(1, context);
            case "join" -> join(Integer.MAX_VALUE, context);
            default -> throw new IllegalArgumentException("operator " + operator + ": use one of " + OPERATORS);
        };
    }

    private Expr q6() {
        DecimalType money = new DecimalType(15, 2);
        Expr date = col(lineitem, SHIPDATE);
        Expr discount = col(lineitem, DISCOUNT);
        return and(new Comparison(CompareOp.GREATER_THAN_OR_EQUAL, date, day("1994-01-01")),
                new Comparison(CompareOp.LESS_THAN, date, day("1995-01-01")),
                new Comparison(CompareOp.GREATER_THAN_OR_EQUAL, discount, new Literal(money, new BigDecimal("0.05"))),
                new Comparison(CompareOp.LESS_THAN_OR_EQUAL, discount, new Literal(money, new BigDecimal("0.07"))),
                new Comparison(CompareOp.LESS_THAN, col(lineitem, QUANTITY), new Literal(money, new BigDecimal("24"))));
    }

    private BatchOperator q1(ExecutionContext context) {
        List<Expr> keys = List.of(col(lineitem, RETURNFLAG), col(lineitem, LINESTATUS));
        List<AggregateCall> aggregates = List.of(sum(col(lineitem, QUANTITY)), sum(col(lineitem, PRICE)),
                new AggregateCall(AggregateFunction.AVG, col(lineitem, DISCOUNT), false,
                        AggregateCall.resultType(AggregateFunction.AVG, col(lineitem, DISCOUNT).dataType())),
                new AggregateCall(AggregateFunction.COUNT, null, false, DataTypes.LongType));
        return new HashAggregateOperator(source(lineitem, Integer.MAX_VALUE, context), keys, aggregates,
                AggregateMode.PARTIAL, List.of("l_returnflag", "l_linestatus", "sum_qty", "sum_price", "avg_disc",
                        "count_order"), context);
    }

    private BatchOperator join(int probeBatches, ExecutionContext context) {
        return new HashJoinOperator(source(lineitem, probeBatches, context), source(orders, Integer.MAX_VALUE, context),
                JoinType.INNER, List.of(col(lineitem, ORDERKEY)), List.of(col(orders, 0)), null, BuildSide.RIGHT,
                List.of(false), context);
    }

    private static AggregateCall sum(Expr e) {
        return new AggregateCall(AggregateFunction.SUM, e, false,
                AggregateCall.resultType(AggregateFunction.SUM, e.dataType()));
    }

    private static Expr and(Expr... terms) {
        Expr all = terms[0];
        for (int i = 1; i < terms.length; i++) {
            all = new And(all, terms[i]);
        }
        return all;
    }

    private static Literal day(String iso) {
        return new Literal(DataTypes.DateType, (int) LocalDate.parse(iso).toEpochDay());
    }

    private static ColumnRef col(Table table, int index) {
        DataType type = table.schema().get(index).dataType();
        return new ColumnRef(index, type, true);
    }

    /** The named columns of every Parquet file in {@code folder}, decoded into batches owned by the allocator. */
    private Table load(Path folder, List<String> names) {
        List<FileSplit> splits;
        try (Stream<Path> list = Files.list(folder)) {
            splits = list.filter(p -> p.toString().endsWith(".parquet")).sorted()
                    .map(f -> new FileSplit(f.toString(), List.of(), 0)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StructType file = ParquetFiles.inspectSchema(splits.get(0).path());
        StructType schema = new StructType(List.of());
        for (String name : names) {
            schema = schema.add(file.get(file.fieldIndex(name)));
        }
        List<Batch> batches = new ArrayList<>();
        try (ExecutionContext context = new ExecutionContext(allocator, Map.of());
             ParquetScanOperator scan = new ParquetScanOperator(splits, schema, null, context)) {
            for (Batch batch = scan.next(); batch != null; batch = scan.next()) {
                batches.add(batch);
            }
        }
        return new Table(schema, batches);
    }

    /** The first {@code limit} kept batches of {@code table} as zero-copy views (the caller's batches close them). */
    private static BatchOperator source(Table table, int limit, ExecutionContext context) {
        return new BatchOperator() {
            private int next;

            @Override
            public StructType schema() {
                return table.schema();
            }

            @Override
            public Batch next() {
                if (next >= Math.min(limit, table.batches().size())) {
                    return null;
                }
                Batch kept = table.batches().get(next++);
                List<FieldVector> views = new ArrayList<>(kept.columnCount());
                for (FieldVector v : kept.vectors()) {
                    views.add(Vectors.share(v, context.allocator()));
                }
                return Batch.of(kept.rowCount(), views);
            }

            @Override
            public void close() {
            }
        };
    }
}
