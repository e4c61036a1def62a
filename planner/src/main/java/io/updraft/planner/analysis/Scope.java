package io.updraft.planner.analysis;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The columns a name can resolve to: the child's output ({@code primary}), then {@code fallback} (for ORDER BY
 * and HAVING, which may also see the columns below a projection or aggregation), then — inside a subquery — the
 * enclosing query's scope ({@code outer}, null at the top level), whose columns become outer references.
 * Names match case-insensitively; "t.c" matches column c whose qualifier ends with t.
 */
public record Scope(List<AttributeReference> primary, List<AttributeReference> fallback, Scope outer) {
    public Scope {
        primary = List.copyOf(primary);
        fallback = List.copyOf(fallback);
    }

    public Scope(List<AttributeReference> primary, List<AttributeReference> fallback) {
        this(primary, fallback, null);
    }

    public static Scope of(List<AttributeReference> columns) {
        return new Scope(columns, List.of(), null);
    }

    /** The attribute named by {@code nameParts} in this scope (not the outer one), or an error. */
    public AttributeReference resolve(List<String> nameParts) {
        return tryResolve(nameParts).orElseThrow(() -> AnalysisErrors.unresolvedColumn(nameParts, primary));
    }

    /** The attribute in this scope (primary, then fallback); outer scopes are not searched. */
    public Optional<AttributeReference> tryResolve(List<String> nameParts) {
        Optional<AttributeReference> found = match(nameParts, primary);
        return found.isPresent() ? found : match(nameParts, fallback);
    }

    private static Optional<AttributeReference> match(List<String> nameParts, List<AttributeReference> columns) {
        List<AttributeReference> matches = new ArrayList<>();
        String name = nameParts.get(nameParts.size() - 1);
        List<String> qualifier = nameParts.subList(0, nameParts.size() - 1);
        for (AttributeReference a : columns) {
            if (a.name().equalsIgnoreCase(name) && qualifierMatches(qualifier, a.qualifier())
                    && matches.stream().noneMatch(m -> m.id() == a.id())) {
                matches.add(a);
            }
        }
        if (matches.size() > 1) {
            throw AnalysisErrors.ambiguousReference(nameParts, matches);
        }
        return matches.isEmpty() ? Optional.empty() : Optional.of(matches.get(0));
    }

    private static boolean qualifierMatches(List<String> wanted, List<String> actual) {
        if (wanted.size() > actual.size()) {
            return false;
        }
        int offset = actual.size() - wanted.size();
        for (int i = 0; i < wanted.size(); i++) {
            if (!wanted.get(i).equalsIgnoreCase(actual.get(offset + i))) {
                return false;
            }
        }
        return true;
    }
}
