package io.updraft.bench;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.updraft.sql.Row;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import io.updraft.sql.types.TimestampType;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the JSON lines the Spark runner ({@code io.updraft.bench.spark.SparkTpch} in bench-spark) prints:
 * {@code {"event":"started",...}}, one {@code {"event":"query",...}} per query and {@code {"event":"finished"}}.
 * Result rows come back with the Java types of Spark's {@code Row} (BigDecimal, Long, Integer, Double,
 * String, java.sql.Date), typed by the line's schema, so they compare with DuckDB's through
 * {@link RowComparison}. Stateless.
 */
final class SparkOutput {
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true)); // keep 3774200.00 as written
    private static final Pattern DECIMAL = Pattern.compile("decimal\\((\\d+),(\\d+)\\)");

    private SparkOutput() {
    }

    /** One parsed line. */
    sealed interface Event permits Started, QueryDone, Finished {
    }

    /** The session is up and the tables are registered. */
    record Started(String sparkVersion, String master, int shufflePartitions, long startMillis) implements Event {
    }

    /**
     * One query's result; {@code query} is the name the runner was given ("q1"); {@code sparkTypes} are the
     * result columns' types as Spark spells them ({@code DataType.simpleString()}: "decimal(25,2)", "tinyint"),
     * empty unless OK; {@code show} what Spark's {@code show()} printed for it (asked by a {@code -- show} line in
     * the query file), else null.
     */
    record QueryDone(String query, EngineResult result, List<String> sparkTypes, String show) implements Event {
        QueryDone {
            sparkTypes = List.copyOf(sparkTypes);
        }

        QueryDone(String query, EngineResult result, List<String> sparkTypes) {
            this(query, result, sparkTypes, null);
        }

        QueryDone(String query, EngineResult result) {
            this(query, result, List.of());
        }
    }

    /** Every query ran. */
    record Finished() implements Event {
    }

    /**
     * The event on {@code line}, or empty for a line that is not one of the runner's JSON objects.
     *
     * @throws IllegalArgumentException for a JSON object that does not have the expected shape
     */
    static Optional<Event> parse(String line) {
        String text = line.strip();
        if (!text.startsWith("{")) {
            return Optional.empty();
        }
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (Exception e) {
            return Optional.empty();
        }
        return switch (node.path("event").asText()) {
            case "started" -> Optional.of(new Started(node.path("sparkVersion").asText("?"),
                    node.path("master").asText("?"), node.path("shufflePartitions").asInt(-1),
                    node.path("startMillis").asLong(-1)));
            case "query" -> Optional.of(new QueryDone(required(node, "query").asText(), queryResult(node),
                    sparkTypes(node.path("schema")), node.hasNonNull("show") ? node.get("show").asText() : null));
            case "finished" -> Optional.of(new Finished());
            default -> Optional.empty();
        };
    }

    private static EngineResult queryResult(JsonNode node) {
        String status = required(node, "status").asText();
        if (!"ok".equals(status)) {
            return EngineResult.failed(status.equals("timeout") ? EngineResult.Outcome.TIMEOUT
                    : EngineResult.Outcome.ERROR, node.path("message").asText("(no message)"));
        }
        List<Double> millis = numbers(required(node, "millis"));
        List<Double> warmup = numbers(node.path("warmupMillis"));
        StructType schema = schema(required(node, "schema"));
        List<Row> rows = new ArrayList<>();
        for (JsonNode row : required(node, "rows")) {
            Object[] values = new Object[schema.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = value(row.path(i), schema.fieldList().get(i).dataType());
            }
            rows.add(Row.withSchema(schema, values));
        }
        return EngineResult.ok(millis, warmup, required(node, "rowCount").asLong(), rows);
    }

    private static List<String> sparkTypes(JsonNode fields) {
        List<String> types = new ArrayList<>();
        for (JsonNode field : fields) {
            types.add(field.path("type").asText());
        }
        return types;
    }

    private static StructType schema(JsonNode fields) {
        List<StructField> list = new ArrayList<>();
        for (JsonNode field : fields) {
            list.add(new StructField(required(field, "name").asText(), type(required(field, "type").asText()), true));
        }
        return new StructType(list);
    }

    /** The Updraft type for Spark's {@code DataType.simpleString()}; unknown types are strings. */
    static DataType type(String spark) {
        String name = spark.toLowerCase(Locale.ROOT);
        Matcher decimal = DECIMAL.matcher(name);
        if (decimal.matches()) {
            return DataTypes.createDecimalType(Integer.parseInt(decimal.group(1)), Integer.parseInt(decimal.group(2)));
        }
        return switch (name) {
            case "bigint" -> DataTypes.LongType;
            case "int", "smallint", "tinyint" -> DataTypes.IntegerType;
            case "double", "float" -> DataTypes.DoubleType;
            case "boolean" -> DataTypes.BooleanType;
            case "date" -> DataTypes.DateType;
            case "timestamp" -> DataTypes.TimestampType;
            default -> DataTypes.StringType;
        };
    }

    private static Object value(JsonNode node, DataType type) {
        if (node.isNull() || node.isMissingNode()) {
            return null;
        }
        return switch (type) {
            case LongType t -> node.asLong();
            case IntegerType t -> node.asInt();
            case DoubleType t -> node.isTextual() ? Double.valueOf(node.asText()) : node.doubleValue();
            case DecimalType t -> new BigDecimal(node.asText());
            case BooleanType t -> node.asBoolean();
            case DateType t -> Date.valueOf(node.asText());
            case TimestampType t -> Timestamp.valueOf(node.asText());
            case StringType t -> node.asText();
            case NullType t -> null;
            case ArrayType t -> node.toString(); // not compared by the benchmark: kept as its JSON text
            default -> node.toString(); // tinyint, smallint, float, binary, map, struct: never produced by type()
        };
    }

    private static List<Double> numbers(JsonNode array) {
        List<Double> values = new ArrayList<>();
        for (JsonNode n : array) {
            values.add(n.asDouble());
        }
        return values;
    }

    private static JsonNode required(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null) {
            throw new IllegalArgumentException("Spark runner line without \"" + field + "\": " + node);
        }
        return value;
    }
}
