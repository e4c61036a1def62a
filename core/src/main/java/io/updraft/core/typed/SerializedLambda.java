package io.updraft.core.typed;

import java.io.InvalidObjectException;
import java.io.ObjectStreamException;
import java.io.Serial;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * What {@link UserCode} reads in place of the JDK's {@code java.lang.invoke.SerializedLambda} (same simple name,
 * serialVersionUID and fields, so the stream binds to it). Its {@link #readResolve} finds the capturing class's
 * {@code $deserializeLambda$} through a method handle lookup, where the JDK's finds it by reflection: reflection
 * loads the parameter and return types of every method the class declares, so a job class whose other methods take an
 * {@code UpdraftSession} or return a {@code Dataset} (the api, which the worker does not carry) could not give back
 * any of its lambdas on a worker. The lookup resolves {@code $deserializeLambda$} alone. Not for other use.
 */
final class SerializedLambda implements Serializable {
    @Serial
    private static final long serialVersionUID = 8025925345765570181L;

    private Class<?> capturingClass;
    private String functionalInterfaceClass;
    private String functionalInterfaceMethodName;
    private String functionalInterfaceMethodSignature;
    private String implClass;
    private String implMethodName;
    private String implMethodSignature;
    private int implMethodKind;
    private String instantiatedMethodType;
    private Object[] capturedArgs;

    private SerializedLambda() {
    }

    @Serial
    private Object readResolve() throws ObjectStreamException {
        java.lang.invoke.SerializedLambda lambda = new java.lang.invoke.SerializedLambda(capturingClass,
                functionalInterfaceClass, functionalInterfaceMethodName, functionalInterfaceMethodSignature,
                implMethodKind, implClass, implMethodName, implMethodSignature, instantiatedMethodType,
                capturedArgs == null ? new Object[0] : capturedArgs);
        MethodHandle deserialize;
        try {
            deserialize = MethodHandles.privateLookupIn(capturingClass, MethodHandles.lookup()).findStatic(
                    capturingClass, "$deserializeLambda$",
                    MethodType.methodType(Object.class, java.lang.invoke.SerializedLambda.class));
        } catch (ReflectiveOperationException e) {
            InvalidObjectException failure = new InvalidObjectException("cannot read a lambda of "
                    + capturingClass.getName() + ": " + e);
            failure.initCause(e);
            throw failure;
        }
        try {
            return deserialize.invoke(lambda);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            InvalidObjectException failure = new InvalidObjectException("cannot read a lambda of "
                    + capturingClass.getName() + ": " + e);
            failure.initCause(e);
            throw failure;
        }
    }
}
