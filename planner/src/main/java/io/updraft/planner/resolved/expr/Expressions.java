package io.updraft.planner.resolved.expr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/** Tree utilities over resolved expressions. Stateless. */
public final class Expressions {
    private Expressions() {
    }

    /** Rebuilds the tree bottom-up, applying {@code rule} to every node after its children. */
    public static ResolvedExpression transformUp(ResolvedExpression expr,
                                                 Function<ResolvedExpression, ResolvedExpression> rule) {
        List<ResolvedExpression> children = expr.children();
        ResolvedExpression current = expr;
        if (!children.isEmpty()) {
            List<ResolvedExpression> newChildren = new ArrayList<>(children.size());
            boolean changed = false;
            for (ResolvedExpression child : children) {
                ResolvedExpression newChild = transformUp(child, rule);
                changed |= newChild != child;
                newChildren.add(newChild);
            }
            if (changed) {
                current = expr.withChildren(newChildren);
            }
        }
        return rule.apply(current);
    }

    /**
     * Top-down replacement: where {@code replacement} returns non-null, that node is replaced and its
     * subtree is not visited; elsewhere the children are visited.
     */
    public static ResolvedExpression replace(ResolvedExpression expr,
                                             Function<ResolvedExpression, ResolvedExpression> replacement) {
        ResolvedExpression replaced = replacement.apply(expr);
        if (replaced != null) {
            return replaced;
        }
        List<ResolvedExpression> children = expr.children();
        if (children.isEmpty()) {
            return expr;
        }
        List<ResolvedExpression> newChildren = new ArrayList<>(children.size());
        boolean changed = false;
        for (ResolvedExpression child : children) {
            ResolvedExpression newChild = replace(child, replacement);
            changed |= newChild != child;
            newChildren.add(newChild);
        }
        return changed ? expr.withChildren(newChildren) : expr;
    }

    /** Whether some node of the tree matches. */
    public static boolean anyMatch(ResolvedExpression expr, Predicate<ResolvedExpression> predicate) {
        if (predicate.test(expr)) {
            return true;
        }
        for (ResolvedExpression child : expr.children()) {
            if (anyMatch(child, predicate)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether evaluating the expression twice gives the same value: false when it calls a user-defined function
     * marked nondeterministic ({@code asNondeterministic()}); every built-in expression here is deterministic.
     */
    public static boolean deterministic(ResolvedExpression expr) {
        return !anyMatch(expr, e -> e instanceof UserFunctionExpression u && !u.definition().deterministic());
    }

    public static boolean containsAggregate(ResolvedExpression expr) {
        return anyMatch(expr, e -> e instanceof AggregateFunctionExpression);
    }

    /**
     * Whether the expression has an aggregate computed per group: an aggregate call that is not itself the
     * function of a window expression (sum(x) OVER (...) is a window function; sum(sum(x)) OVER (...) holds one).
     */
    public static boolean containsGroupAggregate(ResolvedExpression expr) {
        if (expr instanceof WindowExpression w) {
            for (ResolvedExpression c : w.function().children()) {
                if (containsGroupAggregate(c)) {
                    return true;
                }
            }
            for (int i = 1; i < w.children().size(); i++) {
                if (containsGroupAggregate(w.children().get(i))) {
                    return true;
                }
            }
            return false;
        }
        if (expr instanceof AggregateFunctionExpression) {
            return true;
        }
        for (ResolvedExpression c : expr.children()) {
            if (containsGroupAggregate(c)) {
                return true;
            }
        }
        return false;
    }

    public static boolean containsWindow(ResolvedExpression expr) {
        return anyMatch(expr, e -> e instanceof WindowExpression);
    }

    public static boolean containsSubquery(ResolvedExpression expr) {
        return anyMatch(expr, e -> e instanceof SubqueryExpression);
    }

    /** The attributes the expression reads, by id, in first-seen order. */
    public static Map<Long, AttributeReference> references(ResolvedExpression expr) {
        Map<Long, AttributeReference> out = new LinkedHashMap<>();
        collectReferences(expr, out);
        return out;
    }

    public static Map<Long, AttributeReference> references(List<? extends ResolvedExpression> exprs) {
        Map<Long, AttributeReference> out = new LinkedHashMap<>();
        for (ResolvedExpression e : exprs) {
            collectReferences(e, out);
        }
        return out;
    }

    private static void collectReferences(ResolvedExpression expr, Map<Long, AttributeReference> out) {
        if (expr instanceof AttributeReference a) {
            out.putIfAbsent(a.id(), a);
            return;
        }
        for (ResolvedExpression child : expr.children()) {
            collectReferences(child, out);
        }
    }

    /** Whether every attribute the expression reads has an id in {@code ids}. */
    public static boolean referencesOnly(ResolvedExpression expr, Set<Long> ids) {
        return ids.containsAll(references(expr).keySet());
    }

    /** Splits nested ANDs into their conjuncts, left to right. */
    public static List<ResolvedExpression> conjuncts(ResolvedExpression condition) {
        List<ResolvedExpression> out = new ArrayList<>();
        splitConjuncts(condition, out);
        return out;
    }

    private static void splitConjuncts(ResolvedExpression e, List<ResolvedExpression> out) {
        if (e instanceof AndExpression and) {
            splitConjuncts(and.left(), out);
            splitConjuncts(and.right(), out);
        } else {
            out.add(e);
        }
    }

    /** Left-deep AND of the conjuncts; null for an empty list. */
    public static ResolvedExpression and(List<ResolvedExpression> conjuncts) {
        ResolvedExpression result = null;
        for (ResolvedExpression c : conjuncts) {
            result = result == null ? c : new AndExpression(result, c);
        }
        return result;
    }

    /** Replaces attribute references whose id is a key of {@code substitutions} (aliases are stripped). */
    public static ResolvedExpression substitute(ResolvedExpression expr, Map<Long, ResolvedExpression> substitutions) {
        return replace(expr, e -> e instanceof AttributeReference a ? substitutions.get(a.id()) : null);
    }

    /**
     * Canonical form for semantic comparison: attributes keep only their id and type; aliases and
     * user-specified flags on casts and the alias a function was called by are ignored.
     */
    public static ResolvedExpression canonical(ResolvedExpression expr) {
        return transformUp(expr, e -> switch (e) {
            case AttributeReference a -> new AttributeReference(a.id(), "", List.of(), a.dataType(), true);
            case AliasExpression al -> al.child();
            case CastExpression c when c.userSpecified() -> new CastExpression(c.child(), c.dataType(), false);
            // the alias a call was written with (substr for substring) is only its printed name
            case ScalarFunctionExpression f when !f.printedName().equals(f.name()) -> new ScalarFunctionExpression(
                    f.name(), f.arguments(), f.dataType(), f.nullable());
            default -> e;
        });
    }

    public static boolean semanticEquals(ResolvedExpression a, ResolvedExpression b) {
        return canonical(a).equals(canonical(b));
    }

    /** The child of an alias, else the expression itself. */
    public static ResolvedExpression stripAlias(ResolvedExpression e) {
        return e instanceof AliasExpression al ? al.child() : e;
    }
}
