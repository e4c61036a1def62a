package examples;

import java.util.Arrays;
import java.util.List;

import org.apache.spark.SparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.expressions.WindowSpec;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.Option;
import scala.Tuple2;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.row_number;

/**
 * A Spark Java job using what migrated by more than its imports before issue 10's last steps: the active session
 * as a scala.Option, sparkContext().setLogLevel, Window from org.apache.spark.sql.expressions, StructType.fields()
 * as an array and getFieldIndex. GettingStartedGuideTest runs it on Spark 4.2 as is and on Updraft with its
 * imports changed, and compares what both print.
 */
public class JavaSparkMigrationExample {

  public static void main(String[] args) {
    System.out.println("active session before: " + SparkSession.getActiveSession().isDefined());
    SparkSession spark = SparkSession.builder().appName("Java Spark migration example").getOrCreate();
    SparkContext sc = spark.sparkContext();
    sc.setLogLevel("WARN");
    try {
      sc.setLogLevel("LOUD");
    } catch (IllegalArgumentException e) {
      System.out.println(e.getMessage());
    }
    Option<SparkSession> active = SparkSession.getActiveSession();
    System.out.println("active session: " + active.isDefined() + ", the same: " + (active.get() == spark)
        + ", active(): " + (SparkSession.active() == spark) + ", default: " + SparkSession.getDefaultSession().nonEmpty());
    System.out.println("app: " + sc.appName() + ", master: " + sc.master() + ", parallelism: " + sc.defaultParallelism());

    StructType schema = new StructType()
      .add("dept", "string", false)
      .add("name", DataTypes.StringType)
      .add("salary", "int", false);
    List<Row> rows = Arrays.asList(
      RowFactory.create("eng", "Ann", 120),
      RowFactory.create("eng", "Bob", 100),
      RowFactory.create("eng", "Cid", 110),
      RowFactory.create("ops", "Dee", 90),
      RowFactory.create("ops", "Eve", 95));
    Dataset<Row> people = spark.createDataFrame(rows, schema);

    for (StructField f : people.schema().fields()) {
      System.out.println(f.name() + ": " + f.dataType() + (f.nullable() ? "" : " not null"));
    }
    System.out.println("fields: " + people.schema().fields().length + ", names: " + Arrays.toString(schema.names())
        + ", empty: " + schema.isEmpty() + ", " + new StructType().isEmpty());
    Option<Object> salary = schema.getFieldIndex("salary");
    System.out.println("salary at " + salary + " = " + salary.get() + ", Salary at " + schema.getFieldIndex("Salary")
        + ", bonus defined: " + schema.getFieldIndex("bonus").isDefined());
    schema.printTreeString();
    for (Tuple2<String, String> t : people.dtypes()) {
      System.out.println(t._1() + " " + t._2());
    }

    WindowSpec bySalary = Window.partitionBy("dept").orderBy(col("salary").desc());
    people.withColumn("rank", row_number().over(bySalary))
      .orderBy(col("dept"), col("rank"))
      .show();
    people.select(col("name"), row_number().over(Window.orderBy(col("name"))).as("n"))
      .orderBy("n")
      .show();

    spark.stop();
    System.out.println("active session after stop: " + SparkSession.getActiveSession().isDefined());
  }
}
