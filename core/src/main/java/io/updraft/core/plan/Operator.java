package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.updraft.sql.types.StructType;

import java.util.List;

/**
 * A physical operator of one task's pipeline, as shipped in a TaskSpec. Leaves produce batches
 * (Parquet scan, inline batches, shuffle read); the rest transform their children's batches; a
 * {@link ShuffleWrite} is only ever the root of a map task; a {@link FileWrite} the root of a write task; an
 * {@link Exchange} only exists between planning and stage cutting (it has no JSON name). Immutable.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "op")
@JsonSubTypes({
        @JsonSubTypes.Type(value = FileScan.class, name = "fileScan"),
        @JsonSubTypes.Type(value = StageInput.class, name = "stageInput"),
        @JsonSubTypes.Type(value = InlineBatches.class, name = "inlineBatches"),
        @JsonSubTypes.Type(value = Filter.class, name = "filter"),
        @JsonSubTypes.Type(value = Project.class, name = "project"),
        @JsonSubTypes.Type(value = HashAggregate.class, name = "hashAggregate"),
        @JsonSubTypes.Type(value = Sort.class, name = "sort"),
        @JsonSubTypes.Type(value = Limit.class, name = "limit"),
        @JsonSubTypes.Type(value = TopN.class, name = "topN"),
        @JsonSubTypes.Type(value = Join.class, name = "join"),
        @JsonSubTypes.Type(value = Union.class, name = "union"),
        @JsonSubTypes.Type(value = Window.class, name = "window"),
        @JsonSubTypes.Type(value = Expand.class, name = "expand"),
        @JsonSubTypes.Type(value = ShuffleWrite.class, name = "shuffleWrite"),
        @JsonSubTypes.Type(value = FileWrite.class, name = "fileWrite"),
        @JsonSubTypes.Type(value = ShuffleRead.class, name = "shuffleRead"),
        @JsonSubTypes.Type(value = MapPartitions.class, name = "mapPartitions"),
        @JsonSubTypes.Type(value = Generate.class, name = "generate"),
})
public sealed interface Operator permits FileScan, StageInput, InlineBatches, Filter, Project, HashAggregate,
        Sort, Limit, TopN, Join, Union, Window, Expand, ShuffleWrite, ShuffleRead, Exchange, FileWrite,
        MapPartitions, Generate {

    /** Schema of the batches this operator produces. */
    StructType schema();

    @JsonIgnore
    List<Operator> children();

    /**
     * This operator over {@code children} (same count and order as {@link #children()}), every other field kept;
     * a leaf returns itself. One rebuild per record, so code that rewrites trees needs no per-type switch.
     */
    Operator withChildren(List<Operator> children);

    /** For a unary operator's {@code withChildren}: its one new child (anything else is rejected). */
    static Operator onlyChild(List<Operator> children, Operator parent) {
        if (children.size() != 1) {
            throw new IllegalArgumentException(parent.getClass().getSimpleName() + " has 1 child, got "
                    + children.size());
        }
        return children.get(0);
    }

    /** For a leaf's {@code withChildren}: the leaf itself (it has no children to replace). */
    static Operator leaf(List<Operator> children, Operator leaf) {
        if (!children.isEmpty()) {
            throw new IllegalArgumentException(leaf.getClass().getSimpleName() + " is a leaf, got "
                    + children.size() + " children");
        }
        return leaf;
    }

    /** This tree with every leaf replaced by {@code leaves.apply(leaf)}; inner nodes are rebuilt above them. */
    default Operator replaceLeaves(java.util.function.UnaryOperator<Operator> leaves) {
        if (children().isEmpty()) {
            return leaves.apply(this);
        }
        return withChildren(children().stream().map(c -> c.replaceLeaves(leaves)).toList());
    }
}
