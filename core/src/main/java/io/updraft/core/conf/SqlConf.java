package io.updraft.core.conf;

import io.updraft.core.value.DateTimes;

import java.time.ZoneId;
import java.util.Map;

/**
 * Spark SQL settings that reach the engine in a task's config map ({@code TaskSpec.config}), defined once here for
 * the api (which sets them) and the engine (which reads them). Stateless.
 */
public final class SqlConf {
    /** Spark's session time zone: the zone timestamps are read, shown and split into fields in. */
    public static final String SESSION_TIME_ZONE = "spark.sql.session.timeZone";

    private SqlConf() {
    }

    /** The session time zone of a config map; Spark's default is the JVM's zone. */
    public static ZoneId sessionZone(Map<String, String> config) {
        String id = config.get(SESSION_TIME_ZONE);
        return DateTimes.zone(id == null ? ZoneId.systemDefault().getId() : id);
    }
}
