package io.updraft.core.typed;

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

import java.io.Serializable;
import java.util.Objects;

/**
 * A user-defined scalar function as it travels in a core {@code UserFunction} expression: the user's
 * {@code UDF0}..{@code UDF22} object and its arity. {@link #call} passes the arguments as Spark passes them to a Java
 * UDF (Spark's Java values, a null as null: a Java UDF has no encoders, so Spark does not know its parameters are
 * primitives and never skips the call). Immutable.
 */
public record ScalarUserFunction(Serializable udf, int arity) implements Serializable {
    public ScalarUserFunction {
        Objects.requireNonNull(udf, "udf is null");
        if (arity < 0 || arity > 22) {
            throw new IllegalArgumentException("a UDF takes 0 to 22 arguments, not " + arity);
        }
    }

    /** The arity of {@code udf}, one of Spark's {@code UDF0}..{@code UDF22}. */
    public static int arityOf(Object udf) {
        Class<?>[] interfaces = {UDF0.class, UDF1.class, UDF2.class, UDF3.class, UDF4.class, UDF5.class, UDF6.class, UDF7.class, UDF8.class, UDF9.class, UDF10.class, UDF11.class, UDF12.class, UDF13.class, UDF14.class, UDF15.class, UDF16.class, UDF17.class, UDF18.class, UDF19.class, UDF20.class, UDF21.class, UDF22.class};
        for (int n = 0; n < interfaces.length; n++) {
            if (interfaces[n].isInstance(udf)) {
                return n;
            }
        }
        throw new IllegalArgumentException(udf.getClass().getName() + " is not one of UDF0..UDF22");
    }

    /** Calls the function with {@code a} (exactly {@link #arity()} values). */
    @SuppressWarnings("unchecked")
    public Object call(Object[] a) throws Exception {
        return switch (arity) {
            case 0 -> ((UDF0<Object>) udf).call();
            case 1 -> ((UDF1<Object, Object>) udf).call(a[0]);
            case 2 -> ((UDF2<Object, Object, Object>) udf).call(a[0], a[1]);
            case 3 -> ((UDF3<Object, Object, Object, Object>) udf).call(a[0], a[1], a[2]);
            case 4 -> ((UDF4<Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3]);
            case 5 -> ((UDF5<Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4]);
            case 6 -> ((UDF6<Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5]);
            case 7 -> ((UDF7<Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6]);
            case 8 -> ((UDF8<Object, Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);
            case 9 -> ((UDF9<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]);
            case 10 -> ((UDF10<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9]);
            case 11 -> ((UDF11<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10]);
            case 12 -> ((UDF12<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11]);
            case 13 -> ((UDF13<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12]);
            case 14 -> ((UDF14<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13]);
            case 15 -> ((UDF15<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14]);
            case 16 -> ((UDF16<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
            case 17 -> ((UDF17<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15], a[16]);
            case 18 -> ((UDF18<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15], a[16], a[17]);
            case 19 -> ((UDF19<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15], a[16], a[17], a[18]);
            case 20 -> ((UDF20<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15], a[16], a[17], a[18], a[19]);
            case 21 -> ((UDF21<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15], a[16], a[17], a[18], a[19], a[20]);
            case 22 -> ((UDF22<Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object, Object>) udf).call(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15], a[16], a[17], a[18], a[19], a[20], a[21]);
            default -> throw new IllegalStateException("arity " + arity);
        };
    }
}
