package io.updraft.cli;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.typed.JobClasses;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * {@code updraft package [--job-jar app.jar] [--no-build]}: builds the worker and coordinator Lambda packages with
 * the checkout's Maven ({@code ./mvnw -pl worker-function,coordinator-function -am package -DskipTests}), adds the
 * job's jar to both as {@code lib/<jar>} when given (the bootstraps' class path is {@code .:lib/*}; the deployed
 * functions load the job's classes from there) with the allow-list of the job's classes ({@link #withJob}), and prints each package's path and size against Lambda's 50 MB
 * direct-upload limit (terraform/ uploads through S3 either way).
 */
final class PackageCommand {
    static final String NAME = "updraft package";
    static final long DIRECT_UPLOAD_LIMIT = 50L * 1000 * 1000;
    static final String USAGE = """
            Usage: updraft package [--job-jar app.jar] [--no-build]

            Builds the worker and coordinator Lambda packages (worker-function/target/function.zip,
            coordinator-function/target/function.zip) and prints their sizes. With --job-jar, a copy of each
            package with the job's jar in lib/ is written beside it (function-with-job.zip), for jobs run with
            'updraft submit' or scheduled on the coordinator; the worker then runs the job's typed operations
            (map, filter, groupByKey, ...). The job's classes are the only non-Updraft classes the worker
            deserializes: all classes of the jar, or those its META-INF/updraft/job-classes.txt lists.
            terraform/ deploys these packages.

            Options:
              --job-jar JAR   Add JAR (the job's classes) to both packages
              --no-build      Do not run Maven; package what target/ holds
              -h, --help      Show this help
            """;
    private static final List<String> MODULES = List.of("worker-function", "coordinator-function");

    private final Path home;
    private final Path jobJar;
    private final boolean build;

    PackageCommand(Path home, Path jobJar, boolean build) {
        this.home = home;
        this.jobJar = jobJar;
        this.build = build;
    }

    static PackageCommand parse(List<String> words, String home) {
        ArgumentCursor args = new ArgumentCursor(words, NAME);
        Path jar = null;
        boolean build = true;
        while (args.hasNext()) {
            String word = args.nextWord();
            switch (word) {
                case "-h", "--help" -> {
                    return null;
                }
                case "--job-jar" -> {
                    jar = Path.of(args.value(word));
                    if (!Files.isRegularFile(jar)) {
                        throw UpdraftException.user("--job-jar: no such file: " + jar);
                    }
                }
                case "--no-build" -> build = false;
                default -> throw new UsageException("unknown option '" + word + "' for " + NAME
                        + " (see 'updraft package --help')");
            }
        }
        if (home == null) {
            throw UpdraftException.user("updraft package needs the Updraft checkout (run it through ./updraft)");
        }
        return new PackageCommand(Path.of(home), jar, build);
    }

    void run(PrintStream out, PrintStream err) {
        if (build) {
            build(err);
        }
        for (String module : MODULES) {
            Path zip = home.resolve(module).resolve("target/function.zip");
            if (!Files.isRegularFile(zip)) {
                throw UpdraftException.user(module + " package not found at " + zip
                        + (build ? "" : " (run without --no-build to build it)"));
            }
            Path result = jobJar == null ? zip : withJob(zip, jobJar);
            out.println(line(module.replace("-function", ""), home.relativize(result), size(result)));
        }
    }

    static String line(String function, Path path, long bytes) {
        return String.format(Locale.ROOT, "%-12s %-50s %6.1f MB%s", function, path, bytes / 1e6,
                bytes > DIRECT_UPLOAD_LIMIT
                        ? "  (over Lambda's 50 MB direct upload: deploy through S3, as terraform/ does)" : "");
    }

    /**
     * {@code function-with-job.zip} beside {@code zip}: its entries plus {@code lib/<job jar>} and, unless the jar
     * lists its classes itself, the worker's allow-list of user code ({@link JobClasses#RESOURCE} at the package's
     * root, on the bootstraps' class path): every class of the jar, so the functions of its typed operations (and the
     * beans and values they carry) are read by the worker and nothing else outside Updraft and the JDK's values is;
     * and the base classes of user aggregates ({@link #USER_AGGREGATE_BASES}).
     */
    /**
     * The api classes a job's user aggregates extend: the worker has core but no api, so these two and their
     * superclasses (whose bytecode calls nothing else of the api, and whose api-typed methods are out of Java
     * serialization's reach, see api's README) go at the package's root, on the bootstraps' class path.
     */
    static final List<Class<?>> USER_AGGREGATE_BASES = List.of(io.updraft.sql.expressions.Aggregator.class,
            io.updraft.sql.expressions.Aggregator.class.getSuperclass(),
            io.updraft.sql.expressions.UserDefinedAggregateFunction.class,
            io.updraft.sql.expressions.UserDefinedAggregateFunction.class.getSuperclass());

    static Path withJob(Path zip, Path jar) {
        Path out = zip.resolveSibling("function-with-job.zip");
        String entryName = "lib/" + jar.getFileName();
        List<String> jobClasses = jobClassesToList(jar);
        try (ZipFile in = new ZipFile(zip.toFile());
             ZipOutputStream zos = new ZipOutputStream(Files.newOutputStream(out))) {
            for (ZipEntry e : java.util.Collections.list(in.entries())) {
                if (e.getName().equals(entryName) || e.getName().equals(JobClasses.RESOURCE)) {
                    continue;
                }
                ZipEntry copy = new ZipEntry(e);
                copy.setCompressedSize(-1);
                zos.putNextEntry(copy);
                try (InputStream data = in.getInputStream(e)) {
                    data.transferTo(zos);
                }
                zos.closeEntry();
            }
            zos.putNextEntry(new ZipEntry(entryName));
            Files.copy(jar, (OutputStream) zos);
            zos.closeEntry();
            for (Class<?> base : USER_AGGREGATE_BASES) {
                String name = base.getName().replace('.', '/') + ".class";
                try (InputStream bytes = base.getResourceAsStream("/" + name)) {
                    if (in.getEntry(name) != null) {
                        continue;
                    }
                    zos.putNextEntry(new ZipEntry(name));
                    bytes.transferTo(zos);
                    zos.closeEntry();
                }
            }
            if (jobClasses != null) {
                zos.putNextEntry(new ZipEntry(JobClasses.RESOURCE));
                zos.write(("# the classes of " + jar.getFileName() + ", listed by 'updraft package --job-jar'\n"
                        + String.join("\n", jobClasses) + "\n").getBytes(StandardCharsets.UTF_8));
                zos.closeEntry();
            }
        } catch (IOException e) {
            throw UpdraftException.user("cannot write " + out + ": " + e.getMessage(), e);
        }
        return out;
    }

    /**
     * The class names of {@code jar} (multi-release versions folded in; {@code module-info}/{@code package-info}
     * left out), sorted; null when the jar carries its own {@link JobClasses#RESOURCE} (it is used as is).
     */
    static List<String> jobClassesToList(Path jar) {
        TreeSet<String> names = new TreeSet<>();
        try (ZipFile z = new ZipFile(jar.toFile())) {
            if (z.getEntry(JobClasses.RESOURCE) != null) {
                return null;
            }
            for (ZipEntry e : java.util.Collections.list(z.entries())) {
                String name = e.getName();
                if (e.isDirectory() || !name.endsWith(".class")) {
                    continue;
                }
                if (name.startsWith("META-INF/versions/")) {
                    int slash = name.indexOf('/', "META-INF/versions/".length());
                    name = slash < 0 ? name : name.substring(slash + 1);
                } else if (name.startsWith("META-INF/")) {
                    continue;
                }
                String simple = name.substring(name.lastIndexOf('/') + 1);
                if (simple.equals("module-info.class") || simple.equals("package-info.class")) {
                    continue;
                }
                names.add(name.substring(0, name.length() - ".class".length()).replace('/', '.'));
            }
        } catch (IOException e) {
            throw UpdraftException.user("--job-jar: " + jar + " is not a readable jar: " + e.getMessage(), e);
        }
        return new ArrayList<>(names);
    }

    private void build(PrintStream err) {
        List<String> cmd = new ArrayList<>(List.of(home.resolve("mvnw").toString(), "-B", "-q", "-ntp", "-pl",
                String.join(",", MODULES), "-am", "package", "-DskipTests"));
        err.println("updraft: building the packages: " + String.join(" ", cmd));
        try {
            Process p = new ProcessBuilder(cmd).directory(home.toFile()).redirectErrorStream(true).start();
            Path log = Files.createTempFile("updraft-package-", ".log");
            Files.copy(p.getInputStream(), log, StandardCopyOption.REPLACE_EXISTING);
            if (p.waitFor() != 0) {
                throw UpdraftException.user("the package build failed (exit " + p.exitValue() + "); its output: "
                        + log);
            }
        } catch (IOException e) {
            throw UpdraftException.user("cannot run " + cmd.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw UpdraftException.user("interrupted while building the packages");
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw UpdraftException.user("cannot read " + p + ": " + e.getMessage(), e);
        }
    }
}
