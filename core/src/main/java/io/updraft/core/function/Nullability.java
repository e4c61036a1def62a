package io.updraft.core.function;

import java.util.List;

/** When a function's result may be null, given which arguments may be. */
public enum Nullability {
    /** When any argument may be null. */
    ANY_ARGUMENT,
    /** When the first argument may be (concat_ws's separator, size's array). */
    FIRST_ARGUMENT,
    /** Only when every argument may be (coalesce, greatest, least). */
    ALL_ARGUMENTS,
    /** Always: the function returns null for some non-null input too (ln of a negative, an unparsable date). */
    ALWAYS,
    /** Never (named_struct, map: a value for every row). */
    NEVER;

    /** Whether the result may be null; {@code arguments} says, per argument, whether it may be. */
    public boolean nullable(List<Boolean> arguments) {
        return switch (this) {
            case ANY_ARGUMENT -> arguments.contains(Boolean.TRUE);
            case FIRST_ARGUMENT -> !arguments.isEmpty() && arguments.get(0);
            case ALL_ARGUMENTS -> !arguments.contains(Boolean.FALSE);
            case ALWAYS -> true;
            case NEVER -> false;
        };
    }
}
