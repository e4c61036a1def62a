package io.updraft.bench;

import io.updraft.sql.UpdraftSession;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 10's small Spark-API gaps against Spark 4.2 live: bench-spark's {@code SparkApiProbe} runs in Spark's child
 * JVM, its copy {@link UpdraftSparkApiProbe} (the same source, imports changed) in Updraft's local mode, and every
 * {@code PROBE key = value} line must agree: values exactly (column names of Column-API and SQL windows, of
 * {@code substr}; {@code getConf()}; the checkpoint directory's form; rows of ROLLUP/CUBE/GROUPING SETS over map
 * keys; StructType lookups), errors by the text from Spark's error class on ({@code [FIELD_NOT_FOUND] No such struct
 * field ...}), or by the JDK exception's simple name and message when there is none.
 */
class SparkApiCasesTest {
    private static final Pattern LINE = Pattern.compile("PROBE (.+?) = (.*)");
    private static final Pattern ERROR_CLASS = Pattern.compile("\\[([A-Z_.]+)]");

    private static Map<String, String> parse(List<String> lines) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                out.put(m.group(1), m.group(2));
            }
        }
        return out;
    }

    /** {@code java.util.NoSuchElementException: nope} → {@code NoSuchElementException: nope}. */
    private static String withoutPackage(String error) {
        return error.replaceFirst("^([\\w$]+\\.)+(?=\\w+:)", "");
    }

    @Test
    void updraftAnswersAsSparkDoes() {
        Path work = Path.of("target", "spark-api");
        SparkRunner spark = new SparkRunner(Path.of("").toAbsolutePath().getParent(), List.of());
        spark.ensureBuilt(System.out, work.resolve("spark-build.log"));
        Map<String, String> expected = parse(spark.runProbe("io.updraft.bench.spark.SparkApiProbe",
                work.resolve("spark.log")));

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        UpdraftSparkApiProbe.out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (UpdraftSession session = UpdraftSession.builder().master("local[2]")
                .config("spark.sql.session.timeZone", "UTC").create()) {
            UpdraftSparkApiProbe.run(session);
        } finally {
            UpdraftSparkApiProbe.out = System.out;
        }
        Map<String, String> actual = parse(bytes.toString(StandardCharsets.UTF_8).lines().toList());

        assertThat(expected).hasSizeGreaterThan(25);
        List<String> differences = new ArrayList<>();
        for (String key : actual.keySet()) {
            if (!expected.containsKey(key)) {
                differences.add(key + "\n  Spark 4.2: (no line)\n  Updraft:   " + actual.get(key));
            }
        }
        for (Map.Entry<String, String> e : expected.entrySet()) {
            String spark42 = e.getValue();
            String ours = actual.get(e.getKey());
            boolean same;
            if (ours == null) {
                same = false;
            } else if (e.getKey().endsWith(" ERROR")) {
                Matcher sparkClass = ERROR_CLASS.matcher(spark42);
                // with an error class: the text from it on; else the JDK exception's simple name and message
                same = sparkClass.find() ? ours.contains(spark42.substring(sparkClass.start()))
                        : withoutPackage(spark42).equals(withoutPackage(ours));
            } else {
                same = spark42.equals(ours);
            }
            if (!same) {
                differences.add(e.getKey() + "\n  Spark 4.2: " + spark42 + "\n  Updraft:   " + ours);
            }
        }
        assertThat(differences).as("probe lines that differ").isEmpty();
    }
}
