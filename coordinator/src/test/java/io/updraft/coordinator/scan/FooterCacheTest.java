package io.updraft.coordinator.scan;

import io.updraft.engine.parquet.ParquetFileInfo;
import io.updraft.engine.parquet.ParquetFileInfo.RowGroupInfo;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The process-wide footer cache: served per file version only, bounded, LRU; planning requests counted. */
class FooterCacheTest {
    private static ParquetFileInfo info(String path, long rows) {
        return new ParquetFileInfo(path, 100, new io.updraft.sql.types.StructType(List.of()), rows,
                List.of(new RowGroupInfo(0, rows, 100, 100)), List.of());
    }

    @Test
    void aFooterIsServedOnlyForItsVersion() {
        FooterCache cache = new FooterCache(10);
        cache.put("s3://b/a.parquet", "10/e1/5", info("s3://b/a.parquet", 1));
        assertThat(cache.get("s3://b/a.parquet", "10/e1/5").rowCount()).isEqualTo(1);
        assertThat(cache.get("s3://b/a.parquet", "10/e2/6")).isNull();
        cache.listed("s3://b/a.parquet", "10/e1/5");
        assertThat(cache.get("s3://b/a.parquet", "10/e1/5")).isNotNull();
        cache.listed("s3://b/a.parquet", "10/e2/6");   // rewritten: the old footer is dropped
        assertThat(cache.get("s3://b/a.parquet", "10/e1/5")).isNull();
        assertThat(cache.listedVersion("s3://b/a.parquet")).isEqualTo("10/e2/6");
    }

    @Test
    void boundedLeastRecentlyUsedFirst() {
        FooterCache cache = new FooterCache(2);
        cache.put("a", "1", info("a", 1));
        cache.put("b", "1", info("b", 1));
        assertThat(cache.get("a", "1")).isNotNull();
        cache.put("c", "1", info("c", 1));
        assertThat(cache.size()).isEqualTo(2);
        assertThat(cache.get("b", "1")).isNull();
        assertThat(cache.get("a", "1")).isNotNull();
        assertThat(cache.invalidate("a")).isEqualTo(1);
        assertThat(new FooterCache(0).size()).isZero();
    }

    @Test
    void s3FootersAreCachedPerListedVersionAndTheirRequestsCounted() {
        AtomicInteger reads = new AtomicInteger();
        ParquetFooterReader engine = new ParquetFooterReader() {
            @Override
            public ParquetFileInfo read(String path) {
                return read(path, n -> { });
            }

            @Override
            public ParquetFileInfo read(String path, java.util.function.LongConsumer requests) {
                reads.incrementAndGet();
                requests.accept(1);   // HEAD
                requests.accept(1);   // GET of the footer
                return info(path, 7);
            }
        };
        CachingFooterReader footers = new CachingFooterReader(engine, new FooterCache(10));
        footers.read("s3://b/unlisted.parquet");
        footers.read("s3://b/unlisted.parquet");
        assertThat(reads).as("never listed: no version, not cached").hasValue(2);

        footers.listed("s3://b/x.parquet", "1/e/1");
        footers.addPlanningRequests(new PlanningRequests(1, 0, 0));
        footers.read("s3://b/x.parquet");
        footers.read("s3://b/x.parquet");
        assertThat(reads).hasValue(3);
        assertThat(footers.takePlanningRequests()).isEqualTo(new PlanningRequests(1, 3, 3));
        assertThat(footers.takePlanningRequests()).isEqualTo(PlanningRequests.NONE);
        footers.listed("s3://b/x.parquet", "1/f/2");
        footers.read("s3://b/x.parquet");
        assertThat(reads).hasValue(4);
        assertThat(footers.takePlanningRequests().describe()).isEqualTo("0 LIST, 1 HEAD, 1 GET");
    }
}
