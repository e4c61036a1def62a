package io.updraft.planner.explain;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** Spark's indented tree text: children under "+- " (last) or ":- " (others), three columns per level. */
final class TreeString {
    private TreeString() {
    }

    static <T> String render(T root, Function<T, String> label, Function<T, List<T>> children) {
        StringBuilder sb = new StringBuilder();
        append(sb, root, label, children, new ArrayList<>());
        return sb.toString();
    }

    private static <T> void append(StringBuilder sb, T node, Function<T, String> label, Function<T, List<T>> children,
                                   List<Boolean> lastFlags) {
        for (int i = 0; i < lastFlags.size() - 1; i++) {
            sb.append(lastFlags.get(i) ? "   " : ":  ");
        }
        if (!lastFlags.isEmpty()) {
            sb.append(lastFlags.get(lastFlags.size() - 1) ? "+- " : ":- ");
        }
        sb.append(label.apply(node)).append('\n');
        List<T> kids = children.apply(node);
        for (int i = 0; i < kids.size(); i++) {
            lastFlags.add(i == kids.size() - 1);
            append(sb, kids.get(i), label, children, lastFlags);
            lastFlags.remove(lastFlags.size() - 1);
        }
    }
}
