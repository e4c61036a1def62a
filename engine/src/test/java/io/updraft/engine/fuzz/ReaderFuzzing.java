package io.updraft.engine.fuzz;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.FileFormat;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.FileSplit;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.PipelineBuilder;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What every reader fuzz target checks: reading arbitrary bytes either succeeds or fails with a USER
 * {@link UpdraftException} that names the file; anything else (another exception, an internal error, a leaked Arrow
 * buffer) is a finding. Stateless.
 */
final class ReaderFuzzing {
    private ReaderFuzzing() {
    }

    /** Writes {@code bytes} to a fresh file named {@code name}; the caller deletes it. */
    static Path file(byte[] bytes, String name) throws IOException {
        Path dir = Files.createTempDirectory("updraft-fuzz");
        Path file = dir.resolve(name);
        Files.write(file, bytes);
        return file;
    }

    static void delete(Path file) throws IOException {
        Files.deleteIfExists(file);
        Files.deleteIfExists(file.getParent());
    }

    /** Reads the whole file as a scan of {@code format} (splits of {@code splitBytes}, or whole when 0). */
    static void scan(Path file, FileFormat format, StructType dataSchema, long splitBytes) {
        long size = file.toFile().length();
        List<FileSplit> splits = new java.util.ArrayList<>();
        if (splitBytes <= 0 || format.isParquet()) {
            splits.add(new FileSplit(file.toString(), List.of(), size, 0, -1, List.of()));
        } else {
            for (long s = 0; s < Math.max(size, 1); s += splitBytes) {
                splits.add(new FileSplit(file.toString(), List.of(), splitBytes, s, Math.min(splitBytes, size - s),
                        List.of()));
            }
        }
        FileScan scan = new FileScan(splits, format, dataSchema, new StructType(List.of()), dataSchema, null);
        try (BufferAllocator allocator = new RootAllocator(64L << 20);
             ExecutionContext context = new ExecutionContext(allocator, Map.of())) {
            try (BatchOperator op = PipelineBuilder.build(scan, context)) {
                for (Batch b = op.next(); b != null; b = op.next()) {
                    b.close();
                }
            }
        }
    }

    /** Runs {@code read}; a USER error naming {@code file} is an expected outcome, anything else is rethrown. */
    static void expectSuccessOrUserError(Path file, Runnable read) {
        try {
            read.run();
        } catch (UpdraftException e) {
            if (e.type() != ErrorType.USER) {
                throw new AssertionError("internal error reading " + file + ": " + e, e);
            }
            if (!String.valueOf(e.getMessage()).contains(file.getFileName().toString())) {
                throw new AssertionError("user error does not name the file " + file + ": " + e.getMessage(), e);
            }
        }
    }
}
