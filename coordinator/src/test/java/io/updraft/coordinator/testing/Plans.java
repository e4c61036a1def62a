package io.updraft.coordinator.testing;

import io.updraft.coordinator.scan.ParquetFooterReader;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.engine.parquet.ParquetFileInfo;
import io.updraft.engine.parquet.ParquetFileInfo.RowGroupInfo;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;

/** Small plans and fakes for scheduler tests. */
public final class Plans {
    public static final StructType SCHEMA = new StructType(List.of()).add("x", DataTypes.StringType);

    private Plans() {
    }

    /** Every file has one row group of 1 MiB: a scan over n files runs n tasks. */
    public static ParquetFooterReader oneRowGroupPerFile() {
        return path -> new ParquetFileInfo(path, 1024 * 1024, SCHEMA, 100,
                List.of(new RowGroupInfo(0, 100, 1024 * 1024, 1024 * 1024)), List.of());
    }

    /** A decoder turning each fake batch string into one row holding it. */
    public static List<Row> decode(List<String> batches, StructType schema) {
        List<Row> rows = new ArrayList<>();
        for (String b : batches) {
            rows.add(Row.withSchema(schema, new Object[]{b}));
        }
        return rows;
    }

    public static FileScan scan(int files) {
        List<FileSplit> splits = new ArrayList<>();
        for (int f = 0; f < files; f++) {
            splits.add(new FileSplit("/data/t/f" + f + ".parquet", List.of(), 0));
        }
        return new FileScan(splits, SCHEMA, null);
    }

    public static Partitioning.Hash hash() {
        return new Partitioning.Hash(List.of(new ColumnRef(0, DataTypes.StringType, true)));
    }

    /** Stage 0: a scan of {@code maps} files hash-partitioned into {@code reducers}; stage 1 reads it. */
    public static JobPlan shuffle(int maps, int reducers) {
        ShuffleWrite write = new ShuffleWrite(scan(maps), hash(), reducers);
        return new JobPlan(List.of(new Stage(0, write, List.of(), "map"),
                new Stage(1, new StageInput(0, SCHEMA), List.of(0), "reduce")), SCHEMA);
    }
}
