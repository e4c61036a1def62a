package io.updraft.planner.analysis;

import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Stage;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.updraft.planner.TestQueries.analyze;
import static io.updraft.planner.TestQueries.plan;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Names, types and errors of the statistical aggregates (names and types as Spark 4.2 prints them). */
class StatisticalAggregatesTest {
    private static StructType schema(String select) {
        ResolvedPlan plan = analyze("select " + select + " from lineitem");
        return plan.schema();
    }

    @Test
    void namesAndTypesAreSparks() {
        StructType s = schema("percentile(l_quantity, 0.5), percentile(l_quantity, array(0.25, 0.75)),"
                + " percentile(l_quantity, 0.3, l_linenumber), median(l_quantity), percentile_approx(l_quantity, 0.5),"
                + " approx_percentile(l_shipdate, array(0.1, 0.9), 100), mode(l_returnflag), mode(l_tax, true),"
                + " max_by(l_comment, l_quantity), min_by(l_orderkey, l_shipdate), corr(l_tax, l_discount),"
                + " covar_pop(l_tax, l_discount), covar_samp(l_tax, l_discount), skewness(l_tax), kurtosis(l_tax),"
                + " count_if(l_tax > 0.02), bool_and(l_tax > 0), every(l_tax > 0), bool_or(l_tax > 0),"
                + " some(l_tax > 0), any(l_tax > 0)");
        assertThat(s.fieldNames()).containsExactly("percentile(l_quantity, 0.5, 1)",
                "percentile(l_quantity, array(0.25, 0.75), 1)", "percentile(l_quantity, 0.3, l_linenumber)",
                "median(l_quantity)", "percentile_approx(l_quantity, 0.5, 10000)",
                "approx_percentile(l_shipdate, array(0.1, 0.9), 100)", "mode(l_returnflag)",
                "mode() WITHIN GROUP (ORDER BY l_tax DESC)", "max_by(l_comment, l_quantity)",
                "min_by(l_orderkey, l_shipdate)", "corr(l_tax, l_discount)", "covar_pop(l_tax, l_discount)",
                "covar_samp(l_tax, l_discount)", "skewness(l_tax)", "kurtosis(l_tax)", "count_if((l_tax > 0.02))",
                "bool_and((l_tax > 0))", "every((l_tax > 0))", "bool_or((l_tax > 0))", "some((l_tax > 0))",
                "any((l_tax > 0))");
        assertThat(s.get(0).dataType()).isEqualTo(DataTypes.DoubleType);
        assertThat(s.get(1).dataType()).isEqualTo(new ArrayType(DataTypes.DoubleType, false));
        assertThat(s.get(4).dataType()).isEqualTo(new DecimalType(15, 2));
        assertThat(s.get(5).dataType()).isEqualTo(new ArrayType(DataTypes.DateType, false));
        assertThat(s.get(6).dataType()).isEqualTo(DataTypes.StringType);
        assertThat(s.get(9).dataType()).isEqualTo(DataTypes.LongType);
        assertThat(s.get(15).dataType()).isEqualTo(DataTypes.LongType);
        assertThat(s.get(15).nullable()).isFalse();
        assertThat(s.get(16).dataType()).isEqualTo(DataTypes.BooleanType);
    }

    @Test
    void badArgumentsAreSparksErrors() {
        assertThatThrownBy(() -> schema("percentile(l_quantity, 1.5)"))
                .hasMessageStartingWith("[DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE]");
        assertThatThrownBy(() -> schema("percentile(l_quantity, l_tax)"))
                .hasMessageStartingWith("[DATATYPE_MISMATCH.NON_FOLDABLE_INPUT]");
        assertThatThrownBy(() -> schema("percentile_approx(l_quantity, 0.5, 0)"))
                .hasMessageStartingWith("[DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE]");
        assertThatThrownBy(() -> schema("percentile(l_comment, 0.5)"))
                .hasMessageStartingWith("[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE]");
        assertThatThrownBy(() -> schema("count_if(l_tax)"))
                .hasMessageStartingWith("[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE]");
        assertThatThrownBy(() -> schema("corr(l_tax)")).hasMessageStartingWith("[WRONG_NUM_ARGS");
    }

    @Test
    void twoArgumentAggregatesCarryBothArgumentsIntoBothModes() {
        JobPlan job = plan("select l_returnflag, max_by(l_comment, l_quantity), corr(l_tax, l_discount),"
                + " percentile_approx(l_quantity, 0.5) from lineitem group by l_returnflag");
        List<HashAggregate> aggregates = new ArrayList<>();
        for (Stage stage : job.stages()) {
            aggregates.addAll(io.updraft.planner.TestQueries.operators(stage, HashAggregate.class));
        }
        HashAggregate partial = aggregates.stream().filter(a -> a.mode() == AggregateMode.PARTIAL).findFirst()
                .orElseThrow();
        AggregateCall maxBy = partial.aggregates().get(0);
        assertThat(maxBy.function()).isEqualTo(AggregateFunction.MAX_BY);
        assertThat(maxBy.secondArgument().dataType()).isEqualTo(new DecimalType(15, 2));
        assertThat(partial.aggregates().get(2).percentiles().accuracy()).isEqualTo(10000);
        // partial states: [value, ordering], six doubles for corr, the summary as three arrays
        assertThat(partial.schema().size()).isEqualTo(1 + 2 + 6 + 3);
        assertThat(aggregates.stream().filter(a -> a.mode() == AggregateMode.FINAL)).hasSize(1);
    }
}
