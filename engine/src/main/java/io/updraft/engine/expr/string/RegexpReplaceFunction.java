package io.updraft.engine.expr.string;

import io.updraft.core.error.UpdraftException;
import io.updraft.engine.expr.CompiledArgument;
import io.updraft.engine.expr.NullIntolerantFunction;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * regexp_replace(str, regex, replacement): every match of the Java regex replaced, with Java's replacement
 * syntax ($n group references, backslash escapes), as Spark. Rows without a match are copied as they are.
 */
final class RegexpReplaceFunction extends NullIntolerantFunction {
    private final CompiledArgument<Pattern> regex;
    private final CompiledArgument<String> replacement;
    private final Regexes matchers = new Regexes();
    private final TextView view = new TextView();

    RegexpReplaceFunction(VectorExpression string, VectorExpression regex, VectorExpression replacement,
                          BufferAllocator allocator) {
        super(List.of(string, regex, replacement), DataTypes.StringType, allocator);
        this.regex = CompiledArgument.of(regex, text -> Regexes.compile(text, "regexp_replace"));
        this.replacement = CompiledArgument.of(replacement, Function.identity());
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        VarCharVector result = (VarCharVector) out;
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf so = in[0].getOffsetBuffer();
        ArrowBuf sd = in[0].getDataBuffer();
        ArrowBuf ro = in[1].getOffsetBuffer();
        ArrowBuf rd = in[1].getDataBuffer();
        ArrowBuf po = in[2].getOffsetBuffer();
        ArrowBuf pd = in[2].getDataBuffer();
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            int start = so.getInt((long) r << 2);
            int end = so.getInt(((long) r << 2) + 4);
            Pattern p = regex.get(rd, ro.getInt((long) r << 2), ro.getInt(((long) r << 2) + 4));
            Matcher m = matchers.matcher(p, view.of(sd, start, end));
            if (!m.find()) {
                result.setSafe(r, start, end - start, sd);
                continue;
            }
            String with = replacement.get(pd, po.getInt((long) r << 2), po.getInt(((long) r << 2) + 4));
            String replaced;
            try {
                replaced = m.reset().replaceAll(with);
            } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
                throw UpdraftException.user("The replacement '" + with + "' of regexp_replace is invalid for '"
                        + p.pattern() + "': " + e.getMessage());
            }
            byte[] bytes = replaced.getBytes(StandardCharsets.UTF_8);
            result.setSafe(r, bytes, 0, bytes.length);
        }
    }
}
