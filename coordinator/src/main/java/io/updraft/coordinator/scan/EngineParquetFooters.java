package io.updraft.coordinator.scan;

import io.updraft.engine.parquet.ParquetFileInfo;
import io.updraft.engine.parquet.ParquetFiles;

import java.util.Map;
import java.util.Objects;
import java.util.function.LongConsumer;

/**
 * Footers through the engine's Parquet reader ({@link ParquetFiles#inspect}); a missing, truncated or
 * corrupt file is the engine's USER error naming the path. {@code s3://} paths use the {@code updraft.s3.*}
 * settings given here. Stateless and thread-safe.
 */
public final class EngineParquetFooters implements ParquetFooterReader {
    private final Map<String, String> settings;

    public EngineParquetFooters() {
        this(Map.of());
    }

    public EngineParquetFooters(Map<String, String> settings) {
        this.settings = Map.copyOf(Objects.requireNonNull(settings, "settings is null"));
    }

    @Override
    public ParquetFileInfo read(String path) {
        return read(path, requests -> { });
    }

    @Override
    public ParquetFileInfo read(String path, LongConsumer requests) {
        return ParquetFiles.inspect(path, settings, requests);
    }
}
