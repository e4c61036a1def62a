package io.updraft.planner.physical;

import io.updraft.core.expr.Expr;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.value.Casts;
import io.updraft.planner.logical.FileSource;
import io.updraft.planner.optimizer.ConstantEvaluator;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Builds the core {@link FileScan} of a scan: one split per file (the coordinator cuts them further), each with its
 * partition values, and <b>partition pruning</b>: a pushed filter that references partition columns only is
 * evaluated against each file's partition values (folded as constants, as Spark's {@code PruneFileSourcePartitions}
 * does), and files whose values make it false or null are left out. {@code zone} is the session time zone, or null
 * when unknown (then timestamp partition columns do not prune). Stateless.
 */
public final class FileScans {
    private FileScans() {
    }

    public static FileScan build(FileSource source, List<AttributeReference> output,
                                 List<ResolvedExpression> pushedFilters, Expr pruning, ZoneId zone) {
        StructType schema = OperatorBuilder.schema(output);
        StructType partitionSchema = source.partitionSchema();
        StructType dataSchema = source.format().isParquet() ? dataColumns(schema, partitionSchema)
                : source.dataSchema();
        List<ResolvedExpression> partitionFilters = partitionFilters(output, partitionSchema, pushedFilters);
        List<FileSplit> splits = new ArrayList<>();
        int files = source.files().size();
        for (int i = 0; i < files; i++) {
            long bytes = source.fileSizes().isEmpty() ? (files == 0 ? 0 : source.sizeInBytes() / files)
                    : source.fileSizes().get(i);
            List<String> values = source.partitionValues().isEmpty() ? List.of() : source.partitionValues().get(i);
            if (!partitionFilters.isEmpty() && !matches(partitionFilters, output, partitionSchema, values, zone)) {
                continue;
            }
            splits.add(new FileSplit(source.files().get(i), List.of(), bytes, 0, -1, values));
        }
        return new FileScan(splits, source.format(), dataSchema, partitionSchema, schema, pruning);
    }

    private static StructType dataColumns(StructType schema, StructType partitionSchema) {
        if (partitionSchema.size() == 0) {
            return schema;
        }
        List<io.updraft.sql.types.StructField> data = new ArrayList<>();
        for (io.updraft.sql.types.StructField f : schema.fieldList()) {
            if (partitionSchema.indexOf(f.name()) < 0) {
                data.add(f);
            }
        }
        return new StructType(data);
    }

    private static List<ResolvedExpression> partitionFilters(List<AttributeReference> output,
                                                             StructType partitionSchema,
                                                             List<ResolvedExpression> pushed) {
        if (partitionSchema.size() == 0 || pushed.isEmpty()) {
            return List.of();
        }
        java.util.Set<Long> ids = new java.util.HashSet<>();
        for (AttributeReference a : output) {
            if (partitionSchema.indexOf(a.name()) >= 0) {
                ids.add(a.id());
            }
        }
        List<ResolvedExpression> out = new ArrayList<>();
        for (ResolvedExpression f : pushed) {
            if (!Expressions.references(f).isEmpty() && Expressions.referencesOnly(f, ids)) {
                out.add(f);
            }
        }
        return out;
    }

    private static boolean matches(List<ResolvedExpression> filters, List<AttributeReference> output,
                                   StructType partitionSchema, List<String> raw, ZoneId zone) {
        Map<Long, ConstantExpression> constants = new HashMap<>();
        for (AttributeReference a : output) {
            int p = partitionSchema.indexOf(a.name());
            if (p >= 0) {
                String text = raw.get(p);
                if (zone == null && partitionSchema.get(p).dataType() instanceof io.updraft.sql.types.TimestampType) {
                    return true;
                }
                Object value;
                try {
                    value = text == null ? null
                            : Casts.cast(text, DataTypes.StringType, partitionSchema.get(p).dataType(), zone);
                } catch (RuntimeException e) {
                    return true;
                }
                constants.put(a.id(), ConstantExpression.of(a.dataType(), value));
            }
        }
        for (ResolvedExpression f : filters) {
            Optional<Object> result = fold(f, constants, zone);
            if (result.isPresent() && !Boolean.TRUE.equals(result.get())) {
                return false;
            }
        }
        return true;
    }

    /** The filter's value with the partition columns as constants; empty when it does not fold. */
    private static Optional<Object> fold(ResolvedExpression filter, Map<Long, ConstantExpression> constants,
                                         ZoneId zone) {
        try {
            ResolvedExpression folded = Expressions.transformUp(filter, e -> {
                if (e instanceof AttributeReference a && constants.containsKey(a.id())) {
                    return constants.get(a.id());
                }
                return ConstantEvaluator.evaluateStrict(e, zone).<ResolvedExpression>map(c -> c).orElse(e);
            });
            return folded instanceof ConstantExpression c ? Optional.ofNullable(c.value()).or(() -> Optional.of(
                    Boolean.FALSE)) : Optional.empty();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
