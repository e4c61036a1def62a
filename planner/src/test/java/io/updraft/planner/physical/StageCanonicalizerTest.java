package io.updraft.planner.physical;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.MapPartitions;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.StageInput;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.physical.StageCanonicalizer.canonical;
import static org.assertj.core.api.Assertions.assertThat;

class StageCanonicalizerTest {
    private static final StructType SCHEMA = new StructType(List.of()).add("x", DataTypes.LongType);
    private static final ColumnRef X = new ColumnRef(0, DataTypes.LongType, true);

    private static FileScan scan(String file) {
        return new FileScan(List.of(new FileSplit(file, List.of(), 0)), SCHEMA, null);
    }

    private static Operator map(Operator input, String name, long bound, int partitions) {
        Filter filter = new Filter(input, new Comparison(CompareOp.GREATER_THAN, X, new Literal(DataTypes.LongType, bound)));
        return new ShuffleWrite(new Project(filter, List.of(X), List.of(name)),
                new Partitioning.Hash(List.of(new ColumnRef(0, DataTypes.LongType, true))), partitions);
    }

    @Test
    void namesDoNotMatterEverythingElseDoes() {
        Operator a = map(scan("/t/f0.parquet"), "k", 10, 4);
        assertThat(canonical(map(scan("/t/f0.parquet"), "renamed", 10, 4))).isEqualTo(canonical(a));
        assertThat(canonical(map(scan("/t/f0.parquet"), "k", 20, 4))).isNotEqualTo(canonical(a));
        assertThat(canonical(map(scan("/t/f0.parquet"), "k", 10, 8))).isNotEqualTo(canonical(a));
        assertThat(canonical(map(scan("/t/f1.parquet"), "k", 10, 4))).isNotEqualTo(canonical(a));
        assertThat(canonical(new ShuffleWrite(((ShuffleWrite) a).child(), new Partitioning.Single(), 1)))
                .isNotEqualTo(canonical(a));
    }

    @Test
    void stageInputsCompareByStageAndTypes() {
        StructType other = new StructType(List.of()).add("y", DataTypes.LongType);
        assertThat(canonical(map(new StageInput(3, other, false), "k", 10, 4)))
                .isEqualTo(canonical(map(new StageInput(3, SCHEMA, false), "k", 10, 4)))
                .isNotEqualTo(canonical(map(new StageInput(2, SCHEMA, false), "k", 10, 4)))
                .isNotEqualTo(canonical(map(new StageInput(3, SCHEMA, true), "k", 10, 4)));
    }

    @Test
    void userCodeKeepsTheNamesItMaySee() {
        Operator a = map(new MapPartitions(scan("/t/f0.parquet"), SCHEMA, "fn", "MapElements"), "k", 10, 4);
        Operator b = map(new MapPartitions(scan("/t/f0.parquet"), SCHEMA, "fn", "MapElements"), "j", 10, 4);
        assertThat(canonical(a)).isNotEqualTo(canonical(b)).isEqualTo(a);
    }
}
