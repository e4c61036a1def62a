package io.updraft.planner.optimizer;

import io.updraft.planner.Tpch;
import io.updraft.planner.analysis.Analyzer;
import io.updraft.planner.explain.ResolvedPlanPrinter;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class OptimizerTest {
    private final Optimizer optimizer = new Optimizer();

    @Test
    void ruleOrderIsExplicit() {
        List<String> names = optimizer.batches().stream()
                .flatMap(b -> b.rules().stream().map(r -> b.name() + ": " + r.name())).toList();
        assertThat(names).containsExactly(
                "Finish analysis: EliminateSubqueryAliases",
                "Subqueries: RewriteSubqueries",
                "Replace operators: ReplaceIntersect",
                "Replace operators: ReplaceExcept",
                "Replace operators: ReplaceDistinctWithAggregate",
                "Replace operators: ReplaceDeduplicateWithAggregate",
                "Replace operators: ResolveJoinHints",
                "Aggregate rewrite: RewriteDistinctAggregates",
                "Join reorder: ReorderJoins",
                "Operator optimization: CombineFilters",
                "Operator optimization: PushFilterThroughProject",
                "Operator optimization: PushFilterThroughSort",
                "Operator optimization: EliminateOuterJoins",
                "Operator optimization: PushPredicateThroughJoin",
                "Operator optimization: PushLeftSemiAntiThroughJoin",
                "Operator optimization: CombineProjects",
                "Operator optimization: CollapseProjectIntoAggregate",
                "Operator optimization: ConstantFolding",
                "Operator optimization: BooleanSimplification",
                "Operator optimization: PruneFilters",
                "Operator optimization: LimitPushDown",
                "Operator optimization: EliminateSortsUnderAggregate",
                "Operator optimization: RemoveNoopProjects",
                "Operator optimization: ColumnPruning",
                "Extra join predicates: PushExtraPredicateThroughJoin",
                "Operator optimization after extra predicates: CombineFilters",
                "Operator optimization after extra predicates: PushFilterThroughProject",
                "Operator optimization after extra predicates: PushFilterThroughSort",
                "Operator optimization after extra predicates: EliminateOuterJoins",
                "Operator optimization after extra predicates: PushPredicateThroughJoin",
                "Operator optimization after extra predicates: PushLeftSemiAntiThroughJoin",
                "Operator optimization after extra predicates: CombineProjects",
                "Operator optimization after extra predicates: CollapseProjectIntoAggregate",
                "Operator optimization after extra predicates: ConstantFolding",
                "Operator optimization after extra predicates: BooleanSimplification",
                "Operator optimization after extra predicates: PruneFilters",
                "Operator optimization after extra predicates: LimitPushDown",
                "Operator optimization after extra predicates: EliminateSortsUnderAggregate",
                "Operator optimization after extra predicates: RemoveNoopProjects",
                "Operator optimization after extra predicates: ColumnPruning",
                "Semi-join reduction: ReduceAggregateInputBySemiJoin",
                "Nested schema pruning: NestedSchemaPruning",
                "Join strategy: SelectBroadcastJoins",
                "Scan pushdown: PushFiltersIntoScan");
    }

    @Test
    void optimizesQ6() {
        ResolvedPlan analyzed = new Analyzer().analyze(Tpch.q6Dataset());
        ResolvedPlan optimized = optimizer.optimize(analyzed);
        assertThat(optimized.output()).isEqualTo(analyzed.output());
        assertThat(ResolvedPlanPrinter.print(optimized)).isEqualTo("""
                Aggregate [], [sum((l_extendedprice#5 * l_discount#6)) AS revenue#16]
                +- Project [l_extendedprice#5, l_discount#6]
                   +- Filter ((((l_shipdate#10 >= 1994-01-01) AND (l_shipdate#10 < 1995-01-01)) AND ((l_discount#6 >= 0.05) AND (l_discount#6 <= 0.07))) AND (l_quantity#4 < 24.00))
                      +- Relation lineitem[l_quantity#4,l_extendedprice#5,l_discount#6,l_shipdate#10] parquet
                """);
    }

    @Test
    void optimizationIsIdempotent() {
        ResolvedPlan once = optimizer.optimize(new Analyzer().analyze(Tpch.q1Dataset()));
        assertThat(optimizer.optimize(once)).isEqualTo(once);
    }
}
