package io.updraft.sql;

import io.updraft.api.java.function.MapFunction;
import io.updraft.core.error.AnalysisException;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import io.updraft.storage.StorageLevel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static io.updraft.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The rest of issue 10's Dataset surface in local mode: range, toJSON, toLocalIterator, joinWith's schema, sample,
 * randomSplit, sampleBy, freqItems, unpivot/melt, inputFiles, colRegex, sortWithinPartitions, persistence. Where
 * Spark's output is subtle the expected values are Spark 4.2's, printed by bench-spark's {@code DatasetSurfaceProbe}
 * (run live, same inputs and partitioning).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DatasetSurfaceTest {
    static final AtomicLong COMPUTED = new AtomicLong();

    private UpdraftSession spark;

    @BeforeAll
    void start() {
        spark = UpdraftSession.builder().master("local[2]").config("spark.sql.shuffle.partitions", "4")
                .config("spark.sql.session.timeZone", "UTC").config("spark.ui.showConsoleProgress", "false")
                .create();
    }

    @AfterAll
    void stop() {
        spark.stop();
    }

    /** Spark's {@code VALUES} rows (id columns not null, as Spark types them). */
    private Dataset<Row> values(String ddl, Object[]... rows) {
        List<Row> list = new ArrayList<>();
        for (Object[] r : rows) {
            list.add(Row.of(r));
        }
        return spark.createDataFrame(list, StructType.fromDDL(ddl));
    }

    private static List<Long> ids(Dataset<?> ds) {
        return ds.toDF().collectAsList().stream().map(r -> r.getLong(0)).toList();
    }

    @Test
    void rangeInAllItsForms() {
        Dataset<Long> r = spark.range(0, 10, 3, 2);
        assertThat(r.schema().simpleString()).isEqualTo("struct<id:bigint>");
        assertThat(r.schema().get(0).nullable()).isFalse();
        assertThat(r.collectAsList()).containsExactly(0L, 3L, 6L, 9L);
        assertThat(spark.range(5).collectAsList()).containsExactly(0L, 1L, 2L, 3L, 4L);
        assertThat(spark.range(3, 6).collectAsList()).containsExactly(3L, 4L, 5L);
        assertThat(spark.range(10, 0, -4).collectAsList()).containsExactly(10L, 6L, 2L);
        assertThat(spark.range(5, 5).count()).isZero();
        assertThat(spark.range(0, 1_000_000, 1, 3).count()).isEqualTo(1_000_000);
        assertThat(spark.range(Long.MAX_VALUE - 2, Long.MAX_VALUE).collectAsList())
                .containsExactly(Long.MAX_VALUE - 2, Long.MAX_VALUE - 1);
        assertThat(spark.range(0, 7, 1, 3).map((MapFunction<Long, Long>) x -> x * x, Encoders.LONG())
                .collectAsList()).containsExactly(0L, 1L, 4L, 9L, 16L, 25L, 36L);
        assertThatThrownBy(() -> spark.range(0, 10, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("step (0) cannot be 0");
    }

    @Test
    void sortWithinPartitionsSortsEachPartitionWhereItIs() {
        // Spark 4.2: range(0, 6, 1, 2).sortWithinPartitions(desc) = [2, 1, 0, 5, 4, 3]
        Dataset<Long> sorted = spark.range(0, 6, 1, 2).sortWithinPartitions(col("id").desc());
        assertThat(ids(sorted)).containsExactly(2L, 1L, 0L, 5L, 4L, 3L);
        assertThat(ids(spark.range(0, 6, 1, 2).sortWithinPartitions("id"))).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
        assertThat(sorted.queryExecution().toString()).contains("DESC NULLS LAST], false")
                .doesNotContain("RangePartitioning");
        assertThat(ids(spark.range(0, 6, 1, 2).orderBy(col("id").desc()))).containsExactly(5L, 4L, 3L, 2L, 1L, 0L);
    }

    @Test
    void toJsonIsSparksText() {
        StructType schema = StructType.fromDDL("i int, l bigint, d double, f float, t tinyint, s smallint,"
                + " dec decimal(5,2), str string, n string, b boolean, dt date, ts timestamp, arr array<int>,"
                + " st struct<a:int,b:string>, m map<string,double>, bin binary, nan double, big double");
        Row st = Row.withSchema((StructType) schema.get(13).dataType(), new Object[] {1, "z"});
        Row row = Row.of(1, 2L, 1.5, 2.5f, (byte) 3, (short) 4, new java.math.BigDecimal("1.50"), "x\"y", null, true,
                java.sql.Date.valueOf("2024-01-02"), java.sql.Timestamp.from(java.time.Instant.parse(
                        "2024-01-02T03:04:05.123Z")), java.util.Arrays.asList(1, null), st, Map.of("k", 1.0),
                new byte[] {1, (byte) 0xFF}, Double.NaN, 1.0E10);
        Dataset<String> json = spark.createDataFrame(List.of(row), schema).toJSON();
        assertThat(json.schema().simpleString()).isEqualTo("struct<value:string>");
        // Spark 4.2's toJSON of the same row (the probe builds it in SQL), session time zone UTC
        assertThat(json.collectAsList()).containsExactly("{\"i\":1,\"l\":2,\"d\":1.5,\"f\":2.5,\"t\":3,\"s\":4,"
                + "\"dec\":1.50,\"str\":\"x\\\"y\",\"b\":true,\"dt\":\"2024-01-02\",\"ts\":\"2024-01-02T03:04:05.123Z\","
                + "\"arr\":[1,null],\"st\":{\"a\":1,\"b\":\"z\"},\"m\":{\"k\":1.0},\"bin\":\"Af8=\",\"nan\":\"NaN\","
                + "\"big\":1.0E10}");
        Dataset<byte[]> bin = spark.createDataset(List.of(new byte[] {1, (byte) 0xFF}), Encoders.BINARY());
        assertThat(bin.toJSON().collectAsList()).containsExactly("{\"value\":\"Af8=\"}");
    }

    @Test
    void toLocalIteratorReadsOneChunkAtATime() {
        long n = 3L * LocalIterator.CHUNK_ROWS + 17;
        Iterator<Long> it = spark.range(0, n, 1, 2).toLocalIterator();
        LocalIterator<Long> chunks = (LocalIterator<Long>) it;
        assertThat(chunks.chunks()).isGreaterThanOrEqualTo(4);
        assertThat(chunks.chunksRead()).isZero();
        assertThat(it.next()).isZero();
        assertThat(chunks.chunksRead()).isEqualTo(1);
        long expected = 1;
        while (it.hasNext()) {
            assertThat(it.next()).isEqualTo(expected++);
            assertThat(chunks.chunksRead()).isLessThanOrEqualTo((int) (expected / LocalIterator.CHUNK_ROWS) + 2);
        }
        assertThat(expected).isEqualTo(n);
        assertThat(chunks.chunksRead()).isEqualTo(chunks.chunks());
        Iterator<Row> structs = spark.sql("SELECT named_struct('a', 1) AS s").toLocalIterator();
        assertThat(structs.next().getStruct(0).getInt(0)).isEqualTo(1);
        assertThat(structs.hasNext()).isFalse();
    }

    @Test
    void joinWithHasSparksTwoColumns() {
        Dataset<Row> l = values("id int not null, v string not null", new Object[] {1, "a"}, new Object[] {2, "b"},
                new Object[] {3, "c"}).as("l");
        Dataset<Row> r = values("id int not null, w double not null", new Object[] {1, 10.5}, new Object[] {3, 30.0},
                new Object[] {4, 40.0}).as("r");
        Dataset<Tuple2<Row, Row>> jw = l.joinWith(r, col("l.id").equalTo(col("r.id")), "left_outer");
        assertThat(jw.schema().simpleString())
                .isEqualTo("struct<_1:struct<id:int,v:string>,_2:struct<id:int,w:double>>");
        assertThat(jw.schema().get(0).nullable()).isFalse();
        assertThat(jw.schema().get(1).nullable()).isTrue();
        assertThat(((StructType) jw.schema().get(1).dataType()).get(1).nullable()).isFalse();   // as Spark
        assertThat(jw.toDF().orderBy(col("_1.id")).collectAsList().toString())
                .isEqualTo("[[[1,a],[1,10.5]], [[2,b],null], [[3,c],[3,30.0]]]");
        List<Tuple2<Row, Row>> pairs = jw.orderBy(col("_1.id")).collectAsList();
        assertThat(pairs.get(1)._2()).isNull();
        assertThat(pairs.get(0)._2().getDouble(1)).isEqualTo(10.5);

        Dataset<Integer> ints = spark.createDataset(List.of(1, 2, 3), Encoders.INT()).as("a");
        Dataset<Integer> ints2 = spark.createDataset(List.of(2, 3, 4), Encoders.INT()).as("b");
        Dataset<Tuple2<Integer, Integer>> full = ints.joinWith(ints2, col("a.value").equalTo(col("b.value")),
                "full_outer");
        assertThat(full.schema().simpleString()).isEqualTo("struct<_1:int,_2:int>");
        assertThat(full.toDF().orderBy(col("_1"), col("_2")).collectAsList().toString())
                .isEqualTo("[[null,4], [1,null], [2,2], [3,3]]");
        assertThat(full.collectAsList()).contains(new Tuple2<>(null, 4), new Tuple2<>(1, null));

        Dataset<Row> repeated = l.join(r, col("l.id").equalTo(col("r.id")));   // id twice
        assertThatThrownBy(() -> repeated.as("j").joinWith(r.as("q"), col("j.w").equalTo(col("q.w"))))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("two columns named `id`");
    }

    @Test
    void sampleKeepsSparksRowsForTheSeed() {
        Dataset<Row> hundred = spark.range(0, 100, 1, 1).toDF();
        // Spark 4.2: range(0, 100, 1, 1).sample(0.1, 7)
        assertThat(ids(hundred.sample(0.1, 7))).containsExactly(11L, 13L, 20L, 25L, 27L, 39L, 42L, 56L, 58L, 61L,
                63L, 67L, 71L);
        assertThat(ids(hundred.sample(false, 0.1, 7))).isEqualTo(ids(hundred.sample(0.1, 7)));
        List<Long> withReplacement = ids(hundred.sample(true, 0.5, 3));
        assertThat(ids(hundred.sample(true, 0.5, 3))).isEqualTo(withReplacement);   // Spark's rows (core's SampleFunctionTest, bench)
        assertThat(withReplacement.size()).isBetween(25, 75);
        assertThat(ids(hundred.sample(1.0, 1))).hasSize(100);
        assertThat(hundred.sample(0.0, 1).count()).isZero();
        assertThatThrownBy(() -> hundred.sample(1.5, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("requirement failed: Sampling fraction (1.5) must be on interval [0, 1] without replacement");
        assertThatThrownBy(() -> hundred.sample(true, -1, 1)).hasMessageContaining("must be nonnegative");
    }

    @Test
    void randomSplitIsDeterministicDisjointAndComplete() {
        Dataset<Row> hundred = spark.range(0, 100, 1, 1).toDF();
        Dataset<Row>[] splits = hundred.randomSplit(new double[] {0.5, 0.5}, 7);
        // Spark 4.2: sizes 47 and 53
        assertThat(splits[0].count()).isEqualTo(47);
        assertThat(splits[1].count()).isEqualTo(53);
        Set<Long> all = new HashSet<>(ids(splits[0]));
        all.addAll(ids(splits[1]));
        assertThat(all).hasSize(100);
        Dataset<Row>[] again = spark.range(0, 100, 1, 1).toDF().randomSplit(new double[] {1, 1}, 7);
        assertThat(ids(again[0])).isEqualTo(ids(splits[0]));
        Dataset<Row> shuffled = hundred.repartition(1, col("id"));
        assertThat(ids(shuffled.randomSplit(new double[] {0.5, 0.5}, 7)[0])).isEqualTo(ids(splits[0]));
        assertThat(hundred.randomSplitAsList(new double[] {1, 2, 3}, 5).stream().mapToLong(Dataset::count).sum())
                .isEqualTo(100);
        assertThatThrownBy(() -> hundred.randomSplit(new double[] {-1, 2}, 1))
                .hasMessage("requirement failed: Weights must be nonnegative, but got [-1.0,2.0]");
        assertThatThrownBy(() -> hundred.randomSplit(new double[] {0, 0}, 1))
                .hasMessage("requirement failed: Sum of weights must be positive, but got [0.0,0.0]");
    }

    @Test
    void statSampleByAndFreqItems() {
        Dataset<Row> strata = spark.range(0, 100, 1, 1).toDF().withColumn("k", col("id").mod(3));
        Dataset<Row> sampled = strata.stat().sampleBy("k", Map.of(0L, 0.5, 1L, 0.0), 7);
        assertThat(sampled.schema().simpleString()).isEqualTo("struct<id:bigint,k:bigint>");
        assertThat(sampled.count()).isEqualTo(15);   // Spark 4.2: 15
        assertThat(sampled.filter(col("k").notEqual(0)).count()).isZero();
        assertThat(strata.stat().sampleBy(col("k"), Map.of(0L, 0.5, 1L, 0.0), 7).count()).isEqualTo(15);
        assertThatThrownBy(() -> strata.stat().sampleBy("k", Map.of(0L, 1.5), 7))
                .hasMessageContaining("Fractions must be in [0, 1]");

        Dataset<Row> t = values("x int not null, y string not null", new Object[] {1, "a"}, new Object[] {1, "b"},
                new Object[] {2, "a"}, new Object[] {1, "a"});
        Dataset<Row> fi = t.stat().freqItems(new String[] {"x", "y"}, 0.4);
        assertThat(fi.schema().simpleString()).isEqualTo("struct<x_freqItems:array<int>,y_freqItems:array<string>>");
        assertThat(fi.schema().get(0).nullable()).isFalse();
        assertThat(((io.updraft.sql.types.ArrayType) fi.schema().get(0).dataType()).containsNull()).isFalse();
        Row row = fi.collectAsList().get(0);
        assertThat(row.<Integer>getList(0)).containsExactlyInAnyOrder(1, 2);   // Spark 4.2: [1, 2], [a, b]
        assertThat(row.<String>getList(1)).containsExactlyInAnyOrder("a", "b");
        assertThat(t.stat().freqItems(new String[] {"x"}).collectAsList().get(0).<Integer>getList(0))
                .containsExactlyInAnyOrder(1, 2);
        Dataset<Row> many = spark.range(0, 1000, 1, 2).toDF().withColumn("v",
                functions.when(col("id").lt(600), functions.lit(7L)).otherwise(col("id")));
        assertThat(many.stat().freqItems(new String[] {"v"}, 0.5).collectAsList().get(0).<Long>getList(0))
                .contains(7L);
        assertThatThrownBy(() -> t.stat().freqItems(new String[] {"x"}, 0)).hasMessageContaining("Support must be");
    }

    @Test
    void unpivotAndMeltAsSpark() {
        Dataset<Row> wide = values("id int not null, a int not null, b bigint", new Object[] {1, 11, 12L},
                new Object[] {2, 21, null});
        Dataset<Row> unp = wide.unpivot(new Column[] {col("id")}, new Column[] {col("a"), col("b")}, "var", "val");
        assertThat(unp.schema().simpleString()).isEqualTo("struct<id:int,var:string,val:bigint>");
        assertThat(unp.schema().fieldList().stream().map(StructField::nullable).toList())
                .containsExactly(false, false, true);
        assertThat(unp.collectAsList().toString()).isEqualTo("[[1,a,11], [1,b,12], [2,a,21], [2,b,null]]");
        Dataset<Row> melt = wide.melt(new Column[] {col("id")}, "variable", "value");
        assertThat(melt.schema().simpleString()).isEqualTo("struct<id:int,variable:string,value:bigint>");
        assertThat(melt.collectAsList().toString()).isEqualTo("[[1,a,11], [1,b,12], [2,a,21], [2,b,null]]");
        assertThatThrownBy(() -> wide.unpivot(new Column[] {col("id"), col("a"), col("b")}, "v", "x"))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("[UNPIVOT_REQUIRES_VALUE_COLUMNS]");
        Dataset<Row> mixed = spark.sql("SELECT 1 AS id, 'x' AS s, named_struct('a', 1) AS st");
        assertThatThrownBy(() -> mixed.unpivot(new Column[] {col("id")}, "v", "x"))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("[UNPIVOT_VALUE_DATA_TYPE_MISMATCH]");
    }

    @Test
    void inputFilesAndColRegex(@TempDir Path dir) throws Exception {
        spark.range(0, 10, 1, 2).toDF().write().parquet(dir.resolve("t").toString());
        Dataset<Row> t = spark.read().parquet(dir.resolve("t").toString());
        List<String> expected = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir.resolve("t"))) {
            files.filter(p -> p.toString().endsWith(".parquet")).sorted()
                    .forEach(p -> expected.add("file:" + p.toAbsolutePath()));
        }
        assertThat(t.join(t.as("u"), "id").inputFiles()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(spark.range(3).inputFiles()).isEmpty();

        Dataset<Row> cr = spark.sql("SELECT 1 AS a1, 2 AS a2, 3 AS b");
        assertThat(cr.select(cr.colRegex("`a.*`")).schema().simpleString()).isEqualTo("struct<a1:int,a2:int>");
        assertThat(cr.select(cr.colRegex("`b`"), cr.col("a1")).columns()).containsExactly("b", "a1");
        assertThat(cr.as("t").select(cr.as("t").colRegex("t.`a2|b`")).columns()).containsExactly("a2", "b");
        assertThat(cr.select(cr.colRegex("b")).columns()).containsExactly("b");
    }

    @Test
    void persistedRowsAreComputedOnceAndReadAfterwards() {
        COMPUTED.set(0);
        Dataset<Long> counted = spark.range(0, 10, 1, 2).map((MapFunction<Long, Long>) x -> {
            COMPUTED.incrementAndGet();
            return x + 1;
        }, Encoders.LONG());
        assertThat(counted.storageLevel()).isEqualTo(StorageLevel.NONE);
        Dataset<Long> cached = counted.cache();
        assertThat(cached.storageLevel()).isEqualTo(StorageLevel.MEMORY_AND_DISK);
        assertThat(COMPUTED.get()).isZero();                  // lazy
        assertThat(cached.count()).isEqualTo(10);
        assertThat(COMPUTED.get()).isEqualTo(10);
        assertThat(cached.collectAsList()).hasSize(10);
        assertThat(counted.filter(col("value").gt(5)).count()).isEqualTo(5);   // a Dataset built on it reads it too
        assertThat(COMPUTED.get()).isEqualTo(10);
        cached.unpersist();
        assertThat(cached.count()).isEqualTo(10);
        assertThat(COMPUTED.get()).isEqualTo(20);

        COMPUTED.set(0);
        Dataset<Long> onDisk = counted.persist(StorageLevel.DISK_ONLY);
        assertThat(onDisk.collectAsList()).containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
        assertThat(onDisk.queryExecution().toString()).contains("/persisted-");   // read from its files
        assertThat(onDisk.count()).isEqualTo(10);
        assertThat(COMPUTED.get()).isEqualTo(10);
        onDisk.unpersist();

        COMPUTED.set(0);
        Dataset<Long> checkpointed = counted.checkpoint();
        assertThat(COMPUTED.get()).isEqualTo(10);             // eager
        assertThat(checkpointed.count()).isEqualTo(10);
        assertThat(checkpointed.collectAsList()).hasSize(10);
        Dataset<Long> local = counted.localCheckpoint();
        assertThat(COMPUTED.get()).isEqualTo(20);
        assertThat(local.map((MapFunction<Long, Long>) x -> -x, Encoders.LONG()).collectAsList()).hasSize(10);
        Dataset<Long> lazy = counted.checkpoint(false);
        assertThat(COMPUTED.get()).isEqualTo(20);
        assertThat(lazy.count()).isEqualTo(10);
        assertThat(lazy.count()).isEqualTo(10);
        assertThat(COMPUTED.get()).isEqualTo(30);
        assertThat(LongStream.of(1).sum()).isEqualTo(1);
    }

    @Test
    void persistedFilesAndIteratorChunksLiveInTheScratchSpaceUntilUnpersistOrStop() {
        try (UpdraftSession own = UpdraftSession.builder().master("local[2]")
                .config("spark.ui.showConsoleProgress", "false").config(LocalIterator.CHUNK_ROWS_KEY, "7").create()) {
            Dataset<Long> onDisk = own.range(0, 100, 1, 4).persist(StorageLevel.DISK_ONLY);
            assertThat(onDisk.count()).isEqualTo(100);
            String folder = own.cacheManager().folder(onDisk.logicalPlan());
            assertThat(folder).contains("/scratch/").contains("/persisted-");
            assertThat(own.scratch().parquetFiles(folder)).hasSize(4);          // one file per task
            onDisk.unpersist();
            assertThat(own.scratch().objects()).isEmpty();

            Dataset<Long> source = own.range(0, 100, 1, 4);
            LocalIterator<Long> it = (LocalIterator<Long>) source.toLocalIterator();
            assertThat(it.chunks()).isEqualTo(4 * 4);                          // 25 rows a task: 7 + 7 + 7 + 4
            List<Long> seen = new ArrayList<>();
            while (it.hasNext()) {
                seen.add(it.next());
                assertThat(it.chunksRead()).isLessThanOrEqualTo((seen.size() + 3) / 4);   // chunks of 4 rows or more
            }
            assertThat(seen).isEqualTo(source.collectAsList());               // task order = collect's order
            assertThat(it.maxHeldRows()).isEqualTo(7);
            assertThat(own.scratch().objects()).isEmpty();                     // deleted after the last row

            Dataset<Long> kept = own.range(0, 10, 1, 2).persist(StorageLevel.DISK_ONLY);
            assertThat(kept.count()).isEqualTo(10);
            own.range(0, 50, 1, 2).toLocalIterator().next();                   // left unfinished
            assertThat(own.scratch().objects()).isNotEmpty();
            Path keptFolder = Path.of(own.cacheManager().folder(kept.logicalPlan()));
            assertThat(keptFolder).isDirectory();
            own.stop();
            assertThat(keptFolder).doesNotExist();
        }
        assertThatThrownBy(() -> {
            try (UpdraftSession bad = UpdraftSession.builder().master("local[1]")
                    .config(LocalIterator.CHUNK_ROWS_KEY, "0").create()) {
                bad.range(3).toLocalIterator();
            }
        }).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(LocalIterator.CHUNK_ROWS_KEY);
    }
}
