package io.updraft.sql.types;

/** Exact decimal with {@code precision} digits, {@code scale} of them after the point; precision at most 38. */
public record DecimalType(int precision, int scale) implements DataType {
    public static final int MAX_PRECISION = 38;
    public static final int MAX_SCALE = 38;
    /** The type of {@code cast(x as decimal)}: decimal(10,0), as in Spark. */
    public static final DecimalType SYSTEM_DEFAULT_USER = new DecimalType(10, 0);

    public DecimalType {
        if (precision < 1 || precision > MAX_PRECISION) {
            throw new IllegalArgumentException("decimal precision " + precision + " is outside 1.." + MAX_PRECISION);
        }
        if (scale < 0 || scale > precision) {
            throw new IllegalArgumentException("decimal scale " + scale + " is outside 0.." + precision);
        }
    }

    /**
     * Spark's {@code DecimalType.adjustPrecisionScale} (allowPrecisionLoss = true): caps precision at 38,
     * keeping the integral digits and at least min(scale, 6) fractional digits.
     */
    public static DecimalType bounded(int precision, int scale) {
        if (precision <= MAX_PRECISION) {
            return new DecimalType(precision, scale);
        }
        int intDigits = precision - scale;
        int minScale = Math.min(scale, 6);
        int adjustedScale = Math.max(MAX_PRECISION - intDigits, minScale);
        return new DecimalType(MAX_PRECISION, adjustedScale);
    }

    @Override
    public String simpleString() {
        return "decimal(" + precision + "," + scale + ")";
    }

    @Override
    public String typeName() {
        return simpleString();
    }

    @Override
    public String toString() {
        return "DecimalType(" + precision + "," + scale + ")";
    }
}
