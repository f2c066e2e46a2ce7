package org.couchtck.kit.cases;

import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A CouchDB release number; decides the shape of the messages sent (reset config, reduce context).
 *
 * @param major major version
 * @param minor minor version
 * @param patch patch version
 */
public record CouchDbVersion(int major, int minor, int patch) implements Comparable<CouchDbVersion> {

    /** The newest release the corpus knows. */
    public static final CouchDbVersion LATEST = new CouchDbVersion(3, 5, 2);

    private static final Pattern SYNTAX = Pattern.compile("(\\d{1,4})\\.(\\d{1,4})(?:\\.(\\d{1,4}))?");
    private static final Comparator<CouchDbVersion> ORDER = Comparator.comparingInt(CouchDbVersion::major)
            .thenComparingInt(CouchDbVersion::minor).thenComparingInt(CouchDbVersion::patch);

    public CouchDbVersion {
        if (major < 0 || minor < 0 || patch < 0) {
            throw new IllegalArgumentException("version numbers must not be negative: " + major + "." + minor + "."
                    + patch);
        }
    }

    /**
     * Parses {@code X.Y.Z} (or {@code X.Y}, meaning {@code X.Y.0}).
     *
     * @throws IllegalArgumentException naming the text when it is not such a version
     */
    public static CouchDbVersion parse(String text) {
        Matcher m = SYNTAX.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a CouchDB version (expected X.Y.Z, e.g. 3.5.2): '" + text + "'");
        }
        return new CouchDbVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                m.group(3) == null ? 0 : Integer.parseInt(m.group(3)));
    }

    /** Whether this version is the same as or later than {@code other}. */
    public boolean atLeast(CouchDbVersion other) {
        return compareTo(other) >= 0;
    }

    @Override
    public int compareTo(CouchDbVersion other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch;
    }
}
