package io.updraft.engine;

import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ArrowRowsTest {
    private static final StructType SCHEMA = new StructType(List.of())
            .add("b", DataTypes.BooleanType).add("i", DataTypes.IntegerType).add("l", DataTypes.LongType)
            .add("d", DataTypes.DoubleType).add("p", new DecimalType(20, 3)).add("s", DataTypes.StringType)
            .add("day", DataTypes.DateType).add("ts", DataTypes.TimestampType);
    private BufferAllocator allocator;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    @Test
    void rowsRoundTripWithSparkJavaTypes() {
        Timestamp ts = Timestamp.from(Instant.parse("1969-12-31T23:59:59.123456Z"));
        Row full = Row.withSchema(SCHEMA, new Object[] {true, 7, -8L, 2.5, new BigDecimal("12345678901234567.891"),
                "héllo", Date.valueOf(LocalDate.of(2024, 2, 29)), ts});
        Row empty = Row.withSchema(SCHEMA, new Object[8]);

        String ipc = ArrowRows.encode(List.of(full, empty), SCHEMA, allocator);
        List<Row> rows = ArrowRows.decode(List.of(ipc, ipc), SCHEMA, allocator);

        assertThat(rows).containsExactly(full, empty, full, empty);
        assertThat(rows.get(0).getTimestamp(7)).isEqualTo(ts);
        assertThat(rows.get(0).getTimestamp(7).getNanos()).isEqualTo(123_456_000);
        assertThat(rows.get(0).getDate(6).toLocalDate()).isEqualTo(LocalDate.of(2024, 2, 29));
        assertThat(rows.get(0).<String>getAs("s")).isEqualTo("héllo");
        assertThat(rows.get(0).schema()).isEqualTo(SCHEMA);
    }

    @Test
    void encodeAcceptsJavaTimeAndInternalValues() {
        StructType schema = new StructType(List.of()).add("day", DataTypes.DateType).add("ts", DataTypes.TimestampType)
                .add("p", new DecimalType(5, 2));
        String ipc = ArrowRows.encode(List.of(Row.of(LocalDate.of(1970, 1, 2), Instant.ofEpochSecond(1), 1),
                Row.of(3, 5L, new BigDecimal("1.5"))), schema, allocator);
        List<Row> rows = ArrowRows.decode(List.of(ipc), schema, allocator);
        assertThat(rows.get(0).getDate(0).toLocalDate()).isEqualTo(LocalDate.of(1970, 1, 2));
        assertThat(rows.get(0).getTimestamp(1).toInstant()).isEqualTo(Instant.ofEpochSecond(1));
        assertThat(rows.get(0).getDecimal(2)).isEqualTo(new BigDecimal("1.00"));
        assertThat(rows.get(1).getDate(0).toLocalDate()).isEqualTo(LocalDate.of(1970, 1, 4));
        assertThat(rows.get(1).getTimestamp(1).toInstant()).isEqualTo(Instant.ofEpochSecond(0, 5000));
        assertThat(rows.get(1).getDecimal(2)).isEqualTo(new BigDecimal("1.50"));
    }

    @Test
    void overloadsWithoutAllocatorWork() {
        String ipc = ArrowRows.encode(List.of(Row.of(true, 1, 2L, 3.0, null, "x", null, null)), SCHEMA);
        assertThat(ArrowRows.decode(List.of(ipc), SCHEMA)).hasSize(1);
    }

    @Test
    void schemaMapping() {
        Schema arrow = ArrowTypes.toArrowSchema(SCHEMA);
        assertThat(arrow.getFields()).extracting(f -> f.getType()).containsExactly(
                ArrowType.Bool.INSTANCE, new ArrowType.Int(32, true), new ArrowType.Int(64, true),
                new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE),
                new ArrowType.Decimal(20, 3, 128), ArrowType.Utf8.INSTANCE, new ArrowType.Date(DateUnit.DAY),
                new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"));
        assertThat(ArrowTypes.toStructType(arrow)).isEqualTo(SCHEMA);
    }
}
