package io.updraft.coordinator.scan;

import io.updraft.engine.parquet.ParquetFileInfo;
import io.updraft.engine.parquet.ParquetFileInfo.RowGroupInfo;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.FileSplit;
import io.updraft.engine.file.Compression;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Expands the files of a Parquet scan into task splits by row groups. Consecutive row groups of one
 * file are packed into a split until adding the next would pass the target size
 * ({@link SplitPolicy#targetBytes}); a row group larger than the target is a split of its own. Every
 * file yields at least one split (a file without row groups yields one empty split), and a split never
 * spans two files. A scan over no files yields no splits. Stateless apart from the footer reader.
 */
public final class ScanSplitter {
    private final ParquetFooterReader footers;
    private final SplitPolicy policy;

    public ScanSplitter(ParquetFooterReader footers, SplitPolicy policy) {
        this.footers = Objects.requireNonNull(footers, "footers is null");
        this.policy = Objects.requireNonNull(policy, "policy is null");
    }

    /**
     * The task splits of a scan: Parquet files by row groups ({@link #split(List)}); CSV, JSON and text files by
     * byte ranges of the target size ({@link SplitPolicy#targetBytes} of the scan's total bytes), each range read
     * to the end of its last line by the engine — except compressed files, multi-line CSV/JSON and {@code
     * wholetext}, which are one split per file. A file's partition values go with each of its splits.
     */
    public List<FileSplit> split(FileScan scan) {
        if (scan.format().isParquet()) {
            return split(scan.splits());
        }
        boolean wholeFiles = Boolean.parseBoolean(scan.format().option("multiline", "false"))
                || Boolean.parseBoolean(scan.format().option("wholetext", "false"));
        long total = 0;
        for (FileSplit f : scan.splits()) {
            total += Math.max(0, f.bytes());
        }
        long target = policy.targetBytes(total);
        List<FileSplit> out = new ArrayList<>();
        for (FileSplit f : scan.splits()) {
            if (wholeFiles || !Compression.ofPath(f.path()).splittable() || f.bytes() <= target) {
                out.add(new FileSplit(f.path(), List.of(), f.bytes(), 0, -1, f.partitionValues()));
                continue;
            }
            for (long start = 0; start < f.bytes(); start += target) {
                long length = Math.min(target, f.bytes() - start);
                out.add(new FileSplit(f.path(), List.of(), length, start, length, f.partitionValues()));
            }
        }
        return out;
    }

    /**
     * The splits of a scan grouped into tasks, as Spark's {@code FilePartition.getFilePartitions}: Parquet splits,
     * largest first (ties in listing order), fill a task until the next would pass the target, each counting its
     * bytes plus the opening cost ({@link SplitPolicy#openCostBytes}, spark.sql.files.openCostInBytes); the target
     * is {@link SplitPolicy#targetBytes} of all splits' bytes plus one opening cost each (Spark's maxSplitBytes).
     * So many small files share a task instead of one task each (40 lineitem files of 5 MB at SF 1 on local[2]: 3
     * tasks, not 40). Other formats, and a policy that does not pack, keep one split per task. A scan without splits
     * has no task.
     */
    public List<List<FileSplit>> tasks(FileScan scan) {
        List<FileSplit> splits = split(scan);
        if (!policy.packFiles() || !scan.format().isParquet() || splits.size() < 2) {
            return splits.stream().map(List::of).toList();
        }
        long total = 0;
        for (FileSplit f : splits) {
            total += Math.max(0, f.bytes()) + policy.openCostBytes();
        }
        long target = policy.targetBytes(total);
        List<FileSplit> bySize = new ArrayList<>(splits);
        bySize.sort(java.util.Comparator.comparingLong(FileSplit::bytes).reversed());
        List<List<FileSplit>> tasks = new ArrayList<>();
        List<FileSplit> current = new ArrayList<>();
        long currentBytes = 0;
        for (FileSplit f : bySize) {
            if (!current.isEmpty() && currentBytes + f.bytes() > target) {
                tasks.add(List.copyOf(current));
                current.clear();
                currentBytes = 0;
            }
            current.add(f);
            currentBytes += Math.max(0, f.bytes()) + policy.openCostBytes();
        }
        tasks.add(List.copyOf(current));
        return tasks;
    }

    /**
     * The task splits for Parquet files. A file split naming row groups restricts the file to those;
     * an empty list means every row group of the file.
     */
    public List<FileSplit> split(List<FileSplit> scanFiles) {
        List<ParquetFileInfo> infos = new ArrayList<>(scanFiles.size());
        List<List<RowGroupInfo>> groupsPerFile = new ArrayList<>(scanFiles.size());
        long totalBytes = 0;
        for (FileSplit file : scanFiles) {
            ParquetFileInfo info = footers.read(file.path());
            List<RowGroupInfo> groups = selectedGroups(info, file.rowGroups());
            for (RowGroupInfo g : groups) {
                totalBytes += g.compressedBytes();
            }
            infos.add(info);
            groupsPerFile.add(groups);
        }
        long target = policy.targetBytes(totalBytes);
        List<FileSplit> splits = new ArrayList<>();
        for (int f = 0; f < scanFiles.size(); f++) {
            int before = splits.size();
            packFile(scanFiles.get(f).path(), groupsPerFile.get(f), target, splits);
            List<String> values = scanFiles.get(f).partitionValues();
            if (!values.isEmpty()) {
                for (int i = before; i < splits.size(); i++) {
                    splits.set(i, splits.get(i).withPartitionValues(values));
                }
            }
        }
        return splits;
    }

    private static List<RowGroupInfo> selectedGroups(ParquetFileInfo info, List<Integer> wanted) {
        if (wanted.isEmpty()) {
            return info.rowGroups();
        }
        List<RowGroupInfo> selected = new ArrayList<>(wanted.size());
        for (int index : wanted) {
            if (index < 0 || index >= info.rowGroups().size()) {
                throw new IllegalArgumentException("row group " + index + " does not exist in " + info.path()
                        + " (" + info.rowGroups().size() + " row groups)");
            }
            selected.add(info.rowGroups().get(index));
        }
        return selected;
    }

    private static void packFile(String path, List<RowGroupInfo> groups, long target, List<FileSplit> out) {
        if (groups.isEmpty()) {
            out.add(new FileSplit(path, List.of(), 0));
            return;
        }
        List<Integer> current = new ArrayList<>();
        long currentBytes = 0;
        for (RowGroupInfo g : groups) {
            if (!current.isEmpty() && currentBytes + g.compressedBytes() > target) {
                out.add(new FileSplit(path, current, currentBytes));
                current = new ArrayList<>();
                currentBytes = 0;
            }
            current.add(g.index());
            currentBytes += g.compressedBytes();
        }
        out.add(new FileSplit(path, current, currentBytes));
    }
}
