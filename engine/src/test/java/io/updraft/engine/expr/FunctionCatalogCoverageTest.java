package io.updraft.engine.expr;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The planner's list of scalar functions and the engine's registry cannot drift: every canonical name and
 * alias in the planner's ScalarFunctionCatalog (its source file) and in the planner README's "Scalar
 * functions" table must be known to {@link FunctionRegistry}. The files are read from the reactor checkout,
 * so the engine does not depend on the planner module. Known but unimplemented names must be listed in the
 * engine README's "Not done yet" section.
 */
class FunctionCatalogCoverageTest {
    private static final Path PLANNER = Path.of("").toAbsolutePath().resolveSibling("planner");
    private static final Path CATALOG = PLANNER.resolve(
            "src/main/java/io/updraft/planner/analysis/ScalarFunctionCatalog.java");
    private static final Pattern BACKTICKED = Pattern.compile("`([a-z0-9_]+)`");
    private static final Pattern STRING_LITERAL = Pattern.compile("\"([^\"]*)\"");

    @Test
    void everyFunctionOfThePlannerCatalogSourceIsKnown() throws IOException {
        String source = read(CATALOG);
        List<String> canonical = new ArrayList<>();
        for (String line : block(source, "ENGINE_FUNCTIONS = orderedMap(").split("\n")) {
            Matcher m = Pattern.compile("^\\s*\"([a-z0-9_]+)\",\\s*\"").matcher(line);
            if (m.find()) {
                canonical.add(m.group(1));
            }
        }
        List<String> aliasPairs = literals(block(source, "ALIASES = orderedMap("));
        List<String> aliases = new ArrayList<>();
        for (int i = 0; i < aliasPairs.size(); i += 2) {
            aliases.add(aliasPairs.get(i));
        }
        assertThat(canonical).as("canonical names parsed from %s", CATALOG).hasSizeGreaterThan(50)
                .contains("upper", "substring", "trunc");
        assertThat(aliases).as("aliases parsed from %s", CATALOG).contains("ucase", "position");
        assertAllKnown(canonical);
        assertAllKnown(aliases);
    }

    @Test
    void everyFunctionOfThePlannerReadmeTableIsKnown() throws IOException {
        String readme = read(PLANNER.resolve("README.md"));
        int start = readme.indexOf("### Scalar functions");
        assertThat(start).as("'### Scalar functions' section of the planner README").isNotNegative();
        int end = readme.indexOf("\n#", start + 1);
        String section = readme.substring(start, end < 0 ? readme.length() : end);
        Set<String> names = new LinkedHashSet<>();
        for (String line : section.split("\n")) {
            if (line.startsWith("| `")) {
                names.addAll(backticked(line.substring(1, line.indexOf('|', 1))));
            }
        }
        int aliases = section.indexOf("Spark aliases:");
        assertThat(aliases).as("the 'Spark aliases:' paragraph").isNotNegative();
        int aliasesEnd = section.indexOf("\n\n", aliases);
        String aliasParagraph = section.substring(aliases, aliasesEnd < 0 ? section.length() : aliasesEnd);
        // "`ucase`→upper, `char_length`/`character_length`→length, ...": only the aliases are backticked.
        Set<String> aliasNames = new LinkedHashSet<>(backticked(aliasParagraph));
        assertThat(names).as("function names in the README table").hasSizeGreaterThan(50).contains("concat_ws", "pow");
        assertThat(aliasNames).contains("ucase", "signum", "regexp_like", "position");
        assertAllKnown(names);
        assertAllKnown(aliasNames);
    }

    @Test
    void unimplementedFunctionsAreListedInTheEngineReadme() throws IOException {
        String readme = read(Path.of("README.md"));
        String notDone = readme.substring(readme.indexOf("## Not done yet"));
        for (String name : FunctionRegistry.NOT_IMPLEMENTED.keySet()) {
            assertThat(notDone).as("engine README 'Not done yet' lists %s", name).contains("`" + name + "`");
            assertThat(FunctionRegistry.NAMES).as("%s is both implemented and not", name).doesNotContain(name);
        }
    }

    private static void assertAllKnown(Iterable<String> names) {
        assertThat(FunctionRegistry.isKnown("frobnicate")).as("the registry check discriminates").isFalse();
        for (String name : names) {
            assertThat(FunctionRegistry.isKnown(name)).as("engine function registry knows %s", name).isTrue();
        }
    }

    private static String read(Path path) throws IOException {
        assertThat(path).as("expected the reactor checkout to hold %s", path).isRegularFile();
        return Files.readString(path);
    }

    /** The text from {@code opening} to the closing ");" of that call. */
    private static String block(String source, String opening) {
        int start = source.indexOf(opening);
        assertThat(start).as("'%s' in %s", opening, CATALOG).isNotNegative();
        return source.substring(start + opening.length(), source.indexOf(");", start));
    }

    private static List<String> literals(String text) {
        List<String> values = new ArrayList<>();
        Matcher m = STRING_LITERAL.matcher(text);
        while (m.find()) {
            values.add(m.group(1));
        }
        return values;
    }

    private static List<String> backticked(String text) {
        List<String> values = new ArrayList<>();
        Matcher m = BACKTICKED.matcher(text);
        while (m.find()) {
            values.add(m.group(1));
        }
        return values;
    }
}
