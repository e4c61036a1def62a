package examples;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoder;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

import static org.apache.spark.sql.functions.col;

/**
 * The Java examples of Spark SQL's "Getting Started" guide (people.json, the Person bean, untyped and typed
 * operations, SQL, global temporary views, schemas by reflection and programmatic), as one program. Updraft's
 * GettingStartedGuideTest runs it on Spark 4.2 as is and on Updraft with its imports changed, and compares what
 * both print. Where the guide goes through an RDD (Updraft has none), the Dataset equivalent stands in: lines
 * read with read().textFile(...) and mapped, or collected into a List given to createDataFrame.
 * Argument: the folder holding people.json and people.txt.
 */
public class JavaSparkSQLExample {

  public static class Person implements Serializable {
    private String name;
    private long age;

    public String getName() {
      return name;
    }

    public void setName(String name) {
      this.name = name;
    }

    public long getAge() {
      return age;
    }

    public void setAge(long age) {
      this.age = age;
    }
  }

  public static void main(String[] args) throws Exception {
    String dir = args[0];
    SparkSession spark = SparkSession
      .builder()
      .appName("Java Spark SQL basic example")
      .config("spark.some.config.option", "some-value")
      .getOrCreate();

    runBasicDataFrameExample(spark, dir);
    runDatasetCreationExample(spark, dir);
    runInferSchemaExample(spark, dir);
    runProgrammaticSchemaExample(spark, dir);

    spark.stop();
  }

  private static void runBasicDataFrameExample(SparkSession spark, String dir) throws Exception {
    Dataset<Row> df = spark.read().json(dir + "/people.json");

    // Displays the content of the DataFrame to stdout
    df.show();

    // Print the schema in a tree format
    df.printSchema();

    // Select only the "name" column
    df.select("name").show();

    // Select everybody, but increment the age by 1
    df.select(col("name"), col("age").plus(1)).show();

    // Select people older than 21
    df.filter(col("age").gt(21)).show();

    // Count people by age
    df.groupBy("age").count().show();

    // Register the DataFrame as a SQL temporary view
    df.createOrReplaceTempView("people");

    Dataset<Row> sqlDF = spark.sql("SELECT * FROM people");
    sqlDF.show();

    // Register the DataFrame as a global temporary view
    df.createGlobalTempView("people");

    // Global temporary view is tied to a system preserved database `global_temp`
    spark.sql("SELECT * FROM global_temp.people").show();

    // Global temporary view is cross-session
    spark.newSession().sql("SELECT * FROM global_temp.people").show();
  }

  private static void runDatasetCreationExample(SparkSession spark, String dir) {
    // Create an instance of a Bean class
    Person person = new Person();
    person.setName("Andy");
    person.setAge(32);

    // Encoders are created for Java beans
    Encoder<Person> personEncoder = Encoders.bean(Person.class);
    Dataset<Person> javaBeanDS = spark.createDataset(
      Collections.singletonList(person),
      personEncoder
    );
    javaBeanDS.show();

    // Encoders for most common types are provided in class Encoders
    Encoder<Long> longEncoder = Encoders.LONG();
    Dataset<Long> primitiveDS = spark.createDataset(Arrays.asList(1L, 2L, 3L), longEncoder);
    Dataset<Long> transformedDS = primitiveDS.map(
        (MapFunction<Long, Long>) value -> value + 1L,
        longEncoder);
    System.out.println(transformedDS.collectAsList()); // [2, 3, 4]

    // DataFrames can be converted to a Dataset by providing a class. Mapping based on name
    String path = dir + "/people.json";
    Dataset<Person> peopleDS = spark.read().json(path).as(personEncoder);
    peopleDS.show();
  }

  private static void runInferSchemaExample(SparkSession spark, String dir) {
    // Create a Dataset of Person objects from a text file (the guide: an RDD)
    Dataset<Person> peopleFromText = spark.read()
      .textFile(dir + "/people.txt")
      .map((MapFunction<String, Person>) line -> {
        String[] parts = line.split(",");
        Person person = new Person();
        person.setName(parts[0]);
        person.setAge(Integer.parseInt(parts[1].trim()));
        return person;
      }, Encoders.bean(Person.class));

    // Apply a schema to a list of JavaBeans to get a DataFrame
    Dataset<Row> peopleDF = spark.createDataFrame(peopleFromText.collectAsList(), Person.class);
    // Register the DataFrame as a temporary view
    peopleDF.createOrReplaceTempView("people");

    // SQL statements can be run by using the sql methods provided by spark
    Dataset<Row> teenagersDF = spark.sql("SELECT name FROM people WHERE age BETWEEN 13 AND 19");

    // The columns of a row in the result can be accessed by field index
    Encoder<String> stringEncoder = Encoders.STRING();
    Dataset<String> teenagerNamesByIndexDF = teenagersDF.map(
        (MapFunction<Row, String>) row -> "Name: " + row.getString(0),
        stringEncoder);
    teenagerNamesByIndexDF.show();

    // or by field name
    Dataset<String> teenagerNamesByFieldDF = teenagersDF.map(
        (MapFunction<Row, String>) row -> "Name: " + row.<String>getAs("name"),
        stringEncoder);
    teenagerNamesByFieldDF.show();
  }

  private static void runProgrammaticSchemaExample(SparkSession spark, String dir) {
    // The lines of the text file (the guide: an RDD)
    List<String> peopleLines = spark.read().textFile(dir + "/people.txt").collectAsList();

    // The schema is encoded in a string
    String schemaString = "name age";

    // Generate the schema based on the string of schema
    List<StructField> fields = new ArrayList<>();
    for (String fieldName : schemaString.split(" ")) {
      StructField field = DataTypes.createStructField(fieldName, DataTypes.StringType, true);
      fields.add(field);
    }
    StructType schema = DataTypes.createStructType(fields);

    // Convert records of the text (people) to Rows
    List<Row> rows = new ArrayList<>();
    for (String record : peopleLines) {
      String[] attributes = record.split(",");
      rows.add(RowFactory.create(attributes[0], attributes[1].trim()));
    }

    // Apply the schema to the rows
    Dataset<Row> peopleDataFrame = spark.createDataFrame(rows, schema);

    // Creates a temporary view using the DataFrame
    peopleDataFrame.createOrReplaceTempView("people");

    // SQL can be run over a temporary view created using DataFrames
    Dataset<Row> results = spark.sql("SELECT name FROM people");

    // The results of SQL queries are DataFrames and support all the normal Dataset operations
    // The columns of a row in the result can be accessed by field index or by field name
    Dataset<String> namesDS = results.map(
        (MapFunction<Row, String>) row -> "Name: " + row.getString(0),
        Encoders.STRING());
    namesDS.show();
  }
}
