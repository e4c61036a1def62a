package io.updraft.shuffle.store;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;

/** The object does not exist. Typed INTERNAL: a shuffle reader treats it as lost output to recompute. */
public class ObjectNotFoundException extends UpdraftException {
    private final String location;

    public ObjectNotFoundException(String location) {
        super(ErrorType.INTERNAL, "Object does not exist: " + location);
        this.location = location;
    }

    public String location() {
        return location;
    }
}
