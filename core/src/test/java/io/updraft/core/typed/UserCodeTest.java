package io.updraft.core.typed;

import io.updraft.api.java.function.MapFunction;
import io.updraft.core.error.UpdraftException;
import org.example.gadget.Gadget;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UserCodeTest {
    /** A payload written by someone else: plain Java serialization, not through UserCode. */
    private static String foreignPayload(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    @Test
    void aLambdaSerializedHereIsReadBack() throws Exception {
        int offset = 3;
        MapFunction<Integer, Integer> f = x -> x + offset;
        @SuppressWarnings("unchecked")
        MapFunction<Integer, Integer> back = UserCode.deserialize(UserCode.serialize(f), MapFunction.class);
        assertThat(back.call(4)).isEqualTo(7);
    }

    @Test
    void aLambdaOfAJobClassOutsideUpdraftIsReadBack() throws Exception {
        // the filter also sees the lambda's hidden class (what SerializedLambda.readResolve returns)
        @SuppressWarnings("unchecked")
        MapFunction<Integer, Integer> back = UserCode.deserialize(
                UserCode.serialize(org.example.jobs.JobFunctions.plus(3)), MapFunction.class);
        assertThat(back.call(4)).isEqualTo(7);
    }

    @Test
    void aJobLambdaIsAllowedWhenTheListNamesItsClass(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        Class<?> lambda = org.example.jobs.ListedJob.times(2).getClass();   // never serialized in this JVM
        assertThat(lambda.isHidden()).isTrue();
        java.nio.file.Path list = dir.resolve(JobClasses.RESOURCE);
        java.nio.file.Files.createDirectories(list.getParent());
        java.nio.file.Files.writeString(list, "# a job\norg.example.jobs.ListedJob\n");
        try (java.net.URLClassLoader listed = new java.net.URLClassLoader(new java.net.URL[] {dir.toUri().toURL()},
                null)) {
            assertThat(JobClasses.read(listed).allows(lambda)).isTrue();
            assertThat(JobClasses.read(listed).allows(Gadget.class)).isFalse();
        }
        try (java.net.URLClassLoader empty = new java.net.URLClassLoader(new java.net.URL[0], null)) {
            assertThat(JobClasses.read(empty).allows(lambda)).isFalse();
        }
    }

    /** The worker's view of the job: DriverJob defined here from the test classes, DriverOnly missing. */
    private static final class WorkerLoader extends ClassLoader {
        WorkerLoader() {
            super(UserCodeTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                if (name.equals("org.example.jobs.DriverOnly")) {
                    throw new ClassNotFoundException(name);
                }
                if (!name.equals("org.example.jobs.DriverJob")) {
                    return super.loadClass(name, resolve);
                }
                Class<?> loaded = findLoadedClass(name);
                if (loaded != null) {
                    return loaded;
                }
                try (java.io.InputStream in = getParent().getResourceAsStream("org/example/jobs/DriverJob.class")) {
                    byte[] bytes = in.readAllBytes();
                    return defineClass(name, bytes, 0, bytes.length);
                } catch (java.io.IOException e) {
                    throw new ClassNotFoundException(name, e);
                }
            }
        }
    }

    @Test
    void aLambdaIsReadBackWhereOtherMethodsOfItsClassNameMissingClasses() throws Throwable {
        WorkerLoader worker = new WorkerLoader();
        Class<?> job = Class.forName("org.example.jobs.DriverJob", true, worker);
        assertThat(job.getClassLoader()).isSameAs(worker);
        // reflection over the class loads every signature's types, as the JDK's SerializedLambda.readResolve does
        assertThatThrownBy(job::getDeclaredMethods).isInstanceOf(NoClassDefFoundError.class)
                .hasMessageContaining("org/example/jobs/DriverOnly");
        Object f = java.lang.invoke.MethodHandles.publicLookup().findStatic(job, "plus",
                java.lang.invoke.MethodType.methodType(MapFunction.class, int.class)).invoke(5);
        String payload = UserCode.serialize((java.io.Serializable) f);   // allows DriverJob in this JVM
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(worker);
        try {
            @SuppressWarnings("unchecked")
            MapFunction<Integer, Integer> back = UserCode.deserialize(payload, MapFunction.class);
            assertThat(back.call(4)).isEqualTo(9);
            assertThat(back.getClass().getNestHost()).isSameAs(job);
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    @Test
    void aClassOutsideTheAllowListIsRefusedAndNeverInstantiated() throws Exception {
        String payload = foreignPayload(new Gadget());
        Gadget.INSTANTIATED.set(false);
        assertThatThrownBy(() -> UserCode.deserialize(payload, Object.class))
                .isInstanceOf(UpdraftException.class)
                .hasMessageContaining("class " + Gadget.class.getName() + " is not allowed")
                .satisfies(e -> assertThat(((UpdraftException) e).errorClass()).isEqualTo("USER_CODE_CLASS_REFUSED"));
        assertThat(Gadget.INSTANTIATED).isFalse();
    }

    @Test
    void aWrappedGadgetIsRefusedToo() throws Exception {
        String payload = foreignPayload(new java.util.ArrayList<>(java.util.List.of(1, new Gadget())));
        Gadget.INSTANTIATED.set(false);
        assertThatThrownBy(() -> UserCode.deserialize(payload, Object.class))
                .hasMessageContaining("class " + Gadget.class.getName() + " is not allowed");
        assertThat(Gadget.INSTANTIATED).isFalse();
    }

    @Test
    void aJobClassTheWorkerLacksIsAUserErrorNamingIt() throws Exception {
        byte[] bytes = Base64.getDecoder().decode(foreignPayload(new Gadget()));
        String text = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1)
                .replace("org.example.gadget.Gadget", "org.example.gadget.Absent");
        // the name is one of the stream's modified-UTF-8 strings: fix its two-byte length
        byte[] renamed = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        int at = text.indexOf("org.example.gadget.Absent");
        renamed[at - 2] = 0;
        renamed[at - 1] = (byte) "org.example.gadget.Absent".length();
        String payload = Base64.getEncoder().encodeToString(renamed);
        assertThatThrownBy(() -> UserCode.deserialize(payload, Object.class))
                .isInstanceOf(UpdraftException.class)
                .hasMessageStartingWith("[USER_CODE_CLASS_NOT_FOUND] class org.example.gadget.Absent of the job is not in the worker")
                .hasMessageContaining("updraft package --job-jar")
                .satisfies(e -> {
                    assertThat(((UpdraftException) e).errorClass()).isEqualTo("USER_CODE_CLASS_NOT_FOUND");
                    assertThat(((UpdraftException) e).type()).isEqualTo(io.updraft.core.error.ErrorType.USER);
                });
        assertThat(UserCode.missingClass(new NoClassDefFoundError("org/example/jobs/Helper")).getMessage())
                .contains("class org.example.jobs.Helper of the job is not in the worker");
    }

    @Test
    void theAllowListHasTheJdkValuesAndUpdraftButNotArbitraryJdkClasses() {
        JobClasses allowed = JobClasses.current();
        assertThat(allowed.allows(Integer.class)).isTrue();
        assertThat(allowed.allows(java.util.ArrayList.class)).isTrue();
        assertThat(allowed.allows(long[].class)).isTrue();
        assertThat(allowed.allows(ObjectsFunction.class)).isTrue();
        assertThat(allowed.allows(java.util.PriorityQueue.class)).isFalse();
        assertThat(allowed.allows(javax.management.BadAttributeValueExpException.class)).isFalse();
    }
}
