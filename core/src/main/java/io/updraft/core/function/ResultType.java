package io.updraft.core.function;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;

import java.util.List;

/** How a function's result type follows from its (already coerced) argument types, as in Spark. */
public sealed interface ResultType {
    /** Always {@code type}. */
    record Fixed(DataType type) implements ResultType {
    }

    /** The type of the first argument after coercion (abs, coalesce, greatest, least). */
    record FirstArgument() implements ResultType {
    }

    /** ceil / floor: decimal(p, s) → decimal(p - s + 1, 0), anything else bigint. */
    record CeilFloor() implements ResultType {
    }

    /** round / bround with a scale literal: decimals as {@link #round}, other types keep theirs. */
    record Round() implements ResultType {
    }

    /**
     * Built from the arguments: named_struct's struct of (name, value type) pairs, map's map of the keys' and
     * values' common types, map_keys' {@code array<K not null>}, map_values' {@code array<V>}, element_at's
     * value type; the analyzer computes it (see {@code ScalarFunctionResolver}).
     */
    record FromArguments() implements ResultType {
    }

    /** The type of the expression the analyzer rewrites the call into. */
    record AsRewritten() implements ResultType {
    }

    /**
     * The result type for {@code arguments} (coerced types); {@code scale} is the round scale literal (0 when
     * absent; ignored by the other rules). {@link AsRewritten} has no type of its own.
     */
    default DataType resultType(List<DataType> arguments, int scale) {
        return switch (this) {
            case Fixed f -> f.type();
            case FirstArgument ignored -> arguments.get(0);
            case CeilFloor ignored -> ceilFloor(arguments.get(0));
            case Round ignored -> round(arguments.get(0), scale);
            case AsRewritten ignored -> throw new IllegalStateException("a rewritten function has no result type rule");
            case FromArguments ignored -> throw new IllegalStateException("the analyzer builds this result type");
        };
    }

    /** Spark's ceil / floor type: decimal(p - s + 1, 0) for decimal(p, s), bigint otherwise. */
    static DataType ceilFloor(DataType argument) {
        return argument instanceof DecimalType d ? DecimalType.bounded(d.precision() - d.scale() + 1, 0)
                : DataTypes.LongType;
    }

    /**
     * Spark's round type: decimal(p, s) rounded to {@code scale} is decimal(p - s + 1 + min(s, scale), min(s, scale))
     * (for a negative scale decimal(max(p - s + 1, -scale + 1), 0)); other types keep their own.
     */
    static DataType round(DataType argument, int scale) {
        if (!(argument instanceof DecimalType d)) {
            return argument;
        }
        int integral = d.precision() - d.scale() + 1;
        return scale < 0 ? DecimalType.bounded(Math.max(integral, -scale + 1), 0)
                : DecimalType.bounded(integral + Math.min(d.scale(), scale), Math.min(d.scale(), scale));
    }
}
