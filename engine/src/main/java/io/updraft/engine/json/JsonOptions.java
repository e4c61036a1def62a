package io.updraft.engine.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import io.updraft.engine.file.ParseMode;
import io.updraft.engine.file.ReaderOptions;

import java.util.Map;

/**
 * Spark's JSON data source options (keys case-insensitive) with Spark 4's defaults: {@code multiLine} false (JSON
 * lines), {@code mode} PERMISSIVE, {@code columnNameOfCorruptRecord} "_corrupt_record", {@code primitivesAsString}
 * false, {@code prefersDecimal} false, {@code allowComments} false, {@code allowUnquotedFieldNames} false, {@code
 * allowSingleQuotes} true, {@code allowNumericLeadingZeros} false, {@code allowNonNumericNumbers} true, {@code
 * allowBackslashEscapingAnyCharacter} false, {@code allowUnquotedControlChars} false, {@code dropFieldIfAllNull}
 * false, {@code dateFormat} / {@code timestampFormat} unset (Spark's default parsing), and the Jackson factory
 * those flags configure. Immutable.
 */
public record JsonOptions(boolean multiLine, ParseMode mode, String corruptColumn, boolean primitivesAsString,
                          boolean prefersDecimal, boolean dropFieldIfAllNull, String dateFormat,
                          String timestampFormat, JsonFactory factory) {

    public static JsonOptions of(Map<String, String> options) {
        JsonFactory factory = new JsonFactoryBuilder()
                .configure(JsonReadFeature.ALLOW_JAVA_COMMENTS, ReaderOptions.bool(options, "allowComments", false))
                .configure(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES,
                        ReaderOptions.bool(options, "allowUnquotedFieldNames", false))
                .configure(JsonReadFeature.ALLOW_SINGLE_QUOTES, ReaderOptions.bool(options, "allowSingleQuotes", true))
                .configure(JsonReadFeature.ALLOW_LEADING_ZEROS_FOR_NUMBERS,
                        ReaderOptions.bool(options, "allowNumericLeadingZeros", false))
                .configure(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS,
                        ReaderOptions.bool(options, "allowNonNumericNumbers", true))
                .configure(JsonReadFeature.ALLOW_BACKSLASH_ESCAPING_ANY_CHARACTER,
                        ReaderOptions.bool(options, "allowBackslashEscapingAnyCharacter", false))
                .configure(JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS,
                        ReaderOptions.bool(options, "allowUnquotedControlChars", false))
                .build();
        return new JsonOptions(
                ReaderOptions.bool(options, "multiLine", false),
                ParseMode.of(options.get("mode")),
                ReaderOptions.string(options, "columnNameOfCorruptRecord", ParseMode.DEFAULT_CORRUPT_COLUMN),
                ReaderOptions.bool(options, "primitivesAsString", false),
                ReaderOptions.bool(options, "prefersDecimal", false),
                ReaderOptions.bool(options, "dropFieldIfAllNull", false),
                options.get("dateformat"),
                options.get("timestampformat"),
                factory);
    }
}
