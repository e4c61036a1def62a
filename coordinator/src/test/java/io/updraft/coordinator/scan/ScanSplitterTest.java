package io.updraft.coordinator.scan;

import io.updraft.engine.parquet.ParquetFileInfo;
import io.updraft.engine.parquet.ParquetFileInfo.RowGroupInfo;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.FileSplit;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScanSplitterTest {
    private static final long MIB = 1024 * 1024;

    private final Map<String, ParquetFileInfo> files = new HashMap<>();
    private final List<String> footersRead = new ArrayList<>();
    private final ParquetFooterReader footers = path -> {
        footersRead.add(path);
        return files.get(path);
    };

    private void file(String path, long... groupBytes) {
        List<RowGroupInfo> groups = new ArrayList<>();
        for (int i = 0; i < groupBytes.length; i++) {
            groups.add(new RowGroupInfo(i, 100, groupBytes[i], groupBytes[i]));
        }
        files.put(path, new ParquetFileInfo(path, 0, new StructType(List.of()), 100L * groupBytes.length, groups,
                List.of()));
    }

    private static FileSplit whole(String path) {
        return new FileSplit(path, List.of(), 0);
    }

    @Test
    void targetIsTotalOverParallelismBetweenOpenCostAndMaxPartitionBytes() {
        SplitPolicy policy = new SplitPolicy(4, 128 * MIB);
        assertThat(policy.targetBytes(0)).isEqualTo(4 * MIB);
        assertThat(policy.targetBytes(40 * MIB)).isEqualTo(10 * MIB);
        assertThat(policy.targetBytes(4000 * MIB)).isEqualTo(128 * MIB);
        assertThat(new SplitPolicy(1, 2 * MIB).targetBytes(100 * MIB)).isEqualTo(2 * MIB);
    }

    @Test
    void withPackingSmallFilesShareTasksLargestFirstAsSparksFilePartitions() {
        List<FileSplit> scanFiles = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            file("/t/f" + i + ".parquet", (i == 3 ? 9 : 5) * MIB);
            scanFiles.add(whole("/t/f" + i + ".parquet"));
        }
        FileScan scan = new FileScan(scanFiles, new StructType(List.of()), null);
        // (9 + 9 x 5) MiB + 10 x 4 MiB opening cost = 94 MiB over 2 slots: target 47 MiB; a file counts its bytes
        // plus 4 MiB, and the next one joins while the task's count plus its bytes stays within the target
        List<List<FileSplit>> tasks = new ScanSplitter(footers, new SplitPolicy(2, 128 * MIB).withPackFiles(true))
                .tasks(scan);
        assertThat(tasks).extracting(List::size).containsExactly(5, 5);
        assertThat(tasks.get(0).get(0).path()).as("the largest first").isEqualTo("/t/f3.parquet");
        assertThat(tasks.get(0).get(1).path()).as("then listing order").isEqualTo("/t/f0.parquet");
        assertThat(tasks.stream().flatMap(List::stream).map(FileSplit::path).distinct()).hasSize(10);
        // without packing (the job runner's default) every split is a task
        assertThat(new ScanSplitter(footers, new SplitPolicy(2, 128 * MIB)).tasks(scan)).hasSize(10)
                .allSatisfy(t -> assertThat(t).hasSize(1));
        // a large table still fans out: 10 x 60 MiB with a 128 MiB cap, two files a task
        for (int i = 0; i < 10; i++) {
            file("/t/f" + i + ".parquet", 60 * MIB);
        }
        assertThat(new ScanSplitter(footers, new SplitPolicy(2, 128 * MIB).withPackFiles(true)).tasks(scan))
                .hasSize(5);
    }

    @Test
    void packsConsecutiveRowGroupsOfEachFileUpToTheTarget() {
        file("/t/a.parquet", 3 * MIB, 3 * MIB, 3 * MIB, 3 * MIB, 3 * MIB, 3 * MIB, 3 * MIB, 3 * MIB);
        file("/t/b.parquet", MIB);
        // total 25 MiB over 4 slots: target 6.25 MiB, so two 3 MiB groups per split
        List<FileSplit> splits = new ScanSplitter(footers, new SplitPolicy(4, 128 * MIB))
                .split(List.of(whole("/t/a.parquet"), whole("/t/b.parquet")));

        assertThat(splits).containsExactly(
                new FileSplit("/t/a.parquet", List.of(0, 1), 6 * MIB),
                new FileSplit("/t/a.parquet", List.of(2, 3), 6 * MIB),
                new FileSplit("/t/a.parquet", List.of(4, 5), 6 * MIB),
                new FileSplit("/t/a.parquet", List.of(6, 7), 6 * MIB),
                new FileSplit("/t/b.parquet", List.of(0), MIB));
    }

    @Test
    void smallFilesGetOneTaskEachAndNeverShareOne() {
        file("/t/a.parquet", 1000, 1000);
        file("/t/b.parquet", 1000);
        file("/t/empty.parquet");
        List<FileSplit> splits = new ScanSplitter(footers, new SplitPolicy(8, 128 * MIB))
                .split(List.of(whole("/t/a.parquet"), whole("/t/b.parquet"), whole("/t/empty.parquet")));

        assertThat(splits).containsExactly(
                new FileSplit("/t/a.parquet", List.of(0, 1), 2000),
                new FileSplit("/t/b.parquet", List.of(0), 1000),
                new FileSplit("/t/empty.parquet", List.of(), 0));
    }

    @Test
    void aRowGroupLargerThanTheTargetIsASplitOfItsOwn() {
        file("/t/a.parquet", MIB, 50 * MIB, MIB, MIB);
        List<FileSplit> splits = new ScanSplitter(footers, new SplitPolicy(2, 8 * MIB))
                .split(List.of(whole("/t/a.parquet")));

        assertThat(splits).extracting(FileSplit::rowGroups)
                .containsExactly(List.of(0), List.of(1), List.of(2, 3));
    }

    @Test
    void maxPartitionBytesCapsTheSplitSize() {
        file("/t/a.parquet", MIB, MIB, MIB, MIB, MIB, MIB);
        List<FileSplit> splits = new ScanSplitter(footers, new SplitPolicy(1, 2 * MIB, 0))
                .split(List.of(whole("/t/a.parquet")));

        assertThat(splits).extracting(FileSplit::rowGroups)
                .containsExactly(List.of(0, 1), List.of(2, 3), List.of(4, 5));
    }

    @Test
    void aSplitNamingRowGroupsKeepsOnlyThose() {
        file("/t/a.parquet", 10, 10, 10, 10);
        List<FileSplit> splits = new ScanSplitter(footers, new SplitPolicy(2, 128 * MIB))
                .split(List.of(new FileSplit("/t/a.parquet", List.of(1, 3), 20)));

        assertThat(splits).containsExactly(new FileSplit("/t/a.parquet", List.of(1, 3), 20));
        assertThatThrownBy(() -> new ScanSplitter(footers, new SplitPolicy(2, 128 * MIB))
                .split(List.of(new FileSplit("/t/a.parquet", List.of(7), 0))))
                .hasMessageContaining("row group 7 does not exist in /t/a.parquet");
    }

    @Test
    void noFilesNoSplits() {
        assertThat(new ScanSplitter(footers, new SplitPolicy(2, 128 * MIB)).split(List.of())).isEmpty();
        assertThat(footersRead).isEmpty();
    }

    @Test
    void policyRejectsBadValuesNamingThem() {
        assertThatThrownBy(() -> new SplitPolicy(0, 1)).hasMessageContaining("parallelism must be >= 1, was 0");
        assertThatThrownBy(() -> new SplitPolicy(1, 0)).hasMessageContaining("maxPartitionBytes must be >= 1, was 0");
    }
}
