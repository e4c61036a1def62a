package io.updraft.planner.logical;

import io.updraft.planner.expr.FunctionCall;

import java.util.List;
import java.util.Objects;

/**
 * SQL's {@code LATERAL VIEW [OUTER] generator(args) qualifier AS names}: every row of {@code child} joined with the rows
 * {@code generator} (explode, posexplode, inline or an _outer variant) makes from it. {@code names} empty = Spark's
 * default column names; {@code outer} is set for LATERAL VIEW OUTER (an _outer function is outer by itself).
 * The select-list form ({@code select(explode(c))}) is a {@link Project} the analyzer splits (Spark's
 * ExtractGenerator).
 */
public record Generate(LogicalPlan child, FunctionCall generator, boolean outer, String qualifier,
                       List<String> names) implements LogicalPlan {
    public Generate {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(generator, "generator is null");
        names = List.copyOf(names);
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(child);
    }
}
