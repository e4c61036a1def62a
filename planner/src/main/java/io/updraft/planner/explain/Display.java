package io.updraft.planner.explain;

import java.util.List;
import java.util.Objects;

/**
 * What explain prints for one physical operator, computed by the physical planner when it builds the core operator
 * (core operators speak in ordinals; explain prints the analyzer's names and ids): {@code name} is Spark's node name
 * ({@code Filter}, {@code BroadcastHashJoin}), {@code treeName} the formatted tree's name (joins add type and build
 * side), {@code simple} the simple mode's line without its {@code *(n)} mark, {@code details} the formatted mode's
 * fields. Not part of the wire format: it stays on the planner's side.
 */
public record Display(String name, String treeName, String simple, List<String> details) {
    public Display {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(treeName, "treeName is null");
        Objects.requireNonNull(simple, "simple is null");
        details = List.copyOf(details);
    }
}
