package io.updraft.core.typed;

import io.updraft.sql.Row;
import io.updraft.sql.expressions.MutableAggregationBuffer;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructType;

import java.io.Serializable;

/**
 * The methods of Spark's (deprecated) untyped {@code UserDefinedAggregateFunction} the workers call: the api's
 * {@code io.updraft.sql.expressions.UserDefinedAggregateFunction} implements it.
 */
public interface UntypedAggregator extends Serializable {
    StructType inputSchema();

    StructType bufferSchema();

    DataType dataType();

    boolean deterministic();

    void initialize(MutableAggregationBuffer buffer);

    void update(MutableAggregationBuffer buffer, Row input);

    void merge(MutableAggregationBuffer buffer1, Row buffer2);

    Object evaluate(Row buffer);
}
