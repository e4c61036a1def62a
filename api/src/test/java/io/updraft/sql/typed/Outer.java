package io.updraft.sql.typed;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** A bean with a nested bean, a list of beans, arrays, a map and the small types (bench-spark's probe has its twin). */
public class Outer implements Serializable {
    private String name;
    private Inner inner;
    private List<Inner> inners;
    private long[] longs;
    private List<String> tags;
    private float f;
    private Short sh;
    private byte b;
    private byte[] bytes;
    private Map<String, Integer> m;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public Inner getInner() { return inner; }
    public void setInner(Inner inner) { this.inner = inner; }
    public List<Inner> getInners() { return inners; }
    public void setInners(List<Inner> inners) { this.inners = inners; }
    public long[] getLongs() { return longs; }
    public void setLongs(long[] longs) { this.longs = longs; }
    public List<String> getTags() { return tags; }
    public void setTags(List<String> tags) { this.tags = tags; }
    public float getF() { return f; }
    public void setF(float f) { this.f = f; }
    public Short getSh() { return sh; }
    public void setSh(Short sh) { this.sh = sh; }
    public byte getB() { return b; }
    public void setB(byte b) { this.b = b; }
    public byte[] getBytes() { return bytes; }
    public void setBytes(byte[] bytes) { this.bytes = bytes; }
    public Map<String, Integer> getM() { return m; }
    public void setM(Map<String, Integer> m) { this.m = m; }

    @Override
    public boolean equals(Object o) {
        return o instanceof Outer x && Objects.equals(x.name, name) && Objects.equals(x.inner, inner)
                && Objects.equals(x.inners, inners) && Arrays.equals(x.longs, longs) && Objects.equals(x.tags, tags)
                && x.f == f && Objects.equals(x.sh, sh) && x.b == b && Arrays.equals(x.bytes, bytes)
                && Objects.equals(x.m, m);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, inner, inners, tags, f, sh, b, m);
    }

    @Override
    public String toString() {
        return "Outer(" + name + ", " + inner + ", " + inners + ", " + Arrays.toString(longs) + ", " + tags + ", " + f
                + ", " + sh + ", " + b + ", " + Arrays.toString(bytes) + ", " + m + ")";
    }
}
