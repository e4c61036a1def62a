package io.updraft.core.task;

/** Outcome of one task attempt. */
public enum TaskStatus {
    SUCCEEDED,
    FAILED
}
