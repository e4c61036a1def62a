package io.updraft.sql.udf;

import io.updraft.sql.Row;
import io.updraft.sql.expressions.Aggregator;
import io.updraft.sql.expressions.UserDefinedAggregateFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A worker has core but no api: a user's Aggregator or UserDefinedAggregateFunction subclass must load, verify and
 * run there with just the two api base classes beside it (what a Lambda worker package has to carry with the job's
 * jar). A class loader over core's classes, those two class files and the job's classes proves it.
 */
class WorkerLoadsUserAggregatesTest {
    private static void copyClass(Class<?> c, Path root) throws IOException {
        String resource = c.getName().replace('.', '/') + ".class";
        Path target = root.resolve(resource);
        Files.createDirectories(target.getParent());
        try (InputStream in = c.getClassLoader().getResourceAsStream(resource)) {
            Files.copy(in, target);
        }
    }

    private static URLClassLoader workerLoader(Path job) throws URISyntaxException, IOException {
        URL core = Row.class.getProtectionDomain().getCodeSource().getLocation();
        assertThat(Path.of(core.toURI()).toString()).contains("core");
        return new URLClassLoader(new URL[] {core, job.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    }

    /** What a worker package carries of the api (cli's PackageCommand.USER_AGGREGATE_BASES). */
    private static final Class<?>[] BASES = {Aggregator.class, Aggregator.class.getSuperclass(),
        UserDefinedAggregateFunction.class, UserDefinedAggregateFunction.class.getSuperclass()};

    /**
     * A worker reads the user's aggregate from the TaskSpec with Java serialization, whose class descriptors look up
     * {@code readResolve}/{@code writeReplace} by reflection up the class hierarchy (which loads every type named in
     * the declared methods of each class it looks at): none of them may name an api class such as TypedColumn.
     */
    @Test
    void aSerializedUserAggregateIsReadWithOnlyCoreAndTheBaseClasses(@TempDir Path job) throws Exception {
        for (Class<?> c : BASES) {
            copyClass(c, job);
        }
        for (Class<?> c : new Class<?>[] {LongAverage.class, Average.class, UntypedAverage.class}) {
            copyClass(c, job);
        }
        try (URLClassLoader worker = workerLoader(job)) {
            Object typed = readIn(worker, new LongAverage());
            assertThat(typed.getClass().getClassLoader()).isSameAs(worker);
            Class<?> contract = worker.loadClass("io.updraft.core.typed.TypedAggregator");
            Method zero = contract.getMethod("zero");
            Method reduce = contract.getMethod("reduce", Object.class, Object.class);
            Object buffer = reduce.invoke(typed, reduce.invoke(typed, zero.invoke(typed), 1L), 2L);
            assertThat(contract.getMethod("finish", Object.class).invoke(typed, buffer)).isEqualTo(1.5);
            Object untyped = readIn(worker, new UntypedAverage());
            assertThat(worker.loadClass("io.updraft.core.typed.UntypedAggregator").isInstance(untyped)).isTrue();
            assertThatThrownBy(() -> worker.loadClass("io.updraft.sql.TypedColumn"))
                    .isInstanceOf(ClassNotFoundException.class);
        }
    }

    private static Object readIn(ClassLoader worker, Serializable value) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws ClassNotFoundException {
                return Class.forName(desc.getName(), false, worker);
            }
        }) {
            return in.readObject();
        }
    }

    @Test
    void aUserAggregatorRunsWithOnlyCoreAndTheBaseClasses(@TempDir Path job) throws Exception {
        for (Class<?> c : BASES) {
            copyClass(c, job);
        }
        for (Class<?> c : new Class<?>[] {LongAverage.class, Average.class, UntypedAverage.class}) {
            copyClass(c, job);
        }
        try (URLClassLoader worker = workerLoader(job)) {
            assertThatThrownBy(() -> worker.loadClass("io.updraft.sql.Column")).isInstanceOf(
                    ClassNotFoundException.class);
            Class<?> typed = Class.forName(LongAverage.class.getName(), true, worker);
            Object aggregator = typed.getConstructor().newInstance();
            Class<?> contract = worker.loadClass("io.updraft.core.typed.TypedAggregator");
            Method zero = contract.getMethod("zero");
            Method reduce = contract.getMethod("reduce", Object.class, Object.class);
            Method finish = contract.getMethod("finish", Object.class);
            Object buffer = reduce.invoke(aggregator, reduce.invoke(aggregator, zero.invoke(aggregator), 4L), 6L);
            assertThat(finish.invoke(aggregator, buffer)).isEqualTo(5.0);
            assertThat(contract.getMethod("bufferEncoder").invoke(aggregator).toString()).contains("Average");

            Class<?> untyped = Class.forName(UntypedAverage.class.getName(), true, worker);
            Object udaf = untyped.getConstructor().newInstance();
            Class<?> buffers = worker.loadClass("io.updraft.sql.expressions.MutableAggregationBuffer");
            Class<?> schema = worker.loadClass("io.updraft.sql.types.StructType");
            Object b = buffers.getConstructor(schema).newInstance(untyped.getMethod("bufferSchema").invoke(udaf));
            untyped.getMethod("initialize", buffers).invoke(udaf, b);
            assertThat(buffers.getMethod("getLong", int.class).invoke(b, 1)).isEqualTo(0L);
        }
    }
}
