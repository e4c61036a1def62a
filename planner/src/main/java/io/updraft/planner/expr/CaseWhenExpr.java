package io.updraft.planner.expr;

import java.util.List;

/** CASE WHEN c THEN v ... [ELSE e] END; {@code elseValue} may be null. */
public record CaseWhenExpr(List<Expression> conditions, List<Expression> values, Expression elseValue)
        implements Expression {
    public CaseWhenExpr {
        conditions = List.copyOf(conditions);
        values = List.copyOf(values);
        if (conditions.size() != values.size() || conditions.isEmpty()) {
            throw new IllegalArgumentException("CASE needs one value per condition and at least one branch");
        }
    }

    @Override
    public String sql() {
        StringBuilder sb = new StringBuilder("CASE");
        for (int i = 0; i < conditions.size(); i++) {
            sb.append(" WHEN ").append(conditions.get(i).sql()).append(" THEN ").append(values.get(i).sql());
        }
        if (elseValue != null) {
            sb.append(" ELSE ").append(elseValue.sql());
        }
        return sb.append(" END").toString();
    }
}
