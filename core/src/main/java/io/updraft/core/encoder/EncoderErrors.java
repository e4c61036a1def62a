package io.updraft.core.encoder;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.UpdraftException;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Spark's errors of encoders that do not fit their input. Stateless. */
public final class EncoderErrors {
    private EncoderErrors() {
    }

    /** Spark's {@code UNSUPPORTED_DESERIALIZER.FIELD_NUMBER_MISMATCH}: {@code fields} columns read by position. */
    public static AnalysisException fieldNumberMismatch(StructType input, int fields) {
        return new AnalysisException("UNSUPPORTED_DESERIALIZER.FIELD_NUMBER_MISMATCH", "0A000",
                "The deserializer is not supported: try to map " + structSql(input) + " to Tuple" + fields
                        + ", but failed as the number of fields does not line up.");
    }

    /** Spark's {@code NOT_NULL_ASSERT_VIOLATION}: a null for a primitive field. */
    public static UpdraftException nullForPrimitive(List<String> path) {
        return UpdraftException.user("NOT_NULL_ASSERT_VIOLATION", "42000", "NULL value appeared in non-nullable"
                + " field:\n" + String.join("\n", path) + "\nIf the schema is inferred from a Scala tuple/case class,"
                + " or a Java bean, please try to use scala.Option[_] or other nullable types (such as"
                + " java.lang.Integer instead of int/scala.Int).");
    }

    /** A bean property no column has (the api reports it with the planner's suggestions first). */
    public static AnalysisException missingField(String name, StructType input) {
        return new AnalysisException("UNRESOLVED_COLUMN.WITH_SUGGESTION", "42703", "A column, variable, or function"
                + " parameter with name `" + name + "` cannot be resolved. Did you mean one of the following? ["
                + input.fieldList().stream().map(f -> "`" + f.name() + "`").collect(Collectors.joining(", ")) + "].");
    }

    /** Spark's {@code StructType.sql} in quotes: {@code "STRUCT<id: BIGINT, name: STRING>"}. */
    static String structSql(StructType type) {
        return "\"STRUCT<" + type.fieldList().stream().map(EncoderErrors::fieldSql).collect(Collectors.joining(", "))
                + ">\"";
    }

    private static String fieldSql(StructField f) {
        String name = f.name().matches("[A-Za-z_][A-Za-z0-9_]*") ? f.name() : "`" + f.name().replace("`", "``") + "`";
        return name + ": " + f.dataType().simpleString().toUpperCase(Locale.ROOT);
    }
}
