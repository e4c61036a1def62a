package io.updraft.planner.analysis;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Types the struct and map functions of core's catalog, whose result types come from their arguments:
 * named_struct and struct (names from the literals, or the columns' names), field access ({@code s.a},
 * {@code getField}), map (common key and value types), map_keys, map_values and element_at over a map.
 * Errors are Spark's DATATYPE_MISMATCH. Stateless.
 */
final class NestedFunctionResolver {
    private NestedFunctionResolver() {
    }

    /** named_struct('a', x, 'b', y): a struct of the values named by the string literals. */
    static ResolvedExpression namedStruct(String sql, List<ResolvedExpression> args) {
        if (args.size() % 2 != 0) {
            throw AnalysisErrors.wrongNumArgs("named_struct", "an even number of arguments", args.size());
        }
        List<String> names = new ArrayList<>();
        List<ResolvedExpression> values = new ArrayList<>();
        for (int i = 0; i < args.size(); i += 2) {
            ResolvedExpression name = args.get(i);
            if (!(name instanceof ConstantExpression c) || !(c.dataType() instanceof StringType) || c.value() == null) {
                throw AnalysisErrors.dataTypeMismatch("CREATE_NAMED_STRUCT_WITHOUT_FOLDABLE_STRING", sql,
                        "Only foldable `STRING` expressions are allowed to appear at odd position, but they are ["
                                + ExpressionPrinter.pretty(name) + "].");
            }
            names.add((String) c.value());
            values.add(args.get(i + 1));
        }
        return build(names, values);
    }

    /** struct(a, b, expr): named_struct with each column's name, col{n} for other expressions (Spark's rule). */
    static ResolvedExpression struct(String sql, List<ResolvedExpression> args) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            ResolvedExpression a = args.get(i);
            names.add(a instanceof AttributeReference r ? r.name()
                    : a instanceof io.updraft.planner.resolved.expr.AliasExpression alias ? alias.name()
                    : "col" + (i + 1));
        }
        List<ResolvedExpression> values = new ArrayList<>();
        for (ResolvedExpression a : args) {
            values.add(a instanceof io.updraft.planner.resolved.expr.AliasExpression alias ? alias.child() : a);
        }
        return build(names, values);
    }

    /** The struct of {@code values} with field names {@code names}. */
    static ResolvedExpression build(List<String> names, List<ResolvedExpression> values) {
        List<StructField> fields = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            fields.add(new StructField(names.get(i), values.get(i).dataType(), values.get(i).nullable()));
        }
        return new ScalarFunctionExpression("named_struct", values, new StructType(fields), false);
    }

    /**
     * Field {@code name} of a struct expression (case-insensitive, as Spark by default), or empty when the
     * expression is not a struct; a struct without the field is Spark's FIELD_NOT_FOUND.
     */
    static Optional<ResolvedExpression> field(ResolvedExpression struct, String name) {
        if (!(struct.dataType() instanceof StructType s)) {
            return Optional.empty();
        }
        int i = s.indexOf(name);
        if (i < 0) {
            throw new io.updraft.core.error.AnalysisException("FIELD_NOT_FOUND", "42704", "No such struct field "
                    + AnalysisErrors.quoteId(name) + " in " + String.join(", ", java.util.Arrays.stream(s.fieldNames())
                    .map(AnalysisErrors::quoteId).toList()) + ".");
        }
        StructField f = s.get(i);
        return Optional.of(new ScalarFunctionExpression("get_struct_field", List.of(struct,
                ConstantExpression.of(DataTypes.IntegerType, i)), f.dataType(), struct.nullable() || f.nullable()));
    }

    /** map(k1, v1, ...): keys cast to their common type, values to theirs; map() is map<string,string>. */
    static ResolvedExpression map(String sql, List<ResolvedExpression> args) {
        if (args.size() % 2 != 0) {
            throw AnalysisErrors.dataTypeMismatch("WRONG_NUM_ARGS", sql, "The `map` requires 2n (n > 0) parameters"
                    + " but the actual number is " + args.size() + ".");
        }
        List<ResolvedExpression> keys = new ArrayList<>();
        List<ResolvedExpression> values = new ArrayList<>();
        for (int i = 0; i < args.size(); i += 2) {
            keys.add(args.get(i));
            values.add(args.get(i + 1));
        }
        DataType keyType = common(sql, "map", keys, "KEY");
        DataType valueType = common(sql, "map", values, "VALUE");
        if (keyType instanceof MapType) {
            throw AnalysisErrors.dataTypeMismatch("INVALID_MAP_KEY_TYPE", sql, "The input of `map` can't be "
                    + AnalysisErrors.quoteType(keyType) + " type data.");
        }
        boolean valueContainsNull = values.stream().anyMatch(ResolvedExpression::nullable);
        List<ResolvedExpression> typed = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            typed.add(TypeCoercion.cast(keys.get(i), keyType));
            typed.add(TypeCoercion.cast(values.get(i), valueType));
        }
        return new ScalarFunctionExpression("map", typed, new MapType(keyType, valueType, valueContainsNull), false);
    }

    /** array(e1, ...): the elements cast to their common type; containsNull when one may be null. */
    static ResolvedExpression array(String sql, List<ResolvedExpression> args) {
        DataType element = common(sql, "array", args, "ELEMENT");
        List<ResolvedExpression> typed = new ArrayList<>();
        for (ResolvedExpression a : args) {
            typed.add(TypeCoercion.cast(a, element));
        }
        boolean containsNull = args.stream().anyMatch(ResolvedExpression::nullable);
        return new ScalarFunctionExpression("array", typed, new ArrayType(element, containsNull), false);
    }

    private static DataType common(String sql, String function, List<ResolvedExpression> items, String what) {
        if (items.isEmpty()) {
            return DataTypes.StringType;
        }
        List<DataType> types = items.stream().map(ResolvedExpression::dataType).toList();
        Optional<DataType> common = TypeCoercion.widerCommonType(types);
        if (common.isEmpty()) {
            throw AnalysisErrors.dataDiffTypes(sql, function, types);
        }
        return common.get();
    }

    /** map_keys(m) → array&lt;K&gt; (elements never null), map_values(m) → array&lt;V&gt;. */
    static ResolvedExpression mapPart(String name, String sql, List<ResolvedExpression> args) {
        MapType m = mapArgument(sql, args);
        DataType type = name.equals("map_keys") ? new ArrayType(m.keyType(), false)
                : new ArrayType(m.valueType(), m.valueContainsNull());
        return new ScalarFunctionExpression(name, List.of(args.get(0)), type, args.get(0).nullable());
    }

    /**
     * element_at(m, k) / m[k]: the key implicitly cast to the map's key type; the value type, nullable. Over a
     * struct and a string literal it is the field access {@code s['a']} (what the Dataset API's getField and
     * getItem call).
     */
    static ResolvedExpression elementAt(String sql, List<ResolvedExpression> args) {
        if (args.get(0).dataType() instanceof StructType && args.get(1) instanceof ConstantExpression c
                && c.value() instanceof String name) {
            return field(args.get(0), name).orElseThrow();
        }
        MapType m = mapArgument(sql, args);
        ResolvedExpression key = args.get(1);
        if (!key.dataType().equals(m.keyType()) && !TypeCoercion.canImplicitlyCast(key.dataType(), m.keyType())) {
            throw AnalysisErrors.unexpectedInputType(sql, 2, AnalysisErrors.quoteType(m.keyType()),
                    ExpressionPrinter.pretty(key), key.dataType());
        }
        return new ScalarFunctionExpression("element_at", List.of(args.get(0), TypeCoercion.cast(key, m.keyType())),
                m.valueType(), true);
    }

    private static MapType mapArgument(String sql, List<ResolvedExpression> args) {
        ResolvedExpression a = args.get(0);
        if (!(a.dataType() instanceof MapType m)) {
            throw AnalysisErrors.unexpectedInputType(sql, 1, "\"MAP\"", ExpressionPrinter.pretty(a), a.dataType());
        }
        return m;
    }
}
