package io.updraft.planner.resolved.expr;

import io.updraft.planner.expr.UserFunctionDefinition;
import io.updraft.sql.types.DataType;

import java.util.List;
import java.util.Objects;

/**
 * A user-defined scalar function over resolved arguments ({@link UserFunctionDefinition}, kind SCALAR). Rules must
 * not duplicate, drop or reorder a call whose definition is not deterministic ({@link Expressions#deterministic}).
 */
public record UserFunctionExpression(UserFunctionDefinition definition, List<ResolvedExpression> arguments)
        implements ResolvedExpression {
    public UserFunctionExpression {
        Objects.requireNonNull(definition, "definition is null");
        arguments = List.copyOf(arguments);
        if (definition.kind() != UserFunctionDefinition.Kind.SCALAR) {
            throw new IllegalArgumentException("a user-defined aggregate is an AggregateFunctionExpression");
        }
    }

    @Override
    public DataType dataType() {
        return definition.dataType();
    }

    @Override
    public boolean nullable() {
        return definition.nullable();
    }

    @Override
    public List<ResolvedExpression> children() {
        return arguments;
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return new UserFunctionExpression(definition, children);
    }
}
