package io.updraft.coordinator.scan;

import io.updraft.engine.parquet.ParquetFileInfo;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CachingFooterReaderTest {
    @TempDir
    Path dir;

    private final List<String> reads = new ArrayList<>();
    private final CachingFooterReader reader = new CachingFooterReader(path -> {
        reads.add(path);
        return new ParquetFileInfo(path, 0, new StructType(List.of()), reads.size(), List.of(), List.of());
    });

    @Test
    void readsAnUnchangedLocalFileOnce() throws IOException {
        Path file = Files.write(dir.resolve("a.parquet"), new byte[]{1});
        reader.read(file.toString());
        reader.read(file.toString());
        assertThat(reads).hasSize(1);
    }

    @Test
    void readsAgainWhenTheFileChanges() throws IOException {
        Path file = Files.write(dir.resolve("a.parquet"), new byte[]{1});
        reader.read(file.toString());
        Files.write(file, new byte[]{1, 2});
        Files.setLastModifiedTime(file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 5000));
        assertThat(reader.read(file.toString()).rowCount()).isEqualTo(2);
        assertThat(reads).hasSize(2);
    }

    @Test
    void missingFilesAndRemotePathsAreNotCached() {
        reader.read("s3://bucket/a.parquet");
        reader.read("s3://bucket/a.parquet");
        reader.read(dir.resolve("missing.parquet").toString());
        reader.read(dir.resolve("missing.parquet").toString());
        assertThat(reads).hasSize(4);
    }
}
