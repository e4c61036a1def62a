package io.updraft.sql;

import io.updraft.coordinator.Cluster;
import io.updraft.coordinator.LocalCluster;
import io.updraft.coordinator.job.JobResult;
import io.updraft.coordinator.job.JobRunner;
import io.updraft.coordinator.job.JobRunnerOptions;
import io.updraft.coordinator.lambda.LambdaCluster;
import io.updraft.coordinator.scan.ParquetFooterReader;
import io.updraft.coordinator.scan.SplitPolicy;
import io.updraft.core.plan.JobPlan;
import io.updraft.planner.DefaultQueryPlanner;
import io.updraft.planner.PlannerConfig;
import io.updraft.planner.QueryPlanner;
import io.updraft.planner.analysis.AnalysisErrors;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.core.plan.FileFormat;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.FileSource;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.planner.sql.SqlFrontEnd;
import io.updraft.sql.types.StructType;

import java.io.PrintStream;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The entry point, as Spark's {@code SparkSession}: {@code UpdraftSession.builder().master("local[*]")
 * .getOrCreate()}, then {@link #read()}, {@link #sql}, {@link #table}. In local mode the session owns a
 * pool of N task threads and one Arrow root allocator; {@link #stop()} (or {@link #close()}) releases
 * both and fails when a task leaked Arrow memory. With {@code master("lambda")} tasks run as AWS Lambda
 * invocations configured by the {@code updraft.lambda.*}, {@code updraft.s3.*} and {@code updraft.shuffle.root}
 * settings (see the coordinator's README). Thread-safe.
 *
 * <p>Every session object is a {@link SparkSession} (its only subclass, which adds no behaviour): a Spark job keeps
 * writing {@code SparkSession spark = SparkSession.builder()...getOrCreate()} with only its import changed, and
 * either builder's {@code getOrCreate()} shares the one default session.
 */
public abstract sealed class UpdraftSession implements AutoCloseable permits SparkSession {
    /** The version of this API. */
    public static final String VERSION = "0.1.0-SNAPSHOT";

    private static final Object LOCK = new Object();
    private static final SqlFrontEnd SQL = new SqlFrontEnd();
    private static UpdraftSession defaultSession;

    private final String appName;
    private final String master;
    private final int parallelism;
    private final RuntimeConfig conf;
    private final UDFRegistration udfRegistration = new UDFRegistration();
    private final PrintStream progress;
    private final Cluster cluster;
    private final boolean ownsCluster;
    private final Map<String, String> initialSettings;
    private final SessionCatalog catalog = new SessionCatalog((format, path) -> SqlCommands.files(this, format, path),
            table -> TableCommands.relation(this, table));
    private final CacheManager cacheManager = new CacheManager(this);
    private volatile ScratchSpace scratch;
    /** Spark's {@code spark.app.id}: "local-" or "lambda-" and the start time in epoch milliseconds. */
    private final String applicationId;
    /**
     * The checkpoint directory's {@code <dir>/<uuid>/} space, empty until set ({@code spark.checkpoint.dir} or
     * {@code sparkContext().setCheckpointDir}); shared with {@link #newSession() new sessions}, as Spark's context is.
     */
    private final java.util.concurrent.atomic.AtomicReference<ScratchSpace> checkpointSpace;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private volatile PlannerHolder planner;
    private final List<Consumer<JobResult>> jobListeners = new CopyOnWriteArrayList<>();

    private record PlannerHolder(PlannerConfig config, QueryPlanner planner) {
    }

    UpdraftSession(String appName, String master, int parallelism, Map<String, String> settings,
                   PrintStream progress) {
        this.appName = appName;
        this.master = master;
        Map<String, String> initial = new LinkedHashMap<>(settings);
        long startTime = System.currentTimeMillis();
        this.applicationId = (Builder.LAMBDA.equals(master) ? "lambda-" : "local-") + startTime;
        initial.put(RuntimeConfig.MASTER, master);
        initial.put(RuntimeConfig.APP_NAME, appName);
        initial.put(RuntimeConfig.APP_ID, applicationId);
        initial.put(RuntimeConfig.APP_START_TIME, Long.toString(startTime));
        this.conf = new RuntimeConfig(initial);
        this.initialSettings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(initial));
        this.progress = progress;
        this.cluster = Builder.LAMBDA.equals(master) ? LambdaCluster.start(settings)
                : LocalCluster.start(parallelism, settings);
        this.ownsCluster = true;
        this.parallelism = cluster.parallelism();
        this.checkpointSpace = new java.util.concurrent.atomic.AtomicReference<>();
        String checkpointDir = settings.get(RuntimeConfig.CHECKPOINT_DIR);
        if (checkpointDir != null) {
            try {
                setCheckpointDir(checkpointDir);
            } catch (RuntimeException e) {
                cluster.close();
                throw e;
            }
        }
    }

    /** A session on {@code parent}'s cluster with the builder's settings and no temporary views of its own yet. */
    UpdraftSession(UpdraftSession parent) {
        this.appName = parent.appName;
        this.master = parent.master;
        this.initialSettings = parent.initialSettings;
        this.conf = new RuntimeConfig(new LinkedHashMap<>(parent.initialSettings));
        parent.conf.getOption(RuntimeConfig.LOG_LEVEL).ifPresent(level -> conf.set(RuntimeConfig.LOG_LEVEL, level));
        this.progress = parent.progress;
        this.cluster = parent.cluster;
        this.ownsCluster = false;
        this.parallelism = parent.parallelism;
        this.applicationId = parent.applicationId;
        this.checkpointSpace = parent.checkpointSpace;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The session {@link Builder#getOrCreate()} returns, while it is not stopped. As Spark's, an {@link Option}
     * (Spark's is {@code scala.Option}), typed {@link SparkSession}: every session is one.
     */
    public static Option<SparkSession> getDefaultSession() {
        synchronized (LOCK) {
            return Option.apply((SparkSession) defaultSession);
        }
    }

    /** The active session: Updraft has no per-thread sessions, so it is the {@link #getDefaultSession() default}. */
    public static Option<SparkSession> getActiveSession() {
        return getDefaultSession();
    }

    /**
     * The active session, else the default one, as Spark's {@code SparkSession.active()}; without one Spark's
     * {@code [INTERNAL_ERROR] No active or default Spark session found}.
     */
    public static SparkSession active() {
        Option<SparkSession> session = getActiveSession();
        if (session.isEmpty()) {
            throw new io.updraft.core.error.UpdraftException(io.updraft.core.error.ErrorType.INTERNAL,
                    "INTERNAL_ERROR", "XX000", "No active or default Spark session found", null);
        }
        return session.get();
    }

    public String appName() {
        return appName;
    }

    /** The master URL this session runs with, e.g. "local[*]". */
    public String master() {
        return master;
    }

    /** Task slots: the N of local[N]; with master "lambda" the maximum concurrent invocations. */
    public int parallelism() {
        return parallelism;
    }

    public String version() {
        return VERSION;
    }

    /** Spark's {@code spark.app.id}: "local-" (or "lambda-") and the session's start time in epoch milliseconds. */
    public String applicationId() {
        return applicationId;
    }

    /**
     * Internal, for {@code sparkContext().getConf()}: the settings the session started with — the builder's, the
     * master, app name, {@code spark.app.id} and {@code spark.app.startTime} — without later {@code conf().set}s
     * (Spark's SparkConf does not see them either).
     */
    public Map<String, String> startSettings() {
        return initialSettings;
    }

    /**
     * Spark's {@code setCheckpointDir} (called through {@code sparkContext()}): {@code checkpoint()} writes under
     * {@code <dir>/<uuid>/checkpoint-<n>/} from now on (a new uuid per call, as Spark's {@code <dir>/<uuid>/rdd-<id>}),
     * files that outlive the session. A local folder (made now) or, needed on Lambda, an {@code s3://} prefix; null:
     * none (checkpoints go to the session's scratch space again).
     */
    public void setCheckpointDir(String directory) {
        if (directory == null) {   // Spark's: none from now on
            ScratchSpace old = checkpointSpace.getAndSet(null);
            if (old != null) {
                old.closeRoot();
            }
            return;
        }
        boolean s3 = io.updraft.engine.store.ObjectStores.isS3(directory);
        if (onLambda() && !s3) {
            throw new IllegalArgumentException("The checkpoint directory '" + directory + "' must be an s3:// path "
                    + "with master \"lambda\": the workers write the checkpoint files and cannot reach this machine's "
                    + "folders.");
        }
        String uuid = java.util.UUID.randomUUID().toString();
        String root = s3 ? directory : java.nio.file.Path.of(directory.startsWith("file:")
                ? java.net.URI.create(directory).getPath() : directory).toAbsolutePath().toString();
        if (!s3) {
            try {
                java.nio.file.Files.createDirectories(java.nio.file.Path.of(root, uuid));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("cannot make the checkpoint directory " + root + "/" + uuid, e);
            }
        }
        ScratchSpace old = checkpointSpace.getAndSet(new ScratchSpace(
                io.updraft.coordinator.ShuffleRoot.of(root, initialSettings), uuid + "/"));
        if (old != null) {
            old.closeRoot();
        }
    }

    /**
     * Spark's {@code getCheckpointDir} (called through {@code sparkContext()}): {@code <dir>/<uuid>} as a URI
     * ({@code file:/...}, {@code s3://...}), None when none is set.
     */
    public Option<String> checkpointDir() {
        ScratchSpace space = checkpointSpace.get();
        return Option.apply(space == null ? null : space.baseUri());
    }

    /** The checkpoint directory's space, null when none is set (checkpoints then go to the scratch space). */
    ScratchSpace checkpointSpace() {
        return checkpointSpace.get();
    }

    /** Spark's {@code sparkContext()}: the log level, app name, master and parallelism (Updraft has no RDDs). */
    public io.updraft.SparkContext sparkContext() {
        return new io.updraft.SparkContext(this);
    }

    /** The session's user-defined functions (Spark's {@code spark.udf()}): register UDFs and UDAFs for SQL. */
    public UDFRegistration udf() {
        return udfRegistration;
    }

    public RuntimeConfig conf() {
        return conf;
    }

    public DataFrameReader read() {
        checkActive();
        return new DataFrameReader(this);
    }

    /** A Dataset of {@code data}, encoded by {@code encoder} (Spark's {@code createDataset}). */
    public <T> Dataset<T> createDataset(List<T> data, Encoder<T> encoder) {
        checkActive();
        return LocalRows.dataset(this, data, encoder);
    }

    /** A DataFrame of {@code rows} with {@code schema}. */
    public Dataset<Row> createDataFrame(List<Row> rows, StructType schema) {
        checkActive();
        return new Dataset<>(this, LocalRows.relation(rows, schema), Encoders.row());
    }

    /** A DataFrame of Java beans: one column per property, sorted by name, as {@code Encoders.bean}. */
    public Dataset<Row> createDataFrame(List<?> data, Class<?> beanClass) {
        checkActive();
        return LocalRows.beans(this, data, beanClass);
    }

    /** The ids 0 until {@code end} (column {@code id bigint}), as Spark's {@code range(end)}. */
    public Dataset<Long> range(long end) {
        return range(0, end);
    }

    public Dataset<Long> range(long start, long end) {
        return range(start, end, 1);
    }

    /** As {@link #range(long, long, long, int)} in as many partitions as the session has task slots, as Spark. */
    public Dataset<Long> range(long start, long end, long step) {
        return range(start, end, step, parallelism);
    }

    /**
     * The ids {@code start}, {@code start + step}, ... before {@code end}, in {@code numPartitions} partitions of
     * consecutive ids (Spark's slices), generated in the tasks: one small row per partition travels, never the ids.
     */
    public Dataset<Long> range(long start, long end, long step, int numPartitions) {
        checkActive();
        List<Row> slices = io.updraft.core.rows.RangeFunction.slices(start, end, step, numPartitions);
        List<Row> dealt = new java.util.ArrayList<>(slices.size());
        int first = io.updraft.engine.shuffle.Partitioner.roundRobinStart(0, numPartitions);
        for (int j = 0; j < numPartitions; j++) {
            dealt.add(slices.get(Math.floorMod(j - first, numPartitions)));   // row j lands in partition first + j
        }
        LogicalPlan input = LocalRows.relation(dealt, io.updraft.core.rows.RangeFunction.SLICES);
        if (numPartitions > 1) {
            input = io.updraft.planner.logical.Repartition.roundRobin(input, numPartitions);
        }
        LogicalPlan ids = new io.updraft.planner.logical.MapPartitions(input, io.updraft.core.rows.RangeFunction.SCHEMA,
                io.updraft.core.typed.UserCode.serialize(new io.updraft.core.rows.RangeFunction()), "Range ("
                + start + ", " + end + ", step=" + step + ", splits=" + numPartitions + ")");
        return new Dataset<>(this, ids, Encoders.LONG());
    }

    /** A DataFrame without columns or rows. */
    public Dataset<Row> emptyDataFrame() {
        return createDataFrame(List.of(), new StructType(List.of()));
    }

    public <T> Dataset<T> emptyDataset(Encoder<T> encoder) {
        return createDataset(List.of(), encoder);
    }

    /** Runs a SQL query over the temporary views (see {@link Dataset#createOrReplaceTempView}). */
    public Dataset<Row> sql(String sqlText) {
        checkActive();
        Objects.requireNonNull(sqlText, "sqlText is null");
        return SqlCommands.run(this, SQL.parseStatement(sqlText, catalog));
    }

    /**
     * The temporary view {@code tableName} as a DataFrame; {@code global_temp.name} is a global temporary view.
     * An unknown name is Spark's {@code [TABLE_OR_VIEW_NOT_FOUND]} suggesting the closest views.
     */
    public Dataset<Row> table(String tableName) {
        checkActive();
        Objects.requireNonNull(tableName, "tableName is null");
        String global = GlobalTempViews.viewName(tableName);
        List<String> parts = global == null ? List.of(tableName) : List.of(GlobalTempViews.DATABASE, global);
        LogicalPlan view = catalog.lookup(tableName).orElseThrow(
                () -> AnalysisErrors.tableNotFound(parts, catalog.names()));
        return new Dataset<>(this, new SubqueryAlias(parts.get(parts.size() - 1), view), Encoders.row());
    }

    /** The session's catalog: temporary and global temporary views (Spark's {@code spark.catalog()}). */
    public io.updraft.sql.catalog.Catalog catalog() {
        return new SessionCatalogView(this);
    }

    /** Drops a temporary view; false when there was none (as {@code catalog().dropTempView}). */
    public boolean dropTempView(String viewName) {
        return catalog.drop(viewName);
    }

    /**
     * A new session as Spark's {@code newSession}: the same cluster (task pool or Lambda invoker, allocator) and the
     * builder's settings, but its own runtime configuration and temporary views; global temporary views are shared.
     * Stopping it leaves the cluster running; stopping the session it came from stops the cluster.
     */
    public SparkSession newSession() {
        checkActive();
        return new SparkSession(this);
    }

    /** Stops the session: the task pool, then the Arrow allocator (which fails if memory leaked). */
    public void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        synchronized (LOCK) {
            if (defaultSession == this) {
                defaultSession = null;
            }
        }
        cacheManager.clear();
        ScratchSpace kept = scratch;
        if (kept != null) {
            kept.deleteAll();   // persisted rows, checkpoints and unfinished toLocalIterator chunks
        }
        if (ownsCluster) {
            ScratchSpace checkpoints = checkpointSpace.getAndSet(null);
            if (checkpoints != null) {
                checkpoints.closeRoot();   // its files stay, as Spark's checkpoint files
            }
            cluster.close();
        }
    }

    @Override
    public void close() {
        stop();
    }

    public boolean isStopped() {
        return stopped.get();
    }

    // ---- used by Dataset and DataFrameReader

    Dataset<Row> parquet(List<String> paths) {
        return read(FileFormat.PARQUET, paths, null);
    }

    /** A read of {@code paths} in {@code format} (options in it), with a user schema or null. */
    Dataset<Row> read(FileFormat format, List<String> paths, StructType userSchema) {
        return new Dataset<>(this, new FileRelation(fileSource(format, paths, userSchema)), Encoders.row());
    }

    /** The files, schema and partitions of a read (lists the paths and, for CSV/JSON without a schema, infers it). */
    FileSource fileSource(FileFormat format, List<String> paths, StructType userSchema) {
        checkActive();
        if (format.isParquet()) {
            return ParquetFileIndex.resolve(paths, cluster.footers(), conf.getAll(), format.option("basePath", null),
                    userSchema);
        }
        return TextFileIndex.resolve(format, paths, userSchema, conf.getAll(), cluster.footers(), timeZone());
    }

    CacheManager cacheManager() {
        return cacheManager;
    }

    /** The session's folders for rows kept between jobs, under the cluster's shuffle root (made on first use). */
    ScratchSpace scratch() {
        ScratchSpace s = scratch;
        if (s == null) {
            synchronized (this) {
                s = scratch;
                if (s == null) {
                    s = new ScratchSpace(cluster.shuffleRoot());
                    scratch = s;
                }
            }
        }
        return s;
    }

    /** Whether tasks run as Lambda invocations (master("lambda")). */
    boolean onLambda() {
        return Builder.LAMBDA.equals(master);
    }

    SessionCatalog sessionCatalog() {
        return catalog;
    }

    StructType analyze(LogicalPlan plan) {
        return planner().schema(plan);
    }

    /** The planner for the current settings (re-made when a setting it depends on changes). */
    QueryPlanner planner() {
        PlannerConfig config = plannerConfig();
        PlannerHolder holder = planner;
        if (holder == null || !holder.config().equals(config)) {
            holder = new PlannerHolder(config, new DefaultQueryPlanner(config, udfRegistration));
            planner = holder;
        }
        return holder.planner();
    }

    /** The planner settings the session's configuration stands for. */
    PlannerConfig plannerConfig() {
        PlannerConfig config = new PlannerConfig(parallelism, conf.maxPartitionBytes());
        if (Builder.LAMBDA.equals(master)) {
            config = config.withShufflePartitions(PlannerConfig.LAMBDA_SHUFFLE_PARTITIONS);   // the planner's Lambda default
        }
        Optional<Integer> partitions = conf.shufflePartitions();
        if (partitions.isPresent()) {
            config = config.withShufflePartitions(partitions.get());
        }
        Optional<Long> threshold = conf.autoBroadcastJoinThreshold();
        if (threshold.isPresent()) {
            config = config.withAutoBroadcastJoinThreshold(threshold.get());
        }
        if (!conf.exchangeReuse()) {
            config = config.withExchangeReuse(false);
        }
        if (!conf.semiJoinReduction()) {
            config = config.withSemiJoinReduction(false);
        }
        return conf.nestedSchemaPruning() ? config : config.withNestedSchemaPruning(false);
    }

    /** spark.sql.shuffle.partitions as the planner uses it. */
    int shufflePartitions() {
        return plannerConfig().shufflePartitions();
    }

    ZoneId timeZone() {
        return conf.timeZone();
    }

    JobResult execute(JobPlan plan) {
        checkActive();
        Map<String, String> taskConfig = new LinkedHashMap<>();
        conf.getAll().forEach((key, value) -> {
            if (key.startsWith("updraft.")) {
                taskConfig.put(key, value);   // engine, shuffle and S3 settings reach every task
            }
        });
        taskConfig.put(RuntimeConfig.TIME_ZONE, conf.get(RuntimeConfig.TIME_ZONE));
        JobRunnerOptions options = cluster.jobOptions(conf.getAll())
                .withSplitPolicy(new SplitPolicy(parallelism, conf.maxPartitionBytes(), conf.openCostBytes(),
                        cluster.packsSmallFiles()))
                .withProgress(conf.showProgress() ? (progress != null ? progress : System.err) : null)
                .withTaskConfig(taskConfig);
        JobRunner runner = cluster.jobRunner(options);
        JobResult result = runner.run(plan);
        jobListeners.forEach(listener -> listener.accept(result));
        return result;
    }

    /**
     * Updraft's own hook (Spark has none like it): {@code listener} receives every job this session finishes — its
     * per-stage metrics and summary — on the thread that ran it. The benchmark's cost model uses it.
     */
    public void addJobListener(Consumer<JobResult> listener) {
        jobListeners.add(Objects.requireNonNull(listener, "listener is null"));
    }

    private void checkActive() {
        if (stopped.get()) {
            throw new IllegalStateException("Cannot call methods on a stopped UpdraftSession (app '" + appName
                    + "').");
        }
    }

    /**
     * Builds or returns the session, as Spark's {@code SparkSession.Builder}. Every option is checked when
     * set. Not thread-safe (a builder); {@link #getOrCreate()} is. {@link SparkSession.Builder} is the same builder
     * with Spark's return types.
     */
    public static sealed class Builder permits SparkSession.Builder {
        private static final Pattern LOCAL_N = Pattern.compile("local\\[(\\d+)]");
        static final String LAMBDA = "lambda";

        private String appName = "updraft";
        private String master = "local[*]";
        private final Map<String, String> settings = new LinkedHashMap<>();
        private PrintStream progress;

        /**
         * Starts from the JVM's {@code spark.*} system properties, as Spark's {@code SparkConf} does (what
         * {@code spark-submit --conf} and {@code -Dspark.master=...} pass); the builder's own calls win.
         */
        Builder() {
            java.util.Properties system = System.getProperties();
            for (String key : new java.util.TreeSet<>(system.stringPropertyNames())) {
                if (key.startsWith("spark.")) {
                    config(key, system.getProperty(key));
                }
            }
        }

        public Builder appName(String name) {
            this.appName = Objects.requireNonNull(name, "appName is null");
            return this;
        }

        /**
         * "local" (one thread), "local[*]" (one per processor), "local[N]", or "lambda" (tasks as AWS Lambda
         * invocations: set updraft.shuffle.root and the updraft.lambda.* settings, see the coordinator's README).
         */
        public Builder master(String masterUrl) {
            parseMaster(masterUrl);
            this.master = masterUrl;
            return this;
        }

        /** A setting for {@code conf()}; "spark.master" and "spark.app.name" act as master() and appName(). */
        public Builder config(String key, String value) {
            Objects.requireNonNull(key, "config key is null");
            Objects.requireNonNull(value, "value of config " + key + " is null");
            switch (key) {
                case RuntimeConfig.MASTER -> master(value);
                case RuntimeConfig.APP_NAME -> appName(value);
                default -> {
                    new RuntimeConfig(Map.of(key, value));
                    settings.put(key, value);
                }
            }
            return this;
        }

        public Builder config(String key, long value) {
            return config(key, Long.toString(value));
        }

        /** Every setting of {@code conf}, as {@link #config(String, String)} (Spark's {@code config(SparkConf)}). */
        public Builder config(io.updraft.SparkConf conf) {
            for (Tuple2<String, String> setting : Objects.requireNonNull(conf, "conf is null").getAll()) {
                config(setting._1(), setting._2());
            }
            return this;
        }

        public Builder config(String key, double value) {
            return config(key, Double.toString(value));
        }

        public Builder config(String key, boolean value) {
            return config(key, Boolean.toString(value));
        }

        /** Where progress lines go (stderr by default); turn them off with spark.ui.showConsoleProgress=false. */
        public Builder progressOutput(PrintStream stream) {
            this.progress = Objects.requireNonNull(stream, "stream is null");
            return this;
        }

        /**
         * The running default session with this builder's settings applied (master and app name of a
         * running session do not change), or a new one that becomes the default.
         */
        public UpdraftSession getOrCreate() {
            synchronized (LOCK) {
                if (defaultSession != null && !defaultSession.isStopped()) {
                    settings.forEach(defaultSession.conf()::set);
                    return defaultSession;
                }
                defaultSession = create();
                return defaultSession;
            }
        }

        /** A new session, independent of the default one. */
        public UpdraftSession create() {
            return new SparkSession(appName, master, parseMaster(master), settings, progress);
        }

        /** The thread count a master URL stands for; 0 for "lambda" (its settings decide the concurrency). */
        static int parseMaster(String masterUrl) {
            Objects.requireNonNull(masterUrl, "master is null");
            if (masterUrl.equals(LAMBDA)) {
                return 0;
            }
            if (masterUrl.equals("local")) {
                return 1;
            }
            if (masterUrl.equals("local[*]")) {
                return Runtime.getRuntime().availableProcessors();
            }
            Matcher m = LOCAL_N.matcher(masterUrl);
            if (m.matches()) {
                int n;
                try {
                    n = Integer.parseInt(m.group(1));
                } catch (NumberFormatException e) {
                    n = 0;
                }
                if (n < 1 || n > 4096) {
                    throw new IllegalArgumentException("Invalid master '" + masterUrl
                            + "': local[N] needs 1 <= N <= 4096 threads.");
                }
                return n;
            }
            throw new IllegalArgumentException("Unsupported master '" + masterUrl + "': use \"local\", \"local[*]\" or "
                    + "\"local[N]\" (N >= 1) to run in this JVM, or \"lambda\" to run tasks on AWS Lambda.");
        }
    }

    /** The session's planning footer reader (tests count its footer reads and planning requests). */
    ParquetFooterReader footers() {
        return cluster.footers();
    }
}
