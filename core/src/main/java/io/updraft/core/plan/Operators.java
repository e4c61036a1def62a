package io.updraft.core.plan;

import java.util.List;

/** Checks shared by the operators' {@code withChildren}. */
final class Operators {
    private Operators() {
    }

    /** The one child of a unary operator. */
    static Operator only(List<Operator> children, Operator parent) {
        if (children.size() != 1) {
            throw new IllegalArgumentException(parent.getClass().getSimpleName() + " has 1 child, got "
                    + children.size());
        }
        return children.get(0);
    }

    /** A leaf rebuilt: itself (it has no children to replace). */
    static Operator leaf(List<Operator> children, Operator leaf) {
        if (!children.isEmpty()) {
            throw new IllegalArgumentException(leaf.getClass().getSimpleName() + " is a leaf, got "
                    + children.size() + " children");
        }
        return leaf;
    }
}
