package io.updraft.core.function;

import io.updraft.sql.types.DataType;

import java.util.List;

/**
 * What a function's arguments must be, as the analyzer checks and casts them with Spark's implicit coercion.
 * Each variant is one rule; the analyzer implements each once (the coercion itself lives in the planner).
 */
public sealed interface ArgumentTypes {
    /** Argument {@code i} implicitly cast to {@code types.get(i)}. */
    record Fixed(List<DataType> types) implements ArgumentTypes {
        public Fixed {
            types = List.copyOf(types);
        }
    }

    /** Every argument implicitly cast to {@code type} (variadic functions such as concat). */
    record Repeated(DataType type) implements ArgumentTypes {
    }

    /** One numeric argument kept in its own type; a string or null one is cast to double. */
    record Numeric() implements ArgumentTypes {
    }

    /** A numeric argument (as {@link Numeric}) and an optional int literal scale. */
    record NumericAndScale() implements ArgumentTypes {
    }

    /** Every argument cast to the wider common type of all of them (string promotion included). */
    record CommonType() implements ArgumentTypes {
    }

    /** One array argument. */
    record Array() implements ArgumentTypes {
    }

    /** An array and a value implicitly cast to the array's element type. */
    record ArrayAndElement() implements ArgumentTypes {
    }

    /** named_struct: pairs of a string literal (the field name) and a value of any type. */
    record NamedStruct() implements ArgumentTypes {
    }

    /** array: elements cast to their common type. */
    record ArrayElements() implements ArgumentTypes {
    }

    /** map: key/value pairs; the keys cast to their common type, the values to theirs. */
    record MapEntries() implements ArgumentTypes {
    }

    /** get_struct_field: a struct and the int ordinal of its field (built by the analyzer for {@code s.a}). */
    record StructAndOrdinal() implements ArgumentTypes {
    }

    /** One map argument. */
    record Map() implements ArgumentTypes {
    }

    /** element_at: a map and a key implicitly cast to the map's key type. */
    record MapAndKey() implements ArgumentTypes {
    }

    /** Two operands coerced as the {@code %} operator coerces them. */
    record Arithmetic() implements ArgumentTypes {
    }

    /** One argument that must be castable to the result type (the cast functions: {@code int(x)}, ...). */
    record Castable() implements ArgumentTypes {
    }

    /** Whatever the expression the analyzer rewrites the call into accepts. */
    record AsRewritten() implements ArgumentTypes {
    }

    static ArgumentTypes fixed(DataType... types) {
        return new Fixed(List.of(types));
    }
}
