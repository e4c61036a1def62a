package io.updraft.sql.udf;

import io.updraft.api.java.function.MapFunction;
import io.updraft.core.error.UpdraftException;
import io.updraft.sql.Dataset;
import io.updraft.sql.Encoders;
import io.updraft.sql.Row;
import io.updraft.sql.Tuple2;
import io.updraft.sql.UpdraftSession;
import io.updraft.sql.api.java.UDF0;
import io.updraft.sql.api.java.UDF1;
import io.updraft.sql.api.java.UDF2;
import io.updraft.sql.api.java.UDF22;
import io.updraft.sql.api.java.UDF3;
import io.updraft.sql.expressions.UserDefinedFunction;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static io.updraft.sql.functions.call_function;
import static io.updraft.sql.functions.callUDF;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.udaf;
import static io.updraft.sql.functions.udf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * UDFs, UDAFs and Aggregators in local mode: every call goes through the serialized task path (the function inside
 * the TaskSpec JSON, read back through the allow-list), over several partitions so aggregates merge partial buffers
 * after a shuffle.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UserDefinedFunctionsTest {
    static final AtomicInteger CALLS = new AtomicInteger();

    private UpdraftSession spark;
    private Dataset<Employee> employees;
    private Dataset<Row> people;

    @BeforeAll
    void start() {
        spark = UpdraftSession.builder().master("local[2]").config("spark.sql.shuffle.partitions", "3").create();
        employees = spark.createDataset(List.of(new Employee("Michael", 3000), new Employee("Andy", 4500),
                new Employee("Justin", 3500), new Employee("Berta", 4000)), Encoders.bean(Employee.class))
                .repartition(3);
        employees.createOrReplaceTempView("employees");
        StructType schema = new StructType().add("name", DataTypes.StringType).add("age", DataTypes.IntegerType)
                .add("price", DataTypes.createDecimalType(10, 2));
        people = spark.createDataFrame(List.of(Row.of("Michael", null, new BigDecimal("1.50")),
                Row.of("Andy", 30, new BigDecimal("2.25")), Row.of("Justin", 19, null)), schema);
        people.createOrReplaceTempView("people");
    }

    @AfterAll
    void stop() {
        spark.stop();
    }

    private static List<Object> column(Dataset<Row> ds) {
        return ds.collectAsList().stream().map(r -> r.get(0)).toList();
    }

    @Test
    void udfOverColumnsIsNamedAsSparkNamesIt() {
        UserDefinedFunction length = udf((UDF1<String, Integer>) String::length, DataTypes.IntegerType);
        Dataset<Row> out = people.select(length.apply(col("name")));
        assertThat(out.columns()).containsExactly("UDF(name)");
        assertThat(out.schema().get(0).dataType()).isEqualTo(DataTypes.IntegerType);
        assertThat(out.schema().get(0).nullable()).isTrue();
        assertThat(column(out.orderBy(col("UDF(name)")))).containsExactly(4, 6, 7);

        UserDefinedFunction concat = udf((UDF2<String, Integer, String>) (s, n) -> s + "-" + n,
                DataTypes.StringType).withName("tag");
        Dataset<Row> tagged = people.select(concat.apply(col("name"), col("age")).as("t"))
                .filter(col("t").startsWith("A"));
        assertThat(column(tagged)).containsExactly("Andy-30");
        assertThat(people.select(concat.apply(col("name"), lit(1))).columns()).containsExactly("tag(name, 1)");

        UserDefinedFunction constant = udf((UDF0<String>) () -> "x", DataTypes.StringType).asNonNullable();
        Dataset<Row> constants = people.select(constant.apply());
        assertThat(constants.schema().get(0).nullable()).isFalse();
        assertThat(column(constants)).containsExactly("x", "x", "x");

        UserDefinedFunction three = udf((UDF3<String, Integer, BigDecimal, String>) (s, n, d) -> s + n + d,
                DataTypes.StringType);
        assertThat(column(people.select(three.apply(col("name"), col("age"), col("price"))).orderBy(col(
                "UDF(name, age, price)")))).containsExactly("Andy302.25", "Justin19null", "Michaelnull1.50");
    }

    @Test
    void nullArgumentsReachTheFunctionAsNull() {
        UserDefinedFunction orMinusOne = udf((UDF1<Integer, Integer>) x -> x == null ? -1 : x + 1,
                DataTypes.IntegerType);
        assertThat(column(people.select(orMinusOne.apply(col("age"))).orderBy(col("UDF(age)"))))
                .containsExactly(-1, 20, 31);

        UserDefinedFunction plusOne = udf((UDF1<Integer, Integer>) x -> x + 1, DataTypes.IntegerType)
                .withName("plusOne");
        assertThatThrownBy(() -> people.select(plusOne.apply(col("age"))).collectAsList())
                .isInstanceOf(UpdraftException.class)
                .hasMessageStartingWith("[FAILED_EXECUTE_UDF] User defined function (`plusOne (" + getClass().getName()
                        + "$$Lambda")
                .hasMessageContaining("`: (int) => int) failed due to: java.lang.NullPointerException: Cannot invoke"
                        + " \"java.lang.Integer.intValue()\"")
                .hasMessageEndingWith(" is null. SQLSTATE: 39000");
    }

    @Test
    void aFunctionReturningNullGivesNull() {
        UserDefinedFunction nothing = udf((UDF1<String, String>) s -> s.startsWith("J") ? null : s.toUpperCase(),
                DataTypes.StringType);
        assertThat(column(people.select(nothing.apply(col("name"))))).containsExactlyInAnyOrder("MICHAEL", "ANDY",
                null);
    }

    @Test
    void registeredFunctionsWorkFromSqlCallUdfAndExpressions() {
        spark.udf().register("strLen", (UDF1<String, Integer>) String::length, DataTypes.IntegerType);
        Dataset<Row> sql = spark.sql("SELECT name, strlen(name) AS n FROM people WHERE STRLEN(name) > 4 ORDER BY n");
        assertThat(sql.collectAsList()).containsExactly(Row.of("Justin", 6), Row.of("Michael", 7));
        // Spark 4.2 names a registered UDF's column by the name it was registered as, however it is called
        assertThat(spark.sql("SELECT strLen(name), STRLEN(name) FROM people").columns())
                .containsExactly("strLen(name)", "strLen(name)");
        assertThat(people.select(callUDF("strLen", col("name")), call_function("strlen", col("name"))).columns())
                .containsExactly("strLen(name)", "strLen(name)");
        assertThat(column(people.select(call_function("strlen", col("name"))).orderBy(col("strLen(name)"))))
                .containsExactly(4, 6, 7);
        assertThat(people.selectExpr("strlen(name)").columns()).containsExactly("strLen(name)");
        assertThat(column(people.selectExpr("strlen(name) + 1 AS m").orderBy("m"))).containsExactly(5, 7, 8);

        UserDefinedFunction named = spark.udf().register("twice",
                udf((UDF1<Integer, Integer>) x -> x == null ? null : 2 * x, DataTypes.IntegerType));
        assertThat(named.name()).isEqualTo("twice");
        assertThat(column(spark.sql("SELECT twice(age) FROM people WHERE age IS NOT NULL ORDER BY 1")))
                .containsExactly(38, 60);
        // Spark 4.2 fails this with a ClassCastException (no error class); Updraft says what is wrong
        assertThatThrownBy(() -> spark.sql("SELECT twice(age, age) FROM people"))
                .hasMessageContaining("[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] The `twice` requires 1 parameters but"
                        + " the actual number is 2.");
    }

    @Test
    void aNondeterministicFunctionIsEvaluatedOncePerRow() {
        UserDefinedFunction counter = udf((UDF0<Integer>) CALLS::incrementAndGet, DataTypes.IntegerType)
                .asNondeterministic();
        assertThat(counter.deterministic()).isFalse();
        // A filter on its result must not be pushed below the projection (that would call it again, for another
        // value): every value returned satisfies the filter.
        List<Object> values = column(people.select(counter.apply().as("c")).filter(col("c").mod(lit(2)).equalTo(0)));
        assertThat(values).allSatisfy(v -> assertThat((Integer) v % 2).isZero());
    }

    @Test
    void typedAggregatorThroughToColumnAndGroupByKey() {
        Dataset<Double> average = employees.select(new TypedAverage().toColumn().name("average_salary"));
        assertThat(average.columns()).containsExactly("average_salary");
        assertThat(average.collectAsList()).containsExactly(3750.0);
        assertThat(employees.select(new TypedAverage().toColumn()).columns())
                .containsExactly("TypedAverage(io.updraft.sql.udf.Employee)");

        Dataset<Tuple2<Integer, Double>> byLength = employees
                .groupByKey((MapFunction<Employee, Integer>) e -> e.getName().length(), Encoders.INT())
                .agg(new TypedAverage().toColumn());
        assertThat(byLength.columns()).containsExactly("key", "TypedAverage(io.updraft.sql.udf.Employee)");
        assertThat(byLength.orderBy(col("key")).collectAsList()).containsExactly(new Tuple2<>(4, 4500.0),
                new Tuple2<>(5, 4000.0), new Tuple2<>(6, 3500.0), new Tuple2<>(7, 3000.0));
    }

    @Test
    void aggregatorOverNoRowsFinishesItsZero() {
        Dataset<Employee> none = employees.filter(col("salary").lt(0));
        assertThat(none.select(new TypedAverage().toColumn()).collectAsList()).hasSize(1)
                .allSatisfy(d -> assertThat(d).isNaN());
        assertThat(none.groupByKey((MapFunction<Employee, String>) Employee::getName, Encoders.STRING())
                .agg(new TypedAverage().toColumn()).collectAsList()).isEmpty();
    }

    @Test
    void udafOfAnAggregatorInUntypedAggregationAndSql() {
        UserDefinedFunction average = udaf(new LongAverage(), Encoders.LONG());
        Dataset<Row> df = employees.toDF();
        assertThat(df.agg(average.apply(col("salary"))).columns()).containsExactly("longaverage(salary)");
        assertThat(column(df.agg(average.apply(col("salary")).as("average_salary")))).containsExactly(3750.0);
        Dataset<Row> grouped = df.groupBy(col("name").substr(1, 1).as("initial"))
                .agg(average.apply(col("salary")).as("a")).orderBy("initial");
        assertThat(grouped.collectAsList()).containsExactly(Row.of("A", 4500.0), Row.of("B", 4000.0),
                Row.of("J", 3500.0), Row.of("M", 3000.0));

        spark.udf().register("myAverage", average);
        Dataset<Row> sql = spark.sql("SELECT myAverage(salary) as average_salary FROM employees");
        assertThat(sql.collectAsList()).containsExactly(Row.of(3750.0));
        assertThat(spark.sql("SELECT myAverage(salary) FROM employees").columns())
                .containsExactly("myaverage(salary)");
        assertThat(column(spark.sql("SELECT myaverage(salary) FROM employees WHERE salary < 0")))
                .hasSize(1).allSatisfy(d -> assertThat((Double) d).isNaN());
        // an int argument is cast to the input encoder's bigint, and a null reaches reduce as null (Spark 4.2 fails
        // the same way: an NPE in LongAverage.reduce)
        assertThatThrownBy(() -> spark.sql("SELECT myaverage(age) FROM people").collectAsList())
                .hasMessageContaining("User defined aggregate function (`myaverage(age)`) failed due to:"
                        + " java.lang.NullPointerException");
        assertThat(column(spark.sql("SELECT myaverage(age) FROM people WHERE age IS NOT NULL")))
                .containsExactly(24.5);
    }

    @Test
    void untypedUserDefinedAggregateFunction() {
        UntypedAverage average = new UntypedAverage();
        Dataset<Row> df = employees.toDF();
        assertThat(column(df.agg(average.apply(col("salary"))))).containsExactly(3750.0);
        assertThat(df.agg(average.apply(col("salary"))).columns()).containsExactly("untypedaverage(salary)");
        spark.udf().register("untypedAverage", average);
        assertThat(column(spark.sql("SELECT untypedAverage(salary) AS a FROM employees"))).containsExactly(3750.0);
        assertThat(spark.sql("SELECT untypedAverage(salary) FROM employees").columns())
                .containsExactly("untypedaverage(salary)");
        assertThat(column(spark.sql("SELECT untypedaverage(salary) FROM employees WHERE salary < 0")))
                .hasSize(1).allSatisfy(d -> assertThat((Double) d).isNaN());
        // nulls are skipped by its update; ints are cast to its bigint input
        assertThat(column(spark.sql("SELECT untypedaverage(age) FROM people"))).containsExactly(24.5);
    }

    /** Spark 4.2's values and names (bench's SparkUdfCasesTest: untypedDistinctColumn). */
    @Test
    void untypedUserDefinedAggregateFunctionOverDistinctValues() {
        UntypedAverage average = new UntypedAverage();
        Dataset<Row> doubled = employees.toDF().select("name", "salary")
                .union(employees.toDF().select("name", "salary").where(col("salary").gt(3500)));
        Dataset<Row> both = doubled.agg(average.distinct(col("salary")), average.apply(col("salary")));
        assertThat(both.columns()).containsExactly("untypedaverage(DISTINCT salary)", "untypedaverage(salary)");
        assertThat(both.collectAsList()).containsExactly(Row.of(3750.0, 23500.0 / 6));
        assertThat(doubled.groupBy(col("salary").gt(3500).as("high")).agg(average.distinct(col("salary")).as("a"))
                .orderBy("high").collectAsList()).containsExactly(Row.of(false, 3250.0), Row.of(true, 4250.0));
        assertThatThrownBy(() -> doubled.select(average.distinct(col("salary")).over(
                io.updraft.sql.expressions.Window.orderBy(col("salary")))).collectAsList())
                .hasMessageContaining("[DISTINCT_WINDOW_FUNCTION_UNSUPPORTED]");
    }

    /** Spark 4.2's values and names (bench's SparkUdfCasesTest: udafDistinct, udafFilter*, untypedDistinctFilter). */
    @Test
    void userAggregatesTakeDistinctAndFilterInSql() {
        spark.udf().register("myAverage", udaf(new LongAverage(), Encoders.LONG()));
        spark.udf().register("untypedAverage", new UntypedAverage());
        String doubled = "(SELECT salary FROM employees UNION ALL SELECT salary FROM employees WHERE salary > 3500)";
        Dataset<Row> distinct = spark.sql("SELECT myAverage(DISTINCT salary), myAverage(salary) FROM " + doubled);
        assertThat(distinct.columns()).containsExactly("myaverage(DISTINCT salary)", "myaverage(salary)");
        assertThat(distinct.collectAsList()).containsExactly(Row.of(3750.0, 23500.0 / 6));
        Dataset<Row> filtered = spark.sql("SELECT myAverage(salary) FILTER (WHERE salary > 3000) FROM employees");
        assertThat(filtered.columns()).containsExactly("myaverage(salary) FILTER (WHERE (salary > 3000))");
        assertThat(column(filtered)).containsExactly(4000.0);
        // a group whose rows the filter leaves out finishes the zero buffer (NaN here), as Spark's
        assertThat(spark.sql("SELECT name, myAverage(salary) FILTER (WHERE salary > 3500) AS a, count(*)"
                + " FROM employees GROUP BY name ORDER BY name").collectAsList()).containsExactly(
                Row.of("Andy", 4500.0, 1L), Row.of("Berta", 4000.0, 1L), Row.of("Justin", Double.NaN, 1L),
                Row.of("Michael", Double.NaN, 1L));
        Dataset<Row> mixed = spark.sql("SELECT myAverage(DISTINCT salary) FILTER (WHERE salary < 4500),"
                + " count(DISTINCT salary), sum(salary) FROM " + doubled);
        assertThat(mixed.columns()).containsExactly("myaverage(DISTINCT salary) FILTER (WHERE (salary < 4500))",
                "count(DISTINCT salary)", "sum(salary)");
        assertThat(mixed.collectAsList()).containsExactly(Row.of(3500.0, 4L, 23500L));
        assertThat(spark.sql("SELECT untypedAverage(DISTINCT salary), untypedAverage(salary) FILTER"
                + " (WHERE salary > 3500) FROM " + doubled).collectAsList()).containsExactly(Row.of(3750.0, 4250.0));
        spark.udf().register("strLen", (UDF1<String, Integer>) String::length, DataTypes.IntegerType);
        assertThatThrownBy(() -> spark.sql("SELECT strLen(DISTINCT name) FROM people"))
                .hasMessageContaining("DISTINCT");
    }

    /** Spark 4.2's values (bench's SparkUdfCasesTest: udafWindow, udafWindowCol). */
    @Test
    void userAggregatesOverWindows() {
        spark.udf().register("myAverage", udaf(new LongAverage(), Encoders.LONG()));
        spark.udf().register("untypedAverage", new UntypedAverage());
        // growing frames (RANGE to the current row, the whole partition), a sliding one, partitions
        Dataset<Row> sql = spark.sql("SELECT name, myAverage(salary) OVER (ORDER BY salary) AS a,"
                + " untypedAverage(salary) OVER (ORDER BY salary ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS b,"
                + " myAverage(salary) OVER () AS c,"
                + " myAverage(salary) OVER (PARTITION BY salary > 3500 ORDER BY salary DESC) AS d"
                + " FROM employees ORDER BY name");
        assertThat(sql.collectAsList()).containsExactly(Row.of("Andy", 3750.0, 4250.0, 3750.0, 4500.0),
                Row.of("Berta", 3500.0, 3750.0, 3750.0, 4250.0), Row.of("Justin", 3250.0, 3250.0, 3750.0, 3500.0),
                Row.of("Michael", 3000.0, 3000.0, 3750.0, 3250.0));
        UserDefinedFunction average = udaf(new LongAverage(), Encoders.LONG());
        Dataset<Row> columns = employees.toDF().select(col("name"), average.apply(col("salary"))
                .over(io.updraft.sql.expressions.Window.orderBy(col("salary").desc()).rowsBetween(-1, 1)).as("x"),
                new UntypedAverage().apply(col("salary")).over(io.updraft.sql.expressions.Window.partitionBy(
                        col("name").substr(1, 1))).as("y")).orderBy("name");
        assertThat(columns.collectAsList()).containsExactly(Row.of("Andy", 4250.0, 4500.0),
                Row.of("Berta", 4000.0, 4000.0), Row.of("Justin", 3500.0, 3500.0), Row.of("Michael", 3250.0, 3000.0));
        // a FILTER leaves rows out of the frames; DISTINCT is refused as Spark refuses it
        assertThat(column(spark.sql("SELECT myAverage(salary) FILTER (WHERE salary <> 3500) OVER (ORDER BY salary)"
                + " FROM employees ORDER BY salary"))).containsExactly(3000.0, 3000.0, 3500.0, 3833.3333333333335);
        assertThatThrownBy(() -> spark.sql("SELECT myAverage(DISTINCT salary) OVER () FROM employees"))
                .hasMessageContaining("[DISTINCT_WINDOW_FUNCTION_UNSUPPORTED] Distinct window functions are not"
                        + " supported: \"myaverage(DISTINCT salary)");
    }

    @Test
    void userAggregatesArePartialBeforeTheShuffle() {
        UserDefinedFunction average = udaf(new LongAverage(), Encoders.LONG()).withName("avgSalary");
        Dataset<Row> agg = employees.toDF().groupBy(col("name").substr(1, 1).as("initial"))
                .agg(average.apply(col("salary")));
        String plan = agg.queryExecution().explainString("simple");
        assertThat(plan).contains("partial_avgsalary(salary)").contains("Exchange hashpartitioning");
        assertThat(agg.count()).isEqualTo(4);
    }

    @Test
    void twentyTwoArguments() {
        UDF22<Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer, Integer> sum = (a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22) -> a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 + a14 + a15 + a16 + a17 + a18 + a19 + a20 + a21 + a22;
        assertThat(column(people.limit(1).select(udf(sum, DataTypes.IntegerType).apply(lit(1), lit(2), lit(3), lit(4), lit(5), lit(6), lit(7), lit(8), lit(9), lit(10), lit(11), lit(12), lit(13), lit(14), lit(15), lit(16), lit(17), lit(18), lit(19), lit(20), lit(21), lit(22)))))
                .containsExactly(253);
        spark.udf().register("sum22", sum, DataTypes.IntegerType);
        assertThat(column(spark.sql("SELECT sum22(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22) FROM people LIMIT 1")))
                .containsExactly(253);
    }

    @Test
    void structAndArrayValuesAndBooleanFilters() {
        UserDefinedFunction describe = udf((UDF1<Row, String>) r -> r.getString(0) + "/" + r.getAs("age"),
                DataTypes.StringType);
        assertThat(column(people.select(describe.apply(io.updraft.sql.functions.struct(col("name"), col("age"))))
                .orderBy(col(people.select(describe.apply(io.updraft.sql.functions.struct(col("name"), col("age"))))
                        .columns()[0])))).containsExactly("Andy/30", "Justin/19", "Michael/null");

        UserDefinedFunction letters = udf((UDF1<String, List<String>>) s -> List.of(s.substring(0, 1),
                s.substring(s.length() - 1)), DataTypes.createArrayType(DataTypes.StringType));
        Dataset<Row> arrays = people.select(col("name"), letters.apply(col("name")).as("l")).orderBy("name");
        assertThat(arrays.collectAsList()).containsExactly(Row.of("Andy", List.of("A", "y")),
                Row.of("Justin", List.of("J", "n")), Row.of("Michael", List.of("M", "l")));

        UserDefinedFunction adult = udf((UDF1<Integer, Boolean>) a -> a != null && a >= 21, DataTypes.BooleanType);
        assertThat(column(people.filter(adult.apply(col("age"))).select("name"))).containsExactly("Andy");
        assertThat(people.groupBy(adult.apply(col("age")).as("adult")).count().orderBy("adult").collectAsList())
                .containsExactly(Row.of(false, 2L), Row.of(true, 1L));
    }

    @Test
    void userAggregatesNextToBuiltInOnesAndInHaving() {
        spark.udf().register("meanSalary", udaf(new LongAverage(), Encoders.LONG()));
        Dataset<Row> sql = spark.sql("SELECT substr(name, 1, 1) AS i, meanSalary(salary) AS m, count(*) AS n,"
                + " max(salary) AS top FROM employees GROUP BY substr(name, 1, 1)"
                + " HAVING meanSalary(salary) > 3600 ORDER BY meanSalary(salary) DESC");
        assertThat(sql.collectAsList()).containsExactly(Row.of("A", 4500.0, 1L, 4500L), Row.of("B", 4000.0, 1L,
                4000L));
        Dataset<Row> mixed = employees.toDF().agg(io.updraft.sql.functions.avg(col("salary")),
                new UntypedAverage().apply(col("salary")), io.updraft.sql.functions.count(lit(1)));
        assertThat(mixed.collectAsList()).containsExactly(Row.of(3750.0, 3750.0, 4L));
    }
}
