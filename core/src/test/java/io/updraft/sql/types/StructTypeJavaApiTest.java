package io.updraft.sql.types;

import io.updraft.sql.Option;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link StructType}'s Spark Java surface, with what Spark 4.2 returns for the same calls. */
class StructTypeJavaApiTest {
    private static final StructType SCHEMA = new StructType().add("a", "int", false).add("b", "string", true)
            .add("c", DataTypes.createArrayType(DataTypes.LongType));

    @Test
    void fieldsIsAnArrayInOrder() {
        StructField[] fields = SCHEMA.fields();
        assertThat(fields).containsExactly(new StructField("a", DataTypes.IntegerType, false),
                new StructField("b", DataTypes.StringType, true),
                new StructField("c", new ArrayType(DataTypes.LongType, true), true));
        List<String> printed = new ArrayList<>();
        for (StructField f : SCHEMA.fields()) {
            printed.add(f.toString());
        }
        assertThat(printed).containsExactly("StructField(a,IntegerType,false)", "StructField(b,StringType,true)",
                "StructField(c,ArrayType(LongType,true),true)");
        fields[0] = null;
        assertThat(SCHEMA.fields()[0]).as("a copy: the schema stays immutable").isNotNull();
        assertThat(SCHEMA.fieldList()).containsExactly(SCHEMA.fields());
    }

    @Test
    void getFieldIndexIsCaseSensitiveAndAnOption() {
        Option<Object> b = SCHEMA.getFieldIndex("b");   // as Java sees Spark's
        assertThat(b).isEqualTo(Option.apply(1));
        assertThat((int) b.get()).isEqualTo(1);
        assertThat(SCHEMA.getFieldIndex("b").toString()).isEqualTo("Some(1)");
        assertThat(SCHEMA.getFieldIndex("zz").isDefined()).isFalse();
        assertThat(SCHEMA.getFieldIndex("B").toString()).isEqualTo("None");
    }

    @Test
    void fieldNamesAndNames() {
        assertThat(SCHEMA.fieldNames()).containsExactly("a", "b", "c");
        assertThat(SCHEMA.names()).containsExactly("a", "b", "c");
    }

    @Test
    void isEmpty() {
        assertThat(new StructType().isEmpty()).isTrue();
        assertThat(SCHEMA.isEmpty()).isFalse();
    }

    @Test
    void addWithADdlTypeAndNullability() {
        StructType t = new StructType().add("d", "decimal(10,2)", false).add("e", "array<date>", true);
        assertThat(t.fieldList()).containsExactly(new StructField("d", new DecimalType(10, 2), false),
                new StructField("e", new ArrayType(DataTypes.DateType, true), true));
    }

    @Test
    void printTreeStringPrintsTheTreeAndABlankLineAsSpark() {
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            SCHEMA.printTreeString();
        } finally {
            System.setOut(original);
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("""
                root
                 |-- a: integer (nullable = false)
                 |-- b: string (nullable = true)
                 |-- c: array (nullable = true)
                 |    |-- element: long (containsNull = true)

                """);
    }
}
