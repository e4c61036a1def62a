package io.updraft.sql;

import io.updraft.planner.analysis.UserFunctions;
import io.updraft.planner.expr.UserFunctionDefinition;
import io.updraft.sql.api.java.UDF0;
import io.updraft.sql.api.java.UDF1;
import io.updraft.sql.api.java.UDF2;
import io.updraft.sql.api.java.UDF3;
import io.updraft.sql.api.java.UDF4;
import io.updraft.sql.api.java.UDF5;
import io.updraft.sql.api.java.UDF6;
import io.updraft.sql.api.java.UDF7;
import io.updraft.sql.api.java.UDF8;
import io.updraft.sql.api.java.UDF9;
import io.updraft.sql.api.java.UDF10;
import io.updraft.sql.api.java.UDF11;
import io.updraft.sql.api.java.UDF12;
import io.updraft.sql.api.java.UDF13;
import io.updraft.sql.api.java.UDF14;
import io.updraft.sql.api.java.UDF15;
import io.updraft.sql.api.java.UDF16;
import io.updraft.sql.api.java.UDF17;
import io.updraft.sql.api.java.UDF18;
import io.updraft.sql.api.java.UDF19;
import io.updraft.sql.api.java.UDF20;
import io.updraft.sql.api.java.UDF21;
import io.updraft.sql.api.java.UDF22;
import io.updraft.sql.expressions.UserDefinedAggregateFunction;
import io.updraft.sql.expressions.UserDefinedFunction;
import io.updraft.sql.types.DataType;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The session's user-defined functions, as Spark's {@code UDFRegistration} ({@code session.udf()}): a function
 * registered under a name is callable from SQL ({@code SELECT name(x) FROM t}), {@code selectExpr}/{@code expr} and
 * {@code functions.call_function}/{@code callUDF}. Names are case-insensitive; registering a name again replaces
 * the function, and a registered name shadows a built-in function of that name (as in Spark). Thread-safe.
 */
public final class UDFRegistration implements UserFunctions {
    private final Map<String, UserFunctionDefinition> functions = new ConcurrentHashMap<>();

    UDFRegistration() {
    }

    /** Registers {@code udf} (a {@code functions.udf} or {@code functions.udaf}) as {@code name}; returns it, named. */
    public UserDefinedFunction register(String name, UserDefinedFunction udf) {
        Objects.requireNonNull(udf, "udf is null");
        UserDefinedFunction named = udf.withName(checked(name));
        functions.put(name.toLowerCase(Locale.ROOT), named.definition());
        return named;
    }

    /** Registers an untyped aggregate function as {@code name}; returns it. */
    public UserDefinedAggregateFunction register(String name, UserDefinedAggregateFunction udaf) {
        Objects.requireNonNull(udaf, "udaf is null");
        functions.put(checked(name).toLowerCase(Locale.ROOT), udaf.definition().withName(name));
        return udaf;
    }

    public void register(String name, UDF0<?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF1<?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF2<?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF3<?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF4<?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF5<?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF6<?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF7<?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF8<?, ?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF9<?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF10<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF11<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF12<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF13<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF14<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF15<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF16<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF17<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF18<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF19<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF20<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF21<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    public void register(String name, UDF22<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f, DataType returnType) {
        register(name, UserDefinedFunction.scalar(f, returnType));
    }

    @Override
    public Optional<UserFunctionDefinition> lookup(String name) {
        return Optional.ofNullable(functions.get(name.toLowerCase(Locale.ROOT)));
    }

    private static String checked(String name) {
        Objects.requireNonNull(name, "name is null");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a function name must not be blank");
        }
        return name;
    }
}
