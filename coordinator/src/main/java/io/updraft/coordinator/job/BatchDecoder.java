package io.updraft.coordinator.job;

import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;

import java.util.List;

/**
 * Turns task output (Arrow IPC streams, base64) into rows carrying {@code schema}, in stream order.
 * Implementations are thread-safe and release every buffer they allocate before returning.
 */
@FunctionalInterface
public interface BatchDecoder {
    List<Row> decode(List<String> arrowIpcBase64, StructType schema);
}
