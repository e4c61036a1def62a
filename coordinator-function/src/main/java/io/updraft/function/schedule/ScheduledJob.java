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
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An EventBridge Scheduler delivery: the target input terraform/scheduler.tf builds, with the scheduler's context
 * attributes filled in — {@code {"updraftJob": {"name", "sql": [...], "tables", "output", "format", "conf"},
 * "scheduledTime": "2026-12-02T06:15:00Z", "executionId", "scheduleArn", "attempt"}}. The run id is the schedule's
 * name and its scheduled time, so every delivery of one scheduled time (retries, duplicates) has the same id.
 */
public record ScheduledJob(String name, List<String> sql, Map<String, String> tables, String output, String format,
                           Map<String, String> conf, Instant scheduledTime, String executionId, String scheduleArn) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    private static final Pattern OUTPUT = Pattern.compile("[A-Za-z0-9_/-]{1,200}");
    private static final DateTimeFormatter RUN_TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    public ScheduledJob {
        sql = List.copyOf(sql);
        tables = Map.copyOf(tables);
        conf = Map.copyOf(conf);
    }

    /** Whether {@code event} is a scheduled delivery (it has an {@code updraftJob} object). */
    public static boolean isScheduled(JsonNode event) {
        return event.path("updraftJob").isObject();
    }

    public static ScheduledJob parse(JsonNode event) {
        JsonNode job = event.get("updraftJob");
        String name = text(job, "name");
        if (!NAME.matcher(name).matches()) {
            throw ApiError.invalid("updraftJob.name", "'" + name + "' is not a schedule name");
        }
        List<String> sql = new ArrayList<>();
        JsonNode statements = job.path("sql");
        if (statements.isTextual()) {
            sql.add(statements.asText());
        } else {
            statements.forEach(s -> sql.add(s.asText()));
        }
        if (sql.isEmpty() || sql.stream().anyMatch(String::isBlank)) {
            throw ApiError.missing("updraftJob.sql");
        }
        String output = text(job, "output");
        if (!OUTPUT.matcher(output).matches() || output.contains("..")) {
            throw ApiError.invalid("updraftJob.output", "'" + output + "' is not an output prefix");
        }
        String format = job.path("format").asText("json");
        if (!format.equals("json") && !format.equals("csv")) {
            throw ApiError.invalid("updraftJob.format", "must be json or csv");
        }
        Instant time;
        try {
            time = Instant.parse(text(event, "scheduledTime"));
        } catch (DateTimeParseException e) {
            throw ApiError.invalid("scheduledTime", "not an ISO-8601 instant: " + event.path("scheduledTime"));
        }
        return new ScheduledJob(name, sql, strings(job.path("tables")), output, format, strings(job.path("conf")),
                time, event.path("executionId").asText(null), event.path("scheduleArn").asText(null));
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

    private static Map<String, String> strings(JsonNode node) {
        Map<String, String> out = new LinkedHashMap<>();
        node.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }
}
