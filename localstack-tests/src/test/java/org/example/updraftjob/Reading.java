package org.example.updraftjob;

import java.io.Serializable;

/** A bean of the test job: one row of the {@code kv} table ({@code k}, {@code v}), read with {@code Encoders.bean}. */
public class Reading implements Serializable {
    private long k;
    private long v;

    public long getK() {
        return k;
    }

    public void setK(long k) {
        this.k = k;
    }

    public long getV() {
        return v;
    }

    public void setV(long v) {
        this.v = v;
    }
}
