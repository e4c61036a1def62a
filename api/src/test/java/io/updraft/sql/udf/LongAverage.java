package io.updraft.sql.udf;

import io.updraft.sql.Encoder;
import io.updraft.sql.Encoders;
import io.updraft.sql.expressions.Aggregator;

/** The guide's untyped MyAverage (Spark 3+): Aggregator&lt;Long, Average, Double&gt; used through functions.udaf. */
public class LongAverage extends Aggregator<Long, Average, Double> {
    @Override
    public Average zero() {
        return new Average(0L, 0L);
    }

    @Override
    public Average reduce(Average buffer, Long data) {
        buffer.setSum(buffer.getSum() + data);
        buffer.setCount(buffer.getCount() + 1);
        return buffer;
    }

    @Override
    public Average merge(Average b1, Average b2) {
        b1.setSum(b1.getSum() + b2.getSum());
        b1.setCount(b1.getCount() + b2.getCount());
        return b1;
    }

    @Override
    public Double finish(Average reduction) {
        return ((double) reduction.getSum()) / reduction.getCount();
    }

    @Override
    public Encoder<Average> bufferEncoder() {
        return Encoders.bean(Average.class);
    }

    @Override
    public Encoder<Double> outputEncoder() {
        return Encoders.DOUBLE();
    }
}
