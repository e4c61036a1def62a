package io.updraft.planner.explain;

import io.updraft.planner.resolved.plan.GenerateNode;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.logical.FileSource;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.InExpression;
import io.updraft.planner.resolved.expr.IsNotNullExpression;
import io.updraft.planner.resolved.expr.IsNullExpression;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The {@link Display} of each physical operator, from the analyzer's expressions it was planned from: Spark's node
 * names, the simple mode's arguments ({@code Filter (a#1 > 2)}, {@code HashAggregate(keys=[...], functions=[...])})
 * and the formatted mode's fields ({@code Input [n]: [...]}, {@code Condition : ...}, see
 * {@link FormattedPlanPrinter}). One method per operator kind; stateless.
 */
public final class OperatorDisplays {
    private OperatorDisplays() {
    }

    public static Display scan(String relationName, FileSource source, List<AttributeReference> output,
                               List<ResolvedExpression> pushedFilters) {
        List<String> paths = source.displayPaths().isEmpty() ? source.files() : source.displayPaths();
        String format = source.format().name();
        String simple = "FileScan " + format + " " + relationName + ResolvedPlanPrinter.attributes(output)
                + " Batched: true, DataFilters: " + ExpressionPrinter.explainList(pushedFilters)
                + ", Format: " + formatTitle(format) + ", Location: InMemoryFileIndex(" + paths.size() + " paths)"
                + paths.stream().collect(Collectors.joining(", ", "[", "]"))
                + ", PartitionFilters: [], PushedFilters: " + pushedFilters(pushedFilters) + ", ReadSchema: "
                + readSchema(output);
        List<String> lines = new ArrayList<>();
        lines.add(field("Output", output));
        lines.add("Batched: true");
        lines.add("Location: InMemoryFileIndex " + (paths.size() <= 1 ? "[" + String.join(", ", paths) + "]"
                : "[" + paths.get(0) + ", ... " + (paths.size() - 1) + " entries]"));
        if (!pushedFilters.isEmpty()) {
            lines.add("PushedFilters: " + pushedFilters(pushedFilters));
        }
        lines.add("ReadSchema: " + readSchema(output));
        String name = "Scan " + format + " " + relationName;
        return new Display(name, name, simple, lines);
    }

    /** Spark's {@code FileFormat.toString}: Parquet, CSV, JSON, Text. */
    private static String formatTitle(String format) {
        return switch (format) {
            case "csv" -> "CSV";
            case "json" -> "JSON";
            case "text" -> "Text";
            default -> "Parquet";
        };
    }

    public static Display filter(List<AttributeReference> input, ResolvedExpression condition) {
        return unary("Filter", ExpressionPrinter.explain(condition), false,
                List.of(field("Input", input), "Condition : " + ExpressionPrinter.explain(condition)));
    }

    public static Display project(List<AttributeReference> input, List<NamedExpression> projectList) {
        return unary("Project", ExpressionPrinter.explainList(projectList), false,
                List.of(field("Output", projectList), field("Input", input)));
    }

    public static Display aggregate(List<AttributeReference> input, AggregateMode mode, List<NamedExpression> keys,
                                    List<AggregateFunctionExpression> aggregates,
                                    List<AttributeReference> resultAttributes, List<AttributeReference> output) {
        List<String> functions = aggregates.stream()
                .map(f -> (mode == AggregateMode.PARTIAL ? "partial_" : "") + ExpressionPrinter.explain(f)).toList();
        String args = "(keys=" + ExpressionPrinter.explainList(keys) + ", functions="
                + functions.stream().collect(Collectors.joining(", ", "[", "]")) + ")";
        return unary("HashAggregate", args, true, List.of(field("Input", input), field("Keys", keys),
                textField("Functions", functions), field("Aggregate Attributes", resultAttributes),
                field("Results", output)));
    }

    public static Display sort(List<AttributeReference> input, List<SortOrder> order, boolean global) {
        return unary("Sort", orders(order) + ", " + global, false,
                List.of(field("Input", input), "Arguments: " + orders(order) + ", " + global + ", 0"));
    }

    public static Display topN(List<AttributeReference> input, List<SortOrder> order, long limit, boolean global) {
        String args = "(limit=" + limit + ", orderBy=" + orders(order) + ", output="
                + ResolvedPlanPrinter.attributes(input) + ")";
        return unary(global ? "TakeOrderedAndProject" : "TopN", args, true, List.of(field("Input", input),
                "Arguments: " + limit + ", " + orders(order) + (global ? ", " + list(input) : "")));
    }

    public static Display limit(List<AttributeReference> input, long limit, long offset, boolean global) {
        String name = global ? (offset > 0 ? "GlobalLimitAndOffset" : "GlobalLimit") : "LocalLimit";
        String args = global && offset > 0 ? limit + ", " + offset : String.valueOf(limit);
        return unary(name, args, false,
                List.of(field("Input", input), "Arguments: " + limit + (global ? ", " + offset : "")));
    }

    /** {@code strategyName}: BroadcastHashJoin, ShuffledHashJoin or BroadcastNestedLoopJoin. */
    public static Display join(String strategyName, JoinType type, List<ResolvedExpression> leftKeys,
                               List<ResolvedExpression> rightKeys, ResolvedExpression condition, BuildSide build) {
        String buildName = build == BuildSide.LEFT ? "BuildLeft" : "BuildRight";
        String conditionText = condition == null ? "" : ", " + ExpressionPrinter.explain(condition);
        String args = leftKeys.isEmpty() ? buildName + ", " + type.sparkName() + conditionText
                : ExpressionPrinter.explainList(leftKeys) + ", " + ExpressionPrinter.explainList(rightKeys) + ", "
                + type.sparkName() + ", " + buildName + conditionText;
        List<String> lines = new ArrayList<>();
        if (!leftKeys.isEmpty()) {
            lines.add(field("Left keys", leftKeys));
            lines.add(field("Right keys", rightKeys));
        }
        lines.add("Join type: " + type.sparkName());
        lines.add("Join condition: " + (condition == null ? "None" : ExpressionPrinter.explain(condition)));
        return new Display(strategyName, strategyName + " " + type.sparkName() + " " + buildName,
                strategyName + " " + args, lines);
    }

    /** Spark prints nothing but the name for Union. */
    public static Display union() {
        return new Display("Union", "Union", "Union", List.of());
    }

    public static Display window(List<AttributeReference> input, List<AliasExpression> windowExpressions,
                                 List<ResolvedExpression> partitionSpec, List<SortOrder> orderSpec) {
        String args = ExpressionPrinter.explainList(windowExpressions) + ", "
                + ExpressionPrinter.explainList(partitionSpec) + ", " + orders(orderSpec);
        return unary("Window", args, false, List.of(field("Input", input), "Arguments: " + list(windowExpressions)
                + ", " + list(partitionSpec) + ", " + orders(orderSpec)));
    }

    public static Display expand(List<AttributeReference> input, List<List<ResolvedExpression>> projections,
                                 List<AttributeReference> output) {
        String args = projections.stream().map(ExpressionPrinter::explainList)
                .collect(Collectors.joining(", ", "[", "]")) + ", " + ResolvedPlanPrinter.attributes(output);
        return unary("Expand", args, false, List.of(field("Input", input), "Arguments: " + projections.stream()
                .map(OperatorDisplays::list).collect(Collectors.joining(", ", "[", "]")) + ", " + list(output)));
    }

    /** Spark's {@code GenerateExec}: the generator, the kept child columns, outer, the generated columns. */
    public static Display generate(List<AttributeReference> input, GenerateNode g) {
        String args = ResolvedPlanPrinter.generatorCall(g) + ", " + ResolvedPlanPrinter.attributes(g.requiredChildOutput())
                + ", " + g.outer() + ", " + ResolvedPlanPrinter.attributes(g.generatorOutput());
        return unary("Generate", args, false, List.of(field("Input", input), "Arguments: "
                + ResolvedPlanPrinter.generatorCall(g) + ", " + list(g.requiredChildOutput()) + ", " + g.outer()
                + ", " + list(g.generatorOutput())));
    }

    /** A typed operation's user code ({@code name} as Spark's node: MapElements, MapGroups, ...). */
    public static Display mapPartitions(String name, List<AttributeReference> input, List<AttributeReference> output) {
        return unary(name, ResolvedPlanPrinter.attributes(output), false, List.of(field("Input", input),
                field("Output", output)));
    }

    /** The session's own rows, as Spark's {@code LocalTableScan}. */
    public static Display localRelation(List<AttributeReference> output) {
        return unary("LocalTableScan", ResolvedPlanPrinter.attributes(output), false, List.of(field("Output",
                output)));
    }

    /** {@code partitioning}: Spark's text of the exchange's partitioning ({@code hashpartitioning(k#1, 4)}). */
    public static Display exchange(List<AttributeReference> input, String partitioning, boolean broadcast) {
        String simple = broadcast ? "BroadcastExchange IdentityBroadcastMode"
                : "Exchange " + partitioning + ", ENSURE_REQUIREMENTS";
        return new Display(broadcast ? "BroadcastExchange" : "Exchange", broadcast ? "BroadcastExchange" : "Exchange",
                simple, List.of(field("Input", input), "Arguments: " + (broadcast ? "IdentityBroadcastMode"
                        : partitioning + ", ENSURE_REQUIREMENTS")));
    }

    /** A pipeline operator's display: {@code call} puts the arguments right after the name ({@code Name(...)}). */
    private static Display unary(String name, String args, boolean call, List<String> details) {
        return new Display(name, name, name + (args.isEmpty() ? "" : call ? args : " " + args), details);
    }

    private static String pushedFilters(List<ResolvedExpression> filters) {
        return filters.stream().map(OperatorDisplays::sourceFilter).collect(Collectors.joining(", ", "[", "]"));
    }

    private static String readSchema(List<AttributeReference> output) {
        return output.stream().map(a -> a.name() + ":" + a.dataType().simpleString())
                .collect(Collectors.joining(",", "struct<", ">"));
    }

    /** Spark's data source filter notation: LessThanOrEqual(l_shipdate,1998-09-02). */
    private static String sourceFilter(ResolvedExpression e) {
        return switch (e) {
            case ComparisonExpression c -> comparisonName(c.op()) + "(" + column(c.left()) + "," + value(c.right()) + ")";
            case IsNullExpression n -> "IsNull(" + column(n.child()) + ")";
            case IsNotNullExpression n -> "IsNotNull(" + column(n.child()) + ")";
            case InExpression in -> "In(" + column(in.value()) + ", "
                    + in.list().stream().map(OperatorDisplays::value).collect(Collectors.joining(",", "[", "]")) + ")";
            case OrExpression o -> "Or(" + sourceFilter(o.left()) + "," + sourceFilter(o.right()) + ")";
            default -> ExpressionPrinter.explain(e);
        };
    }

    private static String comparisonName(CompareOp op) {
        return switch (op) {
            case EQUAL -> "EqualTo";
            case NOT_EQUAL -> "NotEqualTo";
            case LESS_THAN -> "LessThan";
            case LESS_THAN_OR_EQUAL -> "LessThanOrEqual";
            case GREATER_THAN -> "GreaterThan";
            case GREATER_THAN_OR_EQUAL -> "GreaterThanOrEqual";
            case EQUAL_NULL_SAFE -> "EqualNullSafe";
        };
    }

    private static String column(ResolvedExpression e) {
        return e instanceof AttributeReference a ? a.name() : ExpressionPrinter.explain(e).toLowerCase(Locale.ROOT);
    }

    private static String value(ResolvedExpression e) {
        return e instanceof ConstantExpression c ? ExpressionPrinter.literal(c, true) : ExpressionPrinter.explain(e);
    }

    /** Spark's {@code ExplainUtils.generateFieldString}: {@code Name [n]: [a, b]}, or {@code Name: []} when empty. */
    private static String field(String name, List<? extends ResolvedExpression> values) {
        return values.isEmpty() ? name + ": []" : name + " [" + values.size() + "]: " + list(values);
    }

    private static String textField(String name, List<String> values) {
        return values.isEmpty() ? name + ": []"
                : name + " [" + values.size() + "]: " + values.stream().collect(Collectors.joining(", ", "[", "]"));
    }

    private static String list(List<? extends ResolvedExpression> values) {
        return values.stream().map(ExpressionPrinter::explain).collect(Collectors.joining(", ", "[", "]"));
    }

    private static String orders(List<SortOrder> order) {
        return order.stream().map(ExpressionPrinter::explainOrder).collect(Collectors.joining(", ", "[", "]"));
    }
}
