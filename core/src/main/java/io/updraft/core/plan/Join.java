package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.core.expr.Expr;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Joins {@code left} and {@code right}. Rows match when every {@code leftKeys[i]} (over left columns)
 * equals {@code rightKeys[i]} (over right columns) — a null key never matches unless {@code nullSafe[i]}
 * asks for {@code <=>} semantics — and the residual {@code condition} (nullable; over left ++ right
 * columns, also for semi/anti joins) is true. Key pairs have the same type (the planner casts). No keys
 * means a nested-loop join (cross join, or a non-equi condition). {@code build} is the side held in
 * memory. Output: left ++ right columns (the outer side's columns nullable), or left only for LEFT_SEMI
 * and LEFT_ANTI. {@code nullSafe} null or empty means no null-safe key.
 */
public record Join(Operator left, Operator right, JoinType type, List<Expr> leftKeys, List<Expr> rightKeys,
                   Expr condition, BuildSide build, List<Boolean> nullSafe) implements Operator {
    public Join {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
        Objects.requireNonNull(type, "type is null");
        Objects.requireNonNull(build, "build is null");
        leftKeys = List.copyOf(leftKeys);
        rightKeys = List.copyOf(rightKeys);
        nullSafe = nullSafe == null || nullSafe.isEmpty()
                ? List.copyOf(Collections.nCopies(leftKeys.size(), false)) : List.copyOf(nullSafe);
        if (leftKeys.size() != rightKeys.size()) {
            throw new IllegalArgumentException(leftKeys.size() + " left keys but " + rightKeys.size()
                    + " right keys");
        }
        if (nullSafe.size() != leftKeys.size()) {
            throw new IllegalArgumentException(nullSafe.size() + " null-safe flags for " + leftKeys.size() + " keys");
        }
        for (int i = 0; i < leftKeys.size(); i++) {
            if (!leftKeys.get(i).dataType().equals(rightKeys.get(i).dataType())) {
                throw new IllegalArgumentException("join key " + i + " has type "
                        + leftKeys.get(i).dataType().simpleString() + " on the left but "
                        + rightKeys.get(i).dataType().simpleString() + " on the right");
            }
        }
        if (type == JoinType.CROSS && !leftKeys.isEmpty()) {
            throw new IllegalArgumentException("a CROSS join has no equi-join keys");
        }
        if (condition != null && !(condition.dataType() instanceof BooleanType)) {
            throw new IllegalArgumentException("join condition must be boolean, was " + condition.dataType());
        }
    }

    /** A join without null-safe keys. */
    public Join(Operator left, Operator right, JoinType type, List<Expr> leftKeys, List<Expr> rightKeys,
                Expr condition, BuildSide build) {
        this(left, right, type, leftKeys, rightKeys, condition, build, null);
    }

    @Override
    @JsonIgnore
    public StructType schema() {
        return outputSchema(left.schema(), right.schema(), type);
    }

    /** Left ++ right columns (the null-padded side's nullable), or left only for LEFT_SEMI and LEFT_ANTI. */
    public static StructType outputSchema(StructType leftSchema, StructType rightSchema, JoinType type) {
        List<StructField> fields = new ArrayList<>();
        boolean leftNullable = type.keepsUnmatchedRight();
        for (StructField f : leftSchema.fieldList()) {
            fields.add(leftNullable ? new StructField(f.name(), f.dataType(), true) : f);
        }
        if (type.outputsRight()) {
            boolean rightNullable = type.keepsUnmatchedLeft();
            for (StructField f : rightSchema.fieldList()) {
                fields.add(rightNullable ? new StructField(f.name(), f.dataType(), true) : f);
            }
        }
        return new StructType(fields);
    }

    /** The schema the residual condition is evaluated over: left ++ right columns. */
    @JsonIgnore
    public StructType conditionSchema() {
        List<StructField> fields = new ArrayList<>(left.schema().fieldList());
        fields.addAll(right.schema().fieldList());
        return new StructType(fields);
    }

    @Override
    public List<Operator> children() {
        return List.of(left, right);
    }

    @Override
    public Join withChildren(List<Operator> children) {
        if (children.size() != 2) {
            throw new IllegalArgumentException("a join has 2 children, got " + children.size());
        }
        return new Join(children.get(0), children.get(1), type, leftKeys, rightKeys, condition, build, nullSafe);
    }
}
