package io.updraft.engine.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Spark 4's JSON schema inference ({@code JsonInferSchema}) over every record: an object's fields sorted by name
 * (Java string order, as Spark sorts), integers bigint, integers too long for a bigint {@code decimal(p,0)} (double
 * past 38 digits), other numbers double (decimal with {@code prefersDecimal}), strings string, true/false boolean,
 * arrays by their merged element type; types merge by Spark's widening (bigint with double to double, integral
 * with decimal to a decimal, decimal with double to double, arrays element-wise, objects field-wise, anything else
 * to string). A field that is only ever null (or an empty array's element) becomes string; with {@code
 * dropFieldIfAllNull} it is dropped. A record that is not an object (or an array of objects) or does not parse
 * adds the corrupt-record column in PERMISSIVE mode. <b>Difference:</b> Updraft has no struct type, so a nested
 * object is a string column holding the object's JSON text. Not thread-safe.
 */
public final class JsonSchemaInference {
    private final JsonOptions options;
    private final Map<String, Object> fields = new TreeMap<>();
    private boolean corrupt;

    public JsonSchemaInference(JsonOptions options) {
        this.options = options;
    }

    /** Folds the record at the parser's first token (already read) in; false when it is malformed. */
    public boolean add(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.START_OBJECT) {
            mergeInto(fields, object(parser));
            return true;
        }
        if (token == JsonToken.START_ARRAY) {
            Map<String, Object> merged = new TreeMap<>();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                if (parser.currentToken() != JsonToken.START_OBJECT) {
                    parser.skipChildren();
                    return false;
                }
                mergeInto(merged, object(parser));
            }
            mergeInto(fields, merged);
            return true;
        }
        return false;
    }

    /** Records that a malformed record was seen (PERMISSIVE adds the corrupt-record column). */
    public void malformed() {
        corrupt = true;
    }

    public StructType schema() {
        List<StructField> out = new ArrayList<>();
        Map<String, Object> all = new TreeMap<>(fields);
        if (corrupt && options.mode() == io.updraft.engine.file.ParseMode.PERMISSIVE) {
            all.putIfAbsent(options.corruptColumn(), DataTypes.StringType);
        }
        for (Map.Entry<String, Object> e : all.entrySet()) {
            DataType t = canonical(e.getValue());
            if (t == null) {
                continue;
            }
            out.add(new StructField(e.getKey(), t, true));
        }
        return new StructType(out);
    }

    /** The final type of an inferred type: null and nested objects become string, or null when dropped. */
    private DataType canonical(Object t) {
        if (t instanceof Map<?, ?>) {
            return DataTypes.StringType;
        }
        if (t instanceof InferredArray a) {
            if (a.element() == null || a.element() == DataTypes.NullType) {
                return options.dropFieldIfAllNull() ? null : DataTypes.createArrayType(DataTypes.StringType);
            }
            DataType e = canonical(a.element());
            return e == null ? null : DataTypes.createArrayType(e);
        }
        if (t instanceof NullType) {
            return options.dropFieldIfAllNull() ? null : DataTypes.StringType;
        }
        return (DataType) t;
    }

    /** An array's element type while inferring (a DataType, an InferredArray or a field map). */
    private record InferredArray(Object element) {
    }

    private Map<String, Object> object(JsonParser parser) throws IOException {
        Map<String, Object> out = new TreeMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            parser.nextToken();
            Object t = value(parser);
            Object before = out.get(name);
            out.put(name, before == null ? t : merge(before, t));
        }
        return out;
    }

    private Object value(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        return switch (token) {
            case START_OBJECT -> object(parser);
            case START_ARRAY -> {
                Object element = DataTypes.NullType;
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    element = merge(element, value(parser));
                }
                yield new InferredArray(element);
            }
            case VALUE_NULL -> DataTypes.NullType;
            case VALUE_TRUE, VALUE_FALSE -> options.primitivesAsString() ? DataTypes.StringType : DataTypes.BooleanType;
            case VALUE_STRING -> DataTypes.StringType;
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> options.primitivesAsString() ? DataTypes.StringType
                    : number(parser);
            default -> DataTypes.StringType;
        };
    }

    private DataType number(JsonParser parser) throws IOException {
        JsonParser.NumberType type = parser.getNumberType();
        switch (type) {
            case INT, LONG:
                return DataTypes.LongType;
            case BIG_INTEGER, BIG_DECIMAL: {
                BigDecimal v = parser.getDecimalValue();
                return decimalOrDouble(v);
            }
            default:
                if (options.prefersDecimal() && !parser.isNaN()) {
                    return decimalOrDouble(parser.getDecimalValue());
                }
                return DataTypes.DoubleType;
        }
    }

    private static DataType decimalOrDouble(BigDecimal v) {
        int precision = Math.max(v.precision(), v.scale());
        if (precision <= DecimalType.MAX_PRECISION && v.scale() >= 0) {
            return DataTypes.createDecimalType(precision, v.scale());
        }
        return DataTypes.DoubleType;
    }

    private static void mergeInto(Map<String, Object> target, Map<String, Object> source) {
        for (Map.Entry<String, Object> e : source.entrySet()) {
            Object before = target.get(e.getKey());
            target.put(e.getKey(), before == null ? e.getValue() : merge(before, e.getValue()));
        }
    }

    /** Spark's {@code JsonInferSchema.compatibleType}. */
    @SuppressWarnings("unchecked")
    static Object merge(Object a, Object b) {
        if (a.equals(b)) {
            return a;
        }
        if (a == DataTypes.NullType || a instanceof NullType) {
            return b;
        }
        if (b instanceof NullType) {
            return a;
        }
        if (a instanceof Map<?, ?> ma && b instanceof Map<?, ?> mb) {
            Map<String, Object> out = new TreeMap<>((Map<String, Object>) ma);
            mergeInto(out, (Map<String, Object>) mb);
            return out;
        }
        if (a instanceof InferredArray x && b instanceof InferredArray y) {
            return new InferredArray(merge(x.element(), y.element()));
        }
        if (a instanceof DataType ta && b instanceof DataType tb) {
            return mergeTypes(ta, tb);
        }
        return DataTypes.StringType;
    }

    private static DataType mergeTypes(DataType a, DataType b) {
        if (a instanceof StringType || b instanceof StringType) {
            return DataTypes.StringType;
        }
        if (a instanceof LongType && b instanceof DoubleType || a instanceof DoubleType && b instanceof LongType) {
            return DataTypes.DoubleType;
        }
        if (a instanceof IntegerType && b instanceof LongType || a instanceof LongType && b instanceof IntegerType) {
            return DataTypes.LongType;
        }
        if (a instanceof DoubleType && b instanceof DecimalType || a instanceof DecimalType && b instanceof DoubleType) {
            return DataTypes.DoubleType;
        }
        if (a instanceof LongType && b instanceof DecimalType d) {
            return mergeTypes(DataTypes.createDecimalType(20, 0), d);
        }
        if (a instanceof DecimalType d && b instanceof LongType) {
            return mergeTypes(d, DataTypes.createDecimalType(20, 0));
        }
        if (a instanceof DecimalType d1 && b instanceof DecimalType d2) {
            int scale = Math.max(d1.scale(), d2.scale());
            int range = Math.max(d1.precision() - d1.scale(), d2.precision() - d2.scale());
            return range + scale > DecimalType.MAX_PRECISION ? DataTypes.DoubleType
                    : DataTypes.createDecimalType(range + scale, scale);
        }
        if (a instanceof ArrayType x && b instanceof ArrayType y) {
            return DataTypes.createArrayType(mergeTypes(x.elementType(), y.elementType()));
        }
        return DataTypes.StringType;
    }
}
