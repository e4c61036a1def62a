package io.updraft.sql.typed;

import java.io.Serializable;
import java.util.Objects;

/** A bean nested in {@link Outer} (the same shape as bench-spark's DatasetSurfaceProbe.Inner). */
public class Inner implements Serializable {
    private int n;
    private String s;

    public Inner() {
    }

    public Inner(int n, String s) {
        this.n = n;
        this.s = s;
    }

    public int getN() {
        return n;
    }

    public void setN(int n) {
        this.n = n;
    }

    public String getS() {
        return s;
    }

    public void setS(String s) {
        this.s = s;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Inner i && i.n == n && Objects.equals(i.s, s);
    }

    @Override
    public int hashCode() {
        return Objects.hash(n, s);
    }

    @Override
    public String toString() {
        return "Inner(" + n + ", " + s + ")";
    }
}
