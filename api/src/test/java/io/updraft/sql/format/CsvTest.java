package io.updraft.sql.format;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CsvTest {
    @Test
    void quotesOnlyFieldsWithCommaQuoteOrLineBreakAndWritesNullAsAnEmptyField() {
        assertThat(Csv.line(List.of("plain", "a,b", "say \"hi\"", "two\nlines", "cr\rhere", " spaced ", "")))
                .isEqualTo("plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\rhere\", spaced ,\n");
        assertThat(Csv.line(Arrays.asList(null, "x", null))).isEqualTo(",x,\n");
        assertThat(Csv.line(List.of())).isEqualTo("\n");
    }
}
