package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ResolvedExpression;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A copy of a self-contained plan (no references to columns outside it) in which every expression id is replaced
 * by a new one, so the copy can sit in the same tree as the original (Spark's {@code newInstance} of a relation
 * used twice, as in a self-join): rules key on ids and must never see two operators producing the same id.
 * Walks the records reflectively (planning-time only, once per copy). Stateless; thread-safe.
 */
public final class FreshIds {
    private final LongSupplier next;
    private final Map<Long, Long> ids = new HashMap<>();

    private FreshIds(LongSupplier next) {
        this.next = next;
    }

    /** {@code plan} with each of its ids mapped to {@code next.getAsLong()} (the same new id for the same old one). */
    public static ResolvedPlan copy(ResolvedPlan plan, LongSupplier next) {
        return (ResolvedPlan) new FreshIds(next).visit(plan);
    }

    private long id(long original) {
        return ids.computeIfAbsent(original, k -> next.getAsLong());
    }

    private Object visit(Object value) {
        if (value instanceof AttributeReference a) {
            return new AttributeReference(id(a.id()), a.name(), a.qualifier(), a.dataType(), a.nullable());
        }
        if (value instanceof AliasExpression al) {
            return new AliasExpression((ResolvedExpression) visit(al.child()), al.name(), id(al.id()));
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            for (Object element : list) {
                out.add(visit(element));
            }
            return out;
        }
        if (value instanceof Record record && record.getClass().getName().startsWith("io.updraft.planner.")) {
            return rebuild(record);
        }
        return value;
    }

    private Object rebuild(Record record) {
        return RecordRebuilder.rebuild(record, this::visit);
    }
}
