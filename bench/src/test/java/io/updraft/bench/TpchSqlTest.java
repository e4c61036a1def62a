package io.updraft.bench;

import io.updraft.sql.UpdraftSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The 22 SQL texts: DuckDB runs each at SF 0.01, and Updraft's parser accepts each (whatever it can run yet). */
class TpchSqlTest {
    private static DuckDbOracle duck;
    private static UpdraftSession session;

    @BeforeAll
    static void open() {
        Path data = TpchTestData.sf001();
        duck = DuckDbOracle.overTables(data);
        session = UpdraftSession.builder().master("local[2]").create();
        for (Map.Entry<String, Path> table : UpdraftEngine.tables(data).entrySet()) {
            session.read().parquet(table.getValue().toString()).createOrReplaceTempView(table.getKey());
        }
    }

    @AfterAll
    static void close() {
        duck.close();
        session.close();
    }

    static List<Integer> queries() {
        return IntStream.rangeClosed(1, TpchQueries.QUERY_COUNT).boxed().toList();
    }

    @ParameterizedTest(name = "Q{0}")
    @MethodSource("queries")
    void duckDbRunsTheQuery(int query) {
        assertThat(TpchQueries.sql(query)).startsWith("-- TPC-H Q" + query + ": ");
        duck.query(TpchQueries.sqlWithoutComments(query));
    }

    @ParameterizedTest(name = "Q{0}")
    @MethodSource("queries")
    void updraftParsesTheQuery(int query) {
        try {
            session.sql(TpchQueries.sqlWithoutComments(query));
        } catch (RuntimeException e) {
            assertThat(e.getMessage()).as("Q%d must at least parse", query).doesNotContain("PARSE_SYNTAX_ERROR");
        }
    }

    @Test
    void orderedQueriesAreThoseEndingInOrderBy() {
        List<Integer> unordered = queries().stream().filter(q -> !TpchQueries.isOrdered(q)).toList();
        assertThat(unordered).containsExactly(6, 14, 17, 19);
    }

    @Test
    void datasetVersionsExistForEveryQuery() {
        assertThat(TpchQueries.DATASET_QUERIES).containsExactlyInAnyOrderElementsOf(queries());
        assertThat(TpchQueries.dataset(23, session::table)).isEmpty();
        assertThat(TpchQueries.dataset(6, session::table)).isPresent();
        assertThatThrownBy(() -> TpchQueries.sql(23)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 to 22");
    }
}
