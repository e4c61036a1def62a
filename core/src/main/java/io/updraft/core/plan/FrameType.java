package io.updraft.core.plan;

/** ROWS frames count physical rows; RANGE frames are defined by the values of the (single) order key. */
public enum FrameType {
    ROWS,
    RANGE
}
