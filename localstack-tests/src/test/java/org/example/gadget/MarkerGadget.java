package org.example.gadget;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A stand-in for a deserialization gadget, shipped in the test job jar but outside its allow-list: reading one
 * writes the file {@code marker} — so a worker that instantiated it would leave that file behind.
 */
public final class MarkerGadget implements Serializable {
    private final String marker;

    public MarkerGadget(String marker) {
        this.marker = marker;
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        Files.writeString(Path.of(marker), "a MarkerGadget was deserialized");
    }
}
