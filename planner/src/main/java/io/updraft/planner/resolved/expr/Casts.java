package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.TimestampType;

/** Which casts exist (Spark's non-ANSI {@code Cast.canCast}) and which never produce a null. */
public final class Casts {
    private Casts() {
    }

    /** Whether {@code CAST(x AS to)} is allowed for x of type {@code from}. */
    public static boolean canCast(DataType from, DataType to) {
        if (from.equals(to) || from instanceof NullType) {
            return true;
        }
        if (from instanceof io.updraft.sql.types.ArrayType || to instanceof io.updraft.sql.types.ArrayType) {
            return false; // array casts (to string, between element types) are not supported yet
        }
        if (to instanceof StringType) {
            return true;
        }
        return switch (from) {
            case StringType s -> to instanceof BooleanType || to.isNumeric() || to instanceof DateType
                    || to instanceof TimestampType || to instanceof io.updraft.sql.types.BinaryType;
            case io.updraft.sql.types.ByteType b -> to.isNumeric() || to instanceof BooleanType
                    || to instanceof TimestampType;
            case io.updraft.sql.types.ShortType sh -> to.isNumeric() || to instanceof BooleanType
                    || to instanceof TimestampType;
            case io.updraft.sql.types.FloatType f -> to.isNumeric() || to instanceof BooleanType
                    || to instanceof TimestampType;
            case BooleanType b -> to.isNumeric() || to instanceof TimestampType;
            case IntegerType i -> to.isNumeric() || to instanceof BooleanType || to instanceof TimestampType;
            case LongType l -> to.isNumeric() || to instanceof BooleanType || to instanceof TimestampType;
            case DoubleType d -> to.isNumeric() || to instanceof BooleanType || to instanceof TimestampType;
            case DecimalType d -> to.isNumeric() || to instanceof BooleanType || to instanceof TimestampType;
            case DateType d -> to instanceof TimestampType;
            case TimestampType t -> to instanceof DateType || to.isNumeric() || to instanceof BooleanType;
            default -> false;
        };
    }

    /** Whether every non-null value of {@code from} converts to a non-null value of {@code to}. */
    public static boolean neverFails(DataType from, DataType to) {
        if (from.equals(to) || from instanceof NullType || to instanceof StringType) {
            return true;
        }
        return switch (from) {
            case IntegerType i -> to instanceof LongType || to instanceof DoubleType
                    || to instanceof DecimalType d && d.precision() - d.scale() >= 10;
            case LongType l -> to instanceof DoubleType || to instanceof DecimalType d && d.precision() - d.scale() >= 20;
            case DecimalType f -> to instanceof DoubleType || to instanceof DecimalType d
                    && d.precision() - d.scale() >= f.precision() - f.scale() && d.scale() >= f.scale();
            case BooleanType b -> to.isNumeric();
            case DateType d -> to instanceof TimestampType;
            default -> false;
        };
    }
}
