package io.updraft.core.typed;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.util.Base64;

/**
 * User functions as they travel in a TaskSpec: Java serialization, base64. Reading goes through an allow-list
 * {@link ObjectInputFilter} ({@link JobClasses}): a class outside it is refused before it is instantiated (a USER
 * error naming it), a class the worker does not have is a USER error naming it. Stateless, thread-safe.
 */
public final class UserCode {
    private UserCode() {
    }

    /** The serialized form of {@code function}; every class written is allowed for this JVM's own tasks. */
    public static String serialize(Serializable function) {
        return Base64.getEncoder().encodeToString(toBytes(function));
    }

    /** The Java serialization of {@code value} (also {@code Encoders.javaSerialization}'s column values). */
    public static byte[] toBytes(Serializable function) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new RecordingOutputStream(bytes)) {
            out.writeObject(function);
        } catch (IOException e) {
            throw UpdraftException.user("the function cannot be serialized (every object it captures must be"
                    + " Serializable): " + e, e);
        }
        return bytes.toByteArray();
    }

    /** Reads what {@link #serialize} wrote, through the allow-list, as a {@code type}. */
    public static <T> T deserialize(String base64, Class<T> type) {
        return fromBytes(Base64.getDecoder().decode(base64), type);
    }

    /** Reads what {@link #toBytes} wrote, through the allow-list, as a {@code type}. */
    public static <T> T fromBytes(byte[] bytes, Class<T> type) {
        JobClasses allowed = JobClasses.current();
        String[] refused = new String[1];
        try (ObjectInputStream in = new ContextClassLoaderInputStream(new ByteArrayInputStream(bytes))) {
            in.setObjectInputFilter(info -> {
                ObjectInputFilter.Status status = allowed.check(info);
                if (status == ObjectInputFilter.Status.REJECTED && refused[0] == null) {
                    refused[0] = info.serialClass().getName();
                }
                return status;
            });
            Object value = in.readObject();
            if (!type.isInstance(value)) {
                throw new UpdraftException(ErrorType.INTERNAL, "user code is a " + value.getClass().getName()
                        + ", not a " + type.getName());
            }
            return type.cast(value);
        } catch (InvalidClassException e) {
            throw UpdraftException.user("USER_CODE_CLASS_REFUSED", null, "user code refused: class "
                    + (refused[0] == null ? "?" : refused[0]) + " is not allowed in a serialized function (only the"
                    + " job's classes and the types they need are read: " + JobClasses.RESOURCE + ")");
        } catch (ClassNotFoundException e) {
            throw classNotFound(e.getMessage(), e);
        } catch (NoClassDefFoundError e) {
            throw missingClass(e);   // a class the job's class needs (a lambda's capturing class is loaded to read it)
        } catch (IOException e) {
            throw new UpdraftException(ErrorType.INTERNAL, "cannot read user code: " + e, e);
        }
    }

    /**
     * The USER error for a class the worker lacks while it reads or runs user code ({@code NoClassDefFoundError}
     * of a job class, or of a class the job's code uses): names the class and says how to build the worker.
     */
    public static UpdraftException missingClass(NoClassDefFoundError e) {
        String name = e.getMessage() == null ? "?" : e.getMessage().replace('/', '.');
        return classNotFound(name, e);
    }

    private static UpdraftException classNotFound(String name, Throwable cause) {
        if (name.startsWith("io.updraft.")) {
            return new UpdraftException(ErrorType.USER, "USER_CODE_CLASS_NOT_FOUND", null, "class " + name
                    + " is not in the worker (it carries Updraft's core and engine, not the api, planner or coordinator):"
                    + " a function that runs in a task cannot use it", cause);
        }
        return new UpdraftException(ErrorType.USER, "USER_CODE_CLASS_NOT_FOUND", null, "class " + name + " of the"
                + " job is not in the worker: build the worker package with the job's jar (updraft package --job-jar,"
                + " see the cli README)", cause);
    }

    /** Records every class it writes as allowed (they come from this JVM's own job). */
    private static final class RecordingOutputStream extends ObjectOutputStream {
        RecordingOutputStream(ByteArrayOutputStream out) throws IOException {
            super(out);
        }

        @Override
        protected void annotateClass(Class<?> cl) {
            JobClasses.allowLocal(cl);
        }
    }

    /** Resolves classes through the thread's context class loader first (a job jar loaded at run time). */
    private static final class ContextClassLoaderInputStream extends ObjectInputStream {
        ContextClassLoaderInputStream(ByteArrayInputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            if (desc.getName().equals("java.lang.invoke.SerializedLambda")) {
                return SerializedLambda.class;   // resolves $deserializeLambda$ without reflection (see there)
            }
            ClassLoader loader = Thread.currentThread().getContextClassLoader();
            if (loader != null) {
                try {
                    return Class.forName(desc.getName(), false, loader);
                } catch (ClassNotFoundException e) {
                    // fall back to the default resolution
                }
            }
            return super.resolveClass(desc);
        }
    }
}
