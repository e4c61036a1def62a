package io.updraft.engine.expr;

import io.updraft.core.function.FunctionCatalog;
import io.updraft.core.function.FunctionSignature;
import io.updraft.engine.expr.conditional.ConditionalFunctions;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Core's {@link FunctionCatalog} and the engine's {@link FunctionRegistry} cannot drift: every catalog entry with a
 * kernel has an engine factory under its canonical name and every factory is such an entry; every function the
 * engine rewrites is one the catalog says the analyzer rewrites; a call by an alias finds the canonical factory.
 */
class FunctionCatalogCoverageTest {
    @Test
    void everyCatalogKernelHasAnEngineFactoryAndViceVersa() {
        Set<String> kernels = new TreeSet<>();
        for (FunctionSignature f : FunctionCatalog.FUNCTIONS) {
            if (f.hasKernel()) {
                kernels.add(f.name());
            }
        }
        assertThat(kernels).hasSizeGreaterThan(60).contains("upper", "substring", "trunc", "pmod");
        assertThat(new TreeSet<>(FunctionRegistry.FACTORIES.keySet())).isEqualTo(kernels);
    }

    @Test
    void everyEngineRewriteIsACatalogRewrite() {
        assertThat(ConditionalFunctions.REWRITTEN).isNotEmpty();
        for (String name : ConditionalFunctions.REWRITTEN) {
            assertThat(FunctionCatalog.lookup(name)).as("catalog entry %s", name).get()
                    .extracting(FunctionSignature::name, FunctionSignature::kind)
                    .containsExactly(name, FunctionSignature.Kind.REWRITTEN);
        }
    }

    @Test
    void everyNameOfAnEngineFunctionIsKnownAliasesIncluded() {
        assertThat(FunctionRegistry.isKnown("frobnicate")).as("the registry check discriminates").isFalse();
        assertThat(FunctionRegistry.isKnown("left")).as("rewritten by the analyzer only").isFalse();
        for (FunctionSignature f : FunctionCatalog.FUNCTIONS) {
            if (f.hasKernel() || ConditionalFunctions.REWRITTEN.contains(f.name())) {
                for (String name : f.names()) {
                    assertThat(FunctionRegistry.isKnown(name)).as("engine knows %s", name).isTrue();
                    assertThat(FunctionRegistry.isKnown(name.toUpperCase())).as("engine knows %s", name).isTrue();
                }
            }
        }
        assertThat(FunctionRegistry.NAMES).contains("ucase", "nvl", "iff", "cardinality");
    }

    @Test
    void onlyCanonicalKernelNamesCanBeRegistered() {
        FunctionRegistry.Factory factory = c -> null;
        assertThatThrownBy(() -> FunctionRegistry.add(new HashMap<>(), factory, "ucase"))
                .hasMessageContaining("not the canonical name");
        assertThatThrownBy(() -> FunctionRegistry.add(new HashMap<>(), factory, "nullif"))
                .hasMessageContaining("not the canonical name");
        assertThatThrownBy(() -> FunctionRegistry.add(new HashMap<>(), factory, "upper", "upper"))
                .hasMessageContaining("registered twice");
    }
}
