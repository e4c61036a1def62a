package io.updraft.core.plan;

import java.util.Locale;

/**
 * Join types with Spark's semantics, from the Dataset API down to the engine. Outer joins pad the side without a
 * match with nulls; LEFT_SEMI and LEFT_ANTI output left rows only (those with at least one match, resp. none);
 * CROSS pairs every row with every row (its condition, if any, filters the pairs like INNER). {@link #fromString}
 * accepts the names {@code Dataset.join(..., joinType)} accepts; {@link #sparkName} is what explain prints.
 */
public enum JoinType {
    INNER("Inner"),
    LEFT_OUTER("LeftOuter"),
    RIGHT_OUTER("RightOuter"),
    FULL_OUTER("FullOuter"),
    LEFT_SEMI("LeftSemi"),
    LEFT_ANTI("LeftAnti"),
    CROSS("Cross");

    private final String sparkName;

    JoinType(String sparkName) {
        this.sparkName = sparkName;
    }

    /** The name Spark's explain prints ("Inner", "LeftOuter", ...). */
    public String sparkName() {
        return sparkName;
    }

    /** Whether the output has the right side's columns (not LEFT_SEMI / LEFT_ANTI). */
    public boolean outputsRight() {
        return this != LEFT_SEMI && this != LEFT_ANTI;
    }

    /** Whether unmatched left rows are output (padded with nulls). */
    public boolean keepsUnmatchedLeft() {
        return this == LEFT_OUTER || this == FULL_OUTER;
    }

    /** Whether unmatched right rows are output (padded with nulls). */
    public boolean keepsUnmatchedRight() {
        return this == RIGHT_OUTER || this == FULL_OUTER;
    }

    /**
     * Spark's {@code JoinType(typ)}: case-insensitive, underscores ignored: inner, cross, outer/full/fullouter,
     * left/leftouter, right/rightouter, semi/leftsemi, anti/leftanti.
     */
    public static JoinType fromString(String name) {
        String n = name.toLowerCase(Locale.ROOT).replace("_", "");
        return switch (n) {
            case "inner" -> INNER;
            case "outer", "full", "fullouter" -> FULL_OUTER;
            case "leftouter", "left" -> LEFT_OUTER;
            case "rightouter", "right" -> RIGHT_OUTER;
            case "leftsemi", "semi" -> LEFT_SEMI;
            case "leftanti", "anti" -> LEFT_ANTI;
            case "cross" -> CROSS;
            default -> throw new IllegalArgumentException("Unsupported join type '" + name + "'. Supported join types"
                    + " include: 'inner', 'outer', 'full', 'fullouter', 'full_outer', 'leftouter', 'left', 'left_outer',"
                    + " 'rightouter', 'right', 'right_outer', 'leftsemi', 'left_semi', 'semi', 'leftanti', 'left_anti',"
                    + " 'anti', 'cross'.");
        };
    }
}
