package io.updraft.planner.resolved.plan;

/**
 * Which sides of a join should be broadcast: set from the user's broadcast hints, then by the optimizer when a
 * side's estimated size is below {@code autoBroadcastJoinThreshold}. The physical planner broadcasts a flagged
 * side when the join type allows building it (never both; the right side wins a tie).
 */
public record JoinHint(boolean broadcastLeft, boolean broadcastRight) {
    public static final JoinHint NONE = new JoinHint(false, false);

    public boolean any() {
        return broadcastLeft || broadcastRight;
    }
}
