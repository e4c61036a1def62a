package io.updraft.sql;

import io.updraft.coordinator.scan.ParquetFooterReader;
import io.updraft.coordinator.scan.PlanningRequests;
import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.UpdraftException;
import io.updraft.shuffle.store.ObjectInfo;
import io.updraft.shuffle.store.S3Location;
import io.updraft.shuffle.store.S3ObjectStore;
import io.updraft.shuffle.store.S3StoreConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.regex.Pattern;

/**
 * Lists the files the paths of a read stand for, as Spark's {@code InMemoryFileIndex}: a path is a local path,
 * a {@code file:} URI or an {@code s3://bucket/key} URI naming a file or a folder (every file below it,
 * recursively, skipping names that start with "_" or "."; Parquet reads keep only {@code *.parquet} names, as
 * Updraft always did); a path with glob characters ({@code * ? [ ] { }}, Hadoop's glob syntax) stands for every
 * file or folder it matches. Each listed file carries its <b>base</b>: the folder its partition folders are
 * counted from — the {@code basePath} option when given, else the user's path (its parent for a file), as Spark.
 * A path matching nothing is {@code [PATH_NOT_FOUND]}. S3 LISTs are counted as planning requests. Stateless.
 */
final class FileListing {
    /**
     * One file: its path (local absolute path or s3:// URI), size, the folder partitions are counted from, and
     * whether it is {@code direct}: one of the read's paths itself or directly inside one (not in a subfolder).
     */
    record Listed(String path, long size, String base, boolean direct) {
    }

    private FileListing() {
    }

    static List<Listed> list(List<String> paths, boolean parquetOnly, String basePath, Map<String, String> settings,
                             ParquetFooterReader footers) {
        Map<String, Listed> files = new LinkedHashMap<>();
        for (String p : paths) {
            List<Listed> found = ParquetFileIndex.isS3(p) ? listS3(p, parquetOnly, basePath, settings, footers)
                    : listLocal(p, parquetOnly, basePath);
            for (Listed f : found) {
                files.putIfAbsent(f.path(), f);
            }
        }
        return new ArrayList<>(files.values());
    }

    static boolean isGlob(String path) {
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '*' || c == '?' || c == '[' || c == '{') {
                return true;
            }
        }
        return false;
    }

    private static List<Listed> listLocal(String userPath, boolean parquetOnly, String basePath) {
        Path base = basePath == null ? null : ParquetFileIndex.localPath(basePath);
        if (!isGlob(userPath)) {
            Path path = ParquetFileIndex.localPath(userPath);
            if (!Files.exists(path)) {
                throw pathNotFound(ParquetFileIndex.qualified(path));
            }
            return walk(path, parquetOnly, base);
        }
        Path pattern = ParquetFileIndex.localPath(userPath);
        Path root = pattern.getRoot();
        int firstGlob = 0;
        while (firstGlob < pattern.getNameCount() && !isGlob(pattern.getName(firstGlob).toString())) {
            firstGlob++;
        }
        Path fixed = firstGlob == 0 ? root : root.resolve(pattern.subpath(0, firstGlob));
        int depth = pattern.getNameCount() - firstGlob;
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        List<Path> matches = new ArrayList<>();
        if (Files.isDirectory(fixed)) {
            try (var stream = Files.walk(fixed, depth)) {
                stream.filter(p -> p.getNameCount() == pattern.getNameCount() && matcher.matches(p)
                        && !hiddenBelow(fixed, p)).sorted().forEach(matches::add);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + fixed + ": " + e.getMessage(), e);
            }
        }
        if (matches.isEmpty()) {
            throw pathNotFound(ParquetFileIndex.qualified(pattern));
        }
        List<Listed> out = new ArrayList<>();
        for (Path m : matches) {
            out.addAll(walk(m, parquetOnly, base));
        }
        return out;
    }

    private static boolean hiddenBelow(Path root, Path p) {
        for (Path part : root.relativize(p)) {
            String name = part.toString();
            if (name.startsWith("_") || name.startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    private static List<Listed> walk(Path path, boolean parquetOnly, Path base) {
        if (!Files.isDirectory(path)) {
            String b = (base != null ? base : path.getParent()).toString();
            return List.of(new Listed(path.toString(), size(path), b, true));
        }
        String b = (base != null ? base : path).toString();
        List<Listed> found = new ArrayList<>();
        try {
            Files.walkFileTree(path, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return dir.equals(path) || !hidden(dir) ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    String name = file.getFileName().toString();
                    if (attrs.isRegularFile() && !hidden(file)
                            && (!parquetOnly || name.toLowerCase(Locale.ROOT).endsWith(".parquet"))) {
                        found.add(new Listed(file.toString(), attrs.size(), b, file.getParent().equals(path)));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + ParquetFileIndex.qualified(path) + ": " + e.getMessage(), e);
        }
        found.sort(java.util.Comparator.comparing(Listed::path));
        return found;
    }

    private static boolean hidden(Path p) {
        String name = p.getFileName().toString();
        return name.startsWith("_") || name.startsWith(".");
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The objects an s3:// URI stands for: the object itself, those under it as a folder, or a glob's matches. */
    private static List<Listed> listS3(String uri, boolean parquetOnly, String basePath, Map<String, String> settings,
                                       ParquetFooterReader footers) {
        S3Location location = S3Location.parse(uri);
        String key = location.prefix().endsWith("/") ? location.prefix().substring(0, location.prefix().length() - 1)
                : location.prefix();
        String bucketUri = "s3://" + location.bucket() + "/";
        String baseKey = basePath == null ? null : trimSlash(S3Location.parse(basePath).prefix());
        S3ObjectStore store = new S3ObjectStore(new S3Location(location.bucket(), ""),
                S3StoreConfig.fromSettings(settings));
        try (store) {
            List<Listed> found = new ArrayList<>();
            if (isGlob(key)) {
                int firstGlob = 0;
                String[] parts = key.split("/");
                while (firstGlob < parts.length && !isGlob(parts[firstGlob])) {
                    firstGlob++;
                }
                String fixed = String.join("/", java.util.Arrays.copyOfRange(parts, 0, firstGlob));
                Pattern pattern = globRegex(key);
                Map<String, Boolean> matched = new LinkedHashMap<>();
                List<ObjectInfo> all = store.list(fixed.isEmpty() ? "" : fixed + "/").join();
                for (ObjectInfo o : all) {
                    String[] k = o.key().split("/");
                    if (k.length < parts.length) {
                        continue;
                    }
                    String prefix = String.join("/", java.util.Arrays.copyOfRange(k, 0, parts.length));
                    if (pattern.matcher(prefix).matches()) {
                        matched.putIfAbsent(prefix, true);
                    }
                }
                if (matched.isEmpty()) {
                    throw pathNotFound(uri);
                }
                for (String m : matched.keySet()) {
                    found.addAll(under(all, m, parquetOnly, baseKey, bucketUri, footers));
                }
                return found;
            }
            List<ObjectInfo> under = store.list(key.isEmpty() ? "" : key + "/").join();
            found.addAll(under(under, key, parquetOnly, baseKey, bucketUri, footers));
            if (found.isEmpty() && !key.isEmpty()) {
                for (ObjectInfo o : store.list(key).join()) {
                    if (o.key().equals(key)) {
                        String parent = key.contains("/") ? key.substring(0, key.lastIndexOf('/')) : "";
                        found.add(listed(o, bucketUri, baseKey != null ? baseKey : parent, footers, true));
                    }
                }
            }
            if (found.isEmpty() && under.isEmpty()) {
                throw pathNotFound(uri);
            }
            return found;
        } catch (CompletionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            String why = String.valueOf(cause.getMessage()).lines().findFirst().orElse("");
            if (why.length() > 240) {
                why = why.substring(0, 240) + "...";
            }
            throw UpdraftException.user("Cannot list " + uri + ": " + why, cause);
        } finally {
            footers.addPlanningRequests(new PlanningRequests(store.requestCounts().lists(), 0, 0));
        }
    }

    private static List<Listed> under(List<ObjectInfo> objects, String key, boolean parquetOnly, String baseKey,
                                      String bucketUri, ParquetFooterReader footers) {
        List<Listed> found = new ArrayList<>();
        String prefix = key.isEmpty() ? "" : key + "/";
        for (ObjectInfo o : objects) {
            if (!o.key().startsWith(prefix) || o.key().endsWith("/")) {
                continue;
            }
            String rest = o.key().substring(prefix.length());
            boolean hiddenPart = false;
            for (String part : rest.split("/")) {
                hiddenPart |= part.startsWith("_") || part.startsWith(".");
            }
            if (!hiddenPart && (!parquetOnly || rest.toLowerCase(Locale.ROOT).endsWith(".parquet"))) {
                found.add(listed(o, bucketUri, baseKey != null ? baseKey : key, footers, !rest.contains("/")));
            }
        }
        return found;
    }

    private static Listed listed(ObjectInfo o, String bucketUri, String baseKey, ParquetFooterReader footers,
                                 boolean direct) {
        String uri = bucketUri + o.key();
        footers.listed(uri, o.size() + "/" + o.eTag() + "/" + o.lastModifiedMillis());
        return new Listed(uri, o.size(), bucketUri + baseKey, direct);
    }

    private static String trimSlash(String key) {
        return key.endsWith("/") ? key.substring(0, key.length() - 1) : key;
    }

    /** Hadoop's glob syntax as a regex over '/'-separated keys: * and ? within a segment, [..], {a,b}. */
    static Pattern globRegex(String glob) {
        StringBuilder b = new StringBuilder();
        boolean inGroup = false;
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            switch (c) {
                case '*' -> b.append("[^/]*");
                case '?' -> b.append("[^/]");
                case '[' -> {
                    int end = glob.indexOf(']', i);
                    if (end < 0) {
                        b.append("\\[");
                    } else {
                        String set = glob.substring(i + 1, end);
                        b.append('[').append(set.startsWith("^") || set.startsWith("!") ? "^" + set.substring(1) : set)
                                .append(']');
                        i = end;
                    }
                }
                case '{' -> {
                    b.append("(?:");
                    inGroup = true;
                }
                case '}' -> {
                    b.append(')');
                    inGroup = false;
                }
                case ',' -> b.append(inGroup ? "|" : ",");
                case '\\' -> {
                    if (i + 1 < glob.length()) {
                        b.append(Pattern.quote(String.valueOf(glob.charAt(++i))));
                    }
                }
                default -> b.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(b.toString());
    }

    static AnalysisException pathNotFound(String path) {
        return new AnalysisException("PATH_NOT_FOUND", "42K03", "Path does not exist: " + path + ".");
    }
}
