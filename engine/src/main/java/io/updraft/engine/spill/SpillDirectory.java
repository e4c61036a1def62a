package io.updraft.engine.spill;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The local folder one task spills to: created on first use under the base directory (setting
 * {@code updraft.spillDir}, default {@code java.io.tmpdir} — /tmp on Lambda) and deleted with everything
 * in it when the task ends. Not thread-safe.
 */
public final class SpillDirectory implements AutoCloseable {
    private final Path base;
    private final String taskName;
    private Path directory;
    private int nextFile;

    public SpillDirectory(Path base, String taskName) {
        this.base = base;
        this.taskName = taskName.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** A new, not yet existing file path in this task's spill folder. */
    public Path newFile(String purpose) {
        if (directory == null) {
            try {
                Files.createDirectories(base);
                directory = Files.createTempDirectory(base, "updraft-spill-" + taskName + "-");
            } catch (IOException e) {
                throw new UpdraftException(ErrorType.INTERNAL, "Cannot create a spill folder in " + base + " (setting "
                        + "updraft.spillDir): " + e.getMessage(), e);
            }
        }
        return directory.resolve(purpose + "-" + (nextFile++) + ".arrow");
    }

    /** The folder, or null when nothing was spilled yet. */
    public Path directory() {
        return directory;
    }

    @Override
    public void close() {
        if (directory == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UpdraftException(ErrorType.INTERNAL, "Cannot delete spill folder " + directory + ": "
                    + e.getMessage(), e);
        } finally {
            directory = null;
        }
    }
}
