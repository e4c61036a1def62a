package io.updraft.engine.write;

import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

/**
 * A schema as Spark's {@code StructType.json} writes it — the form Spark stores in a Parquet file's key-value
 * metadata {@value #PARQUET_ROW_METADATA} and reads back as the file's schema:
 * {@code {"type":"struct","fields":[{"name":"a","type":"integer","nullable":true,"metadata":{}}]}}.
 */
final class SparkSchemaJson {
    static final String PARQUET_ROW_METADATA = "org.apache.spark.sql.parquet.row.metadata";

    private SparkSchemaJson() {
    }

    static String of(StructType schema) {
        StringBuilder out = new StringBuilder();
        fields(out, schema);
        return out.toString();
    }

    private static void fields(StringBuilder out, StructType schema) {
        out.append("{\"type\":\"struct\",\"fields\":[");
        for (int i = 0; i < schema.size(); i++) {
            StructField f = schema.get(i);
            if (i > 0) {
                out.append(',');
            }
            out.append("{\"name\":");
            string(out, f.name());
            out.append(",\"type\":");
            type(out, f.dataType());
            out.append(",\"nullable\":").append(f.nullable()).append(",\"metadata\":{}}");
        }
        out.append("]}");
    }

    private static void type(StringBuilder out, DataType type) {
        if (type instanceof ArrayType a) {
            out.append("{\"type\":\"array\",\"elementType\":");
            type(out, a.elementType());
            out.append(",\"containsNull\":").append(a.containsNull()).append('}');
        } else if (type instanceof MapType m) {
            out.append("{\"type\":\"map\",\"keyType\":");
            type(out, m.keyType());
            out.append(",\"valueType\":");
            type(out, m.valueType());
            out.append(",\"valueContainsNull\":").append(m.valueContainsNull()).append('}');
        } else if (type instanceof StructType s) {
            fields(out, s);
        } else if (type instanceof DecimalType d) {
            string(out, "decimal(" + d.precision() + "," + d.scale() + ")");
        } else if (type.equals(DataTypes.IntegerType)) {
            string(out, "integer");
        } else if (type.equals(DataTypes.NullType)) {
            string(out, "void");
        } else {
            string(out, type.typeName());
        }
    }

    private static void string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
