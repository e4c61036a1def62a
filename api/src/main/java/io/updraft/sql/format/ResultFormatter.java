package io.updraft.sql.format;

import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;

import java.io.PrintStream;
import java.time.ZoneId;
import java.util.List;

/**
 * Writes a query result to a stream in one output format; timestamps render in {@code zone} (the session's
 * spark.sql.session.timeZone). Implementations are stateless and thread-safe.
 */
public interface ResultFormatter {
    void write(StructType schema, List<Row> rows, ZoneId zone, PrintStream out);
}
