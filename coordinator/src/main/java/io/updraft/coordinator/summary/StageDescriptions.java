package io.updraft.coordinator.summary;

import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.Limit;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.Sort;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/** Short human text for a stage, leaf first: "scan lineitem → filter → partial aggregate". */
public final class StageDescriptions {
    private StageDescriptions() {
    }

    /** The planner's description when it gave one, else one derived from the operators. */
    public static String describe(Stage stage) {
        if (stage.description() != null && !stage.description().isBlank()) {
            return stage.description();
        }
        return describe(stage.root());
    }

    public static String describe(Operator root) {
        List<String> steps = new ArrayList<>();
        Operator op = root;
        while (true) {
            steps.add(step(op));
            if (op.children().isEmpty()) {
                break;
            }
            op = op.children().get(0);
        }
        Collections.reverse(steps);
        return String.join(" → ", steps);
    }

    private static String step(Operator op) {
        return switch (op) {
            case FileScan scan -> "scan " + tableName(scan.splits());
            case StageInput input -> "read stage " + input.stageId();
            case InlineBatches inline -> "inline rows";
            case Filter f -> "filter";
            case Project p -> "project";
            case HashAggregate a -> switch (a.mode()) {
                case PARTIAL -> "partial aggregate";
                case FINAL -> "final aggregate";
                case COMPLETE -> "aggregate";
            };
            case Sort s -> "sort";
            case Limit l -> "limit " + l.limit();
            default -> words(op.getClass().getSimpleName());
        };
    }

    /** "ShuffleWrite" → "shuffle write". */
    static String words(String camelCase) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < camelCase.length(); i++) {
            char c = camelCase.charAt(i);
            if (Character.isUpperCase(c) && i > 0) {
                sb.append(' ');
            }
            sb.append(Character.toLowerCase(c));
        }
        return sb.toString();
    }

    /** The folder holding the files when they share one, else the file name without ".parquet". */
    static String tableName(List<FileSplit> splits) {
        if (splits.isEmpty()) {
            return "(no files)";
        }
        Path first = Path.of(stripScheme(splits.get(0).path()));
        Path parent = first.getParent();
        boolean sameFolder = parent != null;
        for (FileSplit s : splits) {
            Path p = Path.of(stripScheme(s.path())).getParent();
            if (p == null || !p.equals(parent)) {
                sameFolder = false;
                break;
            }
        }
        boolean oneFile = splits.stream().map(FileSplit::path).distinct().count() == 1;
        if (!oneFile && sameFolder && parent.getFileName() != null) {
            return parent.getFileName().toString();
        }
        String name = first.getFileName() == null ? first.toString() : first.getFileName().toString();
        return name.toLowerCase(Locale.ROOT).endsWith(".parquet") ? name.substring(0, name.length() - 8) : name;
    }

    private static String stripScheme(String path) {
        int colon = path.indexOf("://");
        if (colon > 0) {
            return path.substring(colon + 2);
        }
        return path.startsWith("file:") ? path.substring(5) : path;
    }
}
