package io.updraft.coordinator.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;

/**
 * The Lambda runtime interface client unpacks its JNI library to the fixed path /tmp/.libaws-lambda-jni.so when it
 * starts. On Lambda every environment has its own /tmp; emulators sharing one machine do not, so a runtime starting
 * (or restarting) rewrites the file under the others — they die with SIGBUS and the emulator panics on the retried
 * invocation. This extracts the library once from the package, to a private path that every emulator's JVM loads
 * read-only (system property {@value #PROPERTY}, passed through the bootstrap's UPDRAFT_WORKER_JAVA_OPTS).
 */
public final class RuntimeClientLibrary {
    public static final String PROPERTY = "com.amazonaws.services.lambda.runtime.api.client.runtimeapi.NativeClient.JNI";

    private RuntimeClientLibrary() {
    }

    /** Extracts the library for this machine from {@code functionZip} into {@code dir}; returns its path. */
    public static Path extract(Path functionZip, Path dir) throws IOException {
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        String name = "jni/libaws-lambda-jni.linux-" + (arch.contains("aarch64") || arch.contains("arm64")
                ? "aarch_64" : "x86_64") + ".so";
        try (ZipFile zip = new ZipFile(functionZip.toFile())) {
            ZipEntry jar = zip.stream().filter(e -> e.getName().startsWith("lib/")
                            && e.getName().contains("aws-lambda-java-runtime-interface-client"))
                    .findFirst().orElseThrow(() -> new IOException("no runtime interface client jar in " + functionZip));
            try (ZipInputStream in = new ZipInputStream(zip.getInputStream(jar))) {
                ZipEntry e;
                while ((e = in.getNextEntry()) != null) {
                    if (e.getName().equals(name)) {
                        Path target = dir.resolve("libaws-lambda-jni.so");
                        Files.createDirectories(dir);
                        Files.copy((InputStream) in, target, StandardCopyOption.REPLACE_EXISTING);
                        return target;
                    }
                }
            }
        }
        throw new IOException(name + " not found in the runtime interface client of " + functionZip);
    }
}
