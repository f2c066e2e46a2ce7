package org.couchtck.kit.run;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.couchtck.kit.cases.Case;
import org.couchtck.kit.cases.Level;

/**
 * Which cases a run takes: id globs to include and exclude ({@code *} any run of characters, {@code ?} one) and the
 * levels wanted. No include glob means every case.
 */
public record CaseSelection(List<String> include, List<String> exclude, Set<Level> levels) {

    public CaseSelection {
        include = List.copyOf(include);
        exclude = List.copyOf(exclude);
        levels = levels.isEmpty() ? EnumSet.allOf(Level.class) : EnumSet.copyOf(levels);
    }

    /** Every case at every level. */
    public static CaseSelection all() {
        return new CaseSelection(List.of(), List.of(), EnumSet.allOf(Level.class));
    }

    /** Whether the run takes {@code testCase}. */
    public boolean includes(Case testCase) {
        return includes(testCase.id(), testCase.level());
    }

    /** Whether the run takes the case {@code id} at {@code level}. */
    public boolean includes(String id, Level level) {
        if (!levels.contains(level)) {
            return false;
        }
        if (!include.isEmpty() && include.stream().noneMatch(glob -> matches(glob, id))) {
            return false;
        }
        return exclude.stream().noneMatch(glob -> matches(glob, id));
    }

    static boolean matches(String glob, String id) {
        return toRegex(glob).matcher(id).matches();
    }

    private static Pattern toRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> regex.append(".*");
                case '?' -> regex.append('.');
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
