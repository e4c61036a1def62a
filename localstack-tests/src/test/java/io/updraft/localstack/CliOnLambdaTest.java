package io.updraft.localstack;

import io.updraft.cli.Updraft;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code updraft sql --master lambda --conf k=v ...} against the local stack, as a user runs it: the command line's
 * own entry point ({@link Updraft#run}) with every setting given as {@code --conf} (worker emulators, LocalStack
 * S3, the shuffle root, a Spark SQL setting), a table at an {@code s3://} location, CSV output. Rows are DuckDB's;
 * the progress lines show the tasks ran as invocations and that the {@code --conf} reached the session.
 */
class CliOnLambdaTest {
    private static final String SQL = "SELECT k % 10 AS g, count(*) AS n, sum(v) AS s FROM kv GROUP BY k % 10 ORDER BY g";

    private record Run(int status, String out, String err) {
    }

    private static Run updraft(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = Updraft.run(args.toArray(String[]::new), o, e);
        }
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void sqlWithMasterLambdaAndConfRunsOnTheWorkerEmulators() throws Exception {
        LambdaStack stack = LambdaStack.shared();
        String kv = FaultData.upload(stack) + "/kv/";
        List<String> args = new ArrayList<>(List.of("--verbose", "sql", "--master", "lambda"));
        for (String conf : List.of(
                "updraft.lambda.endpoints=" + String.join(",", stack.lambdaEndpoints()),
                "updraft.lambda.functionName=function",
                "updraft.lambda.region=us-east-1",
                "updraft.s3.endpoint=" + stack.s3Endpoint(),
                "updraft.s3.region=us-east-1",
                "updraft.s3.pathStyle=true",
                "updraft.s3.accessKey=test",
                "updraft.s3.secretKey=test",
                "updraft.shuffle.root=s3://" + LambdaStack.BUCKET + "/cli-shuffle/" + UUID.randomUUID(),
                "updraft.speculation=false",
                "spark.sql.shuffle.partitions=3")) {
            args.add("--conf");
            args.add(conf);
        }
        args.addAll(List.of("--table", "kv=" + kv, "--format", "csv", SQL));

        Run run = updraft(args);

        assertThat(run.status()).as(run.err()).isZero();
        List<List<Object>> rows = new ArrayList<>();
        for (String line : run.out().strip().lines().skip(1).toList()) {
            String[] f = line.split(",");
            rows.add(List.of(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2])));
        }
        assertThat(run.out().lines().findFirst().orElseThrow()).isEqualTo("g,n,s");
        assertThat(rows).isEqualTo(FaultData.duckdb(SQL));
        Matcher summary = Pattern.compile("(\\d+) tasks, (\\d+) invocations").matcher(run.err());
        assertThat(summary.find()).as(run.err()).isTrue();
        assertThat(Long.parseLong(summary.group(2))).as("every task was a Lambda invocation")
                .isGreaterThanOrEqualTo(Long.parseLong(summary.group(1))).isPositive();
        assertThat(run.err()).as("spark.sql.shuffle.partitions=3 from --conf: the aggregation stage has 3 tasks")
                .containsPattern("\\[Stage \\d+/\\d+\\] [^\\n]*: 3/3 tasks");
    }
}
