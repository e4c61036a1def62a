package io.updraft.bench.spark;

import org.apache.spark.sql.*;
import org.apache.spark.sql.api.java.*;
import org.apache.spark.sql.expressions.*;
import org.apache.spark.sql.types.*;
import org.apache.spark.api.java.function.MapFunction;
import java.io.Serializable;
import java.util.*;
import static org.apache.spark.sql.functions.*;

/**
 * Spark 4.2's answers for issue 10's user-defined functions and aggregates (the values api's
 * {@code udf/UserDefinedFunctionsTest} asserts): the same UDFs, Aggregators and UDAF over the same rows, printed as
 * {@code PROBE key = value} lines (rows sorted by their text, errors as their first line). bench's
 * {@code SparkUdfCasesTest} runs it and compares every line with Updraft's run of the same source (its copy
 * {@code UpdraftUdfProbe}: only the imports differ). By hand (it needs no data):
 * {@code java <bench-spark's JVM options> -cp bench-spark/target/updraft-bench-spark-*.jar:$(cat
 * bench-spark/target/classpath.txt) io.updraft.bench.spark.UdfProbe}.
 */
public class UdfProbe {
    public static class Employee implements Serializable {
        private String name; private long salary;
        public Employee() {}
        public Employee(String n, long s) { name = n; salary = s; }
        public String getName() { return name; } public void setName(String n) { name = n; }
        public long getSalary() { return salary; } public void setSalary(long s) { salary = s; }
    }
    public static class Average implements Serializable {
        private long sum; private long count;
        public Average() {}
        public Average(long s, long c) { sum = s; count = c; }
        public long getSum() { return sum; } public void setSum(long s) { sum = s; }
        public long getCount() { return count; } public void setCount(long c) { count = c; }
    }
    public static class TypedAverage extends Aggregator<Employee, Average, Double> {
        public Average zero() { return new Average(0L, 0L); }
        public Average reduce(Average b, Employee e) { b.setSum(b.getSum() + e.getSalary()); b.setCount(b.getCount() + 1); return b; }
        public Average merge(Average b1, Average b2) { b1.setSum(b1.getSum() + b2.getSum()); b1.setCount(b1.getCount() + b2.getCount()); return b1; }
        public Double finish(Average r) { return ((double) r.getSum()) / r.getCount(); }
        public Encoder<Average> bufferEncoder() { return Encoders.bean(Average.class); }
        public Encoder<Double> outputEncoder() { return Encoders.DOUBLE(); }
    }
    public static class LongAverage extends Aggregator<Long, Average, Double> {
        public Average zero() { return new Average(0L, 0L); }
        public Average reduce(Average b, Long e) { b.setSum(b.getSum() + e); b.setCount(b.getCount() + 1); return b; }
        public Average merge(Average b1, Average b2) { b1.setSum(b1.getSum() + b2.getSum()); b1.setCount(b1.getCount() + b2.getCount()); return b1; }
        public Double finish(Average r) { return ((double) r.getSum()) / r.getCount(); }
        public Encoder<Average> bufferEncoder() { return Encoders.bean(Average.class); }
        public Encoder<Double> outputEncoder() { return Encoders.DOUBLE(); }
    }
    public static class UntypedAverage extends UserDefinedAggregateFunction {
        public StructType inputSchema() { return new StructType().add("inputColumn", DataTypes.LongType); }
        public StructType bufferSchema() { return new StructType().add("sum", DataTypes.LongType).add("count", DataTypes.LongType); }
        public DataType dataType() { return DataTypes.DoubleType; }
        public boolean deterministic() { return true; }
        public void initialize(MutableAggregationBuffer b) { b.update(0, 0L); b.update(1, 0L); }
        public void update(MutableAggregationBuffer b, Row in) { if (!in.isNullAt(0)) { b.update(0, b.getLong(0) + in.getLong(0)); b.update(1, b.getLong(1) + 1); } }
        public void merge(MutableAggregationBuffer b1, Row b2) { b1.update(0, b1.getLong(0) + b2.getLong(0)); b1.update(1, b1.getLong(1) + b2.getLong(1)); }
        public Double evaluate(Row b) { return ((double) b.getLong(0)) / b.getLong(1); }
    }
    static java.io.PrintStream out = System.out;
    static void p(String k, Object v) { out.println("PROBE " + k + " = " + (v instanceof List<?> l ? sorted(l) : v)); }
    /** Rows in a fixed order (their text sorted): both engines' row order is not defined. */
    static List<String> sorted(List<?> rows) { List<String> s = new ArrayList<>(); for (Object r : rows) { s.add(String.valueOf(r)); } Collections.sort(s); return s; }
    static void t(String k, Runnable r) { try { r.run(); } catch (Throwable e) { p(k + " ERROR", (e.getClass().getName() + ": " + e.getMessage()).lines().findFirst().orElse("")); } }

    public static void main(String[] a) {
        SparkSession spark = SparkSession.builder().master("local[2]").config("spark.ui.enabled", "false").config("spark.sql.session.timeZone", "UTC").getOrCreate();
        spark.sparkContext().setLogLevel("ERROR");
        run(spark);
        spark.stop();
    }

    static void run(SparkSession spark) {
        Dataset<Employee> emp = spark.createDataset(Arrays.asList(new Employee("Michael", 3000), new Employee("Andy", 4500), new Employee("Justin", 3500), new Employee("Berta", 4000)), Encoders.bean(Employee.class));
        emp.createOrReplaceTempView("employees");
        StructType schema = new StructType().add("name", DataTypes.StringType).add("age", DataTypes.IntegerType).add("price", DataTypes.createDecimalType(10, 2));
        Dataset<Row> people = spark.createDataFrame(Arrays.asList(RowFactory.create("Michael", null, new java.math.BigDecimal("1.50")), RowFactory.create("Andy", 30, new java.math.BigDecimal("2.25")), RowFactory.create("Justin", 19, null)), schema);
        people.createOrReplaceTempView("people");
        UserDefinedFunction len = udf((UDF1<String, Integer>) String::length, DataTypes.IntegerType);
        t("unnamed", () -> { Dataset<Row> d = people.select(len.apply(col("name"))); p("unnamed.columns", Arrays.toString(d.columns())); p("unnamed.nullable", d.schema().fields()[0].nullable()); });
        UserDefinedFunction tag = udf((UDF2<String, Integer, String>) (s, n) -> s + "-" + n, DataTypes.StringType).withName("tag");
        t("named", () -> p("named.columns", Arrays.toString(people.select(tag.apply(col("name"), lit(1))).columns())));
        UserDefinedFunction c0 = udf((UDF0<String>) () -> "x", DataTypes.StringType).asNonNullable();
        t("udf0", () -> { Dataset<Row> d = people.select(c0.apply()); p("udf0.columns", Arrays.toString(d.columns())); p("udf0.nullable", d.schema().fields()[0].nullable()); });
        UserDefinedFunction three = udf((UDF3<String, Integer, java.math.BigDecimal, String>) (s, n, d) -> s + n + d, DataTypes.StringType);
        t("three", () -> p("three.rows", people.select(three.apply(col("name"), col("age"), col("price"))).collectAsList()));
        UserDefinedFunction orMinus = udf((UDF1<Integer, Integer>) x -> x == null ? -1 : x + 1, DataTypes.IntegerType);
        t("nullarg", () -> p("nullarg.rows", people.select(orMinus.apply(col("age"))).collectAsList()));
        UserDefinedFunction plusOne = udf((UDF1<Integer, Integer>) x -> x + 1, DataTypes.IntegerType).withName("plusOne");
        t("npe", () -> p("npe.rows", people.select(plusOne.apply(col("age"))).collectAsList()));
        UserDefinedFunction nothing = udf((UDF1<String, String>) s -> s.startsWith("J") ? null : s.toUpperCase(), DataTypes.StringType);
        t("nullret", () -> p("nullret.rows", people.select(nothing.apply(col("name"))).collectAsList()));
        spark.udf().register("strLen", (UDF1<String, Integer>) String::length, DataTypes.IntegerType);
        t("sql", () -> p("sql.rows", spark.sql("SELECT name, strlen(name) AS n FROM people WHERE STRLEN(name) > 4 ORDER BY n").collectAsList()));
        t("sqlname", () -> p("sqlname.columns", Arrays.toString(spark.sql("SELECT strLen(name), STRLEN(name) FROM people").columns())));
        t("calludf", () -> p("calludf.columns", Arrays.toString(people.select(callUDF("strLen", col("name")), call_function("strlen", col("name"))).columns())));
        t("selectExpr", () -> p("selectExpr.columns", Arrays.toString(people.selectExpr("strlen(name)").columns())));
        UserDefinedFunction twice = spark.udf().register("twice", udf((UDF1<Integer, Integer>) x -> x == null ? null : 2 * x, DataTypes.IntegerType));
        t("twicename", () -> p("twice.name", twice.name()));
        t("wrongargs", () -> spark.sql("SELECT twice(age, age) FROM people"));
        t("toColumn", () -> { Dataset<Double> d = emp.select(new TypedAverage().toColumn()); p("toColumn.columns", Arrays.toString(d.columns())); p("toColumn.rows", d.collectAsList()); });
        t("toColumnNamed", () -> p("toColumnNamed.columns", Arrays.toString(emp.select(new TypedAverage().toColumn().name("average_salary")).columns())));
        t("groupByKey", () -> { Dataset<?> d = emp.groupByKey((MapFunction<Employee, Integer>) e -> e.getName().length(), Encoders.INT()).agg(new TypedAverage().toColumn()); p("groupByKey.columns", Arrays.toString(d.columns())); p("groupByKey.rows", d.collectAsList()); });
        Dataset<Employee> none = emp.filter(col("salary").lt(0));
        t("empty", () -> p("empty.rows", none.select(new TypedAverage().toColumn()).collectAsList()));
        t("emptyGrouped", () -> p("emptyGrouped.rows", none.groupByKey((MapFunction<Employee, String>) Employee::getName, Encoders.STRING()).agg(new TypedAverage().toColumn()).collectAsList()));
        UserDefinedFunction avg = udaf(new LongAverage(), Encoders.LONG());
        t("udafcol", () -> p("udafcol.columns", Arrays.toString(emp.toDF().agg(avg.apply(col("salary"))).columns())));
        spark.udf().register("myAverage", avg);
        t("udafsql", () -> { Dataset<Row> d = spark.sql("SELECT myAverage(salary) FROM employees"); p("udafsql.columns", Arrays.toString(d.columns())); p("udafsql.rows", d.collectAsList()); });
        t("udafint", () -> p("udafint.rows", spark.sql("SELECT myaverage(age) FROM people").collectAsList()));
        t("udafEmpty", () -> p("udafEmpty.rows", spark.sql("SELECT myaverage(salary) FROM employees WHERE salary < 0").collectAsList()));
        String doubled = "(SELECT salary FROM employees UNION ALL SELECT salary FROM employees WHERE salary > 3500)";
        t("udafDistinct", () -> { Dataset<Row> d = spark.sql("SELECT myAverage(DISTINCT salary), myAverage(salary) FROM " + doubled); p("udafDistinct.columns", Arrays.toString(d.columns())); p("udafDistinct.rows", d.collectAsList()); });
        t("udafFilter", () -> { Dataset<Row> d = spark.sql("SELECT myAverage(salary) FILTER (WHERE salary > 3000) FROM employees"); p("udafFilter.columns", Arrays.toString(d.columns())); p("udafFilter.rows", d.collectAsList()); });
        t("udafFilterGroups", () -> p("udafFilterGroups.rows", spark.sql("SELECT name, myAverage(salary) FILTER (WHERE salary > 3500) AS a, count(*) FROM employees GROUP BY name").collectAsList()));
        t("udafDistinctFilter", () -> { Dataset<Row> d = spark.sql("SELECT myAverage(DISTINCT salary) FILTER (WHERE salary < 4500), count(DISTINCT salary), sum(salary) FROM " + doubled); p("udafDistinctFilter.columns", Arrays.toString(d.columns())); p("udafDistinctFilter.rows", d.collectAsList()); });
        UntypedAverage ua = new UntypedAverage();
        t("untypedcol", () -> p("untypedcol.columns", Arrays.toString(emp.toDF().agg(ua.apply(col("salary"))).columns())));
        spark.udf().register("untypedAverage", ua);
        t("untypedsql", () -> { Dataset<Row> d = spark.sql("SELECT untypedAverage(salary) FROM employees"); p("untypedsql.columns", Arrays.toString(d.columns())); p("untypedsql.rows", d.collectAsList()); });
        t("untypedint", () -> p("untypedint.rows", spark.sql("SELECT untypedaverage(age) FROM people").collectAsList()));
        t("untypedDistinctFilter", () -> { Dataset<Row> d = spark.sql("SELECT untypedAverage(DISTINCT salary), untypedAverage(salary) FILTER (WHERE salary > 3500) FROM " + doubled); p("untypedDistinctFilter.columns", Arrays.toString(d.columns())); p("untypedDistinctFilter.rows", d.collectAsList()); });
        t("untypedDistinctColumn", () -> { Dataset<Row> d = spark.sql("SELECT * FROM " + doubled).agg(ua.distinct(col("salary")), ua.apply(col("salary"))); p("untypedDistinctColumn.columns", Arrays.toString(d.columns())); p("untypedDistinctColumn.rows", d.collectAsList()); });
        t("untypedDistinctGroups", () -> p("untypedDistinctGroups.rows", spark.sql("SELECT * FROM " + doubled).groupBy(col("salary").gt(3500).as("high")).agg(ua.distinct(col("salary"))).collectAsList()));
        t("untypedDistinctWindow", () -> p("untypedDistinctWindow.rows", spark.sql("SELECT * FROM " + doubled).select(ua.distinct(col("salary")).over(Window.orderBy(col("salary")))).collectAsList()));
        t("udafWindow", () -> { Dataset<Row> d = spark.sql("SELECT name, myAverage(salary) OVER (ORDER BY salary) AS a, untypedAverage(salary) OVER (ORDER BY salary ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS b, myAverage(salary) OVER () AS c, myAverage(salary) OVER (PARTITION BY length(name) ORDER BY salary DESC) AS d FROM employees"); p("udafWindow.rows", d.collectAsList()); });
        t("udafWindowCol", () -> { Dataset<Row> d = emp.toDF().select(col("name"), avg.apply(col("salary")).over(Window.orderBy(col("salary").desc()).rowsBetween(-1, 1)), ua.apply(col("salary")).over(Window.partitionBy(col("name").substr(1, 1)))); p("udafWindowCol.rows", d.collectAsList()); });
        t("untypedEmpty", () -> p("untypedEmpty.rows", spark.sql("SELECT untypedaverage(salary) FROM employees WHERE salary < 0").collectAsList()));
        t("explain", () -> p("explain", emp.toDF().groupBy(col("name").substr(1, 1).as("initial")).agg(udaf(new LongAverage(), Encoders.LONG()).withName("avgSalary").apply(col("salary"))).queryExecution().executedPlan().toString().contains("avgsalary(salary")));
    }
}
