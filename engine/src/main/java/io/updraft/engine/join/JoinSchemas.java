package io.updraft.engine.join;

import io.updraft.core.plan.JoinType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;

/** Output layout of joins (left ++ right, outer sides nullable; left only for semi/anti). Stateless. */
final class JoinSchemas {
    private JoinSchemas() {
    }

    static StructType output(StructType left, StructType right, JoinType type) {
        List<StructField> fields = new ArrayList<>();
        for (StructField f : left.fields()) {
            fields.add(type.keepsUnmatchedRight() ? new StructField(f.name(), f.dataType(), true) : f);
        }
        if (type.outputsRight()) {
            for (StructField f : right.fields()) {
                fields.add(type.keepsUnmatchedLeft() ? new StructField(f.name(), f.dataType(), true) : f);
            }
        }
        return new StructType(fields);
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
