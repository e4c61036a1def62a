package io.updraft.cli;

import io.updraft.cli.format.OutputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SqlCommandTest {
    @Test
    void defaultsAreLocalStarAndTable() {
        SqlCommand sql = SqlCommand.parse(List.of("select 1"));
        assertThat(sql.master()).isEqualTo("local[*]");
        assertThat(sql.format()).isEqualTo(OutputFormat.TABLE);
        assertThat(sql.tables()).isEmpty();
        assertThat(sql.query()).isEqualTo("select 1");
    }

    @Test
    void registersSubfoldersAndNamedTablesWithTheLastOneWinning(@TempDir Path tmp) throws IOException {
        Files.createDirectories(tmp.resolve("orders"));
        Files.createDirectories(tmp.resolve("lineitem"));
        Files.createDirectories(tmp.resolve("_temporary"));
        Files.createDirectories(tmp.resolve(".hidden"));
        Files.writeString(tmp.resolve("_SUCCESS"), "");
        Path other = Files.createDirectories(tmp.resolve("elsewhere"));

        SqlCommand sql = SqlCommand.parse(List.of("--tables", tmp.toString(), "--table=orders=" + other,
                "--master=local[2]", "--format", "CSV", "select 1"));

        assertThat(sql.tables()).containsOnlyKeys("orders", "lineitem", "elsewhere");
        assertThat(sql.tables().get("orders")).isEqualTo(other.toString());
        assertThat(sql.master()).isEqualTo("local[2]");
        assertThat(sql.format()).isEqualTo(OutputFormat.CSV);
    }

    @Test
    void readsTheQueryFromAFileOrStandardInputWithoutTrailingSemicolons(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("q.sql"), "select 1\n;\n");
        assertThat(SqlCommand.parse(List.of("-f", file.toString())).query()).isEqualTo("select 1");
        assertThat(SqlCommand.parse(List.of("--file", "-"),
                new ByteArrayInputStream("select 2;".getBytes(StandardCharsets.UTF_8))).query()).isEqualTo("select 2");
    }

    @Test
    void aQueryStartingWithACommentIsNotAnOption() {
        assertThat(SqlCommand.parse(List.of("-- the answer = 42\nselect 42", "--format", "csv")).query())
                .isEqualTo("-- the answer = 42\nselect 42");
    }

    @Test
    void aDoubleDashLetsTheQueryStartWithADash() {
        assertThat(SqlCommand.parse(List.of("--format", "json", "--", "-- comment\nselect 1")).query())
                .isEqualTo("-- comment\nselect 1");
    }
}
