package io.updraft.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** User errors found by the session (planner, reader): exit status 2 and one line on stderr. */
class SqlErrorsTest {
    @Test
    void unknownTableIsOneLineAndStatusTwo() {
        CliRun run = CliRun.of("sql", "--tables", CliTestData.sf001().toString(), "select * from lineitems");
        assertOneLineUserError(run, "lineitems");
    }

    @Test
    void unknownColumnIsOneLineAndStatusTwo() {
        CliRun run = CliRun.of("sql", "--tables", CliTestData.sf001().toString(),
                "select l_orderkey, l_no_such_column from lineitem");
        assertOneLineUserError(run, "l_no_such_column");
    }

    @Test
    void badSqlIsOneLineAndStatusTwo() {
        CliRun run = CliRun.of("sql", "--tables", CliTestData.sf001().toString(), "select from where lineitem");
        assertOneLineUserError(run, "");
    }

    @Test
    void aFileThatIsNotParquetIsOneLineAndStatusTwo(@TempDir Path tmp) throws IOException {
        Path bogus = Files.writeString(tmp.resolve("bogus.parquet"), "this is not parquet");
        CliRun run = CliRun.of("sql", "--table", "t=" + bogus, "select * from t");
        assertOneLineUserError(run, "bogus.parquet");
    }

    private static void assertOneLineUserError(CliRun run, String mentioned) {
        assertThat(run.status()).as("exit status; stderr: " + run.err()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.errLines().get(0)).startsWith("updraft: ").contains(mentioned);
    }
}
