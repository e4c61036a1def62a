package io.updraft.core.encoder;

import io.updraft.core.error.AnalysisException;
import io.updraft.sql.Encoder;
import io.updraft.sql.Encoders;
import io.updraft.sql.Row;
import io.updraft.sql.Tuple3;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Date;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EncodersTest {
    /** A bean with every mapped kind of property. */
    public static class Everything {
        private int count;
        private Long total;
        private boolean active;
        private BigDecimal price;
        private LocalDate day;
        private Instant at;
        private Date sqlDay;
        private List<String> tags;
        private int[] scores;
        private String URL;

        public int getCount() { return count; }
        public void setCount(int count) { this.count = count; }
        public Long getTotal() { return total; }
        public void setTotal(Long total) { this.total = total; }
        public boolean isActive() { return active; }
        public void setActive(boolean active) { this.active = active; }
        public BigDecimal getPrice() { return price; }
        public void setPrice(BigDecimal price) { this.price = price; }
        public LocalDate getDay() { return day; }
        public void setDay(LocalDate day) { this.day = day; }
        public Instant getAt() { return at; }
        public void setAt(Instant at) { this.at = at; }
        public Date getSqlDay() { return sqlDay; }
        public void setSqlDay(Date sqlDay) { this.sqlDay = sqlDay; }
        public List<String> getTags() { return tags; }
        public void setTags(List<String> tags) { this.tags = tags; }
        public int[] getScores() { return scores; }
        public void setScores(int[] scores) { this.scores = scores; }
        public String getURL() { return URL; }
        public void setURL(String url) { this.URL = url; }
    }

    @Test
    void beanSchemaAsJavaTypeInference() {
        StructType schema = Encoders.bean(Everything.class).schema();
        assertThat(schema.fieldNames()).containsExactly("URL", "active", "at", "count", "day", "price", "scores",
                "sqlDay", "tags", "total");
        assertThat(schema.get(1).nullable()).isFalse();
        assertThat(schema.get(3).dataType()).isEqualTo(DataTypes.IntegerType);
        assertThat(schema.get(5).dataType()).isEqualTo(new io.updraft.sql.types.DecimalType(38, 18));
        assertThat(schema.get(6).dataType()).isEqualTo(DataTypes.createArrayType(DataTypes.IntegerType, false));
        assertThat(schema.get(8).dataType()).isEqualTo(DataTypes.createArrayType(DataTypes.StringType, true));
        assertThat(schema.get(9).nullable()).isTrue();
    }

    @Test
    void beanRoundTrip() {
        Encoder<Everything> e = Encoders.bean(Everything.class);
        Everything v = new Everything();
        v.setCount(3);
        v.setActive(true);
        v.setPrice(new BigDecimal("1.5"));
        v.setDay(LocalDate.of(2024, 2, 29));
        v.setAt(Instant.parse("2024-03-10T10:00:00.123456Z"));
        v.setTags(List.of("a", "b"));
        v.setScores(new int[] {1, 2});
        v.setURL("u");
        Row row = e.toRow(v);
        assertThat(row.get(5)).isEqualTo(new BigDecimal("1.500000000000000000"));
        assertThat(row.get(4)).isEqualTo(Date.valueOf(LocalDate.of(2024, 2, 29)));
        Everything back = e.reader(e.schema()).apply(row);
        assertThat(back.getCount()).isEqualTo(3);
        assertThat(back.getTotal()).isNull();
        assertThat(back.isActive()).isTrue();
        assertThat(back.getDay()).isEqualTo(LocalDate.of(2024, 2, 29));
        assertThat(back.getAt()).isEqualTo(Instant.parse("2024-03-10T10:00:00.123456Z"));
        assertThat(back.getTags()).containsExactly("a", "b");
        assertThat(back.getScores()).containsExactly(1, 2);
        assertThat(back.getURL()).isEqualTo("u");
    }

    @Test
    void aNullForAPrimitiveIsSparksNotNullViolation() {
        Encoder<Everything> e = Encoders.bean(Everything.class);
        Object[] values = new Object[10];
        values[1] = null;
        Row row = Row.withSchema(e.schema(), values);
        assertThatThrownBy(() -> e.reader(e.schema()).apply(row))
                .hasMessageContaining("NOT_NULL_ASSERT_VIOLATION");
    }

    @Test
    void upCastsWidenButNeverNarrow() {
        assertThat(UpCast.canUpCast(DataTypes.IntegerType, DataTypes.LongType)).isTrue();
        assertThat(UpCast.canUpCast(DataTypes.LongType, DataTypes.DoubleType)).isTrue();
        assertThat(UpCast.canUpCast(DataTypes.LongType, DataTypes.IntegerType)).isFalse();
        assertThat(UpCast.canUpCast(DataTypes.DoubleType, DataTypes.LongType)).isFalse();
        assertThat(UpCast.canUpCast(DataTypes.IntegerType, new io.updraft.sql.types.DecimalType(38, 18))).isTrue();
        assertThat(UpCast.canUpCast(DataTypes.LongType, new io.updraft.sql.types.DecimalType(10, 0))).isFalse();
        assertThat(UpCast.canUpCast(DataTypes.DateType, DataTypes.TimestampType)).isTrue();
        assertThat(UpCast.canUpCast(DataTypes.IntegerType, DataTypes.StringType)).isTrue();
        assertThat(UpCast.canUpCast(DataTypes.StringType, DataTypes.IntegerType)).isFalse();
    }

    @Test
    void tuplesReadByPositionAndCheckTheColumnCount() {
        Encoder<Tuple3<String, Long, Double>> e = Encoders.tuple(Encoders.STRING(), Encoders.LONG(),
                Encoders.DOUBLE());
        StructType input = new StructType(List.of()).add("a", DataTypes.StringType).add("b", DataTypes.IntegerType)
                .add("c", DataTypes.DoubleType);
        assertThat(e.reader(input).apply(Row.withSchema(input, new Object[] {"x", 1, 2.5})))
                .isEqualTo(new Tuple3<>("x", 1L, 2.5));
        StructType two = new StructType(List.of()).add("a", DataTypes.StringType).add("b", DataTypes.LongType);
        assertThatThrownBy(() -> e.reader(two)).isInstanceOf(AnalysisException.class)
                .hasMessageContaining("to Tuple3, but failed as the number of fields does not line up");
    }
}
