package io.updraft.core.typed;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.ObjectInputFilter;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The allow-list of {@link UserCode}: the classes a serialized user function may contain. Built in: Updraft's own
 * classes ({@code io.updraft.*}), {@code SerializedLambda}, boxed values, strings, numbers, dates and times and the
 * JDK's plain collections. The job's classes: every name listed in a {@value #RESOURCE} resource on the class path
 * (the worker package built with a job jar carries one, see the cli README; a line is a class name or
 * {@code package.*}), and, in this JVM, every class this JVM serialized itself (local mode: the job runs here).
 * Thread-safe.
 */
public final class JobClasses {
    /** The resource a worker package lists its job's classes in. */
    public static final String RESOURCE = "META-INF/updraft/job-classes.txt";

    private static final Set<String> LOCAL = ConcurrentHashMap.newKeySet();
    private static final Set<String> BUILT_IN = Set.of("java.lang.invoke.SerializedLambda", "java.lang.Object",
            "java.lang.String", "java.lang.Number", "java.lang.Integer", "java.lang.Long", "java.lang.Double",
            "java.lang.Float", "java.lang.Short", "java.lang.Byte", "java.lang.Boolean", "java.lang.Character",
            "java.lang.Enum", "java.lang.Class", "java.math.BigDecimal", "java.math.BigInteger", "java.util.Date",
            "java.sql.Date", "java.sql.Timestamp", "java.time.Ser", "java.util.ArrayList", "java.util.LinkedList",
            "java.util.HashMap", "java.util.Map$Entry", "java.util.LinkedHashMap", "java.util.TreeMap", "java.util.HashSet",
            "java.util.LinkedHashSet", "java.util.TreeSet", "java.util.Arrays$ArrayList", "java.util.CollSer",
            "java.util.ImmutableCollections$ListN", "java.util.ImmutableCollections$List12",
            "java.util.ImmutableCollections$SetN", "java.util.ImmutableCollections$Set12",
            "java.util.ImmutableCollections$MapN", "java.util.ImmutableCollections$Map1", "java.util.Optional",
            "java.util.Collections$UnmodifiableList", "java.util.Collections$UnmodifiableRandomAccessList",
            "java.util.Collections$UnmodifiableCollection", "java.util.Collections$UnmodifiableMap",
            "java.util.Collections$UnmodifiableSet", "java.util.Collections$EmptyList",
            "java.util.Collections$EmptyMap", "java.util.Collections$EmptySet", "java.util.Collections$SingletonList",
            "java.util.Collections$SingletonMap", "java.util.Collections$SingletonSet");
    private static volatile JobClasses current;

    private final Set<String> classes;
    private final List<String> packages;

    private JobClasses(Set<String> classes, List<String> packages) {
        this.classes = Set.copyOf(classes);
        this.packages = List.copyOf(packages);
    }

    /** The allow-list of this JVM (the listed job classes read once). */
    public static JobClasses current() {
        JobClasses c = current;
        if (c == null) {
            c = read(Thread.currentThread().getContextClassLoader() != null
                    ? Thread.currentThread().getContextClassLoader() : JobClasses.class.getClassLoader());
            current = c;
        }
        return c;
    }

    /** The allow-list of the {@value #RESOURCE} resources {@code loader} sees. */
    public static JobClasses read(ClassLoader loader) {
        Set<String> classes = new HashSet<>();
        List<String> packages = new ArrayList<>();
        try {
            Enumeration<URL> lists = loader.getResources(RESOURCE);
            while (lists.hasMoreElements()) {
                try (InputStream in = lists.nextElement().openStream();
                     BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                        String name = line.strip();
                        if (name.isEmpty() || name.startsWith("#")) {
                            continue;
                        }
                        if (name.endsWith(".*")) {
                            packages.add(name.substring(0, name.length() - 1));
                        } else {
                            classes.add(name);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        return new JobClasses(classes, packages);
    }

    /** Allows {@code cl} in this JVM: it was serialized here, by the job itself. */
    static void allowLocal(Class<?> cl) {
        LOCAL.add(cl.getName());
    }

    /** Whether a serialized object of {@code cl} may be read. */
    public boolean allows(Class<?> cl) {
        Class<?> c = cl;
        while (c.isArray()) {
            c = c.getComponentType();
        }
        if (c.isPrimitive()) {
            return true;
        }
        if (c.isHidden()) {
            // a lambda: SerializedLambda.readResolve made it, and the filter sees the result; no stream can name a
            // hidden class, so it is allowed when the class that wrote the lambda is ("Outer$$Lambda/0x...")
            int lambda = c.getName().indexOf("$$Lambda");
            return lambda > 0 && allowsName(c.getName().substring(0, lambda));
        }
        return allowsName(c.getName());
    }

    private boolean allowsName(String name) {
        if (name.startsWith("io.updraft.") || BUILT_IN.contains(name) || classes.contains(name)
                || LOCAL.contains(name)) {
            return true;
        }
        for (String p : packages) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** The filter's answer for one step of a stream. */
    ObjectInputFilter.Status check(ObjectInputFilter.FilterInfo info) {
        Class<?> cl = info.serialClass();
        if (cl == null) {
            return ObjectInputFilter.Status.UNDECIDED;
        }
        return allows(cl) ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.REJECTED;
    }
}
