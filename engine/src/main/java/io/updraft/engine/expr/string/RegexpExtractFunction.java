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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * regexp_extract(str, regex, idx) as Spark: group idx (0 = the whole match) of the first match of the Java
 * regex; '' when nothing matches or the group did not take part. On a match, idx outside [0, group count] is
 * a USER error.
 */
final class RegexpExtractFunction extends NullIntolerantFunction {
    private final CompiledArgument<Pattern> regex;
    private final Regexes matchers = new Regexes();
    private final TextView view = new TextView();

    RegexpExtractFunction(VectorExpression string, VectorExpression regex, VectorExpression group,
                          BufferAllocator allocator) {
        super(List.of(string, regex, group), DataTypes.StringType, allocator);
        this.regex = CompiledArgument.of(regex, text -> Regexes.compile(text, "regexp_extract"));
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        VarCharVector result = (VarCharVector) out;
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf so = in[0].getOffsetBuffer();
        ArrowBuf sd = in[0].getDataBuffer();
        ArrowBuf ro = in[1].getOffsetBuffer();
        ArrowBuf rd = in[1].getDataBuffer();
        ArrowBuf groups = in[2].getDataBuffer();
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            int start = so.getInt((long) r << 2);
            int end = so.getInt(((long) r << 2) + 4);
            Pattern p = regex.get(rd, ro.getInt((long) r << 2), ro.getInt(((long) r << 2) + 4));
            CharSequence text = view.of(sd, start, end);
            Matcher m = matchers.matcher(p, text);
            if (!m.find()) {
                result.setSafe(r, start, 0, sd);
                continue;
            }
            int group = groups.getInt((long) r << 2);
            if (group < 0 || group > m.groupCount()) {
                throw UpdraftException.user("The value of parameter idx in regexp_extract is invalid: expects a"
                        + " group index between 0 and " + m.groupCount() + " for '" + p.pattern() + "', but got "
                        + group);
            }
            if (m.start(group) < 0) {
                result.setSafe(r, start, 0, sd);
            } else if (text == view) {
                result.setSafe(r, start + m.start(group), m.end(group) - m.start(group), sd);
            } else {
                byte[] bytes = m.group(group).getBytes(StandardCharsets.UTF_8);
                result.setSafe(r, bytes, 0, bytes.length);
            }
        }
    }
}
