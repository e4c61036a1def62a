package io.updraft.worker;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.task.TaskStatus;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.TaskRunner;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import io.updraft.shuffle.store.S3ObjectStore;
import io.updraft.shuffle.store.S3StoreConfig;

import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs a tiny task made in memory through the same path an invocation takes — TaskSpec JSON decode, an Arrow IPC
 * batch decoded, filter, grouped partial aggregation (bigint keys, decimal sums), the result encoded — so that the
 * classes and the first compilations of that path happen before a SnapStart snapshot instead of in the first
 * invocation after a restore. No network, no files.
 */
final class WorkerPriming {
    private static final StructType SCHEMA = new StructType(List.of(
            new StructField("k", DataTypes.LongType, false),
            new StructField("price", new DecimalType(15, 2), false)));
    /** The answer the primed task must give: groups k % 4 of k in 0..99 with k >= 10. */
    static final int GROUPS = 4;

    private WorkerPriming() {
    }

    /**
     * Builds and closes an S3 client (no request is sent: a loopback endpoint, static credentials), which loads the AWS
     * SDK's and Netty's client classes — about 2,900 of the ~5,600 classes the first task loaded (ColdStartTest).
     */
    static void loadS3ClientClasses() {
        S3ObjectStore.buildClient(new S3StoreConfig("us-east-1", URI.create("http://127.0.0.1:9"), true, "prime",
                "prime", S3StoreConfig.DEFAULT_MULTIPART_THRESHOLD, 8L * 1024 * 1024)).close();
    }

    /** Runs the priming task {@code rounds} times; returns the last result (SUCCEEDED, {@link #GROUPS} rows). */
    static TaskResult prime(TaskRunner runner, int rounds) {
        List<Row> rows = new ArrayList<>(100);
        for (long k = 0; k < 100; k++) {
            rows.add(Row.of(k % GROUPS + (k < 10 ? 100 : 0), BigDecimal.valueOf(k * 101, 2)));
        }
        String ipc = ArrowRows.encode(rows, SCHEMA);
        var scan = new InlineBatches(SCHEMA, List.of(ipc));
        var filter = new Filter(scan, new Comparison(CompareOp.LESS_THAN, new ColumnRef(0, DataTypes.LongType, false),
                Literal.of(100L)));
        var aggregate = new HashAggregate(filter, List.of(new ColumnRef(0, DataTypes.LongType, false)),
                List.of(new AggregateCall(AggregateFunction.SUM, new ColumnRef(1, new DecimalType(15, 2), false),
                        false, new DecimalType(25, 2)),
                        new AggregateCall(AggregateFunction.COUNT, null, false, DataTypes.LongType)),
                AggregateMode.PARTIAL, List.of("k", "s", "n"));
        TaskResult result = null;
        for (int i = 0; i < rounds; i++) {
            String spec = TaskCodec.encode(new TaskSpec("prime", 0, 0, i, aggregate, Map.of()));
            result = TaskCodec.decodeResult(runner.runJson(spec));
            if (result.status() != TaskStatus.SUCCEEDED) {
                throw new IllegalStateException("the priming task failed: " + result.errorMessage());
            }
        }
        return result;
    }
}
