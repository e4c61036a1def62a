package io.updraft.sql;

import io.updraft.coordinator.scan.CachingFooterReader;
import io.updraft.coordinator.scan.FooterCache;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Planning reads each input footer once per file version, process-wide: a second query over the same files (in
 * the same or another session) reads no footer; a rewritten file is read again; refreshByPath drops them.
 */
class FooterCachingTest {
    @TempDir
    Path dir;

    private static UpdraftSession session() {
        return UpdraftSession.builder().appName("footer-cache-test").master("local[2]")
                .config("spark.ui.showConsoleProgress", false).create();
    }

    private static long footerReads(UpdraftSession s) {
        return ((CachingFooterReader) s.footers()).footerReads();
    }

    @Test
    void aSecondQueryReadsNoFooterAndARewrittenFileIsReadAgain() throws Exception {
        Path t = Files.createDirectories(dir.resolve("t"));
        Path part1 = t.resolve("part-1.parquet");
        try (DuckDbOracle duck = new DuckDbOracle()) {
            duck.writeParquet("SELECT i::BIGINT AS k FROM range(0, 100) r(i)", t.resolve("part-0.parquet"), 16);
            duck.writeParquet("SELECT i::BIGINT AS k FROM range(100, 300) r(i)", part1, 16);
            try (UpdraftSession s = session()) {
                assertThat(s.read().parquet(t.toString()).count()).isEqualTo(300);
                // read() and the action's split planning share the cache: each footer read once
                assertThat(footerReads(s)).isEqualTo(2);

                assertThat(s.read().parquet(t.toString()).count()).isEqualTo(300);
                s.read().parquet(t.toString()).createOrReplaceTempView("t");
                assertThat(s.sql("SELECT sum(k) FROM t").collectAsList().get(0).getLong(0)).isEqualTo(299L * 300 / 2);
                assertThat(footerReads(s)).isEqualTo(2);
            }
            try (UpdraftSession other = session()) {
                long hits = FooterCache.shared().hits();
                assertThat(other.read().parquet(t.toString()).count()).isEqualTo(300);
                assertThat(footerReads(other)).as("another session uses the process-wide cache").isZero();
                assertThat(FooterCache.shared().hits() - hits).isGreaterThanOrEqualTo(4);

                // rewritten: other rows, so another footer; the stale one must not be served
                duck.writeParquet("SELECT i::BIGINT AS k FROM range(100, 150) r(i)", part1, 16);
                assertThat(other.read().parquet(t.toString()).count()).isEqualTo(150);
                assertThat(footerReads(other)).isEqualTo(1);

                // same bytes, new modification time: a new version, read again (no size-only identity)
                Files.setLastModifiedTime(part1, FileTime.fromMillis(Files.getLastModifiedTime(part1).toMillis()
                        - 60_000));
                assertThat(other.read().parquet(t.toString()).count()).isEqualTo(150);
                assertThat(footerReads(other)).isEqualTo(2);

                other.catalog().refreshByPath("file:" + t);
                assertThat(other.read().parquet(t.toString()).count()).isEqualTo(150);
                assertThat(footerReads(other)).as("refreshByPath dropped both footers").isEqualTo(4);
            }
        }
    }
}
