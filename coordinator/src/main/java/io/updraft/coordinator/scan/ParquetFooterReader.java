package io.updraft.coordinator.scan;

import io.updraft.engine.parquet.ParquetFileInfo;
import java.util.function.LongConsumer;

/**
 * Reads Parquet footers. A missing, truncated or corrupt file is a USER
 * {@link io.updraft.core.error.UpdraftException} naming the file. Implementations are thread-safe.
 *
 * <p>The default methods are for the session's planning reader ({@link CachingFooterReader}): the version of
 * a file seen in a listing (so a cached footer is served only for that version) and the planning requests
 * made since the last job summary. Other readers ignore them.
 */
@FunctionalInterface
public interface ParquetFooterReader {
    ParquetFileInfo read(String path);

    /**
     * As {@link #read(String)}, telling {@code requests} of every object-store request made (for s3:// the
     * first is the HEAD for the size, the others ranged GETs). The default counts nothing.
     */
    default ParquetFileInfo read(String path, LongConsumer requests) {
        return read(path);
    }

    /** A listing saw {@code path} (an s3:// object) with this version identity (size, ETag, modified time). */
    default void listed(String path, String version) {
    }

    /** Adds requests made for planning outside this reader (e.g. the LISTs of the input). */
    default void addPlanningRequests(PlanningRequests requests) {
    }

    /** The planning requests made since the last call, and resets them (each job summary takes them once). */
    default PlanningRequests takePlanningRequests() {
        return PlanningRequests.NONE;
    }
}
