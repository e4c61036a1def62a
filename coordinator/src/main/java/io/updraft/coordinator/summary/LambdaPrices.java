package io.updraft.coordinator.summary;

/**
 * Prices for the job summary's cost estimate, in US dollars (defaults: AWS us-east-1 list prices, x86 Lambda,
 * S3 Standard; see the README for the sources): Lambda duration per GB-second and requests per million, S3
 * PUT/COPY/POST/LIST and GET/HEAD requests per thousand. {@code lambdaMemoryMb} is the worker function's
 * configured memory: GB-seconds = invocation time × memory. Free tiers are ignored. Immutable.
 */
public record LambdaPrices(double lambdaGbSecondDollars, double lambdaMillionRequestsDollars,
                        double s3ThousandPutsDollars, double s3ThousandGetsDollars, int lambdaMemoryMb) {
    public static final double LAMBDA_GB_SECOND = 0.0000166667;
    /** arm64 (Graviton2) Lambda duration, us-east-1, first 6 billion GB-seconds a month. */
    public static final double LAMBDA_ARM_GB_SECOND = 0.0000133334;
    public static final double LAMBDA_MILLION_REQUESTS = 0.20;
    public static final double S3_THOUSAND_PUTS = 0.005;
    public static final double S3_THOUSAND_GETS = 0.0004;
    public static final int DEFAULT_LAMBDA_MEMORY_MB = 3008;
    public static final LambdaPrices AWS_US_EAST_1 = new LambdaPrices(LAMBDA_GB_SECOND, LAMBDA_MILLION_REQUESTS,
            S3_THOUSAND_PUTS, S3_THOUSAND_GETS, DEFAULT_LAMBDA_MEMORY_MB);

    public LambdaPrices {
        if (lambdaGbSecondDollars < 0 || lambdaMillionRequestsDollars < 0 || s3ThousandPutsDollars < 0
                || s3ThousandGetsDollars < 0) {
            throw new IllegalArgumentException("prices must be >= 0");
        }
        if (lambdaMemoryMb < 128 || lambdaMemoryMb > 10240) {
            throw new IllegalArgumentException("Lambda memory must be 128..10240 MB, was " + lambdaMemoryMb);
        }
    }

    /** GB-seconds of {@code nanos} of invocation time at the configured memory (1 GB = 1024 MB, as AWS bills). */
    public double gbSeconds(long nanos) {
        return nanos / 1e9 * lambdaMemoryMb / 1024.0;
    }

    public double lambdaDurationDollars(double gbSeconds) {
        return gbSeconds * lambdaGbSecondDollars;
    }

    public double lambdaRequestDollars(long invocations) {
        return invocations * lambdaMillionRequestsDollars / 1_000_000.0;
    }

    public double s3RequestDollars(long puts, long gets) {
        return puts * s3ThousandPutsDollars / 1000.0 + gets * s3ThousandGetsDollars / 1000.0;
    }

    public LambdaPrices withLambdaMemoryMb(int memoryMb) {
        return new LambdaPrices(lambdaGbSecondDollars, lambdaMillionRequestsDollars, s3ThousandPutsDollars,
                s3ThousandGetsDollars, memoryMb);
    }
}
