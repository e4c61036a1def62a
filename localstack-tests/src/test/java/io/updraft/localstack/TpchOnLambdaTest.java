package io.updraft.localstack;

import io.updraft.bench.DuckDbOracle;
import io.updraft.bench.RowComparison;
import io.updraft.bench.TpchData;
import io.updraft.bench.TpchQueries;
import io.updraft.sql.Row;
import io.updraft.sql.UpdraftSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * TPC-H at SF 0.01 with master("lambda"): the input Parquet lives in LocalStack's S3, every task is an
 * invocation of the packaged worker in a Lambda Runtime Interface Emulator, shuffles go through S3.
 * Each result must equal local mode's and DuckDB's on the same files.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TpchOnLambdaTest {
    private LambdaStack stack;
    private Path localData;
    private String s3Data;
    private UpdraftSession local;
    private UpdraftSession lambda;
    private DuckDbOracle duckdb;

    @BeforeAll
    void start() throws Exception {
        localData = tpchData();
        stack = LambdaStack.shared();
        s3Data = stack.upload(localData, "tpch/sf0.01");
        local = UpdraftSession.builder().appName("local-reference").master("local[2]").create();
        lambda = stack.lambdaSession("shuffle");
        for (String table : TpchData.tableNames()) {
            local.read().parquet(localData.resolve(table).toString()).createOrReplaceTempView(table);
            lambda.read().parquet(s3Data + "/" + table).createOrReplaceTempView(table);
        }
        duckdb = DuckDbOracle.overTables(localData);
    }

    @AfterAll
    void stop() throws Exception {
        if (lambda != null) {
            lambda.stop();
        }
        if (local != null) {
            local.stop();
        }
        if (duckdb != null) {
            duckdb.close();
        }
    }

    /** TPC-H SF 0.01 as Parquet under target/, generated once (io.trino.tpch → DuckDB). */
    static synchronized Path tpchData() {
        Path dir = Path.of("target", "tpch-sf0.01").toAbsolutePath();
        if (!TpchData.isComplete(dir)) {
            TpchData.generate(0.01, dir);
        }
        return dir;
    }

    @ParameterizedTest(name = "Q{0}")
    @ValueSource(ints = {1, 3, 5, 6, 9, 13, 18})
    void queryOnLambdaEqualsLocalAndDuckDb(int query) throws Exception {
        String sql = TpchQueries.sqlWithoutComments(query);
        List<Row> onLambda = lambda.sql(sql).collectAsList();
        List<Row> onLocal = local.sql(sql).collectAsList();
        List<Row> expected = duckdb.query(sql);
        boolean ordered = TpchQueries.isOrdered(query);

        Optional<String> lambdaVsLocal = RowComparison.difference(onLocal, onLambda, ordered);
        assertThat(lambdaVsLocal).as("Q%d lambda vs local", query).isEmpty();
        Optional<String> vsDuckDb = RowComparison.difference(expected, onLambda, ordered);
        assertThat(vsDuckDb).as("Q%d lambda vs DuckDB", query).isEmpty();
        assertThat(onLambda).as("Q%d returns rows", query).isNotEmpty();
    }
}
