package io.updraft.planner.logical;

import java.util.Locale;

/** Spark's join types; {@link #fromString} accepts the names {@code Dataset.join(..., joinType)} accepts. */
public enum JoinType {
    INNER("Inner"), LEFT_OUTER("LeftOuter"), RIGHT_OUTER("RightOuter"), FULL_OUTER("FullOuter"),
    LEFT_SEMI("LeftSemi"), LEFT_ANTI("LeftAnti"), CROSS("Cross");

    private final String sparkName;

    JoinType(String sparkName) {
        this.sparkName = sparkName;
    }

    /** The name Spark's explain prints ("Inner", "LeftOuter", ...). */
    public String sparkName() {
        return sparkName;
    }

    /** Whether the output has only the left side's columns. */
    public boolean leftOnly() {
        return this == LEFT_SEMI || this == LEFT_ANTI;
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
