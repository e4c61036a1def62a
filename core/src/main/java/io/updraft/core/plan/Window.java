package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.core.expr.Expr;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Window functions over partitions of the input: rows are grouped by {@code partitionBy} (nulls form
 * their own partition), ordered by {@code orderBy}, and each call is evaluated for every row. Output:
 * the child's columns ++ one column per call, named by {@code names}. Calls without a frame get Spark's
 * default frame. RANGE frames with an offset need exactly one order key of a numeric, date or timestamp
 * type.
 */
public record Window(Operator child, List<Expr> partitionBy, List<SortKey> orderBy, List<WindowCall> calls,
                     List<String> names) implements Operator {
    public Window {
        Objects.requireNonNull(child, "child is null");
        partitionBy = List.copyOf(partitionBy);
        orderBy = List.copyOf(orderBy);
        names = List.copyOf(names);
        if (calls.size() != names.size()) {
            throw new IllegalArgumentException(calls.size() + " window calls but " + names.size() + " names");
        }
        calls = framedCalls(calls, orderBy);
    }

    @Override
    @JsonIgnore
    public StructType schema() {
        return outputSchema(child.schema(), calls, names);
    }

    /**
     * The calls as they run: checked against the order keys (ranking and offset functions need ORDER BY; RANGE
     * offsets need one numeric, date or timestamp key), each without a frame given Spark's default
     * ({@link WindowFrame#defaultFrame}). The one place the default frame is decided, for planner and engine.
     */
    public static List<WindowCall> framedCalls(List<WindowCall> calls, List<SortKey> orderBy) {
        List<WindowCall> filled = new ArrayList<>(calls.size());
        for (WindowCall call : calls) {
            if (call.function().isRankingOrOffset() && orderBy.isEmpty()) {
                throw new IllegalArgumentException("Window function " + call.function().name().toLowerCase(java.util.Locale.ROOT)
                        + "() requires the window to be ordered (ORDER BY)");
            }
            WindowFrame frame = call.frame() == null ? WindowFrame.defaultFrame(!orderBy.isEmpty()) : call.frame();
            if (frame.isValueRange()) {
                if (orderBy.size() != 1) {
                    throw new IllegalArgumentException("A RANGE frame with an offset needs exactly one ORDER BY key, "
                            + "got " + orderBy.size());
                }
                DataType keyType = orderBy.get(0).expr().dataType();
                if (!keyType.isNumeric() && !(keyType instanceof io.updraft.sql.types.DateType)
                        && !(keyType instanceof io.updraft.sql.types.TimestampType)) {
                    throw new IllegalArgumentException("A RANGE frame with an offset needs a numeric, date or "
                            + "timestamp ORDER BY key, got " + keyType.simpleString());
                }
                if (keyType instanceof DecimalType d && d.precision() > 18) {
                    throw new IllegalArgumentException("RANGE frame offsets over " + keyType.simpleString()
                            + " keys are not supported");
                }
            }
            filled.add(call.frame() == null ? call.withFrame(frame) : call);
        }
        return List.copyOf(filled);
    }

    /** The child's columns, then one per call (named by {@code names}). */
    public static StructType outputSchema(StructType input, List<WindowCall> calls, List<String> names) {
        List<StructField> fields = new ArrayList<>(input.fieldList());
        for (int i = 0; i < calls.size(); i++) {
            fields.add(new StructField(names.get(i), calls.get(i).dataType(), calls.get(i).nullable()));
        }
        return new StructType(fields);
    }

    @Override
    public List<Operator> children() {
        return List.of(child);
    }

    @Override
    public Window withChildren(List<Operator> children) {
        return new Window(Operator.onlyChild(children, this), partitionBy, orderBy, calls, names);
    }
}
