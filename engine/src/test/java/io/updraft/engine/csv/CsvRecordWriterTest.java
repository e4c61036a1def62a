package io.updraft.engine.csv;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The one CSV writer: Spark's write defaults and the options that change them. */
class CsvRecordWriterTest {
    private static String write(Map<String, String> options, List<String>... records) {
        StringBuilder out = new StringBuilder();
        CsvRecordWriter writer = new CsvRecordWriter(out, CsvOptions.of(options));
        for (List<String> r : records) {
            writer.recordUnchecked(r);
        }
        return out.toString();
    }

    @Test
    void sparksDefaultsEscapeQuotesWithABackslashTrimStringsAndQuoteTheEmptyString() {
        assertThat(write(Map.of(), List.of("plain", "a,b", "say \"hi\"", "two\nlines", " spaced ", ""),
                Arrays.asList(null, "x", null)))
                .isEqualTo("plain,\"a,b\",\"say \\\"hi\\\"\",\"two\nlines\",spaced,\"\"\n,x,\n");
    }

    @Test
    void escapeAsTheQuoteDoublesQuotesAsRfc4180() {
        assertThat(write(Map.of("escape", "\""), List.of("say \"hi\"", "x")))
                .isEqualTo("\"say \"\"hi\"\"\",x\n");
    }

    @Test
    void sepNullValueEmptyValueQuoteAllAndLineSepApply() {
        assertThat(write(Map.of("sep", ";", "nullValue", "NULL", "emptyValue", "EMPTY", "lineSep", "\r\n"),
                Arrays.asList("a;b", null, "", "c")))
                .isEqualTo("\"a;b\";NULL;EMPTY;c\r\n");
        assertThat(write(Map.of("quoteAll", "true", "ignoreTrailingWhiteSpace", "false"), List.of("a ", "b")))
                .isEqualTo("\"a \",\"b\"\n");
    }

    @Test
    void fieldsThatAreNotStringsAreNotTrimmedAndRecordsEndWhereTheCallerSays() throws IOException {
        StringBuilder out = new StringBuilder();
        CsvRecordWriter writer = new CsvRecordWriter(out, CsvOptions.of(Map.of()));
        writer.field(" 1", false);
        writer.field(" x ", true);
        writer.endRecord();
        writer.field(null, true);
        writer.endRecord();
        assertThat(out).hasToString(" 1,x\n\n"); // Spark does not quote a leading space
    }

    /** Spark 4.2's own output for these values (bench's SparkWriterCasesTest), where Commons CSV's minimal mode differs. */
    @Test
    void quotingIsSparksNotCommonsCsvs() {
        assertThat(write(Map.of(), List.of("back\\slash", "#hash#", "\"", "semi;colon|pipe")))
                .isEqualTo("back\\slash,#hash#,\"\\\"\",semi;colon|pipe\n");
        assertThat(write(Map.of("escape", "#"), List.of("#hash#", "say \"hi\"")))
                .isEqualTo("#hash#,\"say #\"hi#\"\"\n");
        assertThat(write(Map.of("escapeQuotes", "false"), List.of("say \"hi\"", "\"")))
                .isEqualTo("say \"hi\",\"\\\"\"\n");
        assertThat(write(Map.of("lineSep", "|"), List.of("semi;colon|pipe", "x")))
                .isEqualTo("\"semi;colon|pipe\",x|");
        assertThat(write(Map.of("quoteAll", "true"), Arrays.asList("back\\slash", null)))
                .isEqualTo("\"back\\\\slash\",\"\"\n");
        assertThat(write(Map.of("quote", "'"), List.of("\"", "it's", "a,b")))
                .isEqualTo("\",'it\\'s','a,b'\n");
    }
}
