package io.updraft.core.encoder;

import io.updraft.core.error.AnalysisException;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.BinaryType;
import io.updraft.sql.types.ByteType;
import io.updraft.sql.types.FloatType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.ShortType;
import io.updraft.sql.types.StructType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.TimestampType;

import java.util.List;

/**
 * Spark's {@code Cast.canUpCast}: the conversions an encoder applies on its own when a column's type is not the
 * field's (widening numbers, date to timestamp, any atomic value to string); anything else is Spark's
 * {@code CANNOT_UP_CAST_DATATYPE}. Stateless.
 */
public final class UpCast {
    private static final List<Class<?>> NUMERIC_PRECEDENCE = List.of(ByteType.class, ShortType.class,
            IntegerType.class, LongType.class, FloatType.class, DoubleType.class);

    private UpCast() {
    }

    public static boolean canUpCast(DataType from, DataType to) {
        if (from.equals(to) || from instanceof NullType) {
            return true;
        }
        if (to instanceof DecimalType d && from.isIntegral()) {
            int digits = switch (from) {
                case ByteType b -> 3;
                case ShortType s -> 5;
                case IntegerType i -> 10;
                default -> 20;
            };
            return isWider(d, new DecimalType(digits, 0));
        }
        if (from instanceof DecimalType f && to instanceof DecimalType t) {
            return isWider(t, f);
        }
        int f = NUMERIC_PRECEDENCE.indexOf(from.getClass());
        int t = NUMERIC_PRECEDENCE.indexOf(to.getClass());
        if (f >= 0 && t >= 0) {
            return f < t;
        }
        if (from instanceof DateType && to instanceof TimestampType) {
            return true;
        }
        if (to instanceof StringType) {
            return !(from instanceof ArrayType) && !(from instanceof StructType) && !(from instanceof MapType)
                    && !(from instanceof BinaryType);
        }
        if (from instanceof StructType fs && to instanceof StructType ts) {
            if (fs.size() != ts.size()) {
                return false;
            }
            for (int i = 0; i < fs.size(); i++) {
                if (!canUpCast(fs.get(i).dataType(), ts.get(i).dataType())
                        || (fs.get(i).nullable() && !ts.get(i).nullable())) {
                    return false;
                }
            }
            return true;
        }
        if (from instanceof MapType fm && to instanceof MapType tm) {
            return (tm.valueContainsNull() || !fm.valueContainsNull()) && canUpCast(fm.keyType(), tm.keyType())
                    && canUpCast(fm.valueType(), tm.valueType());
        }
        if (from instanceof ArrayType fa && to instanceof ArrayType ta) {
            return (ta.containsNull() || !fa.containsNull()) && canUpCast(fa.elementType(), ta.elementType());
        }
        return false;
    }

    /** Spark's {@code DecimalType.isWiderThan}. */
    private static boolean isWider(DecimalType wide, DecimalType narrow) {
        return wide.precision() - wide.scale() >= narrow.precision() - narrow.scale() && wide.scale() >= narrow.scale();
    }

    /** Fails with Spark's error unless {@code from} up-casts to {@code to}; {@code path} is the target's type path. */
    public static void check(String column, DataType from, DataType to, List<String> path) {
        if (!canUpCast(from, to)) {
            throw new AnalysisException("CANNOT_UP_CAST_DATATYPE", "42846", "Cannot up cast " + column + " from \""
                    + sqlType(from) + "\" to \"" + sqlType(to) + "\".\nThe type path of the target object is:\n"
                    + String.join("\n", path) + "\nYou can either add an explicit cast to the input data or choose a"
                    + " higher precision type of the field in the target object");
        }
    }

    /** Spark's upper-case SQL type name in messages ({@code "BIGINT"}). */
    static String sqlType(DataType type) {
        return type.simpleString().toUpperCase(java.util.Locale.ROOT);
    }
}
