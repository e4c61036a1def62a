package io.updraft.planner.analysis;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.BetweenExpr;
import io.updraft.planner.expr.BinaryArithmetic;
import io.updraft.planner.expr.BinaryComparison;
import io.updraft.planner.expr.CaseWhenExpr;
import io.updraft.planner.expr.CastExpr;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.UserFunctionCall;
import io.updraft.planner.expr.UserFunctionDefinition;
import io.updraft.planner.expr.InList;
import io.updraft.planner.expr.IsNotNullExpr;
import io.updraft.planner.expr.IsNullExpr;
import io.updraft.planner.expr.LiteralValue;
import io.updraft.planner.expr.LogicalAnd;
import io.updraft.planner.expr.LogicalNot;
import io.updraft.planner.expr.LogicalOr;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.expr.UnaryMinus;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.planner.expr.WindowExpr;
import io.updraft.core.plan.WindowFrame;
import io.updraft.planner.expr.ScalarSubquery;
import io.updraft.planner.expr.InSubquery;
import io.updraft.planner.expr.Exists;
import io.updraft.planner.expr.GroupingSets;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ExistsExpression;
import io.updraft.planner.resolved.expr.GroupingExpression;
import io.updraft.planner.resolved.expr.InSubqueryExpression;
import io.updraft.planner.resolved.expr.OuterReference;
import io.updraft.planner.resolved.expr.ScalarSubqueryExpression;
import io.updraft.planner.resolved.expr.SortOrder;
import io.updraft.planner.resolved.expr.WindowExpression;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AndExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.CaseWhenExpression;
import io.updraft.planner.resolved.expr.CastExpression;
import io.updraft.planner.resolved.expr.Casts;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.InExpression;
import io.updraft.planner.resolved.expr.IsNotNullExpression;
import io.updraft.planner.resolved.expr.IsNullExpression;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.NegateExpression;
import io.updraft.planner.resolved.expr.NotExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StringType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Resolves unresolved expressions against a {@link Scope}: names to attributes, functions to typed
 * calls, with Spark's implicit casts. Aggregate calls are accepted anywhere; callers decide where they
 * are allowed. Not thread-safe (shares the analysis' id generator).
 */
final class ExpressionResolver {
    /** Resolves a subquery's plan with {@code outer} as the scope its correlated columns resolve in. */
    interface SubqueryResolver {
        ResolvedPlan resolve(LogicalPlan plan, Scope outer);
    }

    private final ExprIdGenerator ids;
    private final SubqueryResolver subqueries;
    private final UserFunctions userFunctions;

    ExpressionResolver(ExprIdGenerator ids, SubqueryResolver subqueries) {
        this(ids, subqueries, UserFunctions.NONE);
    }

    ExpressionResolver(ExprIdGenerator ids, SubqueryResolver subqueries, UserFunctions userFunctions) {
        this.ids = ids;
        this.subqueries = subqueries;
        this.userFunctions = userFunctions;
    }

    ExprIdGenerator ids() {
        return ids;
    }

    ResolvedExpression resolve(Expression e, Scope scope) {
        return resolve(e, scope, false);
    }

    /**
     * A select-list entry as a named column: a bare column stays the attribute, an alias keeps its name,
     * anything else is named by its pretty SQL, as Spark's generated column names.
     */
    NamedExpression resolveNamed(Expression e, Scope scope) {
        if (e instanceof Alias alias) {
            return new AliasExpression(resolve(alias.child(), scope), alias.name(), ids.next());
        }
        ResolvedExpression r = resolve(e, scope);
        if (r instanceof AttributeReference a && (e instanceof UnresolvedAttribute || e instanceof SortOrderExpr)) {
            return a;
        }
        String name = ExpressionPrinter.pretty(r);
        if (e instanceof FunctionCall f) {
            name = FunctionRegistry.displayName(f, name);
        }
        return new AliasExpression(r, name, ids.next());
    }

    /** Resolves a select list, expanding {@code *} and {@code t.*} to the scope's primary columns. */
    List<NamedExpression> resolveNamedList(List<Expression> list, Scope scope) {
        List<NamedExpression> out = new ArrayList<>();
        for (Expression e : list) {
            if (e instanceof UnresolvedStar star) {
                out.addAll(expandStar(star, scope.primary()));
            } else {
                out.add(resolveNamed(e, scope));
            }
        }
        return out;
    }

    static List<AttributeReference> expandStar(UnresolvedStar star, List<AttributeReference> input) {
        if (star.qualifier() == null) {
            return input;
        }
        List<String> wanted = Arrays.asList(star.qualifier().split("\\."));
        List<AttributeReference> out = new ArrayList<>();
        for (AttributeReference a : input) {
            List<String> q = a.qualifier();
            if (q.size() >= wanted.size()) {
                boolean match = true;
                for (int i = 0; i < wanted.size(); i++) {
                    match &= wanted.get(i).equalsIgnoreCase(q.get(q.size() - wanted.size() + i));
                }
                if (match) {
                    out.add(a);
                }
            }
        }
        if (out.isEmpty()) {
            throw AnalysisErrors.cannotResolveStar(star.qualifier(), input);
        }
        return out;
    }

    private ResolvedExpression resolve(Expression e, Scope scope, boolean insideAggregate) {
        return switch (e) {
            case UnresolvedAttribute a -> attribute(a.nameParts(), scope);
            case UnresolvedStar s -> throw AnalysisErrors.invalidStar("the expression " + AnalysisErrors.quoteExpr(s.sql()));
            case LiteralValue l -> new ConstantExpression(l.literal());
            case Alias a -> resolve(a.child(), scope, insideAggregate);
            case io.updraft.planner.expr.MultiAlias a -> throw new io.updraft.core.error.AnalysisException(
                    "MULTI_ALIAS_WITHOUT_GENERATOR", "42K0E", "Multi part aliasing (" + String.join(", ", a.names())
                    + ") is not supported with " + AnalysisErrors.quoteExpr(a.child().sql())
                    + " as it is not a generator function.");
            case SortOrderExpr s -> resolve(s.child(), scope, insideAggregate);
            case BinaryArithmetic b -> TypeCoercion.arithmetic(b.op(), resolve(b.left(), scope, insideAggregate),
                    resolve(b.right(), scope, insideAggregate));
            case BinaryComparison c -> TypeCoercion.comparison(c.op(), resolve(c.left(), scope, insideAggregate),
                    resolve(c.right(), scope, insideAggregate));
            case LogicalAnd a -> {
                ResolvedExpression l = resolve(a.left(), scope, insideAggregate);
                ResolvedExpression r = resolve(a.right(), scope, insideAggregate);
                String sql = ExpressionPrinter.pretty(new AndExpression(l, r));
                yield new AndExpression(bool(l, sql, 1), bool(r, sql, 2));
            }
            case LogicalOr o -> {
                ResolvedExpression l = resolve(o.left(), scope, insideAggregate);
                ResolvedExpression r = resolve(o.right(), scope, insideAggregate);
                String sql = ExpressionPrinter.pretty(new OrExpression(l, r));
                yield new OrExpression(bool(l, sql, 1), bool(r, sql, 2));
            }
            case LogicalNot n -> {
                ResolvedExpression c = resolve(n.child(), scope, insideAggregate);
                yield new NotExpression(bool(c, ExpressionPrinter.pretty(new NotExpression(c)), 1));
            }
            case IsNullExpr n -> new IsNullExpression(resolve(n.child(), scope, insideAggregate));
            case IsNotNullExpr n -> new IsNotNullExpression(resolve(n.child(), scope, insideAggregate));
            case UnaryMinus m -> negate(resolve(m.child(), scope, insideAggregate));
            case CastExpr c -> {
                ResolvedExpression child = resolve(c.child(), scope, insideAggregate);
                CastExpression cast = new CastExpression(child, c.type(), true);
                if (!Casts.canCast(child.dataType(), c.type())) {
                    throw AnalysisErrors.castWithoutSuggestion(ExpressionPrinter.pretty(cast), child.dataType(), c.type());
                }
                yield cast;
            }
            case InList in -> in(in, scope, insideAggregate);
            case BetweenExpr b -> {
                ResolvedExpression value = resolve(b.value(), scope, insideAggregate);
                ResolvedExpression low = resolve(b.low(), scope, insideAggregate);
                ResolvedExpression high = resolve(b.high(), scope, insideAggregate);
                yield new AndExpression(TypeCoercion.comparison(CompareOp.GREATER_THAN_OR_EQUAL, value, low),
                        TypeCoercion.comparison(CompareOp.LESS_THAN_OR_EQUAL, value, high));
            }
            case CaseWhenExpr c -> caseWhen(c, scope, insideAggregate);
            case FunctionCall f -> function(f, scope, insideAggregate);
            case WindowExpr w -> window(w, scope, insideAggregate);
            case ScalarSubquery s -> {
                ResolvedPlan plan = subqueries.resolve(s.plan(), scope);
                if (plan.output().size() != 1) {
                    throw AnalysisErrors.scalarSubqueryColumns(plan.output().size());
                }
                yield new ScalarSubqueryExpression(plan);
            }
            case Exists x -> new ExistsExpression(subqueries.resolve(x.plan(), scope));
            case InSubquery in -> inSubquery(in, scope, insideAggregate);
            case GroupingSets g -> throw AnalysisErrors.unsupported(g.sql() + " outside GROUP BY");
            case UserFunctionCall u -> UserFunctionResolver.resolve(u.definition(),
                    userArguments(u, scope, insideAggregate), insideAggregate, u.distinct());
        };
    }

    /**
     * A name in this scope, else a column of this scope followed by struct field names ({@code s.a.b}, the
     * longest column name first, as Spark), else in an enclosing query's scope (an outer reference), else an error.
     */
    private static ResolvedExpression attribute(List<String> nameParts, Scope scope) {
        Optional<AttributeReference> local = scope.tryResolve(nameParts);
        if (local.isPresent()) {
            return local.get();
        }
        for (int k = nameParts.size() - 1; k >= 1; k--) {
            Optional<AttributeReference> column = scope.tryResolve(nameParts.subList(0, k));
            if (column.isPresent() && column.get().dataType() instanceof io.updraft.sql.types.StructType) {
                ResolvedExpression e = column.get();
                for (String field : nameParts.subList(k, nameParts.size())) {
                    ResolvedExpression struct = e;
                    e = NestedFunctionResolver.field(struct, field).orElseThrow(() -> AnalysisErrors.unresolvedColumn(
                            nameParts, scope.primary()));
                }
                return e;
            }
        }
        for (Scope outer = scope.outer(); outer != null; outer = outer.outer()) {
            Optional<AttributeReference> found = outer.tryResolve(nameParts);
            if (found.isPresent()) {
                return new OuterReference(found.get());
            }
        }
        throw AnalysisErrors.unresolvedColumn(nameParts, scope.primary());
    }

    static ResolvedExpression bool(ResolvedExpression e, String parentSql, int paramIndex) {
        if (e.dataType() instanceof BooleanType) {
            return e;
        }
        if (e.dataType() instanceof NullType) {
            return TypeCoercion.cast(e, DataTypes.BooleanType);
        }
        throw AnalysisErrors.unexpectedInputType(parentSql, paramIndex, "\"BOOLEAN\"", ExpressionPrinter.pretty(e),
                e.dataType());
    }

    private static ResolvedExpression negate(ResolvedExpression child) {
        DataType t = child.dataType();
        if (t instanceof StringType || t instanceof NullType) {
            return new NegateExpression(TypeCoercion.cast(child, DataTypes.DoubleType));
        }
        if (!t.isNumeric()) {
            throw AnalysisErrors.unexpectedInputType(ExpressionPrinter.pretty(new NegateExpression(child)), 1,
                    "(\"NUMERIC\" or \"INTERVAL DAY TO SECOND\" or \"INTERVAL YEAR TO MONTH\")",
                    ExpressionPrinter.pretty(child), t);
        }
        return new NegateExpression(child);
    }

    private ResolvedExpression in(InList in, Scope scope, boolean insideAggregate) {
        ResolvedExpression value = resolve(in.value(), scope, insideAggregate);
        List<ResolvedExpression> list = new ArrayList<>();
        for (Expression item : in.list()) {
            list.add(resolve(item, scope, insideAggregate));
        }
        List<DataType> types = new ArrayList<>();
        types.add(value.dataType());
        list.forEach(x -> types.add(x.dataType()));
        if (types.stream().distinct().count() == 1) {
            return new InExpression(value, list);
        }
        Optional<DataType> common = TypeCoercion.widerCommonType(types);
        if (common.isEmpty()) {
            throw AnalysisErrors.dataDiffTypes(ExpressionPrinter.pretty(new InExpression(value, list)), "in", types);
        }
        DataType t = common.get();
        return new InExpression(TypeCoercion.cast(value, t), list.stream().map(x -> TypeCoercion.cast(x, t)).toList());
    }

    /**
     * {@code values IN (subquery)}: each value and the subquery column at its position are coerced to a common
     * type as an equality would be; the subquery gets a projection when its columns need a cast.
     */
    private ResolvedExpression inSubquery(InSubquery in, Scope scope, boolean insideAggregate) {
        List<ResolvedExpression> values = new ArrayList<>();
        for (Expression v : in.values()) {
            values.add(resolve(v, scope, insideAggregate));
        }
        ResolvedPlan plan = subqueries.resolve(in.plan(), scope);
        List<AttributeReference> columns = plan.output();
        if (columns.size() != values.size()) {
            throw AnalysisErrors.inSubqueryLengthMismatch(values, columns);
        }
        List<ResolvedExpression> typedValues = new ArrayList<>();
        List<NamedExpression> projection = new ArrayList<>();
        boolean cast = false;
        for (int i = 0; i < values.size(); i++) {
            ComparisonExpression eq = (ComparisonExpression) TypeCoercion.comparison(CompareOp.EQUAL, values.get(i),
                    columns.get(i));
            typedValues.add(eq.left());
            if (eq.right() == columns.get(i)) {
                projection.add(columns.get(i));
            } else {
                cast = true;
                projection.add(new AliasExpression(eq.right(), columns.get(i).name(), ids.next()));
            }
        }
        return new InSubqueryExpression(typedValues, cast ? new ProjectNode(plan, projection) : plan);
    }

    private ResolvedExpression caseWhen(CaseWhenExpr c, Scope scope, boolean insideAggregate) {
        List<ResolvedExpression> conditions = new ArrayList<>();
        List<ResolvedExpression> values = new ArrayList<>();
        for (int i = 0; i < c.conditions().size(); i++) {
            conditions.add(resolve(c.conditions().get(i), scope, insideAggregate));
            values.add(resolve(c.values().get(i), scope, insideAggregate));
        }
        ResolvedExpression elseValue = c.elseValue() == null ? null : resolve(c.elseValue(), scope, insideAggregate);
        return caseWhen(conditions, values, elseValue);
    }

    /** Types CASE WHEN with Spark's common type of the branch values. */
    static ResolvedExpression caseWhen(List<ResolvedExpression> conditions, List<ResolvedExpression> values,
                                       ResolvedExpression elseValue) {
        List<DataType> types = new ArrayList<>(values.stream().map(ResolvedExpression::dataType).toList());
        if (elseValue != null) {
            types.add(elseValue.dataType());
        }
        Optional<DataType> common = TypeCoercion.widerCommonType(types);
        DataType placeholderType = common.orElse(types.get(0));
        String sql = ExpressionPrinter.pretty(new CaseWhenExpression(conditions, values, elseValue, placeholderType));
        if (common.isEmpty()) {
            throw AnalysisErrors.dataDiffTypes(sql, "casewhen", types);
        }
        DataType t = common.get();
        List<ResolvedExpression> typedConditions = new ArrayList<>();
        for (int i = 0; i < conditions.size(); i++) {
            typedConditions.add(bool(conditions.get(i), sql, 2 * i + 1));
        }
        return new CaseWhenExpression(typedConditions, values.stream().map(v -> TypeCoercion.cast(v, t)).toList(),
                elseValue == null ? null : TypeCoercion.cast(elseValue, t), t);
    }

    private List<ResolvedExpression> arguments(FunctionCall f, Scope scope, boolean insideAggregate) {
        List<ResolvedExpression> args = new ArrayList<>();
        for (Expression a : f.arguments()) {
            if (a instanceof UnresolvedStar) {
                throw AnalysisErrors.invalidStar("the function " + AnalysisErrors.quoteId(f.name()));
            }
            if (a instanceof FunctionCall array && array.name().equals("array") && args.size() == 1
                    && FunctionRegistry.takesPercentages(f.name())) {
                // percentile(x, array(0.25, 0.75)): an array of constants, read as the aggregate's parameter
                List<ResolvedExpression> elements = new ArrayList<>();
                for (Expression e : array.arguments()) {
                    elements.add(resolve(e, scope, insideAggregate));
                }
                args.add(new ScalarFunctionExpression("array", elements,
                        new ArrayType(io.updraft.sql.types.DataTypes.DoubleType, false), false));
                continue;
            }
            args.add(resolve(a, scope, insideAggregate));
        }
        return args;
    }

    private List<ResolvedExpression> resolveArguments(String function, List<Expression> arguments, Scope scope,
                                                      boolean insideAggregate) {
        List<ResolvedExpression> args = new ArrayList<>();
        for (Expression a : arguments) {
            if (a instanceof UnresolvedStar) {
                throw AnalysisErrors.invalidStar("the function " + AnalysisErrors.quoteId(function));
            }
            args.add(resolve(a, scope, insideAggregate));
        }
        return args;
    }

    /** A user function's arguments; {@code *} (an unbound {@code Aggregator.toColumn()}) is every column. */
    private List<ResolvedExpression> userArguments(UserFunctionCall u, Scope scope, boolean insideAggregate) {
        List<ResolvedExpression> args = new ArrayList<>();
        for (Expression a : u.arguments()) {
            if (a instanceof UnresolvedStar star) {
                args.addAll(expandStar(star, scope.primary()));
            } else {
                args.add(resolve(a, scope, insideAggregate));
            }
        }
        return args;
    }

    private ResolvedExpression function(FunctionCall f, Scope scope, boolean insideAggregate) {
        String name = f.name();
        Optional<UserFunctionDefinition> user = userFunctions.lookup(name);
        if (user.isPresent()) {
            boolean aggregate = user.get().kind() != UserFunctionDefinition.Kind.SCALAR;
            if (!aggregate && f.distinct()) {
                throw AnalysisErrors.unsupported("DISTINCT in the non-aggregate function " + AnalysisErrors.quoteId(name));
            }
            if (!aggregate && f.filter() != null) {
                throw AnalysisErrors.filterOnNonAggregate(name);
            }
            ResolvedExpression call = UserFunctionResolver.resolve(user.get(),
                    resolveArguments(name, f.arguments(), scope, insideAggregate), insideAggregate, f.distinct());
            if (f.filter() == null) {
                return call;
            }
            // as a built-in aggregate's FILTER (WHERE ...): only rows where it is true reach the user's update
            AggregateFunctionExpression a = (AggregateFunctionExpression) call;
            ResolvedExpression filter = resolve(f.filter(), scope, true);
            return a.withFilter(bool(filter, ExpressionPrinter.pretty(a.withFilter(filter)), 2));
        }
        if (FunctionRegistry.isAggregate(name)) {
            if (insideAggregate) {
                throw AnalysisErrors.nestedAggregate();
            }
            AggregateFunctionExpression call = aggregateCall(f, scope);
            if (f.filter() == null) {
                return call;
            }
            ResolvedExpression filter = resolve(f.filter(), scope, true);
            return call.withFilter(bool(filter, ExpressionPrinter.pretty(call.withFilter(filter)), 2));
        }
        if (f.filter() != null) {
            throw AnalysisErrors.filterOnNonAggregate(name);
        }
        if (GeneratorAnalysis.isGenerator(name)) {
            throw new io.updraft.core.error.AnalysisException("UNSUPPORTED_GENERATOR.OUTSIDE_SELECT", "42K0E",
                    "The generator is not supported: outside the SELECT clause, found: " + f.sql() + ".");
        }
        if (WindowFunctions.isWindowOnly(name)) {
            throw AnalysisErrors.windowFunctionWithoutOver(f.sql());
        }
        if (f.distinct()) {
            throw AnalysisErrors.unsupported("DISTINCT in the non-aggregate function " + AnalysisErrors.quoteId(name));
        }
        List<ResolvedExpression> args = arguments(f, scope, insideAggregate);
        if (name.equals("grouping") || name.equals("grouping_id")) {
            if (name.equals("grouping") && args.size() != 1) {
                throw AnalysisErrors.wrongNumArgs(name, "1", args.size());
            }
            return new GroupingExpression(args, name.equals("grouping_id"));
        }
        String sql = name + "(" + String.join(", ", args.stream().map(ExpressionPrinter::pretty).toList()) + ")";
        return FunctionRegistry.scalar(name, args, sql);
    }

    /** An aggregate call (count(*) has no argument), without its FILTER clause. */
    private AggregateFunctionExpression aggregateCall(FunctionCall f, Scope scope) {
        String name = f.name();
        boolean countStar = name.equals("count") && f.arguments().size() == 1
                && f.arguments().get(0) instanceof UnresolvedStar s && s.qualifier() == null;
        List<ResolvedExpression> args = countStar ? List.of() : arguments(f, scope, true);
        String sql = name + "(" + (f.distinct() ? "DISTINCT " : "")
                + (countStar ? "1" : String.join(", ", args.stream().map(ExpressionPrinter::pretty).toList())) + ")";
        return FunctionRegistry.aggregate(name, f.distinct(), args, sql);
    }

    /** {@code function OVER (...)}: a window-only function or an aggregate, with Spark's default frame. */
    private ResolvedExpression window(WindowExpr w, Scope scope, boolean insideAggregate) {
        if (insideAggregate) {
            throw AnalysisErrors.windowInsideAggregate();
        }
        boolean userAggregate = w.function() instanceof UserFunctionCall u
                && u.definition().kind() != UserFunctionDefinition.Kind.SCALAR;
        if (!(w.function() instanceof FunctionCall f) && !userAggregate) {
            throw AnalysisErrors.unsupported("the window function " + w.function().sql()
                    + " (only function calls can be computed over a window)");
        }
        List<ResolvedExpression> partition = new ArrayList<>();
        for (Expression p : w.partitionBy()) {
            partition.add(resolve(p, scope, false));
        }
        List<SortOrder> order = new ArrayList<>();
        for (SortOrderExpr o : w.orderBy()) {
            order.add(new SortOrder(resolve(o.child(), scope, false), o.ascending(), o.nullsFirst()));
        }
        ResolvedExpression function;
        if (w.function() instanceof UserFunctionCall u) {
            // an Aggregator's udaf or a UserDefinedAggregateFunction from the Column API: agg.apply(cols).over(w)
            function = UserFunctionResolver.resolve(u.definition(), userArguments(u, scope, false), false,
                    u.distinct());
            WindowFrame frame = WindowFunctions.frame(function, w.frame(), order, w.sql());
            WindowExpression window = new WindowExpression(function, partition, order, frame);
            if (u.distinct()) {
                // Spark 4.2 names the whole window expression: "f(DISTINCT x) OVER (ORDER BY ... RANGE ...)"
                throw AnalysisErrors.distinctWindowFunction(ExpressionPrinter.pretty(window));
            }
            return window;
        }
        FunctionCall f = (FunctionCall) w.function();
        if (WindowFunctions.isWindowOnly(f.name())) {
            if (f.distinct() || f.filter() != null) {
                throw AnalysisErrors.unsupported("DISTINCT or FILTER in the window function " + f.sql());
            }
            function = WindowFunctions.resolve(f.name(), arguments(f, scope, false), order, f.sql());
        } else if (userFunctions.lookup(f.name()).filter(d -> d.kind() != UserFunctionDefinition.Kind.SCALAR)
                .isPresent()) {
            if (f.distinct()) {
                throw AnalysisErrors.distinctWindowFunction(f.sql());
            }
            AggregateFunctionExpression call = (AggregateFunctionExpression) UserFunctionResolver.resolve(
                    userFunctions.lookup(f.name()).orElseThrow(), resolveArguments(f.name(), f.arguments(), scope,
                            false), false);
            function = f.filter() == null ? call
                    : call.withFilter(bool(resolve(f.filter(), scope, false), f.sql(), 2));
        } else if (FunctionRegistry.isAggregate(f.name())) {
            if (f.distinct()) {
                throw AnalysisErrors.distinctWindowFunction(f.sql());
            }
            function = aggregateCallOverWindow(f, scope);
        } else {
            throw AnalysisErrors.notAWindowFunction(f.name());
        }
        WindowFrame frame = WindowFunctions.frame(function, w.frame(), order, w.sql());
        return new WindowExpression(function, partition, order, frame);
    }

    /** An aggregate computed over a window: its arguments may use group aggregates (not nested ones). */
    private ResolvedExpression aggregateCallOverWindow(FunctionCall f, Scope scope) {
        String name = f.name();
        boolean countStar = name.equals("count") && f.arguments().size() == 1
                && f.arguments().get(0) instanceof UnresolvedStar s && s.qualifier() == null;
        List<ResolvedExpression> args = countStar ? List.of() : arguments(f, scope, false);
        String sql = name + "(" + (countStar ? "1"
                : String.join(", ", args.stream().map(ExpressionPrinter::pretty).toList())) + ")";
        AggregateFunctionExpression call = FunctionRegistry.aggregate(name, false, args, sql);
        WindowFunctions.checkWindowAggregate(call, sql);
        if (f.filter() == null) {
            return call;
        }
        ResolvedExpression filter = resolve(f.filter(), scope, false);
        return call.withFilter(bool(filter, sql, 2));
    }
}
