package io.updraft.sql.typed;

import java.io.Serializable;
import java.util.Objects;

/** Not a bean (final fields, no no-argument constructor): encoded by Encoders.kryo or javaSerialization. */
public final class Point implements Serializable {
    private final int x;
    private final String label;

    public Point(int x, String label) {
        this.x = x;
        this.label = label;
    }

    public int x() {
        return x;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Point p && p.x == x && Objects.equals(p.label, label);
    }

    @Override
    public int hashCode() {
        return Objects.hash(x, label);
    }

    @Override
    public String toString() {
        return "Point(" + x + ", " + label + ")";
    }
}
