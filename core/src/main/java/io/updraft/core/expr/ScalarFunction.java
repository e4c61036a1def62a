package io.updraft.core.expr;

import io.updraft.sql.types.DataType;

import java.util.List;
import java.util.Objects;

/**
 * A named built-in function (lower-case Spark name: "substring", "upper", "year", ...) with bound
 * arguments. The worker looks the name up in its function registry; an unknown name is a USER error.
 */
public record ScalarFunction(String name, List<Expr> arguments, DataType dataType) implements Expr {
    public ScalarFunction {
        Objects.requireNonNull(name, "name is null");
        arguments = List.copyOf(arguments);
        Objects.requireNonNull(dataType, "dataType is null");
    }

    @Override
    public boolean nullable() {
        return true;
    }
}
