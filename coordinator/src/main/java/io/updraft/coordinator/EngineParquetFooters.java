package io.updraft.coordinator;

import io.updraft.engine.parquet.ParquetFiles;

import java.util.ArrayList;
import java.util.List;

/**
 * Footers through the engine's Parquet reader ({@link ParquetFiles#inspect}); a missing, truncated or
 * corrupt file is the engine's USER error naming the path. Stateless and thread-safe.
 */
public final class EngineParquetFooters implements ParquetFooterReader {
    @Override
    public ParquetFileInfo read(String path) {
        io.updraft.engine.parquet.ParquetFileInfo info = ParquetFiles.inspect(path);
        List<RowGroupInfo> groups = new ArrayList<>(info.rowGroups().size());
        for (io.updraft.engine.parquet.ParquetFileInfo.RowGroupInfo g : info.rowGroups()) {
            groups.add(new RowGroupInfo(g.index(), g.rowCount(), g.compressedBytes()));
        }
        return new ParquetFileInfo(path, info.schema(), info.rowCount(), groups);
    }
}
