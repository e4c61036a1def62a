package io.updraft.worker;

import io.quarkus.runtime.annotations.RegisterForReflection;
import io.updraft.core.plan.Exchange;
import io.updraft.core.task.TaskSpec;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class NativeRegistrationTest {
    private static final List<String> PACKAGES = List.of("io/updraft/core/expr/", "io/updraft/core/plan/",
            "io/updraft/core/task/", "io/updraft/core/error/", "io/updraft/sql/types/");
    /**
     * Classes of those packages that never travel: the planner's stage boundary is cut before a TaskSpec exists;
     * the DDL schema parser (package-private) runs where a schema string is given, in the api.
     */
    private static final Set<String> NEVER_ON_THE_WIRE = Set.of(Exchange.class.getName(),
            "io.updraft.sql.types.DdlParser");

    @Test
    void everyWireClassOfCoreIsRegisteredForReflection() throws IOException, URISyntaxException {
        Set<String> registered = Arrays.stream(
                        NativeRegistration.class.getAnnotation(RegisterForReflection.class).targets())
                .map(Class::getName).collect(Collectors.toSet());
        Path location = Path.of(TaskSpec.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> topLevel;
        if (Files.isDirectory(location)) {
            topLevel = classesUnder(location);
        } else {
            try (FileSystem jar = FileSystems.newFileSystem(location, Map.of())) {
                topLevel = classesUnder(jar.getPath("/"));
            }
        }
        assertThat(topLevel).isNotEmpty().containsAll(NEVER_ON_THE_WIRE);
        assertThat(registered).doesNotContainAnyElementsOf(NEVER_ON_THE_WIRE);
        assertThat(registered).containsAll(topLevel.stream().filter(c -> !NEVER_ON_THE_WIRE.contains(c)).toList());
    }

    private static List<String> classesUnder(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> p.endsWith(".class") && !p.contains("$"))
                    .filter(p -> PACKAGES.stream().anyMatch(p::startsWith))
                    .map(p -> p.substring(0, p.length() - ".class".length()).replace('/', '.'))
                    .sorted().toList();
        }
    }
}
