package io.updraft.engine.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.updraft.engine.file.ParseMode;
import io.updraft.engine.file.RecordSource;
import io.updraft.engine.file.SplitLineReader;
import io.updraft.engine.file.TextInputs;
import io.updraft.engine.file.TextValueParser;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructType;
import io.updraft.sql.types.TimestampType;
import io.updraft.core.value.Casts;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The records of one JSON split as Spark's JSON reader makes them ({@code JacksonParser}): in JSON-lines mode each
 * non-blank line of the split is an object (or an array of objects, one row each); in multi-line mode the whole
 * file is one object or an array of objects. Fields match the data schema's columns by name (exactly, then
 * case-insensitively); unknown fields are skipped. Conversions as Spark's: string columns take any value (non-strings
 * as their JSON text), bigint/int integers (out of range = malformed), double any number and the strings NaN,
 * Infinity, -Infinity, +INF, -INF, decimal numbers and numeric strings, boolean true/false, date/timestamp strings
 * ({@code dateFormat}/{@code timestampFormat} or Spark's default parsing; a timestamp also from an integer of
 * seconds), arrays element-wise; an empty string for a non-string column is malformed. A record that does not parse
 * or a value that does not convert makes the record malformed: PERMISSIVE keeps the fields that converted (Spark's
 * partial results) with the record's text in the corrupt-record column, DROPMALFORMED drops it, FAILFAST fails
 * naming the file and line. Not thread-safe.
 */
public final class JsonRecordSource implements RecordSource {
    private final TextInputs.Opened input;
    private final String path;
    private final JsonOptions options;
    private final TextValueParser values;
    private final StructType dataSchema;
    private final boolean[] required;
    private final int corruptIndex;
    private final Map<String, Integer> exact = new HashMap<>();
    private final Map<String, Integer> folded = new HashMap<>();
    private final SplitLineReader lines;
    private final Deque<Object[]> pending = new ArrayDeque<>();
    private boolean multiLineDone;
    private boolean malformed;

    public JsonRecordSource(TextInputs.Opened input, String path, long splitStart, JsonOptions options,
                            StructType dataSchema, boolean[] required, ZoneId zone) throws IOException {
        this.input = input;
        this.path = path;
        this.options = options;
        this.values = new TextValueParser("NaN", "Infinity", "-Infinity", options.dateFormat(),
                options.timestampFormat(), zone);
        this.dataSchema = dataSchema;
        this.required = required.clone();
        int corrupt = dataSchema.indexOf(options.corruptColumn());
        this.corruptIndex = corrupt >= 0 && dataSchema.get(corrupt).dataType() instanceof StringType ? corrupt : -1;
        for (int i = 0; i < dataSchema.size(); i++) {
            if (i != corruptIndex) {
                exact.putIfAbsent(dataSchema.get(i).name(), i);
                folded.putIfAbsent(dataSchema.get(i).name().toLowerCase(java.util.Locale.ROOT), i);
            }
        }
        this.lines = options.multiLine() ? null
                : new SplitLineReader(input.stream(), input.wholeFile() ? 0 : splitStart, input.end());
    }

    @Override
    public boolean next(Object[] row) throws IOException {
        while (pending.isEmpty()) {
            if (lines == null) {
                if (multiLineDone) {
                    return false;
                }
                multiLineDone = true;
                byte[] all = input.stream().readAllBytes();
                parseRecord(new String(all, StandardCharsets.UTF_8), "");
                continue;
            }
            String line = lines.next();
            if (line == null) {
                return false;
            }
            if (line.isBlank()) {
                continue;
            }
            parseRecord(line, "line " + lines.lineNumber());
        }
        Object[] next = pending.poll();
        System.arraycopy(next, 0, row, 0, row.length);
        return true;
    }

    private void parseRecord(String text, String where) throws IOException {
        List<Object[]> rows = new ArrayList<>(1);
        malformed = false;
        try (JsonParser parser = options.factory().createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return;
            }
            if (first == JsonToken.START_OBJECT) {
                rows.add(object(parser));
            } else if (first == JsonToken.START_ARRAY) {
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    if (parser.currentToken() != JsonToken.START_OBJECT) {
                        throw new MalformedValue();
                    }
                    rows.add(object(parser));
                }
            } else {
                throw new MalformedValue();
            }
        } catch (JsonProcessingException | MalformedValue e) {
            rows.clear();
            rows.add(new Object[dataSchema.size()]);
            malformed = true;
        }
        if (malformed) {
            switch (options.mode()) {
                case DROPMALFORMED -> {
                    return;
                }
                case FAILFAST -> throw ParseMode.failFast(path, where, text, null);
                case PERMISSIVE -> {
                    for (Object[] r : rows) {
                        if (corruptIndex >= 0) {
                            r[corruptIndex] = text;
                        }
                    }
                }
            }
        }
        pending.addAll(rows);
    }

    /** Thrown inside a record for a value that does not fit; caught per record. */
    private static final class MalformedValue extends RuntimeException {
        MalformedValue() {
            super(null, null, false, false);
        }
    }

    private Object[] object(JsonParser parser) throws IOException {
        Object[] row = new Object[dataSchema.size()];
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            parser.nextToken();
            Integer index = exact.get(name);
            if (index == null) {
                index = folded.get(name.toLowerCase(java.util.Locale.ROOT));
            }
            if (index == null || !required[index]) {
                parser.skipChildren();
                continue;
            }
            try {
                row[index] = convert(parser, dataSchema.get(index).dataType());
            } catch (MalformedValue e) {
                parser.skipChildren();
                row[index] = null;
                malformed = true;
            }
        }
        return row;
    }

    private Object convert(JsonParser parser, DataType type) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        if (type instanceof StringType) {
            if (token == JsonToken.VALUE_STRING) {
                return parser.getText();
            }
            if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
                StringWriter out = new StringWriter();
                try (JsonGenerator g = options.factory().createGenerator(out)) {
                    g.copyCurrentStructure(parser);
                }
                return out.toString();
            }
            return parser.getText();
        }
        if (token == JsonToken.VALUE_STRING && parser.getTextLength() == 0) {
            throw new MalformedValue();
        }
        return switch (type) {
            case LongType l -> {
                if (token != JsonToken.VALUE_NUMBER_INT) {
                    throw new MalformedValue();
                }
                try {
                    yield parser.getLongValue();
                } catch (com.fasterxml.jackson.core.exc.InputCoercionException e) {
                    throw new MalformedValue();
                }
            }
            case IntegerType i -> {
                if (token != JsonToken.VALUE_NUMBER_INT) {
                    throw new MalformedValue();
                }
                try {
                    yield parser.getIntValue();
                } catch (com.fasterxml.jackson.core.exc.InputCoercionException e) {
                    throw new MalformedValue();
                }
            }
            case DoubleType d -> switch (token) {
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> parser.getDoubleValue();
                case VALUE_STRING -> switch (parser.getText()) {
                    case "NaN", "+NaN", "-NaN" -> Double.NaN;
                    case "Infinity", "+Infinity", "+INF" -> Double.POSITIVE_INFINITY;
                    case "-Infinity", "-INF" -> Double.NEGATIVE_INFINITY;
                    default -> throw new MalformedValue();
                };
                default -> throw new MalformedValue();
            };
            case DecimalType d -> {
                BigDecimal v;
                if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
                    v = parser.getDecimalValue();
                } else if (token == JsonToken.VALUE_STRING) {
                    try {
                        v = new BigDecimal(parser.getText().replace(",", ""));
                    } catch (NumberFormatException e) {
                        throw new MalformedValue();
                    }
                } else {
                    throw new MalformedValue();
                }
                BigDecimal fitted = Casts.fitDecimal(v, d.precision(), d.scale());
                if (fitted == null) {
                    throw new MalformedValue();
                }
                yield fitted;
            }
            case BooleanType b -> switch (token) {
                case VALUE_TRUE -> Boolean.TRUE;
                case VALUE_FALSE -> Boolean.FALSE;
                default -> throw new MalformedValue();
            };
            case DateType d -> {
                if (token != JsonToken.VALUE_STRING) {
                    throw new MalformedValue();
                }
                Object v = values.parseDate(parser.getText());
                if (v == TextValueParser.MALFORMED) {
                    throw new MalformedValue();
                }
                yield v;
            }
            case TimestampType t -> {
                if (token == JsonToken.VALUE_NUMBER_INT) {
                    try {
                        yield Math.multiplyExact(parser.getLongValue(), 1_000_000L);
                    } catch (ArithmeticException | com.fasterxml.jackson.core.exc.InputCoercionException e) {
                        throw new MalformedValue();
                    }
                }
                if (token != JsonToken.VALUE_STRING) {
                    throw new MalformedValue();
                }
                Object v = values.parseTimestamp(parser.getText());
                if (v == TextValueParser.MALFORMED) {
                    throw new MalformedValue();
                }
                yield v;
            }
            case ArrayType a -> {
                if (token != JsonToken.START_ARRAY) {
                    throw new MalformedValue();
                }
                List<Object> items = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    items.add(convert(parser, a.elementType()));
                }
                yield Collections.unmodifiableList(items);
            }
            default -> throw new MalformedValue();
        };
    }

    @Override
    public void close() throws IOException {
        input.close();
    }

    /** For inference: reads the records of a whole input with {@code inference}. */
    static void inferFrom(InputStream in, JsonOptions options, JsonSchemaInference inference, String path)
            throws IOException {
        if (options.multiLine()) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            inferRecord(text, options, inference, path, "");
            return;
        }
        SplitLineReader lines = new SplitLineReader(in, 0, Long.MAX_VALUE);
        for (String line = lines.next(); line != null; line = lines.next()) {
            if (!line.isBlank()) {
                inferRecord(line, options, inference, path, "line " + lines.lineNumber());
            }
        }
    }

    private static void inferRecord(String text, JsonOptions options, JsonSchemaInference inference, String path,
                                    String where) throws IOException {
        boolean ok;
        try (JsonParser parser = options.factory().createParser(text)) {
            ok = parser.nextToken() != null && inference.add(parser);
        } catch (JsonProcessingException e) {
            ok = false;
        }
        if (!ok) {
            if (options.mode() == ParseMode.FAILFAST) {
                throw ParseMode.failFast(path, where, text, null);
            }
            if (options.mode() == ParseMode.PERMISSIVE) {
                inference.malformed();
            }
        }
    }
}
