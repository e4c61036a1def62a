package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.IsNotNullExpression;
import io.updraft.planner.resolved.expr.IsNullExpression;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.OuterReference;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.planner.resolved.expr.SubqueryExpression;
import io.updraft.planner.resolved.plan.DeduplicateNode;
import io.updraft.planner.resolved.plan.DistinctNode;
import io.updraft.planner.resolved.plan.ExceptNode;
import io.updraft.planner.resolved.plan.GenerateNode;
import io.updraft.planner.resolved.plan.IntersectNode;
import io.updraft.planner.resolved.plan.MapPartitionsNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.planner.resolved.plan.UnionNode;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Spark's nested schema pruning ({@code spark.sql.optimizer.nestedSchemaPruning.enabled}, SchemaPruning with
 * NestedColumnAliasing): a Parquet scan column holding structs that the whole plan reads only through field accesses
 * ({@code s.a}, {@code s.b.c}, {@code getField}, also a map value's fields {@code m[k].x}) — in projections, filters,
 * aggregates, join conditions, windows, sorts, anywhere — is read with a pruned type: each struct keeps only the
 * fields used, in file order, so the reader decodes only those leaves. Field accesses above are rewritten to the
 * pruned struct's ordinals. Ids do not change; an attribute passed through a projection or a join carries the pruned
 * type on.
 *
 * <p>A column used whole anywhere — selected as is in the result, compared ({@code s = s2}), grouped, sorted,
 * aggregated ({@code first(s)}), given to a function ({@code to_json(s)}), renamed by an alias, or under a union,
 * set operation, distinct, deduplication or typed operation — keeps its whole type. {@code s IS [NOT] NULL} does not
 * count as whole use when some field of {@code s} is read (a pruned struct is null exactly where the whole one is, as
 * Spark prunes such filters too); alone it keeps the column whole. Arrays are not pruned through: a field whose type
 * is an array (of structs too) is read whole when it is used (the analyzer has no field access over arrays).
 * Does not fire on plans that still hold subquery expressions. Runs once, after the operator optimizations (which
 * have collapsed projections onto the scans) and before join selection.
 */
public final class NestedSchemaPruning implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        if (Plans.anyExpression(plan, e -> e instanceof SubqueryExpression || e instanceof OuterReference)) {
            return plan;
        }
        Map<Long, AttributeReference> candidates = new HashMap<>();
        Plans.forEach(plan, node -> {
            if (node instanceof ScanNode s && s.source().format().isParquet()) {
                for (AttributeReference a : s.output()) {
                    if (prunable(a.dataType())) {
                        candidates.put(a.id(), a);
                    }
                }
            }
        });
        if (candidates.isEmpty()) {
            return plan;
        }
        Map<Long, Need> needs = new HashMap<>();
        candidates.keySet().forEach(id -> needs.put(id, new Need()));
        plan.output().forEach(a -> whole(needs, a.id()));
        Plans.forEach(plan, node -> collect(node, needs));
        Map<Long, DataType> pruned = new HashMap<>();
        needs.forEach((id, need) -> {
            DataType type = candidates.get(id).dataType();
            DataType narrowed = need.prune(type);
            if (!narrowed.equals(type)) {
                pruned.put(id, narrowed);
            }
        });
        if (pruned.isEmpty()) {
            return plan;
        }
        return Plans.transformUp(plan, node -> rewrite(node, pruned));
    }

    /** A struct, or a map whose values hold structs (the values' fields prune). */
    private static boolean prunable(DataType type) {
        return type instanceof StructType || type instanceof MapType m && prunable(m.valueType());
    }

    private static void whole(Map<Long, Need> needs, long id) {
        Need need = needs.get(id);
        if (need != null) {
            need.whole = true;
        }
    }

    /** Records how one node uses the candidate columns. */
    private static void collect(ResolvedPlan node, Map<Long, Need> needs) {
        switch (node) {
            case ProjectNode p -> {
                for (NamedExpression n : p.projectList()) {
                    if (!(n instanceof AttributeReference)) {   // a bare column passes through: its parents decide
                        visit(n instanceof AliasExpression a ? a.child() : n, needs);
                    }
                }
            }
            case GenerateNode g -> visit(g.argument(), needs);   // requiredChildOutput passes through
            case UnionNode u -> u.children().forEach(c -> c.output().forEach(a -> whole(needs, a.id())));
            case IntersectNode i -> i.children().forEach(c -> c.output().forEach(a -> whole(needs, a.id())));
            case ExceptNode e -> e.children().forEach(c -> c.output().forEach(a -> whole(needs, a.id())));
            case DistinctNode d -> d.child().output().forEach(a -> whole(needs, a.id()));
            case DeduplicateNode d -> d.child().output().forEach(a -> whole(needs, a.id()));
            case MapPartitionsNode m -> m.child().output().forEach(a -> whole(needs, a.id()));
            default -> Plans.expressions(node).forEach(e -> visit(e, needs));
        }
    }

    private static void visit(ResolvedExpression e, Map<Long, Need> needs) {
        List<Step> steps = new ArrayList<>();
        List<ResolvedExpression> keys = new ArrayList<>();
        AttributeReference root = access(e, steps, keys);
        if (root != null && needs.containsKey(root.id())) {
            needs.get(root.id()).add(steps);
            keys.forEach(k -> visit(k, needs));
            return;
        }
        ResolvedExpression nullChecked = e instanceof IsNullExpression n ? n.child()
                : e instanceof IsNotNullExpression n ? n.child() : null;
        if (nullChecked instanceof AttributeReference a && needs.containsKey(a.id())) {
            needs.get(a.id()).nullChecked = true;
            return;
        }
        if (e instanceof AttributeReference a) {
            whole(needs, a.id());
            return;
        }
        e.children().forEach(c -> visit(c, needs));
    }

    /**
     * The column a chain of field accesses and map lookups starts from, its steps (outermost last) in {@code steps}
     * and the lookups' keys in {@code keys}; null when {@code e} is no such chain.
     */
    private static AttributeReference access(ResolvedExpression e, List<Step> steps, List<ResolvedExpression> keys) {
        if (e instanceof AttributeReference a) {
            return a;
        }
        if (field(e) instanceof ScalarFunctionExpression f) {
            AttributeReference root = access(f.arguments().get(0), steps, keys);
            if (root != null) {
                steps.add(new Step((Integer) ((ConstantExpression) f.arguments().get(1)).value()));
            }
            return root;
        }
        if (mapValue(e) instanceof ScalarFunctionExpression f) {
            AttributeReference root = access(f.arguments().get(0), steps, keys);
            if (root != null) {
                steps.add(Step.VALUE);
                keys.add(f.arguments().get(1));
            }
            return root;
        }
        return null;
    }

    /** {@code get_struct_field(struct, ordinal)}, or null. */
    private static ScalarFunctionExpression field(ResolvedExpression e) {
        return e instanceof ScalarFunctionExpression f && f.name().equals("get_struct_field")
                && f.arguments().get(0).dataType() instanceof StructType
                && f.arguments().get(1) instanceof ConstantExpression c && c.value() instanceof Integer ? f : null;
    }

    /** {@code element_at(map, key)} (also {@code m[k]}), or null. */
    private static ScalarFunctionExpression mapValue(ResolvedExpression e) {
        return e instanceof ScalarFunctionExpression f && f.name().equals("element_at") && f.arguments().size() == 2
                && f.arguments().get(0).dataType() instanceof MapType ? f : null;
    }

    private static ResolvedPlan rewrite(ResolvedPlan node, Map<Long, DataType> pruned) {
        ResolvedPlan mapped = Plans.mapExpressions(node, e -> rewrite(e, pruned));
        return switch (mapped) {
            case ScanNode s -> {
                List<AttributeReference> output = s.output().stream().map(a -> retyped(a, pruned)).toList();
                List<ResolvedExpression> filters = s.pushedFilters().stream().map(f -> rewrite(f, pruned)).toList();
                yield output.equals(s.output()) && filters.equals(s.pushedFilters()) ? s
                        : s.withOutput(output).withPushedFilters(filters);
            }
            case GenerateNode g -> {
                List<AttributeReference> passed = g.requiredChildOutput().stream().map(a -> retyped(a, pruned)).toList();
                yield passed.equals(g.requiredChildOutput()) ? g : new GenerateNode(g.child(), g.function(),
                        g.argument(), g.outer(), passed, g.generatorOutput());
            }
            default -> mapped;
        };
    }

    private static AttributeReference retyped(AttributeReference a, Map<Long, DataType> pruned) {
        DataType type = pruned.get(a.id());
        return type == null ? a : new AttributeReference(a.id(), a.name(), a.qualifier(), type, a.nullable());
    }

    /** The expression over the pruned columns: field ordinals re-found by name, types of the chain narrowed. */
    private static ResolvedExpression rewrite(ResolvedExpression e, Map<Long, DataType> pruned) {
        if (e instanceof AttributeReference a) {
            return retyped(a, pruned);
        }
        if (field(e) instanceof ScalarFunctionExpression f) {
            ResolvedExpression struct = f.arguments().get(0);
            ResolvedExpression narrowed = rewrite(struct, pruned);
            if (narrowed.dataType().equals(struct.dataType())) {
                return narrowed == struct ? f : f.withChildren(List.of(narrowed, f.arguments().get(1)));
            }
            String name = ((StructType) struct.dataType()).get((Integer) ((ConstantExpression) f.arguments().get(1))
                    .value()).name();
            StructType type = (StructType) narrowed.dataType();
            int ordinal = exactIndex(type, name);
            return new ScalarFunctionExpression("get_struct_field", List.of(narrowed,
                    ConstantExpression.of(DataTypes.IntegerType, ordinal)), type.get(ordinal).dataType(), f.nullable());
        }
        if (mapValue(e) instanceof ScalarFunctionExpression f) {
            ResolvedExpression map = rewrite(f.arguments().get(0), pruned);
            ResolvedExpression key = rewrite(f.arguments().get(1), pruned);
            if (map == f.arguments().get(0) && key == f.arguments().get(1)) {
                return f;
            }
            return new ScalarFunctionExpression(f.name(), List.of(map, key), ((MapType) map.dataType()).valueType(),
                    f.nullable());
        }
        List<ResolvedExpression> children = e.children();
        if (children.isEmpty()) {
            return e;
        }
        List<ResolvedExpression> rewritten = new ArrayList<>(children.size());
        boolean changed = false;
        for (ResolvedExpression c : children) {
            ResolvedExpression r = rewrite(c, pruned);
            changed |= r != c;
            rewritten.add(r);
        }
        return changed ? e.withChildren(rewritten) : e;
    }

    /** The field named exactly {@code name} (pruning keeps the file's spelling), else case-insensitively. */
    private static int exactIndex(StructType type, String name) {
        for (int i = 0; i < type.size(); i++) {
            if (type.get(i).name().equals(name)) {
                return i;
            }
        }
        return type.indexOf(name);
    }

    /** One step of an access path: a struct field by ordinal, or a map's value. */
    private record Step(int ordinal) {
        static final Step VALUE = new Step(-1);

        boolean mapValue() {
            return ordinal < 0;
        }
    }

    /** What the plan reads of one column (or of one field, or map value, inside it). */
    private static final class Need {
        boolean whole;
        boolean nullChecked;
        final Map<Integer, Need> fields = new TreeMap<>();
        Need value;

        void add(List<Step> steps) {
            Need at = this;
            for (Step s : steps) {
                if (at.whole) {
                    return;
                }
                if (s.mapValue()) {
                    if (at.value == null) {
                        at.value = new Need();
                    }
                    at = at.value;
                } else {
                    at = at.fields.computeIfAbsent(s.ordinal(), o -> new Need());
                }
            }
            at.whole = true;
        }

        /** {@code type} keeping only what is needed; the type itself when everything is. */
        DataType prune(DataType type) {
            if (whole) {
                return type;
            }
            if (type instanceof StructType s) {
                if (fields.isEmpty()) {
                    return type;   // only null checks (or nothing): read whole, as Spark
                }
                List<StructField> kept = new ArrayList<>();
                fields.forEach((ordinal, need) -> {
                    StructField f = s.get(ordinal);
                    kept.add(new StructField(f.name(), need.prune(f.dataType()), f.nullable()));
                });
                return new StructType(kept);
            }
            if (type instanceof MapType m && value != null) {
                return new MapType(m.keyType(), value.prune(m.valueType()), m.valueContainsNull());
            }
            return type;
        }
    }
}
