package io.updraft.sql.udf;

import io.updraft.sql.Encoder;
import io.updraft.sql.Encoders;
import io.updraft.sql.expressions.Aggregator;

/** The guide's type-safe MyAverage: Aggregator&lt;Employee, Average, Double&gt;. */
public class TypedAverage extends Aggregator<Employee, Average, Double> {
    @Override
    public Average zero() {
        return new Average(0L, 0L);
    }

    @Override
    public Average reduce(Average buffer, Employee employee) {
        buffer.setSum(buffer.getSum() + employee.getSalary());
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
