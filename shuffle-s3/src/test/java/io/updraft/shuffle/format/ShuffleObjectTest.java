package io.updraft.shuffle.format;

import io.updraft.core.error.UpdraftException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ShuffleObjectTest {
    private static final Schema SCHEMA = new Schema(List.of(
            Field.nullable("k", new ArrowType.Int(64, true)), Field.nullable("s", ArrowType.Utf8.INSTANCE)));
    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void closeAllocator() {
        allocator.close(); // fails the test if anything leaked
    }

    @ParameterizedTest
    @EnumSource(ShuffleCodec.class)
    void partitionsLieBackToBackAndReadBack(ShuffleCodec codec) {
        ShuffleObjectWriter.Result result;
        try (ShuffleObjectWriter writer = new ShuffleObjectWriter(allocator, SCHEMA, 3, codec)) {
            for (int batch = 0; batch < 4; batch++) {
                try (VectorSchemaRoot root = batch(batch * 1000, 1000)) {
                    writer.write(batch % 2 == 0 ? 0 : 2, root); // partition 1 stays empty
                }
            }
            result = writer.finish();
        }
        PartitionIndex index = result.index();
        assertThat(index.rows()).containsExactly(2000L, 0L, 2000L);
        assertThat(index.lengths().get(1)).isZero();
        assertThat(index.offsets().get(2)).isEqualTo(index.offsets().get(0) + index.lengths().get(0));
        assertThat(ShuffleObjectReader.readIndex(result.bytes(), "obj")).isEqualTo(index);

        List<Long> keys = new ArrayList<>();
        byte[] p2 = Arrays.copyOfRange(result.bytes(), index.offsets().get(2).intValue(),
                (int) (index.offsets().get(2) + index.lengths().get(2)));
        long rows = ShuffleObjectReader.readPartition(p2, allocator, "obj", root -> {
            BigIntVector k = (BigIntVector) root.getVector(0);
            VarCharVector s = (VarCharVector) root.getVector(1);
            for (int i = 0; i < root.getRowCount(); i++) {
                keys.add(k.get(i));
                assertThat(new String(s.get(i), StandardCharsets.UTF_8)).isEqualTo("v" + k.get(i));
            }
        });
        assertThat(rows).isEqualTo(2000);
        assertThat(keys).first().isEqualTo(1000L);
        assertThat(keys).last().isEqualTo(3999L);
    }

    @Test
    void compressionShrinksRepetitiveData() {
        long plain = objectSize(ShuffleCodec.NONE);
        assertThat(objectSize(ShuffleCodec.LZ4)).isLessThan(plain / 2);
        assertThat(objectSize(ShuffleCodec.ZSTD)).isLessThan(plain / 2);
    }

    @Test
    void aPartitionStreamsOneBatchAtATimeAndRunningOutOfMemoryIsNotCorruption() {
        ShuffleObjectWriter.Result result;
        try (ShuffleObjectWriter writer = new ShuffleObjectWriter(allocator, SCHEMA, 1, ShuffleCodec.NONE)) {
            for (int batch = 0; batch < 10; batch++) {
                try (VectorSchemaRoot root = batch(batch * 2000, 2000)) {
                    writer.write(0, root);
                }
            }
            result = writer.finish();
        }
        byte[] partition = Arrays.copyOfRange(result.bytes(), 0, result.index().lengths().get(0).intValue());
        long decoded = 0;
        long peak = 0;
        // the partition decodes to ~10 times what one batch needs; a limit of about two batches is enough
        try (BufferAllocator small = allocator.newChildAllocator("small", 0, 160 * 1024);
             PartitionStream stream = new PartitionStream(partition, small, "obj")) {
            for (VectorSchemaRoot root = stream.next(); root != null; root = stream.next()) {
                decoded += root.getRowCount();
                peak = Math.max(peak, small.getAllocatedMemory());
            }
        }
        assertThat(decoded).isEqualTo(20_000);
        assertThat(peak).isLessThan(160 * 1024);

        // a consumer that keeps every batch runs out of memory: Arrow's OutOfMemoryException, not "Corrupt ..."
        List<VectorSchemaRoot> kept = new ArrayList<>();
        try (BufferAllocator small = allocator.newChildAllocator("small", 0, 160 * 1024)) {
            assertThatThrownBy(() -> ShuffleObjectReader.readPartition(partition, small, "obj", root -> {
                VectorSchemaRoot copy = VectorSchemaRoot.create(SCHEMA, small);
                kept.add(copy);
                for (int c = 0; c < root.getFieldVectors().size(); c++) {
                    root.getVector(c).makeTransferPair(copy.getVector(c)).transfer();
                }
            })).isInstanceOf(org.apache.arrow.memory.OutOfMemoryException.class);
            kept.forEach(VectorSchemaRoot::close);
        }
    }

    @Test
    void corruptObjectIsNamed() {
        byte[] garbage = "definitely not a shuffle object".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> ShuffleObjectReader.readIndex(garbage, "s3://b/shuffle/x"))
                .isInstanceOf(UpdraftException.class).hasMessageContaining("s3://b/shuffle/x");
        assertThatThrownBy(() -> ShuffleObjectReader.readPartition(garbage, allocator, "s3://b/shuffle/y", r -> { }))
                .isInstanceOf(UpdraftException.class).hasMessageContaining("Corrupt shuffle object s3://b/shuffle/y");
    }

    private long objectSize(ShuffleCodec codec) {
        try (ShuffleObjectWriter writer = new ShuffleObjectWriter(allocator, SCHEMA, 1, codec);
             VectorSchemaRoot root = batch(0, 20_000)) {
            for (int i = 0; i < root.getRowCount(); i++) {
                ((BigIntVector) root.getVector(0)).set(i, 7);
            }
            writer.write(0, root);
            return writer.finish().bytes().length;
        }
    }

    private VectorSchemaRoot batch(int start, int n) {
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        BigIntVector k = (BigIntVector) root.getVector(0);
        VarCharVector s = (VarCharVector) root.getVector(1);
        k.allocateNew(n);
        s.allocateNew(n);
        for (int i = 0; i < n; i++) {
            k.set(i, start + i);
            s.setSafe(i, ("v" + (start + i)).getBytes(StandardCharsets.UTF_8));
        }
        root.setRowCount(n);
        return root;
    }
}
