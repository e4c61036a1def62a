package io.updraft.core.function;

import io.updraft.core.function.FunctionSignature.Kind;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import static io.updraft.core.function.ArgumentTypes.fixed;
import static io.updraft.core.function.Arity.atLeast;
import static io.updraft.core.function.Arity.between;
import static io.updraft.core.function.Arity.exactly;
import static io.updraft.core.function.FunctionSignature.engine;
import static io.updraft.core.function.FunctionSignature.rewritten;

/**
 * The one list of Spark's scalar functions Updraft knows: the planner's analyzer resolves names, checks argument
 * counts and types and infers result types from it; the engine binds every entry with a kernel to its
 * implementation by canonical name. A name not listed is Spark's UNRESOLVED_ROUTINE. Immutable.
 */
public final class FunctionCatalog {
    private static final DataType STRING = DataTypes.StringType;
    private static final DataType INT = DataTypes.IntegerType;
    private static final DataType DOUBLE = DataTypes.DoubleType;
    private static final DataType BOOLEAN = DataTypes.BooleanType;
    private static final DataType DATE = DataTypes.DateType;
    private static final DataType TIMESTAMP = DataTypes.TimestampType;
    private static final ResultType TO_STRING = new ResultType.Fixed(STRING);
    private static final ResultType TO_INT = new ResultType.Fixed(INT);
    private static final ResultType TO_DOUBLE = new ResultType.Fixed(DOUBLE);
    private static final ResultType TO_BOOLEAN = new ResultType.Fixed(BOOLEAN);
    private static final ResultType TO_DATE = new ResultType.Fixed(DATE);
    private static final ResultType AS_REWRITTEN = new ResultType.AsRewritten();
    private static final ArgumentTypes ANY = new ArgumentTypes.AsRewritten();

    /** Every function, in the order of the planner README's table. */
    public static final List<FunctionSignature> FUNCTIONS = List.copyOf(functions());

    private static final Map<String, FunctionSignature> BY_NAME = byName(FUNCTIONS);

    private FunctionCatalog() {
    }

    /** The function called {@code name} (canonical or alias, any case), if there is one. */
    public static Optional<FunctionSignature> lookup(String name) {
        return Optional.ofNullable(BY_NAME.get(name.toLowerCase(Locale.ROOT)));
    }

    /** Every name (canonical names and aliases), in catalog order. */
    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    private static Map<String, FunctionSignature> byName(List<FunctionSignature> functions) {
        Map<String, FunctionSignature> map = new LinkedHashMap<>();
        for (FunctionSignature f : functions) {
            for (String name : f.names()) {
                if (!name.equals(name.toLowerCase(Locale.ROOT)) || map.put(name, f) != null) {
                    throw new IllegalStateException("function name " + name + " is not lower case or listed twice");
                }
            }
        }
        return Collections.unmodifiableMap(map);
    }

    private static List<FunctionSignature> functions() {
        List<FunctionSignature> f = new ArrayList<>();
        strings(f);
        math(f);
        dateTime(f);
        arrays(f);
        structsAndMaps(f);
        rewrittenByTheAnalyzer(f);
        return f;
    }

    private static void strings(List<FunctionSignature> f) {
        f.add(engine("upper", exactly(1), fixed(STRING), TO_STRING, "(string) → string").withAliases("ucase"));
        f.add(engine("lower", exactly(1), fixed(STRING), TO_STRING, "(string) → string").withAliases("lcase"));
        f.add(engine("trim", exactly(1), fixed(STRING), TO_STRING, "(string) → string; removes spaces"));
        f.add(engine("ltrim", exactly(1), fixed(STRING), TO_STRING, "(string) → string"));
        f.add(engine("rtrim", exactly(1), fixed(STRING), TO_STRING, "(string) → string"));
        f.add(engine("reverse", exactly(1), fixed(STRING), TO_STRING, "(string) → string"));
        f.add(engine("initcap", exactly(1), fixed(STRING), TO_STRING, "(string) → string"));
        f.add(engine("length", exactly(1), fixed(STRING), TO_INT, "(string) → int, characters")
                .withAliases("char_length", "character_length"));
        f.add(engine("substring", between(2, 3), fixed(STRING, INT, INT), TO_STRING,
                "(string, int pos[, int len]) → string; 1-based, negative pos counts from the end; len defaults to "
                + "2147483647 (printed so, as Spark)").withDefaults(Integer.MAX_VALUE).withAliases("substr"));
        f.add(engine("concat", atLeast(0), new ArgumentTypes.Repeated(STRING), TO_STRING, "(string...) → string"));
        f.add(engine("concat_ws", atLeast(1), new ArgumentTypes.Repeated(STRING), TO_STRING,
                "(string sep, string...) → string; null arguments skipped, null only if sep is")
                .withNullability(Nullability.FIRST_ARGUMENT).nullTolerant());
        f.add(engine("lpad", between(2, 3), fixed(STRING, INT, STRING), TO_STRING,
                "(string, int len, string pad) → string; pad defaults to a space").withDefaults(" "));
        f.add(engine("rpad", between(2, 3), fixed(STRING, INT, STRING), TO_STRING,
                "(string, int len, string pad) → string; pad defaults to a space").withDefaults(" "));
        f.add(engine("replace", between(2, 3), fixed(STRING, STRING, STRING), TO_STRING,
                "(string, string search, string replacement) → string; replacement defaults to ''").withDefaults(""));
        f.add(engine("repeat", exactly(2), fixed(STRING, INT), TO_STRING, "(string, int n) → string"));
        f.add(engine("instr", exactly(2), fixed(STRING, STRING), TO_INT,
                "(string, string substr) → int, 1-based, 0 when absent"));
        f.add(engine("locate", between(2, 3), fixed(STRING, STRING, INT), TO_INT,
                "(string substr, string, int pos) → int, 1-based, 0 when absent; pos defaults to 1")
                .withDefaults(1).withAliases("position"));
        f.add(engine("like", exactly(2), fixed(STRING, STRING), TO_BOOLEAN,
                "(string, string pattern) → boolean; `%`, `_`, backslash escapes"));
        f.add(engine("rlike", exactly(2), fixed(STRING, STRING), TO_BOOLEAN,
                "(string, string regex) → boolean; Java regex found anywhere").withAliases("regexp", "regexp_like"));
        f.add(engine("regexp_replace", exactly(3), fixed(STRING, STRING, STRING), TO_STRING,
                "(string, string regex, string replacement) → string"));
        f.add(engine("regexp_extract", between(2, 3), fixed(STRING, STRING, INT), TO_STRING,
                "(string, string regex, int group) → string, `''` when no match; group defaults to 1")
                .withDefaults(1));
        for (String name : List.of("startswith", "endswith", "contains")) {
            f.add(engine(name, exactly(2), fixed(STRING, STRING), TO_BOOLEAN, "(string, string) → boolean"));
        }
    }

    private static void math(List<FunctionSignature> f) {
        f.add(engine("abs", exactly(1), new ArgumentTypes.Numeric(), new ResultType.FirstArgument(),
                "(numeric) → numeric"));
        f.add(engine("round", between(1, 2), new ArgumentTypes.NumericAndScale(), new ResultType.Round(),
                "(numeric, int scale literal) → HALF_UP; decimal(p,s) → decimal(p-s+1+min(s,d), min(s,d)),"
                        + " doubles and integrals keep their type").withDefaults(0));
        f.add(engine("bround", between(1, 2), new ArgumentTypes.NumericAndScale(), new ResultType.Round(),
                "(numeric, int scale literal) → HALF_EVEN, types as round").withDefaults(0));
        f.add(engine("ceil", exactly(1), new ArgumentTypes.Numeric(), new ResultType.CeilFloor(),
                "(double\\|bigint) → bigint; (decimal(p,s)) → decimal(p-s+1,0)").withAliases("ceiling"));
        f.add(engine("floor", exactly(1), new ArgumentTypes.Numeric(), new ResultType.CeilFloor(),
                "(double\\|bigint) → bigint; (decimal(p,s)) → decimal(p-s+1,0)"));
        f.add(engine("sqrt", exactly(1), fixed(DOUBLE), TO_DOUBLE, "(double) → double"));
        f.add(engine("exp", exactly(1), fixed(DOUBLE), TO_DOUBLE, "(double) → double"));
        f.add(engine("sign", exactly(1), fixed(DOUBLE), TO_DOUBLE, "(double) → double; -1.0, 0.0 or 1.0")
                .withAliases("signum"));
        for (String name : List.of("ln", "log10", "log2")) {
            f.add(engine(name, exactly(1), fixed(DOUBLE), TO_DOUBLE, "(double) → double; null for x <= 0")
                    .withNullability(Nullability.ALWAYS));
        }
        f.add(engine("log", between(1, 2), fixed(DOUBLE, DOUBLE), TO_DOUBLE,
                "(double base, double x) → double; null for x <= 0; log(x) is ln(x)")
                .withNullability(Nullability.ALWAYS));
        f.add(engine("pow", exactly(2), fixed(DOUBLE, DOUBLE), TO_DOUBLE, "(double, double) → double")
                .withAliases("power"));
        f.add(engine("greatest", atLeast(2), new ArgumentTypes.CommonType(), new ResultType.FirstArgument(),
                "(T, T...) → T; nulls skipped, null if all are").withNullability(Nullability.ALL_ARGUMENTS)
                .nullTolerant());
        f.add(engine("least", atLeast(2), new ArgumentTypes.CommonType(), new ResultType.FirstArgument(),
                "(T, T...) → T; nulls skipped, null if all are").withNullability(Nullability.ALL_ARGUMENTS)
                .nullTolerant());
        f.add(engine("coalesce", atLeast(1), new ArgumentTypes.CommonType(), new ResultType.FirstArgument(),
                "(T...) → T, first non-null").withNullability(Nullability.ALL_ARGUMENTS).nullTolerant());
        f.add(engine("pmod", exactly(2), new ArgumentTypes.Arithmetic(), new ResultType.FirstArgument(),
                "(numeric, numeric) → positive remainder; REMAINDER_BY_ZERO for a zero divisor (Spark 4 ANSI); "
                + "not resolvable from SQL yet: its decimal result type is not Spark's")
                .withKind(Kind.ENGINE_ONLY).withNullability(Nullability.ALWAYS));
    }

    private static void dateTime(List<FunctionSignature> f) {
        String datePart = "(date) → int; dayofweek 1 = Sunday; weekofyear ISO";
        for (String name : List.of("year", "quarter", "month", "dayofmonth", "dayofweek", "dayofyear",
                "weekofyear")) {
            FunctionSignature part = engine(name, exactly(1), fixed(DATE), TO_INT, datePart);
            f.add(name.equals("dayofmonth") ? part.withAliases("day") : part);
        }
        for (String name : List.of("hour", "minute", "second")) {
            f.add(engine(name, exactly(1), fixed(TIMESTAMP), TO_INT, "(timestamp) → int"));
        }
        for (String name : List.of("date_add", "date_sub", "add_months")) {
            f.add(engine(name, exactly(2), fixed(DATE, INT), TO_DATE,
                    "(date, int) → date; add_months clamps to the month's end"));
        }
        f.add(engine("datediff", exactly(2), fixed(DATE, DATE), TO_INT, "(date end, date start) → int days"));
        f.add(engine("last_day", exactly(1), fixed(DATE), TO_DATE, "(date) → date"));
        f.add(engine("next_day", exactly(2), fixed(DATE, STRING), TO_DATE,
                "(date, string dayOfWeek) → date; null for a bad day name").withNullability(Nullability.ALWAYS));
        f.add(engine("make_date", exactly(3), fixed(INT, INT, INT), TO_DATE,
                "(int year, int month, int day) → date; null when invalid").withNullability(Nullability.ALWAYS));
        f.add(engine("to_date", between(1, 2), fixed(STRING, STRING), TO_DATE,
                "(string, string format) → date; Spark datetime pattern, null when unparsable; to_date(s) is"
                        + " CAST(s AS DATE)").withNullability(Nullability.ALWAYS));
        f.add(engine("to_timestamp", between(1, 2), fixed(STRING, STRING), new ResultType.Fixed(TIMESTAMP),
                "(string, string format) → timestamp; null when unparsable; to_timestamp(s) is"
                        + " CAST(s AS TIMESTAMP)").withNullability(Nullability.ALWAYS));
        f.add(engine("date_format", exactly(2), fixed(TIMESTAMP, STRING), TO_STRING,
                "(timestamp, string format) → string"));
        f.add(engine("date_trunc", exactly(2), fixed(STRING, TIMESTAMP), new ResultType.Fixed(TIMESTAMP),
                "(string unit, timestamp) → timestamp").withNullability(Nullability.ALWAYS));
        f.add(engine("trunc", exactly(2), fixed(DATE, STRING), TO_DATE, "(date, string unit) → date; null for a bad"
                + " unit").withNullability(Nullability.ALWAYS));
    }

    private static void arrays(List<FunctionSignature> f) {
        f.add(engine("split", between(2, 3), fixed(STRING, STRING, INT), new ResultType.Fixed(
                new ArrayType(STRING, false)), "(string, string regex, int limit) → array<string> (elements never"
                + " null); limit defaults to -1").withDefaults(-1));
        f.add(engine("size", exactly(1), new ArgumentTypes.Array(), TO_INT,
                "(array<T>) → int: null for a null array (Spark 4 default, ANSI on)")
                .withNullability(Nullability.FIRST_ARGUMENT).withAliases("cardinality"));
        f.add(engine("array_contains", exactly(2), new ArgumentTypes.ArrayAndElement(), TO_BOOLEAN,
                "(array<T>, T) → boolean; null when no element matches and one is null")
                .withNullability(Nullability.ALWAYS));
    }

    private static void structsAndMaps(List<FunctionSignature> f) {
        ResultType fromArguments = new ResultType.FromArguments();
        f.add(engine("named_struct", atLeast(2), new ArgumentTypes.NamedStruct(), fromArguments,
                "(string name1, v1, ...) → struct<name1:T1,...>; never null").withNullability(Nullability.NEVER)
                .nullTolerant());
        f.add(rewritten("struct", atLeast(1), ANY, AS_REWRITTEN, "named_struct with each column's name (col1,"
                + " col2, ... for other expressions)"));
        f.add(engine("get_struct_field", exactly(2), new ArgumentTypes.StructAndOrdinal(), fromArguments, "(struct, int ordinal) → the field;"
                + " what s.a, s['a'] and getField resolve to").withKind(Kind.ENGINE_ONLY)
                .withNullability(Nullability.ALWAYS));
        f.add(engine("array", atLeast(0), new ArgumentTypes.ArrayElements(), fromArguments,
                "(e1, e2, ...) → array<T> of the common type; never null; array() is array<string>")
                .withNullability(Nullability.NEVER).nullTolerant());
        f.add(engine("map", atLeast(0), new ArgumentTypes.MapEntries(), fromArguments,
                "(k1, v1, ...) → map<K,V>; never null; [NULL_MAP_KEY], [DUPLICATED_MAP_KEY]")
                .withNullability(Nullability.NEVER).nullTolerant());
        f.add(engine("map_sort", exactly(1), new ArgumentTypes.Map(), fromArguments,
                "(map<K,V>) → the map with its entries in key order; what the analyzer puts around map grouping keys")
                .withKind(Kind.ENGINE_ONLY).withNullability(Nullability.FIRST_ARGUMENT));
        f.add(engine("map_keys", exactly(1), new ArgumentTypes.Map(), fromArguments,
                "(map<K,V>) → array<K> (elements never null)").withNullability(Nullability.FIRST_ARGUMENT));
        f.add(engine("map_values", exactly(1), new ArgumentTypes.Map(), fromArguments,
                "(map<K,V>) → array<V>").withNullability(Nullability.FIRST_ARGUMENT));
        f.add(engine("element_at", exactly(2), new ArgumentTypes.MapAndKey(), fromArguments,
                "(map<K,V>, K) → V, null for a missing key; also m[k]").withNullability(Nullability.ALWAYS));
    }

    private static void rewrittenByTheAnalyzer(List<FunctionSignature> f) {
        f.add(rewritten("nullif", exactly(2), ANY, AS_REWRITTEN, "CASE WHEN a = b THEN NULL ELSE a END"));
        f.add(rewritten("if", exactly(3), ANY, AS_REWRITTEN, "CASE WHEN c THEN a ELSE b END").withAliases("iff"));
        f.add(rewritten("ifnull", exactly(2), ANY, AS_REWRITTEN, "coalesce(a, b)").withAliases("nvl"));
        f.add(rewritten("nvl2", exactly(3), ANY, AS_REWRITTEN, "CASE WHEN a IS NOT NULL THEN b ELSE c END"));
        f.add(rewritten("isnull", exactly(1), ANY, AS_REWRITTEN, "a IS NULL"));
        f.add(rewritten("isnotnull", exactly(1), ANY, AS_REWRITTEN, "a IS NOT NULL"));
        f.add(rewritten("left", exactly(2), fixed(STRING, INT), TO_STRING, "substring(s, 1, n)"));
        f.add(rewritten("right", exactly(2), fixed(STRING, INT), TO_STRING, "substring(s, -n, n) (n > 0)"));
        f.add(rewritten("mod", exactly(2), new ArgumentTypes.Arithmetic(), AS_REWRITTEN, "a % b"));
        f.add(rewritten("div", exactly(2), ANY, AS_REWRITTEN, "a div b, integral division (bigint)"));
        f.add(rewritten("current_date", exactly(0), ANY, TO_DATE, "the date at analysis (UTC), a literal"));
        f.add(rewritten("current_timestamp", exactly(0), ANY, new ResultType.Fixed(TIMESTAMP),
                "the instant at analysis, a literal").withAliases("now"));
        castFunction(f, "string", STRING);
        castFunction(f, "int", INT, "integer");
        castFunction(f, "smallint", INT);
        castFunction(f, "tinyint", INT);
        castFunction(f, "bigint", DataTypes.LongType);
        castFunction(f, "double", DOUBLE);
        castFunction(f, "float", DOUBLE);
        castFunction(f, "boolean", BOOLEAN);
        castFunction(f, "date", DATE);
        castFunction(f, "timestamp", TIMESTAMP);
        castFunction(f, "decimal", DecimalType.SYSTEM_DEFAULT_USER);
    }

    /** {@code name(x)}: CAST(x AS type). */
    private static void castFunction(List<FunctionSignature> f, String name, DataType type, String... aliases) {
        f.add(rewritten(name, exactly(1), new ArgumentTypes.Castable(), new ResultType.Fixed(type),
                "CAST(x AS " + type.simpleString().toUpperCase(Locale.ROOT) + ")").withAliases(aliases));
    }
}
