package io.updraft.planner.analysis;

import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.core.function.FunctionCatalog;
import io.updraft.core.function.FunctionSignature;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.updraft.planner.TestQueries.analyze;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FunctionCatalogTest {
    /** The first select item of {@code select <expr> from orders}, resolved. */
    private static ResolvedExpression item(String expression) {
        ResolvedPlan plan = analyze("select " + expression + " from orders");
        return ((AliasExpression) io.updraft.planner.TestQueries.find(plan,
                io.updraft.planner.resolved.plan.ProjectNode.class).get(0).projectList().get(0)).child();
    }

    private static DataType type(String expression) {
        return item(expression).dataType();
    }

    @Test
    void theReadmeListsEveryCatalogFunction() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        for (FunctionSignature f : FunctionCatalog.FUNCTIONS) {
            if (f.kind() != FunctionSignature.Kind.ENGINE_ONLY) {
                for (String name : f.names()) {
                    assertThat(readme).as("README lists %s", name).contains("`" + name + "`");
                }
            }
        }
    }

    /** Every name in the README's "Scalar functions" table and alias paragraph is a function of the catalog. */
    @Test
    void everyFunctionOfTheReadmeTableIsInTheCatalog() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int start = readme.indexOf("### Scalar functions");
        assertThat(start).as("'### Scalar functions' section of the README").isNotNegative();
        int end = readme.indexOf("\n#", start + 1);
        String section = readme.substring(start, end < 0 ? readme.length() : end);
        Set<String> names = new LinkedHashSet<>();
        for (String line : section.split("\n")) {
            if (line.startsWith("| `")) {
                names.addAll(backticked(line.substring(1, line.indexOf('|', 1))));
            }
        }
        int aliases = section.indexOf("Spark aliases:");
        assertThat(aliases).as("the 'Spark aliases:' paragraph").isNotNegative();
        int aliasesEnd = section.indexOf("\n\n", aliases);
        // "`ucase`→upper, `char_length`/`character_length`→length, ...": only the aliases are backticked.
        names.addAll(backticked(section.substring(aliases, aliasesEnd < 0 ? section.length() : aliasesEnd)));
        assertThat(names).as("function names in the README table").hasSizeGreaterThan(60)
                .contains("concat_ws", "pow", "ucase", "signum", "regexp_like", "position");
        for (String name : names) {
            assertThat(FunctionCatalog.lookup(name)).as("the catalog has %s", name).isPresent();
        }
    }

    private static List<String> backticked(String text) {
        List<String> values = new ArrayList<>();
        Matcher m = Pattern.compile("`([a-z0-9_]+)`").matcher(text);
        while (m.find()) {
            values.add(m.group(1));
        }
        return values;
    }

    @Test
    void engineOnlyFunctionsAreUnresolvedRoutines() {
        assertThatThrownBy(() -> analyze("select pmod(o_shippriority, 2) from orders"))
                .hasMessageStartingWith("[UNRESOLVED_ROUTINE]");
        assertThatThrownBy(() -> analyze("select frobnicate(o_shippriority) from orders"))
                .hasMessageStartingWith("[UNRESOLVED_ROUTINE]");
    }

    @Test
    void everyEngineFunctionResolvesUnderItsCanonicalName() {
        assertThat(item("upper(o_comment)")).isInstanceOf(ScalarFunctionExpression.class);
        assertThat(((ScalarFunctionExpression) item("ucase(o_comment)")).name()).isEqualTo("upper");
        assertThat(((ScalarFunctionExpression) item("substr(o_comment, 2)")).name()).isEqualTo("substring");
        assertThat(((ScalarFunctionExpression) item("power(2, 3)")).name()).isEqualTo("pow");
        assertThat(((ScalarFunctionExpression) item("regexp(o_comment, 'a.*')")).name()).isEqualTo("rlike");
    }

    @Test
    void resultTypesFollowSpark() {
        assertThat(type("round(o_totalprice, 1)")).isEqualTo(new DecimalType(15, 1));
        assertThat(type("round(o_totalprice)")).isEqualTo(new DecimalType(14, 0));
        assertThat(type("bround(o_totalprice, 1)")).isEqualTo(new DecimalType(15, 1));
        assertThat(type("ceil(o_shippriority)")).isEqualTo(DataTypes.LongType);
        assertThat(type("ceil(o_totalprice)")).isEqualTo(new DecimalType(14, 0));
        assertThat(type("floor(1.5D)")).isEqualTo(DataTypes.LongType);
        assertThat(type("length(o_comment)")).isEqualTo(DataTypes.IntegerType);
        assertThat(type("concat_ws('-', o_comment, o_clerk)")).isEqualTo(DataTypes.StringType);
        assertThat(type("greatest(o_shippriority, 2L)")).isEqualTo(DataTypes.LongType);
        assertThat(type("datediff(o_orderdate, '1995-01-01')")).isEqualTo(DataTypes.IntegerType);
        assertThat(type("o_shippriority div 2")).isEqualTo(DataTypes.LongType);
        assertThat(type("o_shippriority / 2")).isEqualTo(DataTypes.DoubleType);
        assertThat(type("log(10, o_totalprice)")).isEqualTo(DataTypes.DoubleType);
        assertThat(type("make_date(1995, 1, 2)")).isEqualTo(DataTypes.DateType);
        assertThat(type("to_date('2020-01-01')")).isEqualTo(DataTypes.DateType);
    }

    @Test
    void rewrittenFunctionsKeepTheirWrittenNames() {
        ResolvedPlan plan = analyze("select nullif(o_shippriority, 0), nvl(o_comment, 'none'), if(o_shippriority > 0,"
                + " 'a', 'b') from orders");
        assertThat(plan.schema().fieldNames()).containsExactly("nullif(o_shippriority, 0)", "nvl(o_comment, none)",
                "if((o_shippriority > 0), a, b)");
        assertThat(analyze("select stddev(o_totalprice), mean(o_totalprice), avg(o_totalprice) from orders")
                .schema().fieldNames()).containsExactly("stddev(o_totalprice)", "mean(o_totalprice)", "avg(o_totalprice)");
        assertThat(ExpressionPrinter.pretty(item("nullif(o_shippriority, 0)")))
                .isEqualTo("CASE WHEN (o_shippriority = 0) THEN NULL ELSE o_shippriority END");
    }

    @Test
    void aggregatesAreTyped() {
        AggregateFunctionExpression stddev = (AggregateFunctionExpression) ((AliasExpression) ((io.updraft.planner
                .resolved.plan.AggregateNode) analyze("select stddev_pop(o_shippriority) from orders"))
                .aggregateExpressions().get(0)).child();
        assertThat(stddev.dataType()).isEqualTo(DataTypes.DoubleType);
        assertThat(stddev.argument().dataType()).isEqualTo(DataTypes.DoubleType);
        AggregateFunctionExpression last = (AggregateFunctionExpression) ((AliasExpression) ((io.updraft.planner
                .resolved.plan.AggregateNode) analyze("select last(o_comment, true) from orders"))
                .aggregateExpressions().get(0)).child();
        assertThat(last.ignoreNulls()).isTrue();
        AggregateFunctionExpression distinct = (AggregateFunctionExpression) ((AliasExpression) ((io.updraft.planner
                .resolved.plan.AggregateNode) analyze("select count(distinct o_custkey) from orders"))
                .aggregateExpressions().get(0)).child();
        assertThat(distinct.distinct()).isTrue();
    }

    @Test
    void argumentErrorsNameTheFunction() {
        assertThatThrownBy(() -> analyze("select lpad(o_comment) from orders"))
                .hasMessageStartingWith("[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] The `lpad` requires [2, 3] parameters");
        assertThatThrownBy(() -> analyze("select round(o_totalprice, o_shippriority) from orders"))
                .hasMessageStartingWith("[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE]");
        assertThatThrownBy(() -> analyze("select sum(o_comment) filter (where true) from orders where upper(o_comment)"
                + " filter (where true) = 'x'")).isInstanceOf(RuntimeException.class);
    }
}
