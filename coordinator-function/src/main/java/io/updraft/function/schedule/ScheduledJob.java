package io.updraft.function.schedule;

import com.fasterxml.jackson.databind.JsonNode;
import io.updraft.function.api.ApiError;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An EventBridge Scheduler delivery: the target input terraform/scheduler.tf builds, with the scheduler's context
 * attributes filled in — {@code {"updraftJob": {"name", "sql": [...] | "jobClass", "args": [...], "tables",
 * "output", "format", "mode", "partitionBy", "conf"}, "scheduledTime": "2026-12-02T06:15:00Z", "executionId",
 * "scheduleArn", "attempt"}}. A job is either SQL statements, whose last one's rows are written under
 * {@code output} (a folder under the results bucket's {@code outputs/}) as {@code format} (parquet, csv, json) in
 * save {@code mode} (overwrite by default), or a job class from the packaged job jar run with {@code args} (it
 * writes what it writes; {@code output} is refused). The run id is the schedule's name and its scheduled time, so
 * every delivery of one scheduled time (retries, duplicates) has the same id.
 */
public record ScheduledJob(String name, List<String> sql, String jobClass, List<String> args,
                           Map<String, String> tables, String output, String format, String mode,
                           List<String> partitionBy, Map<String, String> conf, Instant scheduledTime,
                           String executionId, String scheduleArn) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    private static final Pattern OUTPUT = Pattern.compile("[A-Za-z0-9_/-]{1,200}");
    private static final Pattern CLASS = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)*");
    private static final List<String> FORMATS = List.of("parquet", "csv", "json");
    private static final List<String> MODES = List.of("overwrite", "append", "errorifexists", "ignore");
    private static final List<String> FIELDS = List.of("name", "sql", "jobClass", "args", "tables", "output",
            "format", "mode", "partitionBy", "conf");
    private static final DateTimeFormatter RUN_TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    public ScheduledJob {
        sql = List.copyOf(sql);
        args = List.copyOf(args);
        tables = Map.copyOf(tables);
        partitionBy = List.copyOf(partitionBy);
        conf = Map.copyOf(conf);
    }

    /** Whether {@code event} is a scheduled delivery (it has an {@code updraftJob} object). */
    public static boolean isScheduled(JsonNode event) {
        return event.path("updraftJob").isObject();
    }

    public static ScheduledJob parse(JsonNode event) {
        JsonNode job = event.get("updraftJob");
        job.fieldNames().forEachRemaining(f -> {
            if (!FIELDS.contains(f)) {
                throw ApiError.invalid("updraftJob." + f, "is not a field of a job (" + String.join(", ", FIELDS)
                        + ")");
            }
        });
        String name = text(job, "name");
        if (!NAME.matcher(name).matches()) {
            throw ApiError.invalid("updraftJob.name", "'" + name + "' is not a schedule name");
        }
        List<String> sql = strings(job.path("sql"));
        String jobClass = job.path("jobClass").isNull() ? null : job.path("jobClass").asText(null);
        if (jobClass != null && jobClass.isBlank()) {
            jobClass = null;
        }
        if (jobClass == null && sql.isEmpty()) {
            throw ApiError.missing("updraftJob.sql");
        }
        if (jobClass != null && !sql.isEmpty()) {
            throw ApiError.invalid("updraftJob", "names both sql and jobClass; a job is one or the other");
        }
        if (sql.stream().anyMatch(String::isBlank)) {
            throw ApiError.invalid("updraftJob.sql", "has an empty statement");
        }
        if (jobClass != null && !CLASS.matcher(jobClass).matches()) {
            throw ApiError.invalid("updraftJob.jobClass", "'" + jobClass + "' is not a class name");
        }
        String output = job.path("output").isNull() ? null : job.path("output").asText(null);
        if (jobClass != null && output != null && !output.isBlank()) {
            throw ApiError.invalid("updraftJob.output", "a job class writes its own output; give it in args");
        }
        if (jobClass == null && (output == null || !OUTPUT.matcher(output).matches() || output.contains(".."))) {
            throw ApiError.invalid("updraftJob.output", "'" + output + "' is not an output folder (1-200 of "
                    + "A-Z a-z 0-9 _ - /)");
        }
        String format = job.path("format").isNull() ? "parquet" : job.path("format").asText("parquet")
                .toLowerCase(Locale.ROOT);
        if (!FORMATS.contains(format)) {
            throw ApiError.invalid("updraftJob.format", "must be one of " + FORMATS + ", was '" + format + "'");
        }
        String mode = job.path("mode").isNull() ? "overwrite" : job.path("mode").asText("overwrite")
                .toLowerCase(Locale.ROOT);
        if (!MODES.contains(mode)) {
            throw ApiError.invalid("updraftJob.mode", "must be one of " + MODES + ", was '" + mode + "'");
        }
        Instant time;
        try {
            time = Instant.parse(text(event, "scheduledTime"));
        } catch (DateTimeParseException e) {
            throw ApiError.invalid("scheduledTime", "not an ISO-8601 instant: " + event.path("scheduledTime"));
        }
        return new ScheduledJob(name, sql, jobClass, strings(job.path("args")), map(job.path("tables")),
                jobClass == null ? output : null, format, mode, strings(job.path("partitionBy")),
                map(job.path("conf")), time, event.path("executionId").asText(null),
                event.path("scheduleArn").asText(null));
    }

    /** {@code <name>-<yyyyMMddTHHmmssZ>}: the same for every delivery of one scheduled time. */
    public String runId() {
        return name + "-" + RUN_TIME.format(scheduledTime);
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw ApiError.missing(field);
        }
        return v.asText();
    }

    /** A string or an array of strings; missing or null: empty. */
    private static List<String> strings(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node.isTextual()) {
            out.add(node.asText());
        } else {
            node.forEach(s -> out.add(s.asText()));
        }
        return out;
    }

    private static Map<String, String> map(JsonNode node) {
        Map<String, String> out = new LinkedHashMap<>();
        node.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }
}
