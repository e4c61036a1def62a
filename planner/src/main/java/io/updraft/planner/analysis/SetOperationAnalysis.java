package io.updraft.planner.analysis;

import io.updraft.planner.logical.Except;
import io.updraft.planner.logical.Intersect;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.Union;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.plan.ExceptNode;
import io.updraft.planner.resolved.plan.IntersectNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.UnionNode;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * UNION / INTERSECT / EXCEPT: children of the same width (by name for unionByName), each column widened to the
 * children's common type (Spark's WidenSetOperationTypes; a child gets a casting projection that keeps names).
 */
final class SetOperationAnalysis {
    private SetOperationAnalysis() {
    }

    static ResolvedPlan union(Analyzer.Run run, Union union) {
        List<ResolvedPlan> children = new ArrayList<>();
        for (LogicalPlan c : union.children()) {
            children.add(run.resolve(c));
        }
        if (union.byName()) {
            children = byName(run, children, union.allowMissingColumns());
        }
        return new UnionNode(widen(run, children, "UNION"));
    }

    static ResolvedPlan intersect(Analyzer.Run run, Intersect intersect) {
        List<ResolvedPlan> children = widen(run, List.of(run.resolve(intersect.left()), run.resolve(intersect.right())),
                "INTERSECT");
        return new IntersectNode(MapGroupingKeys.checkNoMapColumns(children.get(0)), children.get(1), intersect.all());
    }

    static ResolvedPlan except(Analyzer.Run run, Except except) {
        List<ResolvedPlan> children = widen(run, List.of(run.resolve(except.left()), run.resolve(except.right())),
                "EXCEPT");
        return new ExceptNode(MapGroupingKeys.checkNoMapColumns(children.get(0)), children.get(1), except.all());
    }

    /** Reorders every child's columns to the first child's names; missing ones are nulls when allowed. */
    private static List<ResolvedPlan> byName(Analyzer.Run run, List<ResolvedPlan> children, boolean allowMissing) {
        List<AttributeReference> names = new ArrayList<>(children.get(0).output());
        if (allowMissing) {
            for (ResolvedPlan c : children.subList(1, children.size())) {
                for (AttributeReference a : c.output()) {
                    if (names.stream().noneMatch(n -> n.name().equalsIgnoreCase(a.name()))) {
                        names.add(a);
                    }
                }
            }
        }
        List<ResolvedPlan> out = new ArrayList<>();
        for (ResolvedPlan c : children) {
            if (!allowMissing && c.output().size() != names.size()) {
                throw AnalysisErrors.numColumnsMismatch("UNION", names.size(), out.size(), c.output().size());
            }
            List<NamedExpression> list = new ArrayList<>();
            boolean identity = c.output().size() == names.size();
            for (int i = 0; i < names.size(); i++) {
                AttributeReference wanted = names.get(i);
                Optional<AttributeReference> found = c.output().stream()
                        .filter(a -> a.name().equalsIgnoreCase(wanted.name())).findFirst();
                if (found.isPresent()) {
                    list.add(found.get());
                    identity &= i < c.output().size() && found.get().id() == c.output().get(i).id();
                } else if (allowMissing) {
                    list.add(new AliasExpression(ConstantExpression.of(wanted.dataType(), null), wanted.name(),
                            run.ids.next()));
                    identity = false;
                } else {
                    throw AnalysisErrors.unionByNameMissing(wanted.name(), c.output());
                }
            }
            out.add(identity ? c : new ProjectNode(c, list));
        }
        return out;
    }

    /** Checks widths and casts columns to the children's common types. */
    static List<ResolvedPlan> widen(Analyzer.Run run, List<ResolvedPlan> children, String operator) {
        int width = children.get(0).output().size();
        for (int c = 1; c < children.size(); c++) {
            if (children.get(c).output().size() != width) {
                throw AnalysisErrors.numColumnsMismatch(operator, width, c, children.get(c).output().size());
            }
        }
        List<DataType> targets = new ArrayList<>();
        for (int i = 0; i < width; i++) {
            DataType common = DataTypes.NullType;
            for (int c = 0; c < children.size(); c++) {
                DataType t = children.get(c).output().get(i).dataType();
                Optional<DataType> wider = TypeCoercion.widerCommonType(List.of(common, t));
                if (wider.isEmpty()) {
                    throw AnalysisErrors.incompatibleColumnType(operator, i, c, t,
                            children.get(0).output().get(i).dataType());
                }
                common = wider.get();
            }
            targets.add(common);
        }
        List<ResolvedPlan> out = new ArrayList<>();
        for (ResolvedPlan child : children) {
            List<AttributeReference> output = child.output();
            boolean needsCast = false;
            List<NamedExpression> list = new ArrayList<>();
            for (int i = 0; i < width; i++) {
                AttributeReference a = output.get(i);
                if (a.dataType().equals(targets.get(i))) {
                    list.add(a);
                } else {
                    needsCast = true;
                    list.add(new AliasExpression(TypeCoercion.cast(a, targets.get(i)), a.name(), run.ids.next()));
                }
            }
            out.add(needsCast ? new ProjectNode(child, list) : child);
        }
        return out;
    }
}
