package io.updraft.engine.file;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.value.Casts;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;

import java.time.ZoneId;
import java.util.List;

/**
 * The typed values of a split's Hive-style partition columns: each raw value (as written in the folder name,
 * already unescaped; null = {@code __HIVE_DEFAULT_PARTITION__}) cast from string to its column's type, as Spark casts
 * partition values. A value that does not cast is a USER error naming the file. Stateless.
 */
public final class PartitionValues {
    private PartitionValues() {
    }

    public static Object[] typed(FileSplit split, StructType partitionSchema, ZoneId zone) {
        List<String> raw = split.partitionValues();
        if (raw.size() != partitionSchema.size()) {
            throw new UpdraftException(io.updraft.core.error.ErrorType.INTERNAL, "split of " + split.path() + " has "
                    + raw.size() + " partition values but the scan has " + partitionSchema.size() + " columns");
        }
        Object[] out = new Object[raw.size()];
        for (int i = 0; i < out.length; i++) {
            String text = raw.get(i);
            if (text == null) {
                continue;
            }
            try {
                out[i] = Casts.cast(text, DataTypes.StringType, partitionSchema.get(i).dataType(), zone);
            } catch (RuntimeException e) {
                throw UpdraftException.user("The partition value '" + text + "' of column "
                        + partitionSchema.get(i).name() + " in the path " + split.path() + " is not a valid "
                        + partitionSchema.get(i).dataType().simpleString() + ": " + e.getMessage(), e);
            }
        }
        return out;
    }
}
