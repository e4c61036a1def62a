package io.updraft.planner.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Tree utilities over unresolved expressions. Stateless. */
public final class UnresolvedExpressions {
    private UnresolvedExpressions() {
    }

    /** The direct sub-expressions of {@code e}. */
    public static List<Expression> children(Expression e) {
        return switch (e) {
            case UnresolvedAttribute a -> List.of();
            case UnresolvedStar s -> List.of();
            case LiteralValue l -> List.of();
            case Alias a -> List.of(a.child());
            case MultiAlias a -> List.of(a.child());
            case BinaryArithmetic b -> List.of(b.left(), b.right());
            case BinaryComparison c -> List.of(c.left(), c.right());
            case LogicalAnd a -> List.of(a.left(), a.right());
            case LogicalOr o -> List.of(o.left(), o.right());
            case LogicalNot n -> List.of(n.child());
            case IsNullExpr n -> List.of(n.child());
            case IsNotNullExpr n -> List.of(n.child());
            case UnaryMinus m -> List.of(m.child());
            case CastExpr c -> List.of(c.child());
            case InList in -> {
                List<Expression> all = new ArrayList<>();
                all.add(in.value());
                all.addAll(in.list());
                yield all;
            }
            case BetweenExpr b -> List.of(b.value(), b.low(), b.high());
            case CaseWhenExpr c -> {
                List<Expression> all = new ArrayList<>(c.conditions());
                all.addAll(c.values());
                if (c.elseValue() != null) {
                    all.add(c.elseValue());
                }
                yield all;
            }
            case FunctionCall f -> {
                if (f.filter() == null) {
                    yield f.arguments();
                }
                List<Expression> all = new ArrayList<>(f.arguments());
                all.add(f.filter());
                yield all;
            }
            case SortOrderExpr s -> List.of(s.child());
            case WindowExpr w -> {
                List<Expression> all = new ArrayList<>();
                all.add(w.function());
                all.addAll(w.partitionBy());
                all.addAll(w.orderBy());
                yield all;
            }
            case ScalarSubquery s -> List.of();
            case InSubquery in -> in.values();
            case Exists x -> List.of();
            case GroupingSets g -> g.columns();
            case UserFunctionCall u -> u.arguments();
        };
    }

    /** Whether some node of the tree matches. */
    public static boolean anyMatch(Expression e, Predicate<Expression> predicate) {
        if (predicate.test(e)) {
            return true;
        }
        for (Expression child : children(e)) {
            if (anyMatch(child, predicate)) {
                return true;
            }
        }
        return false;
    }
}
