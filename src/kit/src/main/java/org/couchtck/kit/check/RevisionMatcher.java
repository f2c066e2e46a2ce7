package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.OptionalInt;

import java.util.regex.Pattern;

/**
 * {@code {"$rev": ...}}: a document revision id as CouchDB documents it, {@code N-<opaque>}: a generation N from 1,
 * a dash, then anything without white space. What the opaque part is belongs to the server (CouchDB's is an MD5 of
 * the revision's body, PouchDB's a random one): only in the {@code exact} profile does a {@code $rev} that gives
 * CouchDB's id ask for exactly it. With {@code as}, the revision is bound to a name: after the first time, every
 * {@code $rev} with that name must see the same revision, and later steps use it as {@code {{name}}}. That a write
 * makes a new revision is its generation: the next one.
 */
final class RevisionMatcher implements Matcher {

    private static final Pattern REVISION = Pattern.compile("([1-9][0-9]{0,15})-(\\S+)");

    private final JsonNode spec;
    private final OptionalInt generation;
    private final Optional<String> couchDb;
    private final Optional<String> as;

    /**
     * @param generation the generation the revision must have, if any
     * @param couchDb CouchDB 3.5.2's id of this revision, if known (its generation must be {@code generation})
     * @param as the name to bind, if any
     */
    RevisionMatcher(JsonNode spec, OptionalInt generation, Optional<String> couchDb, Optional<String> as) {
        this.spec = spec;
        this.generation = generation;
        this.couchDb = couchDb;
        this.as = as;
    }

    /** The generation of {@code text} when it is a revision id; empty when it is not one. */
    static OptionalInt generationOf(String text) {
        java.util.regex.Matcher m = REVISION.matcher(text);
        return m.matches() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        if (actual.isEmpty() || !actual.get().isTextual()) {
            return MatchResult.mismatch("", "expected " + wanted() + ", got " + JsonShow.brief(actual));
        }
        String text = actual.get().textValue();
        OptionalInt got = generationOf(text);
        if (got.isEmpty()) {
            return MatchResult.mismatch("", "expected " + wanted() + ", got " + JsonShow.brief(actual)
                    + ", which is not N-<id>");
        }
        if (generation.isPresent() && got.getAsInt() != generation.getAsInt()) {
            return MatchResult.mismatch("", "expected " + wanted() + ", got " + JsonShow.brief(actual)
                    + " of generation " + got.getAsInt());
        }
        if (scope.exact() && couchDb.isPresent() && !couchDb.get().equals(text)) {
            return MatchResult.mismatch("", "expected CouchDB's revision id " + couchDb.get() + " (exact profile), "
                    + "got " + JsonShow.brief(actual));
        }
        if (as.isEmpty()) {
            return MatchResult.ok();
        }
        String name = as.get();
        Optional<JsonNode> before = scope.lookup(name);
        if (before.isPresent()) {
            return before.get().equals(actual.get()) ? MatchResult.ok()
                    : MatchResult.mismatch("", "expected the revision {{" + name + "}} = " + JsonShow.brief(before)
                            + ", got " + JsonShow.brief(actual));
        }
        scope.bind(name, actual.get());
        return MatchResult.ok();
    }

    private String wanted() {
        String revision = generation.isPresent() ? "a revision id of generation " + generation.getAsInt() + " ("
                + generation.getAsInt() + "-<id>)" : "a revision id (N-<id>)";
        return as.map(name -> revision + " as {{" + name + "}}").orElse(revision);
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
