package org.example.updraftjob;

import java.io.Serializable;

/** The buffer bean of the test job's aggregators: how many values, their sum and their maximum. */
public class Stats implements Serializable {
    private long count;
    private long sum;
    private long max = Long.MIN_VALUE;

    public long getCount() {
        return count;
    }

    public void setCount(long count) {
        this.count = count;
    }

    public long getSum() {
        return sum;
    }

    public void setSum(long sum) {
        this.sum = sum;
    }

    public long getMax() {
        return max;
    }

    public void setMax(long max) {
        this.max = max;
    }

    Stats add(long value) {
        count++;
        sum += value;
        max = Math.max(max, value);
        return this;
    }

    Stats merge(Stats other) {
        count += other.count;
        sum += other.sum;
        max = Math.max(max, other.max);
        return this;
    }
}
