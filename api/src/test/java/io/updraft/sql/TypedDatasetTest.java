package io.updraft.sql;

import io.updraft.api.java.function.FilterFunction;
import io.updraft.api.java.function.FlatMapFunction;
import io.updraft.api.java.function.MapFunction;
import io.updraft.api.java.function.MapPartitionsFunction;
import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.UpdraftException;
import io.updraft.sql.typed.Person;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static io.updraft.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Typed Dataset operations run by the engine (MapPartitions over Arrow batches) in local mode. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TypedDatasetTest {
    static final AtomicLong SEEN = new AtomicLong();

    private UpdraftSession spark;
    private Dataset<Person> people;

    @BeforeAll
    void start() {
        spark = UpdraftSession.builder().master("local[2]").config("spark.sql.shuffle.partitions", "3")
                .config("spark.ui.showConsoleProgress", "false").create();
        people = spark.createDataset(List.of(new Person("Andy", 30, "Oslo"), new Person("Justin", 19, "Lyon"),
                new Person("Michael", 29, "Oslo"), new Person("Berta", 41, "Lyon"), new Person("Carl", 19, "Rome")),
                Encoders.bean(Person.class));
    }

    @AfterAll
    void stop() {
        spark.stop();
    }

    @Test
    void beanSchemaIsSortedByNameWithPrimitivesNotNull() {
        StructType schema = Encoders.bean(Person.class).schema();
        assertThat(schema.fieldNames()).containsExactly("age", "city", "name");
        assertThat(schema.get(0).nullable()).isFalse();
        assertThat(schema.get(1).nullable()).isTrue();
        assertThat(people.schema()).isEqualTo(schema);
    }

    @Test
    void mapFilterFlatMapAndMapPartitions() {
        Dataset<String> names = people.filter((FilterFunction<Person>) p -> p.getAge() > 20)
                .map((MapFunction<Person, String>) Person::getName, Encoders.STRING());
        assertThat(names.schema().fieldNames()).containsExactly("value");
        assertThat(names.orderBy("value").collectAsList()).containsExactly("Andy", "Berta", "Michael");

        List<String> letters = people.flatMap((FlatMapFunction<Person, String>) p -> Arrays.asList(
                p.getName().substring(0, 1), p.getCity()).iterator(), Encoders.STRING()).collectAsList();
        assertThat(letters).hasSize(10).contains("A", "Oslo", "C", "Rome");

        Dataset<Long> counts = people.repartition(2).mapPartitions((MapPartitionsFunction<Person, Long>) it -> {
            long n = 0;
            while (it.hasNext()) {
                it.next();
                n++;
            }
            return List.of(n).iterator();
        }, Encoders.LONG());
        assertThat(counts.collectAsList().stream().mapToLong(Long::longValue).sum()).isEqualTo(5);
    }

    @Test
    void reduceForeachTransformTailAndToDF() {
        long total = people.map((MapFunction<Person, Long>) Person::getAge, Encoders.LONG())
                .reduce((a, b) -> a + b);
        assertThat(total).isEqualTo(138);
        SEEN.set(0);
        people.foreach(p -> SEEN.addAndGet(p.getAge()));
        assertThat(SEEN.get()).isEqualTo(138);
        SEEN.set(0);
        people.foreachPartition(it -> it.forEachRemaining(p -> SEEN.incrementAndGet()));
        assertThat(SEEN.get()).isEqualTo(5);
        assertThat(people.transform(ds -> ds.limit(2)).count()).isEqualTo(2);
        Person[] last = people.orderBy("name").tail(2);
        assertThat(Arrays.stream(last).map(Person::getName)).containsExactly("Justin", "Michael");
        assertThat(people.toDF("a", "c", "n").columns()).containsExactly("a", "c", "n");
        assertThatThrownBy(() -> people.toDF("a")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("INVALID_COLUMN_COUNT_FOR_TODF");
        assertThatThrownBy(() -> spark.emptyDataset(Encoders.LONG()).reduce((a, b) -> a + b))
                .isInstanceOf(UnsupportedOperationException.class).hasMessage("empty collection");
    }

    @Test
    void asEncoderBindsAsSparkAndFailsAsSpark() {
        Dataset<Row> df = people.toDF();
        Dataset<Person> back = df.select("name", "age", "city").as(Encoders.bean(Person.class));
        assertThat(back.orderBy("name").first().getName()).isEqualTo("Andy");
        assertThat(df.select("name").as(Encoders.STRING()).orderBy("name").first()).isEqualTo("Andy");
        assertThat(df.select("age").as(Encoders.DOUBLE()).orderBy("age").first()).isEqualTo(19.0);
        assertThatThrownBy(() -> df.select("name", "age").as(Encoders.STRING()))
                .isInstanceOf(AnalysisException.class)
                .hasMessage("[UNSUPPORTED_DESERIALIZER.FIELD_NUMBER_MISMATCH] The deserializer is not supported: try"
                        + " to map \"STRUCT<name: STRING, age: BIGINT>\" to Tuple1, but failed as the number of fields"
                        + " does not line up. SQLSTATE: 0A000");
        assertThatThrownBy(() -> df.select("age").as(Encoders.INT()))
                .isInstanceOf(AnalysisException.class).hasMessageStartingWith(
                        "[CANNOT_UP_CAST_DATATYPE] Cannot up cast age from \"BIGINT\" to \"INT\".");
        assertThatThrownBy(() -> df.select("name", "city").as(Encoders.bean(Person.class)))
                .isInstanceOf(AnalysisException.class)
                .hasMessageStartingWith("[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function "
                        + "parameter with name `age` cannot be resolved.");
    }

    @Test
    void createDataFrameFromRowsAndBeans() {
        StructType schema = new StructType(List.of()).add("id", DataTypes.IntegerType).add("s", DataTypes.StringType);
        Dataset<Row> df = spark.createDataFrame(List.of(RowFactory.create(1, "a"), RowFactory.create(2, null)),
                schema);
        assertThat(df.orderBy("id").collectAsList()).extracting(r -> r.get(1)).containsExactly("a", null);
        Dataset<Row> beans = spark.createDataFrame(List.of(new Person("X", 3, "Y")), Person.class);
        assertThat(beans.columns()).containsExactly("age", "city", "name");
        assertThat(spark.emptyDataFrame().columns()).isEmpty();
        Dataset<Tuple2<String, Integer>> pairs = spark.createDataset(List.of(new Tuple2<>("a", 1),
                new Tuple2<>("b", 2)), Encoders.tuple(Encoders.STRING(), Encoders.INT()));
        assertThat(pairs.columns()).containsExactly("_1", "_2");
        assertThat(pairs.orderBy("_1").collectAsList()).containsExactly(new Tuple2<>("a", 1), new Tuple2<>("b", 2));
    }

    @Test
    void selectTypedColumns() {
        Dataset<Tuple2<String, Long>> t = people.select(col("name").as(Encoders.STRING()),
                col("age").as(Encoders.LONG()));
        assertThat(t.orderBy("name").first()).isEqualTo(new Tuple2<>("Andy", 30L));
    }

    @Test
    void groupByKeyOperations() {
        KeyValueGroupedDataset<String, Person> byCity = people.groupByKey(
                (MapFunction<Person, String>) Person::getCity, Encoders.STRING());
        assertThat(byCity.keys().collectAsList()).containsExactlyInAnyOrder("Oslo", "Lyon", "Rome");
        Dataset<String> summary = byCity.mapGroups((k, values) -> {
            List<String> names = new ArrayList<>();
            values.forEachRemaining(p -> names.add(p.getName()));
            names.sort(null);
            return k + ":" + String.join(",", names);
        }, Encoders.STRING());
        assertThat(summary.collectAsList()).containsExactlyInAnyOrder("Oslo:Andy,Michael", "Lyon:Berta,Justin",
                "Rome:Carl");
        Dataset<Tuple2<String, Long>> counts = byCity.count();
        assertThat(counts.columns()).containsExactly("key", "count(1)");
        assertThat(counts.collectAsList()).containsExactlyInAnyOrder(new Tuple2<>("Oslo", 2L),
                new Tuple2<>("Lyon", 2L), new Tuple2<>("Rome", 1L));
        Dataset<Tuple2<String, Long>> oldest = byCity.mapValues((MapFunction<Person, Long>) Person::getAge,
                Encoders.LONG()).reduceGroups(Math::max);
        assertThat(oldest.collectAsList()).containsExactlyInAnyOrder(new Tuple2<>("Oslo", 30L),
                new Tuple2<>("Lyon", 41L), new Tuple2<>("Rome", 19L));
        Dataset<String> firstByAge = byCity.flatMapSortedGroups(new Column[] {col("age")},
                (k, values) -> List.of(k + "=" + values.next().getName()).iterator(), Encoders.STRING());
        assertThat(firstByAge.collectAsList()).containsExactlyInAnyOrder("Oslo=Michael", "Lyon=Justin", "Rome=Carl");
        Dataset<Tuple2<String, Long>> summed = byCity.agg(functions.sum("age").as(Encoders.LONG()));
        assertThat(summed.collectAsList()).containsExactlyInAnyOrder(new Tuple2<>("Oslo", 59L),
                new Tuple2<>("Lyon", 60L), new Tuple2<>("Rome", 19L));
        // agg takes one to eight typed columns, as Spark's: here eight, a 9-tuple with the key first
        TypedColumn<Object, Long> total = functions.sum("age").as(Encoders.LONG());
        TypedColumn<Object, Long> people = functions.count("age").as(Encoders.LONG());
        TypedColumn<Object, Long> oldestAge = functions.max("age").as(Encoders.LONG());
        TypedColumn<Object, Long> youngest = functions.min("age").as(Encoders.LONG());
        Dataset<Tuple9<String, Long, Long, Long, Long, Long, Long, Long, Long>> eight = byCity.agg(total, people,
                oldestAge, youngest, total, people, oldestAge, youngest);
        assertThat(eight.columns()).hasSize(9).startsWith("key");
        assertThat(eight.collectAsList()).containsExactlyInAnyOrder(
                new Tuple9<>("Oslo", 59L, 2L, 30L, 29L, 59L, 2L, 30L, 29L),
                new Tuple9<>("Lyon", 60L, 2L, 41L, 19L, 60L, 2L, 41L, 19L),
                new Tuple9<>("Rome", 19L, 1L, 19L, 19L, 19L, 1L, 19L, 19L));
        assertThat(byCity.agg(total, people, oldestAge, youngest, total).collectAsList())
                .contains(new Tuple6<>("Rome", 19L, 1L, 19L, 19L, 19L));
        Dataset<Integer> states = byCity.mapGroupsWithState((String k, Iterator<Person> values,
                io.updraft.sql.streaming.GroupState<Integer> state) -> {
            int n = state.exists() ? -1 : 0;
            while (values.hasNext()) {
                values.next();
                n++;
            }
            state.update(n);
            return n;
        }, Encoders.INT(), Encoders.INT());
        assertThat(states.collectAsList()).containsExactlyInAnyOrder(2, 2, 1);
    }

    @Test
    void cogroupSeesEveryKeyOfBothSides() {
        Dataset<Tuple2<String, Integer>> scores = spark.createDataset(List.of(new Tuple2<>("Oslo", 1),
                new Tuple2<>("Paris", 2), new Tuple2<>("Oslo", 3)), Encoders.tuple(Encoders.STRING(), Encoders.INT()));
        KeyValueGroupedDataset<String, Person> byCity = people.groupByKey(
                (MapFunction<Person, String>) Person::getCity, Encoders.STRING());
        KeyValueGroupedDataset<String, Tuple2<String, Integer>> scoresByCity = scores.groupByKey(
                (MapFunction<Tuple2<String, Integer>, String>) Tuple2::_1, Encoders.STRING());
        Dataset<String> joined = byCity.cogroup(scoresByCity, (k, ps, ss) -> {
            int sum = 0;
            while (ss.hasNext()) {
                sum += ss.next()._2();
            }
            int n = 0;
            while (ps.hasNext()) {
                ps.next();
                n++;
            }
            return List.of(k + ":" + n + ":" + sum).iterator();
        }, Encoders.STRING());
        assertThat(joined.collectAsList()).containsExactlyInAnyOrder("Oslo:2:4", "Lyon:2:0", "Rome:1:0",
                "Paris:0:2");
    }

    /** People of one city with equal ages and a null name, so a second sort key and the nulls order decide. */
    private Dataset<Person> tiedPeople() {
        return spark.createDataset(List.of(new Person("Dan", 30, "Oslo"), new Person(null, 30, "Oslo"),
                new Person("Bob", 30, "Oslo"), new Person("Eve", 25, "Oslo"), new Person(null, 41, "Lyon"),
                new Person("Al", 41, "Lyon"), new Person("Cy", 19, "Lyon")), Encoders.bean(Person.class))
                .repartition(3).as(Encoders.bean(Person.class));
    }

    private static String names(Iterator<Person> people) {
        List<String> names = new ArrayList<>();
        people.forEachRemaining(p -> names.add(p.getName() + "/" + p.getAge()));
        return String.join(",", names);
    }

    @Test
    void flatMapSortedGroupsSortsOnSeveralExpressionsWithDirectionsAndNulls() {
        KeyValueGroupedDataset<String, Person> byCity = tiedPeople().groupByKey(
                (MapFunction<Person, String>) Person::getCity, Encoders.STRING());
        Dataset<String> descThenNullsLast = byCity.flatMapSortedGroups(
                new Column[] {col("age").desc(), col("name").asc_nulls_last()},
                (k, values) -> List.of(k + ":" + names(values)).iterator(), Encoders.STRING());
        assertThat(descThenNullsLast.collectAsList()).containsExactlyInAnyOrder(
                "Oslo:Bob/30,Dan/30,null/30,Eve/25", "Lyon:Al/41,null/41,Cy/19");
        Dataset<String> ascThenDescNullsFirst = byCity.flatMapSortedGroups(
                new Column[] {col("age"), col("name").desc_nulls_first()},
                (k, values) -> List.of(k + ":" + names(values)).iterator(), Encoders.STRING());
        assertThat(ascThenDescNullsFirst.collectAsList()).containsExactlyInAnyOrder(
                "Oslo:Eve/25,null/30,Dan/30,Bob/30", "Lyon:Cy/19,null/41,Al/41");
        // an expression, not only a column: the length of the name, then the name descending (nulls last)
        Dataset<String> byLength = byCity.flatMapSortedGroups(
                new Column[] {functions.length(col("name")).asc_nulls_last(), col("name").desc()},
                (k, values) -> List.of(k + ":" + names(values)).iterator(), Encoders.STRING());
        assertThat(byLength.collectAsList()).containsExactlyInAnyOrder(
                "Oslo:Eve/25,Dan/30,Bob/30,null/30", "Lyon:Cy/19,Al/41,null/41");
    }

    @Test
    void cogroupSortedSortsEachSideByItsOwnExpressions() {
        Dataset<Tuple2<String, Integer>> scores = spark.createDataset(List.of(new Tuple2<>("Oslo", 1),
                new Tuple2<>("Paris", 2), new Tuple2<>("Oslo", 3), new Tuple2<>("Oslo", null),
                new Tuple2<>("Lyon", 7)), Encoders.tuple(Encoders.STRING(), Encoders.INT()));
        KeyValueGroupedDataset<String, Person> byCity = tiedPeople().groupByKey(
                (MapFunction<Person, String>) Person::getCity, Encoders.STRING());
        KeyValueGroupedDataset<String, Tuple2<String, Integer>> scoresByCity = scores.groupByKey(
                (MapFunction<Tuple2<String, Integer>, String>) Tuple2::_1, Encoders.STRING());
        io.updraft.api.java.function.CoGroupFunction<String, Person, Tuple2<String, Integer>, String> both =
                (k, ps, ss) -> {
                    List<String> s = new ArrayList<>();
                    ss.forEachRemaining(t -> s.add(String.valueOf(t._2())));
                    return List.of(k + ":" + names(ps) + "|" + String.join(",", s)).iterator();
                };
        // the right side read first: the left rows it skips are kept for the left iterator, still in order
        Dataset<String> sorted = byCity.cogroupSorted(scoresByCity,
                new Column[] {col("age").desc(), col("name").asc_nulls_last()},
                new Column[] {col("_2").desc_nulls_first()}, both, Encoders.STRING());
        assertThat(sorted.collectAsList()).containsExactlyInAnyOrder(
                "Oslo:Bob/30,Dan/30,null/30,Eve/25|null,3,1", "Lyon:Al/41,null/41,Cy/19|7", "Paris:|2");
        Dataset<String> otherOrder = byCity.cogroupSorted(scoresByCity,
                new Column[] {col("name").asc_nulls_first()}, new Column[] {col("_2").asc_nulls_last()}, both,
                Encoders.STRING());
        assertThat(otherOrder.collectAsList()).containsExactlyInAnyOrder(
                "Oslo:null/30,Bob/30,Dan/30,Eve/25|1,3,null", "Lyon:null/41,Al/41,Cy/19|7", "Paris:|2");
        // only one side sorted
        Dataset<String> leftOnly = byCity.cogroupSorted(scoresByCity, new Column[] {col("age")}, new Column[0],
                (k, ps, ss) -> List.of(k + ":" + names(ps)).iterator(), Encoders.STRING());
        assertThat(leftOnly.collectAsList()).contains("Paris:")
                .anySatisfy(v -> assertThat(v).startsWith("Lyon:Cy/19,"))
                .anySatisfy(v -> assertThat(v).startsWith("Oslo:Eve/25,"));
    }

    @Test
    void aFailingUserFunctionIsAUserError() {
        Dataset<String> failing = people.map((MapFunction<Person, String>) p -> {
            throw new IllegalStateException("boom " + p.getName());
        }, Encoders.STRING());
        assertThatThrownBy(failing::collectAsList).isInstanceOf(UpdraftException.class)
                .hasMessageContaining("boom");
    }
}
