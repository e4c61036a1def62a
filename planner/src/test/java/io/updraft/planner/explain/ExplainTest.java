package io.updraft.planner.explain;

import io.updraft.planner.DefaultQueryPlanner;
import io.updraft.planner.PlannerConfig;
import io.updraft.planner.Tpch;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.sql.SqlFrontEnd;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExplainTest {
    private final DefaultQueryPlanner planner = new DefaultQueryPlanner(PlannerConfig.DEFAULT);

    @Test
    void simpleModePrintsThePhysicalPlanWithStagesMarked() {
        assertThat(planner.explain(Tpch.q6Dataset(), "simple")).isEqualTo("""
                == Physical Plan ==
                *(2) Project [sum((l_extendedprice * l_discount))#17 AS revenue#16]
                +- *(2) HashAggregate(keys=[], functions=[sum((l_extendedprice#5 * l_discount#6))])
                   +- Exchange SinglePartition, ENSURE_REQUIREMENTS
                      +- *(1) HashAggregate(keys=[], functions=[partial_sum((l_extendedprice#5 * l_discount#6))])
                         +- *(1) Project [l_extendedprice#5, l_discount#6]
                            +- *(1) Filter ((((l_shipdate#10 >= 1994-01-01) AND (l_shipdate#10 < 1995-01-01)) AND ((l_discount#6 >= 0.05) AND (l_discount#6 <= 0.07))) AND (l_quantity#4 < 24.00))
                               +- FileScan parquet lineitem[l_quantity#4,l_extendedprice#5,l_discount#6,l_shipdate#10] Batched: true, \
                DataFilters: [(l_shipdate#10 >= 1994-01-01), (l_shipdate#10 < 1995-01-01), (l_discount#6 >= 0.05), (l_discount#6 <= 0.07), \
                (l_quantity#4 < 24.00)], Format: Parquet, Location: InMemoryFileIndex(1 paths)[/data/lineitem], PartitionFilters: [], \
                PushedFilters: [GreaterThanOrEqual(l_shipdate,1994-01-01), LessThan(l_shipdate,1995-01-01), \
                GreaterThanOrEqual(l_discount,0.05), LessThanOrEqual(l_discount,0.07), LessThan(l_quantity,24.00)], \
                ReadSchema: struct<l_quantity:decimal(15,2),l_extendedprice:decimal(15,2),l_discount:decimal(15,2),l_shipdate:date>
                """);
    }

    @Test
    void simpleModeShowsQ1AsSparkDoes() {
        List<String> lines = Arrays.asList(planner.explain(Tpch.q1Dataset(), "simple").split("\n"));
        assertThat(lines.get(0)).isEqualTo("== Physical Plan ==");
        assertThat(lines.get(1)).startsWith("*(3) Sort [l_returnflag#8 ASC NULLS FIRST, l_linestatus#9 ASC NULLS FIRST], true");
        assertThat(lines.get(2)).isEqualTo("+- Exchange SinglePartition, ENSURE_REQUIREMENTS");
        assertThat(lines.get(3)).startsWith("   +- *(2) Project [l_returnflag#8, l_linestatus#9, sum(l_quantity)#");
        assertThat(lines.get(4)).startsWith("      +- *(2) HashAggregate(keys=[l_returnflag#8, l_linestatus#9], functions=[sum(l_quantity#4), ");
        assertThat(lines.get(5)).isEqualTo("         +- Exchange hashpartitioning(l_returnflag#8, l_linestatus#9, "
                + PlannerConfig.DEFAULT.shufflePartitions() + "), ENSURE_REQUIREMENTS");
        assertThat(lines.get(6)).startsWith("            +- *(1) HashAggregate(keys=[l_returnflag#8, l_linestatus#9], functions=[partial_sum(l_quantity#4), ")
                .endsWith("partial_count(1)])");
        assertThat(lines.get(7)).startsWith("               +- *(1) Project [l_quantity#4, ");
        assertThat(lines.get(8)).isEqualTo("                  +- *(1) Filter (l_shipdate#10 <= 1998-09-02)");
        assertThat(lines.get(9)).startsWith("                     +- FileScan parquet lineitem[l_quantity#4,")
                .contains("PushedFilters: [LessThanOrEqual(l_shipdate,1998-09-02)]");
        assertThat(lines).hasSize(10);
    }

    @Test
    void topNShowsPerTaskAndGlobalTopN() {
        String text = planner.explain(new Limit(new Sort(Tpch.lineitem(), List.of(SortOrderExpr.desc(Tpch.col("l_tax")))),
                5, 0), "simple");
        assertThat(text).contains("*(2) TakeOrderedAndProject(limit=5, orderBy=[l_tax#7 DESC NULLS LAST], output=[")
                .contains("+- Exchange SinglePartition, ENSURE_REQUIREMENTS\n")
                .contains("   +- *(1) TopN(limit=5, orderBy=[l_tax#7 DESC NULLS LAST]");
    }

    @Test
    void extendedModeListsTheStages() {
        String text = planner.explain(Tpch.q1Dataset(), "extended");
        int n = PlannerConfig.DEFAULT.shufflePartitions();
        assertThat(text.substring(text.indexOf("== Stages ==\n"))).isEqualTo("== Stages ==\n"
                + "Stage 0 *(1): scan lineitem → filter → project → partial aggregate → hash exchange (" + n + ")"
                + " [tasks: one per split; output: shuffle, " + n + " partitions]\n"
                + "Stage 1 *(2): read stage 0 → final aggregate → project → gather [tasks: " + n
                + "; output: shuffle, 1 partition] after 0\n"
                + "Stage 2 *(3): read stage 1 → sort [tasks: 1; output: result rows] after 1\n");
    }

    /** Spark's formatted layout, byte for byte: tree, two blank lines, one block per operator. */
    @Test
    void formattedModeNumbersOperatorsAndDetailsEach() {
        assertThat(planner.explain(Tpch.q6Dataset(), "formatted")).isEqualTo("""
                == Physical Plan ==
                * Project (7)
                +- * HashAggregate (6)
                   +- Exchange (5)
                      +- * HashAggregate (4)
                         +- * Project (3)
                            +- * Filter (2)
                               +- Scan parquet lineitem (1)


                (1) Scan parquet lineitem
                Output [4]: [l_quantity#4, l_extendedprice#5, l_discount#6, l_shipdate#10]
                Batched: true
                Location: InMemoryFileIndex [/data/lineitem]
                PushedFilters: [GreaterThanOrEqual(l_shipdate,1994-01-01), LessThan(l_shipdate,1995-01-01), \
                GreaterThanOrEqual(l_discount,0.05), LessThanOrEqual(l_discount,0.07), LessThan(l_quantity,24.00)]
                ReadSchema: struct<l_quantity:decimal(15,2),l_extendedprice:decimal(15,2),l_discount:decimal(15,2),\
                l_shipdate:date>

                (2) Filter [codegen id : 1]
                Input [4]: [l_quantity#4, l_extendedprice#5, l_discount#6, l_shipdate#10]
                Condition : ((((l_shipdate#10 >= 1994-01-01) AND (l_shipdate#10 < 1995-01-01)) AND \
                ((l_discount#6 >= 0.05) AND (l_discount#6 <= 0.07))) AND (l_quantity#4 < 24.00))

                (3) Project [codegen id : 1]
                Output [2]: [l_extendedprice#5, l_discount#6]
                Input [4]: [l_quantity#4, l_extendedprice#5, l_discount#6, l_shipdate#10]

                (4) HashAggregate [codegen id : 1]
                Input [2]: [l_extendedprice#5, l_discount#6]
                Keys: []
                Functions [1]: [partial_sum((l_extendedprice#5 * l_discount#6))]
                Aggregate Attributes [1]: [sum((l_extendedprice * l_discount))#0#18]
                Results [1]: [sum((l_extendedprice * l_discount))#0#18]

                (5) Exchange
                Input [1]: [sum((l_extendedprice * l_discount))#0#18]
                Arguments: SinglePartition, ENSURE_REQUIREMENTS

                (6) HashAggregate [codegen id : 2]
                Input [1]: [sum((l_extendedprice * l_discount))#0#18]
                Keys: []
                Functions [1]: [sum((l_extendedprice#5 * l_discount#6))]
                Aggregate Attributes [1]: [sum((l_extendedprice * l_discount))#17]
                Results [1]: [sum((l_extendedprice * l_discount))#17]

                (7) Project [codegen id : 2]
                Output [1]: [sum((l_extendedprice * l_discount))#17 AS revenue#16]
                Input [1]: [sum((l_extendedprice * l_discount))#17]
                """);
    }

    /** Joins name their type and build side in the tree; keys, type and condition in their block. */
    @Test
    void formattedModeShowsJoinsExchangesAndTopN() {
        String sql = "select l.l_orderkey, count(*) from lineitem l join (select * from lineitem) r"
                + " on l.l_orderkey = r.l_partkey group by l.l_orderkey order by 2 desc limit 5";
        assertThat(planner.explain(new SqlFrontEnd().parse(sql, Tpch.catalog()), "formatted")).isEqualTo("""
                == Physical Plan ==
                * TakeOrderedAndProject (12)
                +- Exchange (11)
                   +- * TopN (10)
                      +- * Project (9)
                         +- * HashAggregate (8)
                            +- Exchange (7)
                               +- * HashAggregate (6)
                                  +- * Project (5)
                                     +- * BroadcastHashJoin Inner BuildRight (4)
                                        :- Scan parquet lineitem (1)
                                        +- BroadcastExchange (3)
                                           +- Scan parquet lineitem (2)


                (1) Scan parquet lineitem
                Output [1]: [l_orderkey#0L]
                Batched: true
                Location: InMemoryFileIndex [/data/lineitem]
                ReadSchema: struct<l_orderkey:bigint>

                (2) Scan parquet lineitem
                Output [1]: [l_partkey#17L]
                Batched: true
                Location: InMemoryFileIndex [/data/lineitem]
                ReadSchema: struct<l_partkey:bigint>

                (3) BroadcastExchange
                Input [1]: [l_partkey#17L]
                Arguments: IdentityBroadcastMode

                (4) BroadcastHashJoin [codegen id : 2]
                Left keys [1]: [l_orderkey#0L]
                Right keys [1]: [l_partkey#17L]
                Join type: Inner
                Join condition: None

                (5) Project [codegen id : 2]
                Output [1]: [l_orderkey#0L]
                Input [2]: [l_orderkey#0L, l_partkey#17L]

                (6) HashAggregate [codegen id : 2]
                Input [1]: [l_orderkey#0L]
                Keys [1]: [l_orderkey#0L]
                Functions [1]: [partial_count(1)]
                Aggregate Attributes [1]: [count(1)#0#34L]
                Results [2]: [l_orderkey#0L, count(1)#0#34L]

                (7) Exchange
                Input [2]: [l_orderkey#0L, count(1)#0#34L]
                Arguments: hashpartitioning(l_orderkey#0L, 4), ENSURE_REQUIREMENTS

                (8) HashAggregate [codegen id : 3]
                Input [2]: [l_orderkey#0L, count(1)#0#34L]
                Keys [1]: [l_orderkey#0L]
                Functions [1]: [count(1)]
                Aggregate Attributes [1]: [count(1)#33L]
                Results [2]: [l_orderkey#0L, count(1)#33L]

                (9) Project [codegen id : 3]
                Output [2]: [l_orderkey#0L, count(1)#33L AS count(1)#32L]
                Input [2]: [l_orderkey#0L, count(1)#33L]

                (10) TopN [codegen id : 3]
                Input [2]: [l_orderkey#0L, count(1)#32L]
                Arguments: 5, [count(1)#32L DESC NULLS LAST]

                (11) Exchange
                Input [2]: [l_orderkey#0L, count(1)#32L]
                Arguments: SinglePartition, ENSURE_REQUIREMENTS

                (12) TakeOrderedAndProject [codegen id : 4]
                Input [2]: [l_orderkey#0L, count(1)#32L]
                Arguments: 5, [count(1)#32L DESC NULLS LAST], [l_orderkey#0L, count(1)#32L]
                """);
    }

    @Test
    void everyModeOfSparkIsAcceptedCaseInsensitively() {
        for (String mode : List.of("simple", "extended", "codegen", "cost", "formatted", "FORMATTED", " Simple ")) {
            assertThat(planner.explain(Tpch.q6Dataset(), mode)).startsWith("== ");
        }
        assertThat(planner.explain(Tpch.q6Dataset(), "codegen")).isEqualTo(planner.explain(Tpch.q6Dataset(), "simple"));
    }

    /** Spark's cost mode: the optimized plan with each operator's statistics (our estimates), then the physical plan. */
    @Test
    void costModeShowsStatisticsOnTheOptimizedPlan() {
        String text = planner.explain(Tpch.q6Dataset(), "cost");
        assertThat(text).startsWith("== Optimized Logical Plan ==\nAggregate [], [sum((l_extendedprice#5 * "
                + "l_discount#6)) AS revenue#16], Statistics(sizeInBytes=");
        assertThat(text).contains("+- Relation lineitem[", "] parquet, Statistics(sizeInBytes=",
                ", rowCount=" + Tpch.LINEITEM_SOURCE.rowCount() + ")\n\n== Physical Plan ==\n*(2) ");
        assertThat(ResolvedPlanPrinter.bytesToString(1024)).isEqualTo("1024.0 B");
        assertThat(ResolvedPlanPrinter.bytesToString(2048)).isEqualTo("2.0 KiB");
        assertThat(ResolvedPlanPrinter.bytesToString(3L << 20)).isEqualTo("3.0 MiB");
        assertThat(ResolvedPlanPrinter.bytesToString(5L << 30 | 1L << 29)).isEqualTo("5.5 GiB");
    }

    @Test
    void extendedModePrintsAllFourPlans() {
        String text = planner.explain(Tpch.q1Dataset(), "extended");
        int parsed = text.indexOf("== Parsed Logical Plan ==\n'Sort ['l_returnflag ASC NULLS FIRST");
        int analyzed = text.indexOf("== Analyzed Logical Plan ==\nl_returnflag: string, l_linestatus: string, sum_qty: decimal(25,2)");
        int optimized = text.indexOf("== Optimized Logical Plan ==\nSort [l_returnflag#8 ASC NULLS FIRST");
        int physical = text.indexOf("== Physical Plan ==\n*(3) Sort");
        assertThat(parsed).isZero();
        assertThat(analyzed).isGreaterThan(parsed);
        assertThat(optimized).isGreaterThan(analyzed);
        assertThat(physical).isGreaterThan(optimized);
        assertThat(text).contains("      +- SubqueryAlias lineitem\n", "Relation lineitem[l_orderkey#0L,",
                "'Filter ('l_shipdate <= 1998-09-02)", "(l_extendedprice#5 * (cast(1 as decimal(1,0)) - l_discount#6))");
    }

    @Test
    void unknownModeIsRejected() {
        assertThatThrownBy(() -> planner.explain(Tpch.q6Dataset(), "verbose"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("Unknown explain mode: verbose.");
    }
}
