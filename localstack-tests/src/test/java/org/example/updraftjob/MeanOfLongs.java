package org.example.updraftjob;

import io.updraft.sql.Encoder;
import io.updraft.sql.Encoders;
import io.updraft.sql.expressions.Aggregator;

/** An {@code Aggregator} over one column (through {@code functions.udaf}): the mean of its longs. */
public class MeanOfLongs extends Aggregator<Long, Stats, Double> {
    @Override
    public Stats zero() {
        return new Stats();
    }

    @Override
    public Stats reduce(Stats buffer, Long value) {
        return buffer.add(value);
    }

    @Override
    public Stats merge(Stats b1, Stats b2) {
        return b1.merge(b2);
    }

    @Override
    public Double finish(Stats reduction) {
        return (double) reduction.getSum() / reduction.getCount();
    }

    @Override
    public Encoder<Stats> bufferEncoder() {
        return Encoders.bean(Stats.class);
    }

    @Override
    public Encoder<Double> outputEncoder() {
        return Encoders.DOUBLE();
    }
}
