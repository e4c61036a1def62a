package org.example.gadget;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.concurrent.atomic.AtomicBoolean;

/** A stand-in for a deserialization gadget outside Updraft's packages: reading one flips a flag. */
public final class Gadget implements Serializable {
    public static final AtomicBoolean INSTANTIATED = new AtomicBoolean();

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        INSTANTIATED.set(true);
        in.defaultReadObject();
    }
}
