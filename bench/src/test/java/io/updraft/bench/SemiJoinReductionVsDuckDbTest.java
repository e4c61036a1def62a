package io.updraft.bench;

import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import io.updraft.sql.RuntimeConfig;
import io.updraft.sql.UpdraftSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The planner's semi-join reduction of aggregates ({@code ReduceAggregateInputBySemiJoin}) end to end: TPC-H Q2, Q17
 * and Q20 at SF 0.01 and cases of its edges (outer, semi and anti joins, null keys, null-safe equality, several
 * keys) run with {@value RuntimeConfig#SEMI_JOIN_REDUCTION} on and off, each compared with DuckDB's rows; each case
 * also states whether the rule changes its plan, so a case meant to exercise the rule cannot pass without it.
 */
class SemiJoinReductionVsDuckDbTest {
    @TempDir
    static Path dir;
    private static UpdraftSession session;
    private static DuckDbOracle duck;

    /** One query, whether the rule is expected to change its plan, and whether its rows are ordered. */
    record Case(String name, String sql, boolean reduced, boolean ordered) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final String AVERAGE_PER_PART =
            "(select l_partkey as k, avg(l_quantity) as a, count(*) as n from lineitem group by l_partkey)";
    /** Per key of big: the sum and count of its rows (null keys form a group of their own). */
    private static final String PER_KEY = "(select k, sum(v) as total, count(*) as n from big group by k)";

    static Stream<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (int q : new int[] {2, 17, 20}) {
            cases.add(new Case("Q" + q, TpchQueries.sqlWithoutComments(q), true, TpchQueries.isOrdered(q)));
        }
        cases.add(new Case("inner join, grouping key renamed, HAVING", "select p_partkey, p_name, x.a, x.n from part"
                + " join (select l_partkey as k, avg(l_quantity) as a, count(*) as n from lineitem group by l_partkey"
                + " having count(*) > 3) x on p_partkey = k where p_size = 15 order by p_partkey", true, true));
        cases.add(new Case("left join, aggregate null-supplied", "select p_partkey, x.a, x.n from part left join "
                + AVERAGE_PER_PART + " x on p_partkey = k and x.a > 20 where p_size = 15 order by p_partkey",
                true, true));
        cases.add(new Case("left join, aggregate preserved", "select k, a, p_name from " + AVERAGE_PER_PART
                + " x left join part on p_partkey = k and p_size = 15 order by k", false, true));
        cases.add(new Case("in subquery over an aggregate", "select p_partkey, p_name from part where p_size = 15"
                + " and p_partkey in (select k from " + AVERAGE_PER_PART + " x where a > 25) order by p_partkey",
                true, true));
        cases.add(new Case("not exists over an aggregate", "select p_partkey, p_name from part where p_size = 15"
                + " and not exists (select 1 from " + AVERAGE_PER_PART + " x where k = p_partkey and a > 25)"
                + " order by p_partkey", true, true));
        cases.add(new Case("two grouping keys, one joined", "select ps_partkey, ps_suppkey, x.q from partsupp join"
                + " (select l_partkey, l_suppkey, sum(l_quantity) as q from lineitem group by l_partkey, l_suppkey) x"
                + " on ps_partkey = l_partkey and ps_suppkey = l_suppkey join part on p_partkey = ps_partkey"
                + " where p_name like 'forest%' order by ps_partkey, ps_suppkey", true, true));
        cases.add(new Case("null keys, inner join", "select s.k, s.tag, b.total, b.n from small s join " + PER_KEY
                + " b on s.k = b.k where s.tag = 'keep' order by s.k", true, true));
        cases.add(new Case("null keys, left join", "select s.k, s.tag, b.total, b.n from small s left join " + PER_KEY
                + " b on s.k = b.k where s.tag = 'keep' order by s.k nulls first, s.tag", true, true));
        cases.add(new Case("null keys, null-safe equality", "select s.k, s.tag, b.total, b.n from small s join "
                + PER_KEY + " b on s.k is not distinct from b.k where s.tag = 'keep' order by s.k nulls first",
                false, true));
        cases.add(new Case("null keys, semi join", "select s.k, s.tag from small s where s.tag = 'keep' and s.k in"
                + " (select k from " + PER_KEY + " b where n > 1) order by s.k", true, true));
        cases.add(new Case("full join", "select s.k, b.k, b.total from (select * from small where tag = 'keep') s"
                + " full join " + PER_KEY + " b on s.k = b.k order by b.k nulls first, s.k nulls first, b.total nulls first", false, true));
        return cases.stream();
    }

    @BeforeAll
    static void start() {
        Path data = TpchTestData.sf001();
        duck = DuckDbOracle.overTables(data);
        session = UpdraftSession.builder().appName("semi-join-reduction").master("local[2]")
                .config(RuntimeConfig.SHOW_PROGRESS, false).create();
        for (Map.Entry<String, Path> table : UpdraftEngine.tables(data).entrySet()) {
            session.read().parquet(table.getValue().toString()).createOrReplaceTempView(table.getKey());
        }
        // big: 5000 rows over keys 0..49, every seventh key null; small: 40 keys, some null, half of them kept
        Path big = dir.resolve("big.parquet");
        Path small = dir.resolve("small.parquet");
        duck.execute("COPY (SELECT CASE WHEN i % 7 = 0 THEN NULL ELSE i % 50 END::BIGINT AS k, i::INTEGER AS v"
                + " FROM range(0, 5000) t(i)) TO '" + big + "' (FORMAT PARQUET)");
        duck.execute("COPY (SELECT CASE WHEN i % 9 = 0 THEN NULL ELSE i * 3 END::BIGINT AS k,"
                + " CASE WHEN i % 2 = 0 THEN 'keep' ELSE 'drop' END AS tag FROM range(0, 40) t(i))"
                + " TO '" + small + "' (FORMAT PARQUET)");
        for (Path table : List.of(big, small)) {
            String name = table.getFileName().toString().replace(".parquet", "");
            duck.registerParquet(name, table);
            session.read().parquet(table.toString()).createOrReplaceTempView(name);
        }
    }

    @AfterAll
    static void stop() {
        try {
            if (session != null) {
                session.stop();
            }
        } finally {
            if (duck != null) {
                duck.close();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void rowsEqualDuckDbsWithTheRuleOnAndOff(Case c) {
        List<Row> expected = duck.query(c.sql());
        assertThat(expected).as("DuckDB's rows of %s", c.name()).isNotEmpty();
        ResolvedPlan on = run(c, true, expected);
        ResolvedPlan off = run(c, false, expected);
        assertThat(!reductions(on, off).isEmpty()).as("whether the rule changes the plan of %s", c.name())
                .isEqualTo(c.reduced());
    }

    private static ResolvedPlan run(Case c, boolean reduction, List<Row> expected) {
        session.conf().set(RuntimeConfig.SEMI_JOIN_REDUCTION, reduction);
        try {
            Dataset<Row> dataset = session.sql(c.sql());
            Optional<String> difference = RowComparison.difference(expected, dataset.collectAsList(), c.ordered());
            if (difference.isPresent()) {
                fail(c.name() + " with the rule " + (reduction ? "on" : "off") + " differs from DuckDB: "
                        + difference.get());
            }
            return dataset.queryExecution().optimizedPlan();
        } finally {
            session.conf().unset(RuntimeConfig.SEMI_JOIN_REDUCTION);
        }
    }

    /** LEFT SEMI joins whose build side has only ids the plan without the rule lacks (the rule's fresh copies). */
    private static List<JoinNode> reductions(ResolvedPlan on, ResolvedPlan off) {
        long max = Plans.maxExpressionId(off);
        List<JoinNode> out = new ArrayList<>();
        Plans.forEach(on, n -> {
            if (n instanceof JoinNode j && j.joinType() == JoinType.LEFT_SEMI
                    && j.right().output().stream().allMatch(a -> a.id() > max)) {
                out.add(j);
            }
        });
        return out;
    }
}
