package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** CASE WHEN c1 THEN v1 ... [ELSE e] END; {@code elseValue} may be null (then a missing match is null). */
public record CaseWhenExpression(List<ResolvedExpression> conditions, List<ResolvedExpression> values,
                                 ResolvedExpression elseValue, DataType dataType) implements ResolvedExpression {
    public CaseWhenExpression {
        conditions = List.copyOf(conditions);
        values = List.copyOf(values);
        if (conditions.size() != values.size() || conditions.isEmpty()) {
            throw new IllegalArgumentException("CASE needs one value per condition and at least one branch");
        }
        Objects.requireNonNull(dataType, "dataType is null");
    }

    @Override
    public boolean nullable() {
        return elseValue == null || elseValue.nullable() || values.stream().anyMatch(ResolvedExpression::nullable);
    }

    /** Conditions and values interleaved (c1, v1, c2, v2, ...), then the else value when present. */
    @Override
    public List<ResolvedExpression> children() {
        List<ResolvedExpression> all = new ArrayList<>();
        for (int i = 0; i < conditions.size(); i++) {
            all.add(conditions.get(i));
            all.add(values.get(i));
        }
        if (elseValue != null) {
            all.add(elseValue);
        }
        return all;
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        List<ResolvedExpression> newConditions = new ArrayList<>();
        List<ResolvedExpression> newValues = new ArrayList<>();
        for (int i = 0; i < conditions.size(); i++) {
            newConditions.add(children.get(2 * i));
            newValues.add(children.get(2 * i + 1));
        }
        ResolvedExpression newElse = elseValue == null ? null : children.get(children.size() - 1);
        return new CaseWhenExpression(newConditions, newValues, newElse, dataType);
    }
}
