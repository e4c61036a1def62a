package io.updraft.core.function;

import io.updraft.core.function.FunctionSignature.Kind;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FunctionCatalogTest {
    @Test
    void aliasesAndAnyCaseFindTheCanonicalEntry() {
        assertThat(FunctionCatalog.lookup("UCASE")).get().extracting(FunctionSignature::name).isEqualTo("upper");
        assertThat(FunctionCatalog.lookup("power")).get().extracting(FunctionSignature::name).isEqualTo("pow");
        assertThat(FunctionCatalog.lookup("nvl")).get().extracting(FunctionSignature::kind).isEqualTo(Kind.REWRITTEN);
        assertThat(FunctionCatalog.lookup("frobnicate")).isEmpty();
        assertThat(FunctionCatalog.names()).contains("upper", "ucase", "integer", "now").doesNotHaveDuplicates();
    }

    @Test
    void everyEntryIsConsistent() {
        assertThat(FunctionCatalog.FUNCTIONS).hasSizeGreaterThan(80);
        for (FunctionSignature f : FunctionCatalog.FUNCTIONS) {
            assertThat(f.description()).as(f.name()).isNotBlank();
            assertThat(f.hasKernel()).as(f.name()).isEqualTo(f.kind() != Kind.REWRITTEN);
            if (f.hasKernel()) {
                assertThat(f.result()).as(f.name()).isNotInstanceOf(ResultType.AsRewritten.class);
                assertThat(f.arguments()).as(f.name()).isNotInstanceOf(ArgumentTypes.AsRewritten.class);
            }
        }
    }

    @Test
    void arityTextIsSparks() {
        assertThat(Arity.exactly(2).expected()).isEqualTo("2");
        assertThat(Arity.between(2, 3).expected()).isEqualTo("[2, 3]");
        assertThat(Arity.atLeast(1).expected()).isEqualTo("> 0");
        assertThat(Arity.atLeast(2).accepts(1)).isFalse();
        assertThat(Arity.atLeast(2).accepts(7)).isTrue();
        assertThatThrownBy(() -> Arity.between(3, 2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void resultTypesFollowSpark() {
        ResultType round = new ResultType.Round();
        assertThat(round.resultType(List.of(new DecimalType(15, 2)), 1)).isEqualTo(new DecimalType(15, 1));
        assertThat(round.resultType(List.of(new DecimalType(15, 2)), 0)).isEqualTo(new DecimalType(14, 0));
        assertThat(round.resultType(List.of(new DecimalType(5, 2)), -6)).isEqualTo(new DecimalType(7, 0));
        assertThat(round.resultType(List.of(DataTypes.IntegerType), 2)).isEqualTo(DataTypes.IntegerType);
        ResultType ceil = new ResultType.CeilFloor();
        assertThat(ceil.resultType(List.of(new DecimalType(15, 2)), 0)).isEqualTo(new DecimalType(14, 0));
        assertThat(ceil.resultType(List.of(DataTypes.DoubleType), 0)).isEqualTo(DataTypes.LongType);
        assertThatThrownBy(() -> new ResultType.AsRewritten().resultType(List.of(), 0))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void nullabilityRules() {
        assertThat(Nullability.ANY_ARGUMENT.nullable(List.of(false, true))).isTrue();
        assertThat(Nullability.ANY_ARGUMENT.nullable(List.of(false, false))).isFalse();
        assertThat(Nullability.FIRST_ARGUMENT.nullable(List.of(false, true))).isFalse();
        assertThat(Nullability.ALL_ARGUMENTS.nullable(List.of(false, true))).isFalse();
        assertThat(Nullability.ALL_ARGUMENTS.nullable(List.of(true, true))).isTrue();
        assertThat(Nullability.ALWAYS.nullable(List.of(false))).isTrue();
        assertThat(FunctionCatalog.lookup("coalesce").orElseThrow().nullIntolerant()).isFalse();
        assertThat(FunctionCatalog.lookup("upper").orElseThrow().nullIntolerant()).isTrue();
    }

    @Test
    void signaturesAreValidated() {
        assertThatThrownBy(() -> FunctionSignature.engine("f", Arity.exactly(2), ArgumentTypes.fixed(DataTypes.StringType),
                new ResultType.Fixed(DataTypes.StringType), "f")).hasMessageContaining("1 argument types for arity");
        assertThatThrownBy(() -> FunctionSignature.engine("f", Arity.exactly(1), ArgumentTypes.fixed(DataTypes.StringType),
                new ResultType.Fixed(DataTypes.StringType), "f").withDefaults("x")).hasMessageContaining("defaults");
    }
}
