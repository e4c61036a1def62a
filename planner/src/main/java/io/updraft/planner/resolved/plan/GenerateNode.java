package io.updraft.planner.resolved.plan;

import io.updraft.core.plan.GeneratorFunction;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ResolvedExpression;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Spark's {@code Generate}: for every child row, one row per element or entry {@code function} generates from
 * {@code argument} (with {@code outer}, one row of nulls for a null or empty argument). Output: the child columns
 * {@code requiredChildOutput} (all of them after analysis; column pruning narrows it, as Spark's
 * {@code unrequiredChildIndex}) then {@code generatorOutput}, fresh attributes typed by
 * {@link GeneratorFunction#outputFields}.
 */
public record GenerateNode(ResolvedPlan child, GeneratorFunction function, ResolvedExpression argument, boolean outer,
                           List<AttributeReference> requiredChildOutput, List<AttributeReference> generatorOutput)
        implements ResolvedPlan {
    public GenerateNode {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(function, "function is null");
        Objects.requireNonNull(argument, "argument is null");
        requiredChildOutput = List.copyOf(requiredChildOutput);
        generatorOutput = List.copyOf(generatorOutput);
        int generated = function.outputFields(argument.dataType(), outer).size();
        if (generatorOutput.size() != generated) {
            throw new IllegalArgumentException(function.sqlName() + " generates " + generated + " columns, not "
                    + generatorOutput.size());
        }
    }

    @Override
    public List<AttributeReference> output() {
        List<AttributeReference> out = new ArrayList<>(requiredChildOutput);
        out.addAll(generatorOutput);
        return out;
    }

    @Override
    public List<ResolvedPlan> children() {
        return List.of(child);
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> children) {
        return new GenerateNode(children.get(0), function, argument, outer, requiredChildOutput, generatorOutput);
    }

    /** This node keeping only {@code kept} of the child's columns. */
    public GenerateNode withRequiredChildOutput(List<AttributeReference> kept) {
        return new GenerateNode(child, function, argument, outer, kept, generatorOutput);
    }
}
