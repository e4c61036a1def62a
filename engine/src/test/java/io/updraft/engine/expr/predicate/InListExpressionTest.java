package io.updraft.engine.expr.predicate;

import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.In;
import io.updraft.core.expr.Literal;
import io.updraft.core.expr.Or;
import io.updraft.engine.expr.ExpressionTestSupport;
import io.updraft.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The one-pass string IN kernel against Spark's three-valued semantics and against the OR chain of equalities. */
class InListExpressionTest extends ExpressionTestSupport {
    private static final String[] WORDS = {"AIR", "AIR REG", "MAIL", "", "air", "AIR ", "AI", "é", "éé", "日本", "日",
            "SM CASE", "SM BOX"};

    @Test
    void threeValuedResultWithNullsEverywhere() {
        var x = col(0, DataTypes.StringType);
        Object[] values = {"AIR", null, "AIR REG", "MAIL", "", "AIR ", "air", "é"};
        assertThat(eval(new In(x, List.of(Literal.of("AIR"), Literal.of("AIR REG"))), DataTypes.StringType, values))
                .containsExactly(true, null, true, false, false, false, false, false);
        // a null literal: a miss is null, a match still true
        assertThat(eval(new In(x, List.of(Literal.of("AIR"), Literal.nullOf(DataTypes.StringType))),
                DataTypes.StringType, values)).containsExactly(true, null, null, null, null, null, null, null);
        assertThat(eval(new In(x, List.of(Literal.nullOf(DataTypes.StringType))), DataTypes.StringType, values))
                .containsOnlyNulls();
        assertThat(eval(new In(x, List.of(Literal.of(""))), DataTypes.StringType, values))
                .containsExactly(false, null, false, false, true, false, false, false);
        assertThat(eval(new In(x, List.of(Literal.of("é"), Literal.of("日本"))), DataTypes.StringType,
                "é", "e", "日本", "日", "日本語", null)).containsExactly(true, false, true, false, false, null);
        assertThat(eval(new In(Literal.nullOf(DataTypes.StringType), List.of(Literal.of("AIR"))),
                DataTypes.StringType, "AIR")).containsExactly((Object) null);
    }

    @Test
    void agreesWithTheOrChainOnBatchesOfEveryLengthAroundWords() {
        Random random = new Random(13);
        var x = col(0, DataTypes.StringType);
        List<Expr> list = List.of(Literal.of("AIR"), Literal.of("AIR REG"), Literal.of("日本"), Literal.of(""));
        for (int n : new int[] {1, 63, 64, 65, 127, 128, 200, 1000}) {
            for (double nullShare : new double[] {0, 0.3, 1}) {
                Object[] values = new Object[n];
                for (int i = 0; i < n; i++) {
                    values[i] = random.nextDouble() < nullShare ? null : WORDS[random.nextInt(WORDS.length)];
                }
                for (boolean withNull : new boolean[] {false, true}) {
                    List<Expr> items = new ArrayList<>(list);
                    if (withNull) {
                        items.add(1, Literal.nullOf(DataTypes.StringType));
                    }
                    Expr chain = null;
                    for (Expr item : items) {
                        Expr eq = new Comparison(CompareOp.EQUAL, x, item);
                        chain = chain == null ? eq : new Or(chain, eq);
                    }
                    assertThat(eval(new In(x, items), DataTypes.StringType, values))
                            .as("n=%d nulls=%s null literal=%s %s", n, nullShare, withNull, Arrays.toString(values))
                            .isEqualTo(eval(chain, DataTypes.StringType, values));
                }
            }
        }
    }

    @Test
    void allPassAndNonePass() {
        var x = col(0, DataTypes.StringType);
        Object[] same = new Object[130];
        Arrays.fill(same, "MAIL");
        assertThat(eval(new In(x, List.of(Literal.of("SHIP"), Literal.of("MAIL"))), DataTypes.StringType, same))
                .hasSize(130).containsOnly(true);
        assertThat(eval(new In(x, List.of(Literal.of("SHIP"), Literal.of("AIR"))), DataTypes.StringType, same))
                .hasSize(130).containsOnly(false);
    }
}
