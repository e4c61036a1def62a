package io.updraft.coordinator.job;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognizes the map attempt behind a shuffle object URI ({@code .../<job>/s<stage>/t<task>-a<attempt>.arrow},
 * shuffle-s3's {@code ShuffleKeys.mapOutput}), e.g. from a {@code Shuffle output lost: <uri>} failure.
 */
final class ShuffleObjectNames {
    private static final Pattern MAP_OUTPUT = Pattern.compile(".*/([^/]+)/s(\\d+)/t(\\d+)-a(\\d+)\\.arrow");

    /** The map attempt that wrote an object. */
    record MapAttempt(String jobId, int stageId, int taskId, int attempt) {
    }

    private ShuffleObjectNames() {
    }

    /** The attempt named by {@code uri}, or null when it is not a shuffle object URI. */
    static MapAttempt parse(String uri) {
        if (uri == null) {
            return null;
        }
        Matcher m = MAP_OUTPUT.matcher(uri.strip());
        if (!m.matches()) {
            return null;
        }
        try {
            return new MapAttempt(m.group(1), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
                    Integer.parseInt(m.group(4)));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
