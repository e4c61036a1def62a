package io.updraft.sql.types;

import io.updraft.core.error.ParseException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StructTypeFromDdlTest {
    @Test
    void columnsWithEveryTypeNameTheTypeParserReads() {
        StructType schema = StructType.fromDDL("a INT, b STRING NOT NULL COMMENT 'the b', `c d` DECIMAL(10,2), "
                + "e ARRAY<DATE>, f MAP<STRING, BIGINT>, g: TINYINT, h STRUCT<x: FLOAT, y: BINARY>");
        assertThat(schema.fieldList()).containsExactly(
                new StructField("a", DataTypes.IntegerType, true),
                new StructField("b", DataTypes.StringType, false),
                new StructField("c d", new DecimalType(10, 2), true),
                new StructField("e", new ArrayType(DataTypes.DateType, true), true),
                new StructField("f", new MapType(DataTypes.StringType, DataTypes.LongType, true), true),
                new StructField("g", DataTypes.ByteType, true),
                new StructField("h", new StructType(List.of(new StructField("x", DataTypes.FloatType, true),
                        new StructField("y", DataTypes.BinaryType, true))), true));
    }

    @Test
    void anUnknownTypeIsUnsupportedAtItsPosition() {
        assertThatThrownBy(() -> StructType.fromDDL("a INT, b VARIANT"))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("[UNSUPPORTED_DATATYPE]")
                .hasMessageContaining("variant");
        assertThatThrownBy(() -> StructType.fromDDL("a INT b")).hasMessageContaining("[PARSE_SYNTAX_ERROR]");
    }
}
