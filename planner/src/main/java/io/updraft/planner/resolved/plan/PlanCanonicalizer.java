package io.updraft.planner.resolved.plan;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AndExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Spark's {@code QueryPlan.canonicalized} for our resolved plans, keeping the names a user sees:
 * <ul>
 *   <li>every expression id renumbered 0, 1, 2, ... in the order the ids are first met (the tree's record
 *   components in declaration order: a node's children before its own expressions);</li>
 *   <li>attribute qualifiers (the {@code t.} a name was written with) dropped;</li>
 *   <li>the names of aliases that are not outputs of the plan — intermediate columns such as a subquery's
 *   generated {@code max(total_revenue)} or a Dataset's {@code max_revenue} — replaced by {@code none} (Spark's
 *   canonical form erases every name; the plan's own output names are kept and compared);</li>
 *   <li>commutative operators in a fixed order, as Spark's {@code Canonicalize}: the conjuncts of an AND chain
 *   and the disjuncts of an OR chain sorted, the two sides of {@code =} and {@code <=>} sorted (by their
 *   canonical text).</li>
 * </ul>
 * Two plans differing only in those respects have equal canonical forms ({@code equals} of the records);
 * everything else — output names, types, nullability, operators and their order (join order included),
 * conditions, literals, join types and broadcast marks — must be the same.
 *
 * <p>Walks the records reflectively, so new plan nodes and expressions are covered without changes here; meant
 * for tests and tools (plan comparison), not for the planning path. Stateless; thread-safe.
 */
public final class PlanCanonicalizer {
    private static final String PLANNER_PACKAGE = "io.updraft.planner.";

    private static final String ERASED_NAME = "none";

    private final Map<Long, Long> ids = new HashMap<>();
    private final Set<Long> internalAliases = new HashSet<>();

    private PlanCanonicalizer() {
    }

    /** The canonical form of {@code plan} (a new tree; {@code plan} is unchanged). */
    public static ResolvedPlan canonicalize(ResolvedPlan plan) {
        PlanCanonicalizer canonicalizer = new PlanCanonicalizer();
        canonicalizer.collectAliases(plan);
        for (AttributeReference output : plan.output()) {
            canonicalizer.internalAliases.remove(output.id());
        }
        return (ResolvedPlan) canonicalizer.visit(plan);
    }

    private void collectAliases(Object value) {
        if (value instanceof AliasExpression al) {
            internalAliases.add(al.id());
        }
        if (value instanceof List<?> list) {
            for (Object element : list) {
                collectAliases(element);
            }
        } else if (value instanceof Record record && record.getClass().getName().startsWith(PLANNER_PACKAGE)) {
            try {
                for (RecordComponent component : record.getClass().getRecordComponents()) {
                    collectAliases(component.getAccessor().invoke(record));
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + record.getClass().getSimpleName(), e);
            }
        }
    }

    private String name(long id, String name) {
        return internalAliases.contains(id) ? ERASED_NAME : name;
    }

    private long id(long original) {
        return ids.computeIfAbsent(original, k -> (long) ids.size());
    }

    private Object visit(Object value) {
        if (value instanceof AttributeReference a) {
            return new AttributeReference(id(a.id()), name(a.id(), a.name()), List.of(), a.dataType(), a.nullable());
        }
        if (value instanceof AliasExpression al) {
            Object child = visit(al.child());
            return new AliasExpression((ResolvedExpression) child, name(al.id(), al.name()), id(al.id()));
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            for (Object element : list) {
                out.add(visit(element));
            }
            return out;
        }
        if (value instanceof Record record && record.getClass().getName().startsWith(PLANNER_PACKAGE)) {
            return reorder(rebuild(record));
        }
        return value;
    }

    /** Commutative operators in a fixed order (their operands are canonical already). */
    private static Object reorder(Object rebuilt) {
        return switch (rebuilt) {
            case AndExpression and -> {
                List<ResolvedExpression> conjuncts = new ArrayList<>();
                flatten(and, AndExpression.class, conjuncts);
                conjuncts.sort(Comparator.comparing(Object::toString));
                ResolvedExpression result = conjuncts.get(0);
                for (int i = 1; i < conjuncts.size(); i++) {
                    result = new AndExpression(result, conjuncts.get(i));
                }
                yield result;
            }
            case OrExpression or -> {
                List<ResolvedExpression> disjuncts = new ArrayList<>();
                flatten(or, OrExpression.class, disjuncts);
                disjuncts.sort(Comparator.comparing(Object::toString));
                ResolvedExpression result = disjuncts.get(0);
                for (int i = 1; i < disjuncts.size(); i++) {
                    result = new OrExpression(result, disjuncts.get(i));
                }
                yield result;
            }
            case ComparisonExpression c when (c.op() == CompareOp.EQUAL || c.op() == CompareOp.EQUAL_NULL_SAFE)
                    && c.left().toString().compareTo(c.right().toString()) > 0 ->
                    new ComparisonExpression(c.op(), c.right(), c.left());
            default -> rebuilt;
        };
    }

    private static void flatten(ResolvedExpression e, Class<?> operator, List<ResolvedExpression> out) {
        if (operator.isInstance(e)) {
            for (ResolvedExpression child : e.children()) {
                flatten(child, operator, out);
            }
        } else {
            out.add(e);
        }
    }

    private Object rebuild(Record record) {
        return RecordRebuilder.rebuild(record, this::visit);
    }
}
