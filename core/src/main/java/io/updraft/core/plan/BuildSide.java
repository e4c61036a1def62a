package io.updraft.core.plan;

/** Which join input is held in memory (hash table or nested-loop buffer); the other one streams. */
public enum BuildSide {
    LEFT,
    RIGHT
}
