package io.updraft.sql.format;

import io.updraft.sql.Row;
import io.updraft.sql.ShowString;
import io.updraft.sql.types.StructType;

import java.io.PrintStream;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * RFC 4180 through the project's CSV writer ({@link Csv}): a header line with the column names, then one line per
 * row; null is an empty field. Values are Spark's string casts ({@link ShowString#cell}): decimals in plain
 * notation, doubles as Java prints them, dates yyyy-MM-dd, timestamps yyyy-MM-dd HH:mm:ss[.ffffff] (trailing zeros
 * of the fraction dropped), booleans true/false.
 */
public final class CsvFormatter implements ResultFormatter {
    @Override
    public void write(StructType schema, List<Row> rows, ZoneId zone, PrintStream out) {
        String[] names = schema.fieldNames();
        out.print(Csv.line(Arrays.asList(names)));
        List<String> cells = new ArrayList<>(names.length);
        for (Row row : rows) {
            cells.clear();
            for (int i = 0; i < names.length; i++) {
                Object value = i < row.size() ? row.get(i) : null;
                cells.add(value == null ? null : ShowString.cell(value, schema.get(i).dataType(), zone));
            }
            out.print(Csv.line(cells));
        }
        out.flush();
    }
}
