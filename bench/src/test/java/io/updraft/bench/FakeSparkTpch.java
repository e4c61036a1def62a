package io.updraft.bench;

import java.util.List;

/**
 * Stands in for bench-spark's runner in {@link SparkRunnerTest}: prints the same kind of JSON lines, fails
 * q13, and crashes (status 3, a stack trace on stderr) when asked for q7. JDK classes only.
 */
public final class FakeSparkTpch {
    private FakeSparkTpch() {
    }

    public static void main(String[] args) {
        List<String> words = List.of(args);
        String queries = words.get(words.indexOf("--queries") + 1);
        String master = words.get(words.indexOf("--master") + 1);
        System.out.println("Spark prints this line, which is not JSON");
        System.out.println("{\"event\":\"started\",\"sparkVersion\":\"fake\",\"master\":\"" + master
                + "\",\"shufflePartitions\":" + words.get(words.indexOf("--shuffle-partitions") + 1) + ",\"startMillis\":5}");
        for (String query : queries.split(",")) {
            if (query.equals("q7")) {
                System.out.flush();
                new IllegalStateException("boom").printStackTrace();
                System.exit(3);
            }
            if (query.equals("q13")) {
                System.out.println("{\"event\":\"query\",\"query\":\"q13\",\"status\":\"error\",\"message\":\"no\"}");
                continue;
            }
            System.out.println("{\"event\":\"query\",\"query\":\"" + query + "\",\"status\":\"ok\",\"millis\":[3,1,2],"
                    + "\"warmupMillis\":[9],\"rowCount\":1,\"schema\":[{\"name\":\"n\",\"type\":\"bigint\"}],"
                    + "\"rows\":[[42]],\"rowsTruncated\":false}");
        }
        System.out.println("{\"event\":\"finished\"}");
    }
}
