package io.updraft.cli.format;

import io.updraft.sql.format.ResultFormatter;

import io.updraft.sql.Row;
import io.updraft.sql.ShowString;
import io.updraft.sql.types.StructType;

import java.io.PrintStream;
import java.time.ZoneId;
import java.util.List;

/**
 * Spark's {@code show(numRows, truncate = false)} layout for every row, through the api's {@link ShowString}
 * so the command line and {@code Dataset.show} cannot drift apart: cells whole and left-aligned, no
 * "only showing top N rows" trailer, and no empty line after the table.
 */
public final class TableFormatter implements ResultFormatter {
    @Override
    public void write(StructType schema, List<Row> rows, ZoneId zone, PrintStream out) {
        // ShowString's text ends with the closing rule's line break; show() adds an empty line with
        // println, which a command's output does without.
        out.print(ShowString.format(schema, rows, rows.size(), 0, false, zone));
        out.flush();
    }
}
