package io.updraft.planner.stats;

import io.updraft.core.stats.ColumnRange;
import io.updraft.planner.TpchCatalog;
import io.updraft.planner.analysis.Analyzer;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.FileSource;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.sql.SqlFrontEnd;
import io.updraft.planner.Tpch;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static io.updraft.planner.TestQueries.find;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

public class SizeEstimatorRangesTest {
    /** Days since 1970 of 1992-01-01 and 1998-12-31 (o_orderdate's range, rounded out). */
    private static final double FROM = 8035;
    private static final double TO = 10591;

    /** The SF1 tables, those named in {@code ranges} with those column ranges. */
    public static Map<String, LogicalPlan> tables(Map<String, Map<String, ColumnRange>> ranges) {
        Map<String, LogicalPlan> tables = new LinkedHashMap<>(TpchCatalog.tables());
        ranges.forEach((table, columns) -> {
            FileSource s = ((FileRelation) tables.get(table)).source();
            tables.put(table, new FileRelation(new FileSource(s.files(), s.displayPaths(), s.schema(), s.sizeInBytes(),
                    s.rowCount(), s.format(), s.partitionSchema(), s.partitionValues(), s.fileSizes(), columns)));
        });
        return tables;
    }

    private static double filterRows(String where, boolean ranged) {
        Map<String, LogicalPlan> tables = tables(ranged
                ? Map.of("orders", Map.of("o_orderdate", new ColumnRange(FROM, TO))) : Map.of());
        ResolvedPlan plan = new Analyzer().analyze(new SqlFrontEnd().parse(
                "select o_orderkey from orders where " + where, Tpch.catalog(tables)));
        return SizeEstimator.rows(find(plan, FilterNode.class).get(0));
    }

    @Test
    void aRangeComparisonKeepsTheFractionOfTheColumnsRangeOnItsSide() {
        double half = FROM + (TO - FROM) / 2;
        String mid = java.time.LocalDate.ofEpochDay((long) half).toString();
        assertThat(filterRows("o_orderdate < date '" + mid + "'", true) / 1_500_000).isCloseTo(0.5, within(0.01));
        assertThat(filterRows("o_orderdate >= date '" + mid + "'", true) / 1_500_000).isCloseTo(0.5, within(0.01));
        assertThat(filterRows("date '" + mid + "' > o_orderdate", true) / 1_500_000).isCloseTo(0.5, within(0.01));
        assertThat(filterRows("o_orderdate < date '" + mid + "'", false) / 1_500_000).isCloseTo(1.0 / 3, within(1e-9));
    }

    @Test
    void rangeConjunctsOnOneColumnAreIntersectedNotMultiplied() {
        // Two of the seven years: about 0.29 of the range (multiplying the two sides would give about 0.45).
        double rows = filterRows("o_orderdate >= date '1995-01-01' and o_orderdate <= date '1996-12-31'", true);
        assertThat(rows / 1_500_000).isCloseTo(730.0 / (TO - FROM), within(0.01));
        double between = filterRows("o_orderdate between date '1995-01-01' and date '1996-12-31'", true);
        assertThat(between).isCloseTo(rows, within(1.0));
    }

    @Test
    void literalsOutsideTheRangeKeepTheFloorNotZero() {
        assertThat(filterRows("o_orderdate < date '1980-01-01'", true))
                .isCloseTo(1_500_000 * SizeEstimator.MIN_RANGE_SELECTIVITY, within(1.0));
        assertThat(filterRows("o_orderdate > date '1980-01-01'", true)).isCloseTo(1_500_000, within(1.0));
    }

    @Test
    void otherConjunctsStillMultiply() {
        double rows = filterRows("o_orderdate >= date '1995-07-02' and o_orderstatus = 'F'", true);
        double dateOnly = filterRows("o_orderdate >= date '1995-07-02'", true);
        assertThat(rows).isCloseTo(dateOnly * 0.1, within(1.0));
    }

    @Test
    void anIntegralKeysRangeBoundsItsDistinctValuesInAJoin() {
        // c_nationkey = s_nationkey joins two foreign keys: 25 distinct values (0 .. 24), not 10 000 suppliers
        String sql = "select c_custkey from customer join supplier on c_nationkey = s_nationkey";
        Map<String, Map<String, ColumnRange>> ranges = Map.of(
                "customer", Map.of("c_nationkey", new ColumnRange(0, 24)),
                "supplier", Map.of("s_nationkey", new ColumnRange(0, 24)));
        double bounded = SizeEstimator.rows(find(new Analyzer().analyze(new SqlFrontEnd().parse(sql,
                Tpch.catalog(tables(ranges)))), JoinNode.class).get(0));
        assertThat(bounded).isCloseTo(150_000.0 * 10_000 / 25, within(1.0));
        double unbounded = SizeEstimator.rows(find(new Analyzer().analyze(new SqlFrontEnd().parse(sql,
                Tpch.catalog(tables(Map.of())))), JoinNode.class).get(0));
        assertThat(unbounded).isCloseTo(150_000.0, within(1.0));
    }
}
