package io.updraft.coordinator;

import io.updraft.core.error.UpdraftException;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;

/**
 * A job class's {@code public static void main(String[])}, run as spark-submit runs it (by {@code updraft submit}
 * and by the coordinator function's job-class schedules), with the thread's context class loader set to the one
 * that has the job's classes. The caller makes the default session first, so the job's
 * {@code UpdraftSession.builder().getOrCreate()} returns it. A class that cannot be run is a USER error naming it
 * and {@code where} it was looked for; what main throws is thrown as is (a checked exception wrapped).
 */
public final class JobMain {
    private JobMain() {
    }

    public static void run(String className, ClassLoader loader, String where, List<String> args) {
        Method main = mainOf(className, loader, where);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            main.invoke(null, (Object) args.toArray(String[]::new));
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(className + " failed: " + cause, cause);
        } catch (IllegalAccessException e) {
            throw UpdraftException.user("cannot run " + className + ": " + e.getMessage(), e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static Method mainOf(String className, ClassLoader loader, String where) {
        try {
            Method m = Class.forName(className, true, loader).getMethod("main", String[].class);
            if (!Modifier.isStatic(m.getModifiers())) {
                throw UpdraftException.user(className + ".main(String[]) is not static");
            }
            return m;
        } catch (ClassNotFoundException e) {
            throw UpdraftException.user("the job class " + className + " is not in " + where);
        } catch (NoSuchMethodException e) {
            throw UpdraftException.user(className + " has no public static void main(String[])");
        }
    }
}
