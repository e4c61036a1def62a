package io.updraft.engine.expr.string;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.engine.expr.ExpressionTestSupport;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** String functions against the examples of Spark's SQL function reference (and its edge cases). */
class StringFunctionsTest extends ExpressionTestSupport {
    private static final DataType STRING = DataTypes.StringType;
    private static final DataType INT = DataTypes.IntegerType;
    private static final DataType BOOLEAN = DataTypes.BooleanType;

    private static StructType strings(int columns) {
        StructType schema = new StructType(List.of());
        for (int i = 0; i < columns; i++) {
            schema = schema.add("c" + i, STRING);
        }
        return schema;
    }

    @Test
    void caseLengthTrimAndSubstringExamples() {
        assertThat(call("upper", STRING, "SparkSql")).isEqualTo("SPARKSQL");
        assertThat(call("ucase", STRING, "SparkSql")).isEqualTo("SPARKSQL");
        assertThat(call("lower", STRING, "SparkSql")).isEqualTo("sparksql");
        assertThat(call("lcase", STRING, "SparkSql")).isEqualTo("sparksql");
        assertThat(call("length", INT, "Spark SQL ")).isEqualTo(10);
        assertThat(call("char_length", INT, "äöü€😀")).isEqualTo(5);
        assertThat(call("character_length", INT, "")).isEqualTo(0);
        assertThat(call("trim", STRING, "    SparkSQL   ")).isEqualTo("SparkSQL");
        assertThat(call("ltrim", STRING, "    SparkSQL   ")).isEqualTo("SparkSQL   ");
        assertThat(call("rtrim", STRING, "    SparkSQL   ")).isEqualTo("    SparkSQL");
        assertThat(call("substring", STRING, "Spark SQL", 5)).isEqualTo("k SQL");
        assertThat(call("substring", STRING, "Spark SQL", -3)).isEqualTo("SQL");
        assertThat(call("substring", STRING, "Spark SQL", 5, 1)).isEqualTo("k");
        assertThat(call("substr", STRING, "Spark SQL", 0, 5)).isEqualTo("Spark");
        assertThat(call("substring", STRING, "Spark SQL", -100, 3)).isEqualTo("");
        assertThat(call("substring", STRING, "añb€", 2, 2)).isEqualTo("ñb");
    }

    @Test
    void reverseAndInitcap() {
        assertThat(call("reverse", STRING, "Spark SQL")).isEqualTo("LQS krapS");
        assertThat(call("reverse", STRING, "añb€😀")).isEqualTo("😀€bña");
        assertThat(call("reverse", STRING, (Object) null)).isNull();
        assertThat(call("initcap", STRING, "sPark sql")).isEqualTo("Spark Sql");
        assertThat(call("initcap", STRING, "ab cd")).isEqualTo("Ab Cd");
        assertThat(call("initcap", STRING, "hello-world  foo_bar")).isEqualTo("Hello-world  Foo_bar");
        assertThat(call("initcap", STRING, "élan VITAL")).isEqualTo("Élan Vital");
        assertThat(call("initcap", STRING, "")).isEqualTo("");
    }

    @Test
    void concatIsNullWithAnyNullButConcatWsSkipsNulls() {
        assertThat(call("concat", STRING, "Spark", "SQL")).isEqualTo("SparkSQL");
        assertThat(call("concat", STRING, "Spark", null)).isNull();
        assertThat(call("concat_ws", STRING, " ", "Spark", "SQL")).isEqualTo("Spark SQL");
        assertThat(call("concat_ws", STRING, "s")).isEqualTo("");
        assertThat(call("concat_ws", STRING, "/", "foo", null, "bar")).isEqualTo("foo/bar");
        assertThat(call("concat_ws", STRING, null, "Spark", "SQL")).isNull();
        assertThat(call("concat_ws", STRING, ",", null, null)).isEqualTo("");
        assertThat(call("concat_ws", STRING, "-", 1, 2.5)).isEqualTo("1-2.5");
        assertThat(eval(function("concat_ws", STRING, col(0, STRING), col(1, STRING), col(2, STRING)), strings(3),
                new Object[] {"+", "a", "b"}, new Object[] {"+", null, "b"}, new Object[] {null, "a", "b"},
                new Object[] {"€", "ä", "ö"})).containsExactly("a+b", "b", null, "ä€ö");
    }

    @Test
    void padsCountCharacters() {
        assertThat(call("lpad", STRING, "hi", 5, "??")).isEqualTo("???hi");
        assertThat(call("lpad", STRING, "hi", 1, "??")).isEqualTo("h");
        assertThat(call("lpad", STRING, "hi", 5)).isEqualTo("   hi");
        assertThat(call("rpad", STRING, "hi", 5, "??")).isEqualTo("hi???");
        assertThat(call("rpad", STRING, "hi", 1, "??")).isEqualTo("h");
        assertThat(call("rpad", STRING, "hi", 5)).isEqualTo("hi   ");
        assertThat(call("lpad", STRING, "hi", 5, "abcd")).isEqualTo("abchi");
        assertThat(call("rpad", STRING, "hi", 8, "abc")).isEqualTo("hiabcabc");
        assertThat(call("lpad", STRING, "hi", 5, "")).isEqualTo("hi");
        assertThat(call("lpad", STRING, "hi", 0, "x")).isEqualTo("");
        assertThat(call("rpad", STRING, "hi", -1, "x")).isEqualTo("");
        assertThat(call("lpad", STRING, "äö", 5, "ü€")).isEqualTo("ü€üäö");
        assertThat(call("rpad", STRING, "äöü", 2, "x")).isEqualTo("äö");
        assertThat(call("lpad", STRING, "hi", null, "x")).isNull();
        assertThatThrownBy(() -> call("lpad", STRING, "hi", Integer.MAX_VALUE, "xy"))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageContaining("2 GiB");
        StructType schema = new StructType(List.of()).add("s", STRING).add("n", INT);
        assertThat(eval(function("lpad", STRING, col(0, STRING), col(1, INT), "0"), schema,
                new Object[] {"7", 3}, new Object[] {"42", 1}, new Object[] {null, 3}, new Object[] {"5", null}))
                .containsExactly("007", "4", null, null);
    }

    @Test
    void replaceAndRepeat() {
        assertThat(call("replace", STRING, "ABCabc", "abc", "DEF")).isEqualTo("ABCDEF");
        assertThat(call("replace", STRING, "ABCabc", "abc")).isEqualTo("ABC");
        assertThat(call("replace", STRING, "aaa", "aa", "b")).isEqualTo("ba");
        assertThat(call("replace", STRING, "abc", "", "x")).isEqualTo("abc");
        assertThat(call("replace", STRING, "äbäb", "ä", "€")).isEqualTo("€b€b");
        assertThat(call("replace", STRING, "abc", null, "x")).isNull();
        assertThat(call("repeat", STRING, "123", 2)).isEqualTo("123123");
        assertThat(call("repeat", STRING, "ä", 3)).isEqualTo("äää");
        assertThat(call("repeat", STRING, "123", 0)).isEqualTo("");
        assertThat(call("repeat", STRING, "123", -1)).isEqualTo("");
        assertThatThrownBy(() -> call("repeat", STRING, "0123456789", Integer.MAX_VALUE))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER));
    }

    @Test
    void instrAndLocateAreOneBasedInCharacters() {
        assertThat(call("instr", INT, "SparkSQL", "SQL")).isEqualTo(6);
        assertThat(call("instr", INT, "äbc", "c")).isEqualTo(3);
        assertThat(call("instr", INT, "abc", "x")).isEqualTo(0);
        assertThat(call("instr", INT, "abc", "")).isEqualTo(1);
        assertThat(call("instr", INT, null, "a")).isNull();
        assertThat(call("locate", INT, "bar", "foobarbar")).isEqualTo(4);
        assertThat(call("locate", INT, "bar", "foobarbar", 5)).isEqualTo(7);
        assertThat(call("position", INT, "bar", "foobarbar")).isEqualTo(4);
        assertThat(call("locate", INT, "bar", "foobarbar", 8)).isEqualTo(0);
        assertThat(call("locate", INT, "bar", "foobarbar", 100)).isEqualTo(0);
        assertThat(call("locate", INT, "bar", "foobarbar", 0)).isEqualTo(0);
        assertThat(call("locate", INT, "bar", "foobarbar", -1)).isEqualTo(0);
        assertThat(call("locate", INT, "b", "äbäb", 3)).isEqualTo(4);
        assertThat(call("locate", INT, "", "abc", 3)).isEqualTo(1);
        // Hive's rule, kept by Spark: a null start position gives 0, not null.
        assertThat(call("locate", INT, "bar", "foobarbar", lit(INT, null))).isEqualTo(0);
        assertThat(call("locate", INT, null, "foobarbar", 1)).isNull();
    }

    @Test
    void likeExamples() {
        assertThat(call("like", BOOLEAN, "Spark", "_park")).isEqualTo(true);
        // SQL '\\abc' LIKE '\\\\abc': the string \abc against the pattern \\abc (an escaped backslash).
        assertThat(call("like", BOOLEAN, "\\abc", "\\\\abc")).isEqualTo(true);
        assertThat(call("like", BOOLEAN, "%SystemDrive%\\Users\\John", "\\%SystemDrive\\%\\\\Users%")).isEqualTo(true);
        assertThat(call("like", BOOLEAN, "a_c", "a\\_c")).isEqualTo(true);
        assertThat(call("like", BOOLEAN, "abc", "a\\_c")).isEqualTo(false);
        assertThat(call("like", BOOLEAN, "100%", "100\\%")).isEqualTo(true);
        assertThat(call("like", BOOLEAN, "1000", "100\\%")).isEqualTo(false);
        assertThat(call("like", BOOLEAN, "abc", "abc")).isEqualTo(true);
        assertThat(call("like", BOOLEAN, "abcd", "abc")).isEqualTo(false);
        assertThat(call("like", BOOLEAN, "", "")).isEqualTo(true);
        assertThat(call("like", BOOLEAN, "", "%")).isEqualTo(true);
        assertThat(call("like", BOOLEAN, "", "_")).isEqualTo(false);
        assertThat(call("like", BOOLEAN, "äb", "_b")).isEqualTo(true);
        assertThat(call("like", BOOLEAN, "a\nb", "a_b")).isEqualTo(true);
        assertThat(call("like", BOOLEAN, "a\nb", "a%b")).isEqualTo(true);
        assertThat(call("like", BOOLEAN, "a.c", "a.c")).isEqualTo(true);
        assertThat(call("like", BOOLEAN, "abc", "a.c")).isEqualTo(false);
        assertThat(call("like", BOOLEAN, "a+b*c", "a+%*c")).isEqualTo(true);
        assertThat(call("like", BOOLEAN, "x", null)).isNull();
        assertThat(call("like", BOOLEAN, "a!b", "a!!b", "!")).isEqualTo(true);
        assertThat(call("like", BOOLEAN, "a\\b", "a\\b", "!")).isEqualTo(true);
        assertThat(call("like", BOOLEAN, "a_b", "a!_b", "!")).isEqualTo(true);
    }

    @Test
    void likeWithoutUnderscoreMatchesSegmentsInOrder() {
        String[][] cases = {
                {"abc", "a%", "true"}, {"abc", "%c", "true"}, {"abc", "%b%", "true"}, {"abc", "a%c", "true"},
                {"abc", "a%b%c", "true"}, {"abc", "%%a%%%c%%", "true"}, {"ab", "a%b%b", "false"},
                {"abab", "a%b%b", "true"}, {"aXbXc", "%X%X%", "true"}, {"aXc", "%X%X%", "false"},
                {"ac", "a%c", "true"}, {"a", "a%a", "false"}, {"aa", "a%a", "true"}, {"xyz", "%", "true"},
                {"ünï€", "ü%€", "true"}, {"ünï€", "%nï%", "true"}, {"abc", "b%", "false"}, {"abc", "%b", "false"},
        };
        for (String[] c : cases) {
            assertThat(call("like", BOOLEAN, c[0], c[1])).as("'%s' LIKE '%s'", c[0], c[1])
                    .isEqualTo(Boolean.parseBoolean(c[2]));
        }
    }

    @Test
    void likeWithPatternPerRow() {
        assertThat(eval(function("like", BOOLEAN, col(0, STRING), col(1, STRING)), strings(2),
                new Object[] {"Spark", "_park"}, new Object[] {"Spark", "_park"}, new Object[] {"Spark", "S%"},
                new Object[] {"Spark", "s%"}, new Object[] {null, "%"}, new Object[] {"x", null}))
                .containsExactly(true, true, true, false, null, null);
    }

    @Test
    void invalidLikeEscapesAreUserErrors() {
        assertThatThrownBy(() -> call("like", BOOLEAN, "a", "a\\"))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageContaining("a\\").hasMessageContaining("end with the escape character");
        assertThatThrownBy(() -> call("like", BOOLEAN, "a", "\\a"))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageContaining("not allowed to precede 'a'");
        assertThatThrownBy(() -> call("like", BOOLEAN, "a", "a", "ab"))
                .isInstanceOf(UpdraftException.class).hasMessageContaining("single character");
    }

    @Test
    void rlikeFindsJavaRegexAnywhere() {
        assertThat(call("rlike", BOOLEAN, "%SystemDrive%\\Users\\John", "%SystemDrive%\\\\Users.*")).isEqualTo(true);
        assertThat(call("rlike", BOOLEAN, "abc", "b")).isEqualTo(true);
        assertThat(call("rlike", BOOLEAN, "abc", "^b")).isEqualTo(false);
        assertThat(call("regexp", BOOLEAN, "abc", "^a.c$")).isEqualTo(true);
        assertThat(call("regexp_like", BOOLEAN, "äbc", "^.b")).isEqualTo(true);
        assertThat(call("rlike", BOOLEAN, "abc", null)).isNull();
        assertThat(eval(function("rlike", BOOLEAN, col(0, STRING), col(1, STRING)), strings(2),
                new Object[] {"a1", "\\d"}, new Object[] {"ab", "\\d"}, new Object[] {"ab", "b$"}))
                .containsExactly(true, false, true);
        assertThatThrownBy(() -> call("rlike", BOOLEAN, "abc", "(ab"))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageContaining("(ab").hasMessageContaining("rlike");
    }

    @Test
    void regexpReplaceUsesJavaReplacementSyntax() {
        assertThat(call("regexp_replace", STRING, "100-200", "(\\d+)", "num")).isEqualTo("num-num");
        assertThat(call("regexp_replace", STRING, "100-200", "(\\d+)-(\\d+)", "$2-$1")).isEqualTo("200-100");
        assertThat(call("regexp_replace", STRING, "abc", "x", "y")).isEqualTo("abc");
        assertThat(call("regexp_replace", STRING, "äbäb", "b", "€")).isEqualTo("ä€ä€");
        assertThat(call("regexp_replace", STRING, "", "^$", "empty")).isEqualTo("empty");
        assertThat(call("regexp_replace", STRING, "abc", "b", null)).isNull();
        assertThat(eval(function("regexp_replace", STRING, col(0, STRING), col(1, STRING), "_"), strings(2),
                new Object[] {"a.b", "\\."}, new Object[] {"a.b", "."}, new Object[] {"ab", "x"}))
                .containsExactly("a_b", "___", "ab");
        assertThatThrownBy(() -> call("regexp_replace", STRING, "abc", "(b)", "$2"))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER));
    }

    @Test
    void regexpExtractGroups() {
        assertThat(call("regexp_extract", STRING, "100-200", "(\\d+)-(\\d+)", 1)).isEqualTo("100");
        assertThat(call("regexp_extract", STRING, "100-200", "(\\d+)-(\\d+)", 2)).isEqualTo("200");
        assertThat(call("regexp_extract", STRING, "100-200", "(\\d+)-(\\d+)", 0)).isEqualTo("100-200");
        assertThat(call("regexp_extract", STRING, "100-200", "(\\d+)")).isEqualTo("100");
        assertThat(call("regexp_extract", STRING, "abc", "(\\d+)", 1)).isEqualTo("");
        assertThat(call("regexp_extract", STRING, "a", "(a)|(b)", 2)).isEqualTo("");
        assertThat(call("regexp_extract", STRING, "xäöy", "x(.+)y", 1)).isEqualTo("äö");
        assertThatThrownBy(() -> call("regexp_extract", STRING, "100-200", "(\\d+)", 2))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageContaining("between 0 and 1");
    }

    @Test
    void startsWithEndsWithContains() {
        assertThat(call("startswith", BOOLEAN, "Spark SQL", "Spark")).isEqualTo(true);
        assertThat(call("startswith", BOOLEAN, "Spark SQL", "SQL")).isEqualTo(false);
        assertThat(call("startswith", BOOLEAN, "Spark SQL", null)).isNull();
        assertThat(call("endswith", BOOLEAN, "Spark SQL", "SQL")).isEqualTo(true);
        assertThat(call("endswith", BOOLEAN, "Spark SQL", "Spark")).isEqualTo(false);
        assertThat(call("contains", BOOLEAN, "Spark SQL", "Spark")).isEqualTo(true);
        assertThat(call("contains", BOOLEAN, "Spark SQL", "SPARK")).isEqualTo(false);
        assertThat(call("contains", BOOLEAN, "Spark SQL", "")).isEqualTo(true);
        assertThat(call("startswith", BOOLEAN, "a", "ab")).isEqualTo(false);
        assertThat(eval(function("contains", BOOLEAN, col(0, STRING), col(1, STRING)), strings(2),
                new Object[] {"äöü", "öü"}, new Object[] {"äöü", "üö"}, new Object[] {null, "a"}))
                .containsExactly(true, false, null);
    }

    @Test
    void wrongArgumentCountsAreUserErrors() {
        assertThatThrownBy(() -> call("repeat", STRING, "a"))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessage("Function repeat takes 2 arguments but got 1");
    }
}
