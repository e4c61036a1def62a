package io.updraft.worker;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Native-image registration: the classes Jackson binds when decoding a TaskSpec and encoding a
 * TaskResult (records, their sealed interfaces and enums, nested members included). A test checks
 * that every class of those core packages is listed, so a new operator cannot be forgotten; the one exception is
 * {@code core.plan.Exchange}, the planner's stage boundary, which is cut before a TaskSpec exists (the test
 * excludes it by name and checks it stays unlisted).
 */
@RegisterForReflection(targets = {
        io.updraft.core.error.AnalysisException.class,
        io.updraft.core.error.ErrorType.class,
        io.updraft.core.error.ParseException.class,
        io.updraft.core.error.ShuffleOutputLostException.class,
        io.updraft.core.error.UpdraftException.class,
        io.updraft.core.expr.And.class,
        io.updraft.core.expr.Arithmetic.class,
        io.updraft.core.expr.ArithmeticOp.class,
        io.updraft.core.expr.CaseWhen.class,
        io.updraft.core.expr.Cast.class,
        io.updraft.core.expr.ColumnRef.class,
        io.updraft.core.expr.CompareOp.class,
        io.updraft.core.expr.Comparison.class,
        io.updraft.core.expr.Expr.class,
        io.updraft.core.expr.In.class,
        io.updraft.core.expr.IsNotNull.class,
        io.updraft.core.expr.IsNull.class,
        io.updraft.core.expr.Literal.class,
        io.updraft.core.expr.Negate.class,
        io.updraft.core.expr.Not.class,
        io.updraft.core.expr.Or.class,
        io.updraft.core.expr.ScalarFunction.class,
        io.updraft.core.plan.AggregateCall.class,
        io.updraft.core.plan.AggregateFunction.class,
        io.updraft.core.plan.AggregateMode.class,
        io.updraft.core.plan.BuildSide.class,
        io.updraft.core.plan.Expand.class,
        io.updraft.core.plan.FileSplit.class,
        io.updraft.core.plan.FileWrite.class,
        io.updraft.core.plan.Filter.class,
        io.updraft.core.plan.FrameBound.class,
        io.updraft.core.plan.FrameType.class,
        io.updraft.core.plan.HashAggregate.class,
        io.updraft.core.plan.InlineBatches.class,
        io.updraft.core.plan.JobPlan.class,
        io.updraft.core.plan.Join.class,
        io.updraft.core.plan.JoinType.class,
        io.updraft.core.plan.Limit.class,
        io.updraft.core.plan.Operator.class,
        io.updraft.core.plan.ParquetScan.class,
        io.updraft.core.plan.Partitioning.class,
        io.updraft.core.plan.Percentiles.class,
        io.updraft.core.plan.Project.class,
        io.updraft.core.plan.ShuffleBlock.class,
        io.updraft.core.plan.ShuffleRead.class,
        io.updraft.core.plan.ShuffleWrite.class,
        io.updraft.core.plan.Sort.class,
        io.updraft.core.plan.SortKey.class,
        io.updraft.core.plan.Stage.class,
        io.updraft.core.plan.StageInput.class,
        io.updraft.core.plan.TopN.class,
        io.updraft.core.plan.Union.class,
        io.updraft.core.plan.Window.class,
        io.updraft.core.plan.WindowCall.class,
        io.updraft.core.plan.WindowFrame.class,
        io.updraft.core.plan.WindowFunction.class,
        io.updraft.core.task.ShuffleOutput.class,
        io.updraft.core.task.TaskCodec.class,
        io.updraft.core.task.TaskMetrics.class,
        io.updraft.core.task.TaskResult.class,
        io.updraft.core.task.TaskSpec.class,
        io.updraft.core.task.TaskStatus.class,
        io.updraft.core.task.WrittenFile.class,
        io.updraft.sql.types.ArrayType.class,
        io.updraft.sql.types.BooleanType.class,
        io.updraft.sql.types.DataType.class,
        io.updraft.sql.types.DataTypes.class,
        io.updraft.sql.types.DateType.class,
        io.updraft.sql.types.DecimalType.class,
        io.updraft.sql.types.DoubleType.class,
        io.updraft.sql.types.IntegerType.class,
        io.updraft.sql.types.LongType.class,
        io.updraft.sql.types.NullType.class,
        io.updraft.sql.types.StringType.class,
        io.updraft.sql.types.StructField.class,
        io.updraft.sql.types.StructType.class,
        io.updraft.sql.types.TimestampType.class
}, ignoreNested = false)
final class NativeRegistration {
    private NativeRegistration() {
    }
}
