package io.updraft.planner.sql;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;

import java.util.Locale;

/** SQL type names in CAST to our data types, with Spark's spellings (string, long, decimal(p,s), ...). */
final class SqlTypes {
    private SqlTypes() {
    }

    static DataType of(SqlDataTypeSpec spec) {
        String name = spec.getTypeName().getSimple().toLowerCase(Locale.ROOT);
        int precision = -1;
        int scale = -1;
        if (spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec basic) {
            precision = basic.getPrecision();
            scale = basic.getScale();
        }
        return switch (name) {
            case "boolean" -> DataTypes.BooleanType;
            case "int", "integer" -> DataTypes.IntegerType;
            case "bigint", "long" -> DataTypes.LongType;
            case "double" -> DataTypes.DoubleType;
            case "float", "real" -> DataTypes.FloatType;
            case "tinyint", "byte" -> DataTypes.ByteType;
            case "smallint", "short" -> DataTypes.ShortType;
            case "binary" -> DataTypes.BinaryType;
            case "string", "varchar", "char", "character" -> DataTypes.StringType;
            case "date" -> DataTypes.DateType;
            case "timestamp" -> DataTypes.TimestampType;
            case "decimal", "numeric", "dec" -> precision < 0 ? DecimalType.SYSTEM_DEFAULT_USER
                    : new DecimalType(precision, Math.max(scale, 0));
            default -> throw SqlErrors.unsupported("the data type " + name.toUpperCase(Locale.ROOT), spec);
        };
    }
}
