package org.example.updraftjob;

import io.updraft.sql.Row;
import io.updraft.sql.expressions.MutableAggregationBuffer;
import io.updraft.sql.expressions.UserDefinedAggregateFunction;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;

/** An untyped {@code UserDefinedAggregateFunction} of the test job: the range (max - min) of a long column. */
public class MaxMinusMin extends UserDefinedAggregateFunction {
    @Override
    public StructType inputSchema() {
        return new StructType().add("value", DataTypes.LongType);
    }

    @Override
    public StructType bufferSchema() {
        return new StructType().add("min", DataTypes.LongType).add("max", DataTypes.LongType);
    }

    @Override
    public DataType dataType() {
        return DataTypes.LongType;
    }

    @Override
    public boolean deterministic() {
        return true;
    }

    @Override
    public void initialize(MutableAggregationBuffer buffer) {
        buffer.update(0, Long.MAX_VALUE);
        buffer.update(1, Long.MIN_VALUE);
    }

    @Override
    public void update(MutableAggregationBuffer buffer, Row input) {
        if (!input.isNullAt(0)) {
            buffer.update(0, Math.min(buffer.getLong(0), input.getLong(0)));
            buffer.update(1, Math.max(buffer.getLong(1), input.getLong(0)));
        }
    }

    @Override
    public void merge(MutableAggregationBuffer buffer1, Row buffer2) {
        buffer1.update(0, Math.min(buffer1.getLong(0), buffer2.getLong(0)));
        buffer1.update(1, Math.max(buffer1.getLong(1), buffer2.getLong(1)));
    }

    @Override
    public Long evaluate(Row buffer) {
        return buffer.getLong(1) - buffer.getLong(0);
    }
}
