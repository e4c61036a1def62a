package io.updraft.planner.analysis;

import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Stage;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskSpec;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.updraft.planner.TestQueries.analyze;
import static io.updraft.planner.TestQueries.plan;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ArrayFunctionsTest {
    private static ResolvedExpression item(String expression) {
        ResolvedPlan plan = analyze("select " + expression + " from orders");
        return ((AliasExpression) io.updraft.planner.TestQueries.find(plan, ProjectNode.class).get(0)
                .projectList().get(0)).child();
    }

    @Test
    void splitReturnsArrayOfStringsWithSparksDefaultLimit() {
        ScalarFunctionExpression split = (ScalarFunctionExpression) item("split(o_comment, ' ')");
        assertThat(split.name()).isEqualTo("split");
        assertThat(split.dataType()).isEqualTo(new ArrayType(DataTypes.StringType, false));
        assertThat(split.arguments()).hasSize(3);
        assertThat(analyze("select split(o_comment, ' ') from orders").schema().fieldNames())
                .containsExactly("split(o_comment,  , -1)");
        assertThat(analyze("select split(o_comment, ',', 2) from orders").schema().get(0).dataType())
                .isEqualTo(new ArrayType(DataTypes.StringType, false));
        assertThat(((ScalarFunctionExpression) item("split(o_orderkey, '1')")).arguments().get(0).dataType())
                .isEqualTo(DataTypes.StringType);
    }

    @Test
    void sizeAndArrayContainsTypeTheirArguments() {
        assertThat(item("size(split(o_comment, ' '))").dataType()).isEqualTo(DataTypes.IntegerType);
        assertThat(item("size(split(o_comment, ' '))").nullable()).isTrue(); // null for a null array (ANSI on)
        assertThat(((ScalarFunctionExpression) item("cardinality(split(o_comment, ' '))")).name()).isEqualTo("size");
        ScalarFunctionExpression contains = (ScalarFunctionExpression) item(
                "array_contains(split(o_comment, ' '), 'the')");
        assertThat(contains.dataType()).isEqualTo(DataTypes.BooleanType);
        assertThat(contains.nullable()).isTrue();
        assertThatThrownBy(() -> analyze("select size(o_comment) from orders"))
                .hasMessageContaining("requires the \"ARRAY\" type");
        assertThatThrownBy(() -> analyze("select array_contains(split(o_comment, ' '), true) from orders"))
                .hasMessageContaining("requires the \"STRING\" type");
        assertThatThrownBy(() -> analyze("select cast(split(o_comment, ' ') as string) from orders"))
                .hasMessageContaining("ARRAY<STRING>");
    }

    @Test
    void collectAggregatesAreArraysAndApproxCountDistinctIsBigint() {
        ResolvedPlan plan = analyze("select o_orderstatus, collect_list(o_orderpriority), collect_set(o_totalprice),"
                + " approx_count_distinct(o_custkey), approx_count_distinct(o_custkey, 0.01), array_agg(o_clerk)"
                + " from orders group by o_orderstatus");
        assertThat(plan.schema().fieldNames()).containsExactly("o_orderstatus", "collect_list(o_orderpriority)",
                "collect_set(o_totalprice)", "approx_count_distinct(o_custkey)", "approx_count_distinct(o_custkey)",
                "array_agg(o_clerk)");
        assertThat(plan.schema().get(1).dataType()).isEqualTo(new ArrayType(DataTypes.StringType, false));
        assertThat(plan.schema().get(1).nullable()).isFalse();
        assertThat(plan.schema().get(2).dataType()).isEqualTo(new ArrayType(new DecimalType(15, 2), false));
        assertThat(plan.schema().get(3).dataType()).isEqualTo(DataTypes.LongType);
        assertThat(plan.schema().get(3).nullable()).isFalse();
        List<AggregateFunctionExpression> aggregates = new ArrayList<>();
        for (var node : io.updraft.planner.TestQueries.find(plan, io.updraft.planner.resolved.plan.AggregateNode.class)) {
            for (var e : node.aggregateExpressions()) {
                if (e instanceof AliasExpression a && a.child() instanceof AggregateFunctionExpression f) {
                    aggregates.add(f);
                }
            }
        }
        assertThat(aggregates).extracting(AggregateFunctionExpression::relativeSD)
                .containsExactly(0.0, 0.0, 0.05, 0.01, 0.0);
    }

    @Test
    void rejectsBadRelativeSDAndArrayArguments() {
        assertThatThrownBy(() -> analyze("select approx_count_distinct(o_custkey, 0.5) from orders"))
                .hasMessageContaining("at most 0.39");
        assertThatThrownBy(() -> analyze("select approx_count_distinct(o_custkey, o_totalprice) from orders"))
                .hasMessageContaining("\"DOUBLE\" literal");
        assertThatThrownBy(() -> analyze("select collect_list(split(o_comment, ' ')) from orders"))
                .hasMessageContaining("collect_list of an array");
        assertThatThrownBy(() -> analyze("select max(split(o_comment, ' ')) from orders"))
                .hasMessageContaining("max of an array");
        assertThat(analyze("select count(split(o_comment, ' ')) from orders").schema().get(0).dataType())
                .isEqualTo(DataTypes.LongType);
    }

    @Test
    void distinctForms() {
        // collect_set / approx_count_distinct ignore DISTINCT; collect_list(DISTINCT x) is rewritten like count(DISTINCT)
        ResolvedPlan set = analyze("select collect_set(distinct o_orderstatus), approx_count_distinct(distinct o_custkey)"
                + " from orders");
        assertThat(set.schema().fieldNames()).containsExactly("collect_set(o_orderstatus)",
                "approx_count_distinct(o_custkey)");
        JobPlan job = plan("select o_orderpriority, collect_list(distinct o_orderstatus) from orders"
                + " group by o_orderpriority");
        assertThat(job.stages()).hasSizeGreaterThan(1);
        // next to a DISTINCT aggregate, collect_list is computed through the distinct expand (issue 10)
        assertThat(plan("select count(distinct o_custkey), collect_list(o_orderstatus) from orders").stages())
                .hasSizeGreaterThan(1);
    }

    @Test
    void partialStatesTravelThroughTheShuffleAsArrays() {
        JobPlan job = plan("select o_orderstatus, collect_list(o_orderpriority), collect_set(o_custkey),"
                + " approx_count_distinct(o_custkey, 0.02) from orders group by o_orderstatus");
        HashAggregate partial = null;
        HashAggregate fin = null;
        for (Stage stage : job.stages()) {
            for (HashAggregate a : io.updraft.planner.TestQueries.operators(stage, HashAggregate.class)) {
                if (a.mode() == AggregateMode.PARTIAL) {
                    partial = a;
                } else if (a.mode() == AggregateMode.FINAL) {
                    fin = a;
                }
            }
        }
        assertThat(partial).isNotNull();
        assertThat(fin).isNotNull();
        assertThat(partial.schema().fieldList()).extracting(f -> f.dataType().simpleString())
                .containsExactly("string", "array<string>", "array<bigint>", "array<bigint>");
        assertThat(partial.schema().get(3).dataType()).isEqualTo(AggregateCall.HLL_STATE_TYPE);
        AggregateCall approx = fin.aggregates().get(2);
        assertThat(approx.function()).isEqualTo(AggregateFunction.APPROX_COUNT_DISTINCT);
        assertThat(approx.relativeSD()).isEqualTo(0.02);
        assertThat(approx.hllPrecision()).isEqualTo(12);
        TaskSpec spec = new TaskSpec("j", 0, 0, 0, fin, Map.of());
        assertThat(TaskCodec.decodeSpec(TaskCodec.encode(spec))).isEqualTo(spec);
    }
}
