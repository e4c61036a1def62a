package org.example.updraftjob;

import io.updraft.sql.Encoder;
import io.updraft.sql.Encoders;
import io.updraft.sql.expressions.Aggregator;

/** A typed {@code Aggregator} over whole beans (through {@code toColumn()}): "n/sum/max" of the readings' v. */
public class ReadingStats extends Aggregator<Reading, Stats, String> {
    @Override
    public Stats zero() {
        return new Stats();
    }

    @Override
    public Stats reduce(Stats buffer, Reading reading) {
        return buffer.add(reading.getV());
    }

    @Override
    public Stats merge(Stats b1, Stats b2) {
        return b1.merge(b2);
    }

    @Override
    public String finish(Stats reduction) {
        return reduction.getCount() + "/" + reduction.getSum() + "/" + reduction.getMax();
    }

    @Override
    public Encoder<Stats> bufferEncoder() {
        return Encoders.bean(Stats.class);
    }

    @Override
    public Encoder<String> outputEncoder() {
        return Encoders.STRING();
    }
}
