package io.updraft.planner.physical;

import io.updraft.planner.explain.Display;
import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.List;
import java.util.Objects;

/**
 * The planner's side of one core operator it planned (not part of the wire format): its {@code output} as the
 * analyzer's attributes (what a parent's expressions are bound against), its {@code partitioning} (what exchanges
 * check), explain's {@link Display}, and {@code step}, the operator's word in {@link io.updraft.core.plan.Stage}
 * descriptions ({@code filter}, {@code top 10 per task}, {@code broadcast hash join}; null for an exchange, whose
 * step {@link StageBuilder} derives).
 */
public record OperatorInfo(List<AttributeReference> output, PhysicalPartitioning partitioning, Display display,
                           String step) {
    public OperatorInfo {
        output = List.copyOf(output);
        Objects.requireNonNull(partitioning, "partitioning is null");
        Objects.requireNonNull(display, "display is null");
    }

    /** Whether the output is spread over several tasks (anything but a single partition). */
    public boolean distributed() {
        return !(partitioning instanceof PhysicalPartitioning.Single);
    }
}
