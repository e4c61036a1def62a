package io.updraft.storage;

/**
 * Where a persisted Dataset is kept, as Spark's {@code org.apache.spark.storage.StorageLevel}. Updraft keeps
 * levels that use memory as Arrow IPC in the driver (shipped inside the tasks that read them) and
 * {@link #DISK_ONLY} as Parquet files in a local folder (see the api README); replication and serialization flags
 * are kept for Spark's names only. Immutable.
 */
public final class StorageLevel implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public static final StorageLevel NONE = new StorageLevel("NONE", false, false, false, true, 1);
    public static final StorageLevel DISK_ONLY = new StorageLevel("DISK_ONLY", true, false, false, false, 1);
    public static final StorageLevel DISK_ONLY_2 = new StorageLevel("DISK_ONLY_2", true, false, false, false, 2);
    public static final StorageLevel DISK_ONLY_3 = new StorageLevel("DISK_ONLY_3", true, false, false, false, 3);
    public static final StorageLevel MEMORY_ONLY = new StorageLevel("MEMORY_ONLY", false, true, false, true, 1);
    public static final StorageLevel MEMORY_ONLY_2 = new StorageLevel("MEMORY_ONLY_2", false, true, false, true, 2);
    public static final StorageLevel MEMORY_ONLY_SER = new StorageLevel("MEMORY_ONLY_SER", false, true, false, false,
            1);
    public static final StorageLevel MEMORY_ONLY_SER_2 = new StorageLevel("MEMORY_ONLY_SER_2", false, true, false,
            false, 2);
    public static final StorageLevel MEMORY_AND_DISK = new StorageLevel("MEMORY_AND_DISK", true, true, false, true,
            1);
    public static final StorageLevel MEMORY_AND_DISK_2 = new StorageLevel("MEMORY_AND_DISK_2", true, true, false,
            true, 2);
    public static final StorageLevel MEMORY_AND_DISK_SER = new StorageLevel("MEMORY_AND_DISK_SER", true, true, false,
            false, 1);
    public static final StorageLevel MEMORY_AND_DISK_SER_2 = new StorageLevel("MEMORY_AND_DISK_SER_2", true, true,
            false, false, 2);
    public static final StorageLevel OFF_HEAP = new StorageLevel("OFF_HEAP", true, true, true, false, 1);

    private final String name;
    private final boolean useDisk;
    private final boolean useMemory;
    private final boolean useOffHeap;
    private final boolean deserialized;
    private final int replication;

    private StorageLevel(String name, boolean useDisk, boolean useMemory, boolean useOffHeap, boolean deserialized,
                         int replication) {
        this.name = name;
        this.useDisk = useDisk;
        this.useMemory = useMemory;
        this.useOffHeap = useOffHeap;
        this.deserialized = deserialized;
        this.replication = replication;
    }

    public boolean useDisk() {
        return useDisk;
    }

    public boolean useMemory() {
        return useMemory;
    }

    public boolean useOffHeap() {
        return useOffHeap;
    }

    public boolean deserialized() {
        return deserialized;
    }

    public int replication() {
        return replication;
    }

    public boolean isValid() {
        return (useMemory || useDisk) && replication > 0;
    }

    /** Spark's description, e.g. "Disk Memory Deserialized 1x Replicated". */
    public String description() {
        StringBuilder s = new StringBuilder();
        s.append(useDisk ? "Disk " : "").append(useMemory ? (useOffHeap ? "Memory (off heap) " : "Memory ") : "")
                .append(deserialized ? "Deserialized " : "Serialized ").append(replication).append("x Replicated");
        return s.toString();
    }

    @Override
    public String toString() {
        return "StorageLevel(" + (useDisk ? "disk, " : "") + (useMemory ? "memory, " : "")
                + (useOffHeap ? "offheap, " : "") + (deserialized ? "deserialized, " : "") + replication
                + " replicas)";
    }

    /** The constant's name, as in Spark's {@code StorageLevel.fromString}. */
    public String name() {
        return name;
    }
}
