package io.updraft.engine.join;


import java.util.List;

/** Null-safe key flags of a join (its output layout is core's {@code Join.outputSchema}). Stateless. */
final class JoinSchemas {
    private JoinSchemas() {
    }

    static boolean[] nullSafe(List<Boolean> flags, int keys) {
        boolean[] out = new boolean[keys];
        if (flags != null) {
            for (int i = 0; i < Math.min(keys, flags.size()); i++) {
                out[i] = Boolean.TRUE.equals(flags.get(i));
            }
        }
        return out;
    }
}
