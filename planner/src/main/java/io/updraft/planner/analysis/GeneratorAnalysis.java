package io.updraft.planner.analysis;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.plan.GeneratorFunction;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.MultiAlias;
import io.updraft.planner.expr.UnresolvedExpressions;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.planner.logical.Generate;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.GenerateNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.StructField;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Table-generating functions ({@code explode}, {@code posexplode}, {@code inline} and their {@code _outer} forms) as
 * Spark's analyzer plans them: a select list with one generator becomes {@code Project(Generate(child))} (Spark's
 * ExtractGenerator; the generator's columns take its place in the list), {@code LATERAL VIEW} a Generate whose columns
 * carry the view's qualifier. Generators stand at the top of a select-list item (optionally aliased); anything else
 * is Spark's UNSUPPORTED_GENERATOR error. Stateless apart from the analysis' id generator.
 */
final class GeneratorAnalysis {
    private record Call(GeneratorFunction function, boolean outer) {
    }

    private static final Map<String, Call> GENERATORS = Map.of(
            "explode", new Call(GeneratorFunction.EXPLODE, false),
            "explode_outer", new Call(GeneratorFunction.EXPLODE, true),
            "posexplode", new Call(GeneratorFunction.POSEXPLODE, false),
            "posexplode_outer", new Call(GeneratorFunction.POSEXPLODE, true),
            "inline", new Call(GeneratorFunction.INLINE, false),
            "inline_outer", new Call(GeneratorFunction.INLINE, true));

    private GeneratorAnalysis() {
    }

    static boolean isGenerator(String functionName) {
        return GENERATORS.containsKey(functionName.toLowerCase(Locale.ROOT));
    }

    private static boolean isGeneratorCall(Expression e) {
        return e instanceof FunctionCall f && isGenerator(f.name());
    }

    /** The expression under an alias or multi-alias. */
    private static Expression unaliased(Expression e) {
        return e instanceof Alias a ? a.child() : e instanceof MultiAlias m ? m.child() : e;
    }

    /** Whether the select list calls a generator anywhere. */
    static boolean hasGenerator(List<Expression> projectList) {
        return projectList.stream().anyMatch(e -> UnresolvedExpressions.anyMatch(e, GeneratorAnalysis::isGeneratorCall));
    }

    /**
     * {@code SELECT ..., generator(arg) [AS name], ... FROM child}: Project over Generate. Several generators (Spark 4
     * allows them) stack one Generate each, in select-list order, so their rows multiply; each argument resolves
     * against the child's columns.
     */
    static ResolvedPlan overProject(Analyzer.Run run, ResolvedPlan child, List<Expression> projectList) {
        List<Integer> at = new ArrayList<>();
        for (int i = 0; i < projectList.size(); i++) {
            Expression e = projectList.get(i);
            Expression call = unaliased(e);
            if (isGeneratorCall(call)) {
                at.add(i);
            } else if (UnresolvedExpressions.anyMatch(e, GeneratorAnalysis::isGeneratorCall)) {
                throw new AnalysisException("UNSUPPORTED_GENERATOR.NESTED_IN_EXPRESSIONS", "42K0E", "The generator is"
                        + " not supported: nested in expressions " + AnalysisErrors.quoteExpr(unaliased(e).sql())
                        + ".");
            }
        }
        ResolvedPlan plan = child;
        java.util.Map<Integer, List<AttributeReference>> generated = new java.util.HashMap<>();
        for (int i : at) {
            Expression item = projectList.get(i);
            FunctionCall call = (FunctionCall) unaliased(item);
            List<String> names = item instanceof Alias a ? List.of(a.name())
                    : item instanceof MultiAlias m ? m.names() : List.of();
            GenerateNode generate = generate(run, plan, child.output(), call, false, null, names);
            generated.put(i, generate.generatorOutput());
            plan = generate;
        }
        List<NamedExpression> list = new ArrayList<>();
        for (int i = 0; i < projectList.size(); i++) {
            if (generated.containsKey(i)) {
                list.addAll(generated.get(i));
            } else {
                list.addAll(run.resolver.resolveNamedList(List.of(projectList.get(i)), run.scope(child.output())));
            }
        }
        return new ProjectNode(plan, list);
    }

    /**
     * {@code SELECT k, explode(collect_list(x)) FROM t GROUP BY k}: the aggregation computes each generator's
     * argument as a hidden column in the generator's place, Generates run over the aggregation's output, and a
     * Project puts the generated columns where the generators stood (Spark's ExtractGenerator over an Aggregate).
     */
    static ResolvedPlan overAggregate(Analyzer.Run run, ResolvedPlan child, List<Expression> groupings,
                                      List<Expression> list) {
        List<Expression> hidden = new ArrayList<>();
        java.util.Map<Integer, Expression> generators = new java.util.HashMap<>();
        for (int i = 0; i < list.size(); i++) {
            Expression e = list.get(i);
            Expression call = unaliased(e);
            if (isGeneratorCall(call)) {
                FunctionCall f = (FunctionCall) call;
                if (f.arguments().size() != 1) {
                    throw AnalysisErrors.wrongNumArgs(f.name(), "1", f.arguments().size());
                }
                generators.put(i, e);
                hidden.add(new Alias(f.arguments().get(0), "__generator_argument_" + i));
            } else if (UnresolvedExpressions.anyMatch(e, GeneratorAnalysis::isGeneratorCall)) {
                throw new AnalysisException("UNSUPPORTED_GENERATOR.NESTED_IN_EXPRESSIONS", "42K0E", "The generator is"
                        + " not supported: nested in expressions " + AnalysisErrors.quoteExpr(unaliased(e).sql())
                        + ".");
            } else {
                hidden.add(e);
            }
        }
        ResolvedPlan aggregate = run.aggregate(child, groupings, hidden);
        List<AttributeReference> columns = aggregate.output();
        if (columns.size() != list.size()) {
            throw new IllegalStateException("the aggregation of a select list with generators has " + columns.size()
                    + " columns for " + list.size() + " items");
        }
        ResolvedPlan plan = aggregate;
        List<NamedExpression> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            Expression item = generators.get(i);
            if (item == null) {
                out.add(columns.get(i));
                continue;
            }
            FunctionCall call = (FunctionCall) unaliased(item);
            List<String> names = item instanceof Alias a ? List.of(a.name())
                    : item instanceof MultiAlias m ? m.names() : List.of();
            FunctionCall overColumn = new FunctionCall(call.name(), List.of(new io.updraft.planner.expr.UnresolvedAttribute(
                    List.of(columns.get(i).name()))), false);
            GenerateNode generate = generate(run, plan, List.of(columns.get(i)), overColumn, false, null, names);
            out.addAll(generate.generatorOutput());
            plan = generate;
        }
        return new ProjectNode(plan, out);
    }

    /** {@code LATERAL VIEW [OUTER] generator(arg) qualifier AS names}. */
    static ResolvedPlan lateralView(Analyzer.Run run, Generate g) {
        if (!isGenerator(g.generator().name())) {
            throw new AnalysisException("UNSUPPORTED_GENERATOR.NOT_GENERATOR", "42K0E", "The generator is not"
                    + " supported: " + AnalysisErrors.quoteId(g.generator().name()) + " is expected to be a generator."
                    + " However, it is not a generator.");
        }
        ResolvedPlan child = run.resolve(g.child());
        return generate(run, child, child.output(), g.generator(), g.outer(), g.qualifier(), g.names());
    }

    /** A Generate over {@code child} whose argument resolves against {@code scope} (columns of the child). */
    private static GenerateNode generate(Analyzer.Run run, ResolvedPlan child, List<AttributeReference> scope,
                                         FunctionCall call, boolean outer, String qualifier, List<String> names) {
        Call generator = GENERATORS.get(call.name());
        if (call.arguments().size() != 1 || call.arguments().get(0) instanceof UnresolvedStar) {
            throw AnalysisErrors.wrongNumArgs(call.name(), "1", call.arguments().size());
        }
        ResolvedExpression argument = run.resolver.resolve(call.arguments().get(0), run.scope(scope));
        String sql = call.name() + "(" + ExpressionPrinter.pretty(argument) + ")";
        GeneratorFunction function = generator.function();
        if (!function.accepts(argument.dataType())) {
            throw AnalysisErrors.unexpectedInputType(sql, 1, function == GeneratorFunction.INLINE
                            ? "\"ARRAY<STRUCT>\"" : "(\"ARRAY\" or \"MAP\")", ExpressionPrinter.pretty(argument),
                    argument.dataType());
        }
        List<StructField> fields = function.outputFields(argument.dataType(), outer || generator.outer());
        if (!names.isEmpty() && names.size() != fields.size()) {
            throw new AnalysisException("UDTF_ALIAS_NUMBER_MISMATCH", "42802", "The number of aliases supplied in the"
                    + " AS clause does not match the number of columns output by the UDTF. Expected " + fields.size()
                    + " aliases, but got " + String.join(", ", names) + ". Please ensure that the number of aliases"
                    + " provided matches the number of columns output by the UDTF.");
        }
        List<AttributeReference> output = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            StructField f = fields.get(i);
            output.add(new AttributeReference(run.ids.next(), names.isEmpty() ? f.name() : names.get(i),
                    qualifier == null ? List.of() : List.of(qualifier), f.dataType(), f.nullable()));
        }
        return new GenerateNode(child, function, argument, outer || generator.outer(), child.output(), output);
    }
}
