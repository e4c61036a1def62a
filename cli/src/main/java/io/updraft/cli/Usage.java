package io.updraft.cli;

/** The help texts. Each ends in a newline. */
final class Usage {
    private Usage() {
    }

    static final String MAIN = """
            Usage: updraft [--verbose] <command> [options]

            Spark's DataFrame/SQL model in one JVM (local[*]) or on AWS Lambda (--master lambda).

            Commands:
              sql     Run a SQL query over Parquet tables and print the result
              demo    Generate TPC-H data (cached) and run TPC-H Q1 and Q6 with the Dataset API
              bench   TPC-H through Updraft, DuckDB and Spark side by side: times, ratios, geometric means
              package Build the worker and coordinator Lambda packages and print their sizes
              submit  Run a job class from a jar with its session on the configured master
              help    Show this help; 'updraft help <command>' or 'updraft <command> --help' for one command

            Options:
              --verbose    Print stack traces of internal errors and per-stage progress (also UPDRAFT_DEBUG=1)
              --log-level LEVEL
                           Log lines on standard error at LEVEL: trace, debug, info, warn (default), error, off
                           (also UPDRAFT_LOG_LEVEL=LEVEL)
              -h, --help   Show this help

            Exit status: 0 success; 1 internal error; 2 user error (bad arguments, bad SQL,
            unknown table or column, missing or unreadable file).
            """;

    static final String SQL = """
            Usage: updraft sql [options] (QUERY | -e QUERY | -f FILE)

            Runs a SQL script (Spark SQL semantics: queries and commands such as CREATE TABLE ... AS SELECT,
            INSERT INTO, SET, SHOW TABLES, DESCRIBE, EXPLAIN, separated by ';') in one session in this JVM and
            prints each query's result to standard output.

            Options:
              --master MASTER          local, local[N], local[*] (default local[*]) or lambda: every task an
                                       invocation of the worker function (settings with --conf)
              --conf KEY=VALUE         A session setting, e.g. updraft.lambda.functionName=updraft-worker,
                                       updraft.shuffle.root=s3://bucket/shuffle (repeatable)
              --tables DIR             Register every subfolder of DIR as a Parquet table named after the folder
              --table NAME=PATH        Register a Parquet file or folder (or s3:// location) as table NAME (repeatable)
              --format FORMAT          table (default): Spark's show() layout, every row, no truncation
                                       csv: the CSV writer's (header line, quotes doubled, null as empty field)
                                       json: one JSON object per row and line, null fields left out
              -e, --execute QUERY      The script to run (the same as the QUERY argument)
              -f, --file FILE          Read the script from FILE ('-' reads standard input)
              --verbose                Per-stage progress on standard error; stack traces of internal errors
              -h, --help               Show this help

            Example:
              updraft sql --tables data/tpch/sf0.1 --format csv \\
                "select l_returnflag, count(*) as n from lineitem group by l_returnflag order by l_returnflag"
            """;

    static final String DEMO = """
            Usage: updraft demo [--scale S] [--data DIR]

            Generates TPC-H at scale factor S into DIR unless it is there already (a _SUCCESS marker shows a
            complete folder), then runs TPC-H Q1 and Q6 with the Dataset API on local[*], printing per-stage
            progress, each result as show() prints it, and the time per query.

            Options:
              --scale S      TPC-H scale factor (default 0.1: lineitem has about 600,000 rows)
              --data DIR     Data folder (default data/tpch/sf<S> under the Updraft checkout)
              --verbose      Stack traces of internal errors
              -h, --help     Show this help
            """;
}
