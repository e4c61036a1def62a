package io.updraft.planner.logical;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A plan hint ({@code functions.broadcast(df)} is {@code Hint(plan, "broadcast")}; also {@code df.hint(name)}).
 * "broadcast", "broadcastjoin" and "mapjoin" make a join broadcast this side whatever its estimated size;
 * other names are ignored, as Spark ignores unknown hints.
 */
public record Hint(LogicalPlan child, String name) implements LogicalPlan {
    public Hint {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(name, "name is null");
        name = name.toLowerCase(Locale.ROOT);
    }

    public boolean isBroadcast() {
        return name.equals("broadcast") || name.equals("broadcastjoin") || name.equals("mapjoin");
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(child);
    }
}
