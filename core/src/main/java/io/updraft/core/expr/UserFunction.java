package io.updraft.core.expr;

import io.updraft.sql.types.DataType;

import java.util.List;
import java.util.Objects;

/**
 * A call of a user-defined scalar function ({@code functions.udf}, {@code session.udf().register}): {@code function}
 * is the serialized {@code io.updraft.core.typed.ScalarUserFunction} ({@code UserCode}, base64), called once per row
 * with the arguments as Spark's Java values; {@code name} is what error messages call it (Spark's {@code UDF} when
 * the user gave none). Immutable.
 */
public record UserFunction(String name, String function, List<Expr> arguments, DataType dataType, boolean nullable)
        implements Expr {
    public UserFunction {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(function, "function is null");
        arguments = List.copyOf(arguments);
        Objects.requireNonNull(dataType, "dataType is null");
    }
}
