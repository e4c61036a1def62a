package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.updraft.sql.types.StructType;

import java.util.List;

/**
 * A physical operator of one task's pipeline, as shipped in a TaskSpec. Leaves produce batches
 * (Parquet scan, inline batches); the rest transform their child's batches. Immutable.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "op")
@JsonSubTypes({
        @JsonSubTypes.Type(value = ParquetScan.class, name = "parquetScan"),
        @JsonSubTypes.Type(value = StageInput.class, name = "stageInput"),
        @JsonSubTypes.Type(value = InlineBatches.class, name = "inlineBatches"),
        @JsonSubTypes.Type(value = Filter.class, name = "filter"),
        @JsonSubTypes.Type(value = Project.class, name = "project"),
        @JsonSubTypes.Type(value = HashAggregate.class, name = "hashAggregate"),
        @JsonSubTypes.Type(value = Sort.class, name = "sort"),
        @JsonSubTypes.Type(value = Limit.class, name = "limit"),
})
public sealed interface Operator permits ParquetScan, StageInput, InlineBatches, Filter, Project, HashAggregate,
        Sort, Limit {

    /** Schema of the batches this operator produces. */
    StructType schema();

    @JsonIgnore
    List<Operator> children();
}
