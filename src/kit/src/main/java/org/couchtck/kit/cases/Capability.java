package org.couchtck.kit.cases;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One entry of a case's {@code capabilities}: a CouchDB version bound ({@code couchdb>=X.Y.Z},
 * {@code couchdb<X.Y.Z}), a language ({@code lang:python}) or a feature name ({@code sandbox.timeout}).
 */
final class Capability {

    private static final Pattern FEATURE = Pattern.compile("[a-z0-9_-]+(\\.[a-z0-9_-]+)*");
    private static final Pattern LANGUAGE = Pattern.compile("[a-z0-9_+-]+");

    private enum Kind { AT_LEAST, BELOW, LANGUAGE, FEATURE }

    private final Kind kind;
    private final String name;
    private final CouchDbVersion version;

    private Capability(Kind kind, String name, CouchDbVersion version) {
        this.kind = kind;
        this.name = name;
        this.version = version;
    }

    /** Parses a capability; throws IllegalArgumentException saying what is wrong. */
    static Capability parse(String text) {
        if (text.startsWith("couchdb>=")) {
            return new Capability(Kind.AT_LEAST, text, CouchDbVersion.parse(text.substring("couchdb>=".length())));
        }
        if (text.startsWith("couchdb<")) {
            return new Capability(Kind.BELOW, text, CouchDbVersion.parse(text.substring("couchdb<".length())));
        }
        if (text.startsWith("lang:")) {
            String language = text.substring("lang:".length());
            if (!LANGUAGE.matcher(language).matches()) {
                throw new IllegalArgumentException("bad language name in '" + text + "'");
            }
            return new Capability(Kind.LANGUAGE, language, null);
        }
        if (!FEATURE.matcher(text).matches()) {
            throw new IllegalArgumentException("not a capability: '" + text
                    + "' (expected couchdb>=X.Y.Z, couchdb<X.Y.Z, lang:NAME or a dotted lowercase feature name)");
        }
        return new Capability(Kind.FEATURE, text, null);
    }

    /** The feature this capability names, or empty for a version bound or a language. */
    Optional<String> feature() {
        return kind == Kind.FEATURE ? Optional.of(name) : Optional.empty();
    }

    /** Why the profile lacks this capability, or empty when it has it. */
    Optional<Applicability> unmetBy(TargetProfile profile) {
        return switch (kind) {
            case AT_LEAST -> profile.couchDbVersion().atLeast(version) ? Optional.empty()
                    : Optional.of(Applicability.no(Applicability.Cause.VERSION, "needs CouchDB " + version
                            + " or later (target speaks " + profile.couchDbVersion() + ")"));
            case BELOW -> profile.couchDbVersion().atLeast(version)
                    ? Optional.of(Applicability.no(Applicability.Cause.VERSION, "needs CouchDB before " + version
                            + " (target speaks " + profile.couchDbVersion() + ")"))
                    : Optional.empty();
            case LANGUAGE -> name.equals(profile.language()) ? Optional.empty()
                    : Optional.of(Applicability.no(Applicability.Cause.LANGUAGE, "about " + name
                            + " itself (target is " + profile.language() + ")"));
            case FEATURE -> profile.without().contains(name)
                    ? Optional.of(Applicability.no(Applicability.Cause.FEATURE, "needs feature " + name
                            + " (run says --without " + name + ")"))
                    : Optional.empty();
        };
    }
}
