package io.updraft.bench;

import io.updraft.coordinator.summary.LambdaPrices;

import java.util.List;

/**
 * The prices of one deployment the {@link CostModel} prices a query on, in US dollars (us-east-1 list prices; the
 * bench README gives the sources and dates): the Lambda architecture's duration price per GB-second and its
 * requests, the input's S3 Standard range GETs, and the shuffle store's PUTs, GETs and per-GB transfer (S3 Express
 * One Zone charges upload and retrieval for the part of each request above 512 KB; S3 Standard has no per-GB
 * request charge within a region). Storage is not priced: shuffle objects live seconds. Immutable.
 */
public record CostPrices(String architecture, double gbSecondDollars, double millionRequestsDollars,
                         double inputThousandGetsDollars, String shuffleStore, double shuffleThousandPutsDollars,
                         double shuffleThousandGetsDollars, double shuffleUploadGbDollars,
                         double shuffleRetrievalGbDollars) {
    /** S3 Express One Zone, us-east-1, after the price reduction of 2025-04-10. */
    public static final double EXPRESS_THOUSAND_PUTS = 0.00113;
    public static final double EXPRESS_THOUSAND_GETS = 0.00003;
    public static final double EXPRESS_UPLOAD_GB = 0.0032;
    public static final double EXPRESS_RETRIEVAL_GB = 0.0006;
    /** The part of an S3 Express request that is free of the per-GB charges. */
    public static final long EXPRESS_FREE_BYTES_PER_REQUEST = 512 * 1024;

    public static final CostPrices X86_S3 = standard("x86_64", LambdaPrices.LAMBDA_GB_SECOND);
    public static final CostPrices ARM_S3 = standard("arm64", LambdaPrices.LAMBDA_ARM_GB_SECOND);
    public static final CostPrices X86_EXPRESS = express("x86_64", LambdaPrices.LAMBDA_GB_SECOND);
    public static final CostPrices ARM_EXPRESS = express("arm64", LambdaPrices.LAMBDA_ARM_GB_SECOND);
    /** The four deployments the bench prints. */
    public static final List<CostPrices> ALL = List.of(X86_S3, ARM_S3, X86_EXPRESS, ARM_EXPRESS);

    public CostPrices {
        if (gbSecondDollars < 0 || millionRequestsDollars < 0 || inputThousandGetsDollars < 0
                || shuffleThousandPutsDollars < 0 || shuffleThousandGetsDollars < 0 || shuffleUploadGbDollars < 0
                || shuffleRetrievalGbDollars < 0) {
            throw new IllegalArgumentException("prices must be >= 0");
        }
    }

    private static CostPrices standard(String architecture, double gbSecond) {
        return new CostPrices(architecture, gbSecond, LambdaPrices.LAMBDA_MILLION_REQUESTS,
                LambdaPrices.S3_THOUSAND_GETS, "S3 Standard", LambdaPrices.S3_THOUSAND_PUTS,
                LambdaPrices.S3_THOUSAND_GETS, 0, 0);
    }

    private static CostPrices express(String architecture, double gbSecond) {
        return new CostPrices(architecture, gbSecond, LambdaPrices.LAMBDA_MILLION_REQUESTS,
                LambdaPrices.S3_THOUSAND_GETS, "S3 Express One Zone", EXPRESS_THOUSAND_PUTS, EXPRESS_THOUSAND_GETS,
                EXPRESS_UPLOAD_GB, EXPRESS_RETRIEVAL_GB);
    }

    public boolean expressShuffle() {
        return shuffleUploadGbDollars > 0 || shuffleRetrievalGbDollars > 0;
    }

    /** "arm64 + S3 Express One Zone". */
    public String label() {
        return architecture + " + " + shuffleStore;
    }
}
