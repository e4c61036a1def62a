package io.updraft.planner.physical;

import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.Expand;
import io.updraft.core.plan.Generate;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.MapPartitions;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.StageInput;
import io.updraft.core.plan.Window;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;

/**
 * A stage's operator tree as a value to compare for exchange reuse (Spark's {@code canonicalized}, over the bound
 * core operators): two stages whose canonical trees are equal compute the same rows in the same partitions.
 * Expressions are already positional (no expression ids left); what still differs between equal computations is
 * the output column names operators carry ({@code Project}, {@code HashAggregate}, {@code Window}, {@code Expand},
 * {@code Generate}, a {@code StageInput}'s schema): those become {@code _0, _1, ...}. Everything else — expressions,
 * literals, scan files and splits, columns read (by their file names), partitioning and partition count — is
 * compared as is. Where user code may see column names (a {@code MapPartitions}, a user-defined aggregate) the tree
 * is compared exactly, names included.
 */
final class StageCanonicalizer {
    private StageCanonicalizer() {
    }

    static Operator canonical(Operator root) {
        return userCodeSeesNames(root) ? root : withoutNames(root);
    }

    private static Operator withoutNames(Operator op) {
        List<Operator> children = new ArrayList<>();
        for (Operator c : op.children()) {
            children.add(withoutNames(c));
        }
        Operator node = op.withChildren(children);
        return switch (node) {
            case Project p -> new Project(p.child(), p.expressions(), positional(p.names().size()));
            case HashAggregate a -> new HashAggregate(a.child(), a.groupBy(), a.aggregates(), a.mode(),
                    positional(a.names().size()));
            case Window w -> new Window(w.child(), w.partitionBy(), w.orderBy(), w.calls(),
                    positional(w.names().size()));
            case Expand e -> new Expand(e.child(), e.projections(), positional(e.names().size()));
            case Generate g -> new Generate(g.child(), g.function(), g.argument(), g.outer(), g.childColumns(),
                    positional(g.names().size()));
            case StageInput in -> new StageInput(in.stageId(), positional(in.schema()), in.broadcast());
            default -> node;
        };
    }

    private static boolean userCodeSeesNames(Operator op) {
        if (op instanceof MapPartitions
                || op instanceof HashAggregate a && a.aggregates().stream().anyMatch(StageCanonicalizer::userDefined)) {
            return true;
        }
        return op.children().stream().anyMatch(StageCanonicalizer::userCodeSeesNames);
    }

    private static boolean userDefined(AggregateCall call) {
        return call.userAggregate() != null;
    }

    private static List<String> positional(int n) {
        List<String> names = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            names.add("_" + i);
        }
        return names;
    }

    private static StructType positional(StructType schema) {
        List<StructField> fields = new ArrayList<>();
        for (int i = 0; i < schema.size(); i++) {
            StructField f = schema.get(i);
            fields.add(new StructField("_" + i, f.dataType(), f.nullable()));
        }
        return new StructType(fields);
    }
}
