package io.updraft.bench;

import io.trino.tpch.LineItem;
import io.trino.tpch.TpchTable;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TpchDataTest {
    @Test
    void writesEveryTableAsPartFilesAndMarksTheFolderComplete() throws IOException {
        Path dir = TpchTestData.sf001();

        assertThat(Files.readString(dir.resolve(TpchData.SUCCESS_MARKER))).startsWith("scale=0.01\n");
        for (String table : TpchData.tableNames()) {
            assertThat(parquetFiles(dir.resolve(table))).as(table).isNotEmpty()
                    .allSatisfy(f -> assertThat(f.getFileName().toString()).matches("part-\\d{5}\\.parquet"));
        }
        assertThat(parquetFiles(dir.resolve("lineitem"))).hasSizeGreaterThanOrEqualTo(2);
        assertThat(parquetFiles(dir.resolve("orders"))).hasSizeGreaterThanOrEqualTo(2);
        assertThat(parquetFiles(dir.resolve("nation"))).hasSize(1);
    }

    @Test
    void rowCountsAreTheSpecificationsAtScaleOneHundredth() {
        try (DuckDbOracle duck = DuckDbOracle.overTables(TpchTestData.sf001())) {
            assertThat(duck.queryLong("select count(*) from lineitem")).isEqualTo(60_175);
            assertThat(duck.queryLong("select count(*) from orders")).isEqualTo(15_000);
            assertThat(duck.queryLong("select count(*) from customer")).isEqualTo(1_500);
            assertThat(duck.queryLong("select count(*) from part")).isEqualTo(2_000);
            assertThat(duck.queryLong("select count(*) from partsupp")).isEqualTo(8_000);
            assertThat(duck.queryLong("select count(*) from supplier")).isEqualTo(100);
            assertThat(duck.queryLong("select count(*) from nation")).isEqualTo(25);
            assertThat(duck.queryLong("select count(*) from region")).isEqualTo(5);
            assertThat(duck.queryLong("select count(distinct l_orderkey) from lineitem")).isEqualTo(15_000);
        }
    }

    @Test
    void columnsHaveTheStandardTpchTypes() {
        try (DuckDbOracle duck = DuckDbOracle.overTables(TpchTestData.sf001())) {
            List<Row> columns = duck.query("select column_name, column_type from (describe lineitem)");
            assertThat(columns).extracting(r -> r.getString(0) + " " + r.getString(1)).containsExactly(
                    "l_orderkey BIGINT", "l_partkey BIGINT", "l_suppkey BIGINT", "l_linenumber INTEGER",
                    "l_quantity DECIMAL(15,2)", "l_extendedprice DECIMAL(15,2)", "l_discount DECIMAL(15,2)",
                    "l_tax DECIMAL(15,2)", "l_returnflag VARCHAR", "l_linestatus VARCHAR", "l_shipdate DATE",
                    "l_commitdate DATE", "l_receiptdate DATE", "l_shipinstruct VARCHAR", "l_shipmode VARCHAR",
                    "l_comment VARCHAR");
            assertThat(duck.query("select column_type from (describe partsupp) where column_name = 'ps_availqty'")
                    .get(0).getString(0)).isEqualTo("INTEGER");
        }
    }

    @Test
    void moneyIsTheGeneratorsCentsExactly() {
        long cents = 0;
        for (LineItem item : TpchTable.LINE_ITEM.createGenerator(TpchTestData.SCALE, 1, 1)) {
            cents += item.extendedPriceInCents();
        }
        try (DuckDbOracle duck = DuckDbOracle.overTables(TpchTestData.sf001())) {
            BigDecimal sum = duck.query("select sum(l_extendedprice) from lineitem").get(0).getDecimal(0);
            assertThat(sum).isEqualByComparingTo(BigDecimal.valueOf(cents, 2));
            Row first = duck.query("select l_orderkey, l_linenumber, l_quantity, l_extendedprice, l_discount, "
                    + "l_shipdate from lineitem order by l_orderkey, l_linenumber limit 1").get(0);
            assertThat(first.toString()).isEqualTo("[1,1,17.00,24710.35,0.04,1996-03-13]");
        }
    }

    @Test
    void reusesACompleteFolder() {
        Path dir = TpchTestData.sf001();
        TpchData.Result again = TpchData.generate(TpchTestData.SCALE, dir);
        assertThat(again.reused()).isTrue();
        assertThat(again.rowCounts()).containsEntry("lineitem", 60_175L);
    }

    @Test
    void refusesACompleteFolderOfAnotherScale() {
        assertThatThrownBy(() -> TpchData.generate(0.02, TpchTestData.sf001()))
                .isInstanceOf(UpdraftException.class)
                .hasMessageContaining("holds TPC-H at scale 0.01, not 0.02")
                .extracting(e -> ((UpdraftException) e).type()).isEqualTo(ErrorType.USER);
    }

    @Test
    void neverDeletesAFolderThatIsNotADataSet(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("mine");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("notes.txt"), "keep me");

        assertThatThrownBy(() -> TpchData.generate(0.001, dir))
                .isInstanceOf(UpdraftException.class)
                .hasMessageContaining("is not a complete TPC-H data set");
        assertThat(dir.resolve("notes.txt")).hasContent("keep me");
    }

    @Test
    void generatesIntoAnEmptyFolderAndLeavesNoTemporaryFolder(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("tiny");
        Files.createDirectories(dir);

        TpchData.Result result = TpchData.generate(0.001, dir);

        assertThat(result.reused()).isFalse();
        assertThat(TpchData.isComplete(dir)).isTrue();
        try (Stream<Path> siblings = Files.list(tmp)) {
            assertThat(siblings.map(p -> p.getFileName().toString())).containsExactly("tiny");
        }
    }

    @Test
    void rejectsANonPositiveScale(@TempDir Path tmp) {
        assertThatThrownBy(() -> TpchData.generate(0, tmp.resolve("x")))
                .isInstanceOf(UpdraftException.class).hasMessageContaining("positive");
    }

    @Test
    void splitsBigTablesByRowCount() {
        assertThat(TpchData.fileCount("lineitem", 0.01)).isEqualTo(2);
        assertThat(TpchData.fileCount("lineitem", 0.1)).isEqualTo(4);
        assertThat(TpchData.fileCount("lineitem", 1)).isEqualTo(40);
        assertThat(TpchData.fileCount("orders", 0.1)).isEqualTo(2);
        assertThat(TpchData.fileCount("region", 1)).isEqualTo(1);
        assertThat(TpchData.fileCount("supplier", 10)).isEqualTo(1);
    }

    private static List<Path> parquetFiles(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.toString().endsWith(".parquet")).sorted().toList();
        }
    }
}
