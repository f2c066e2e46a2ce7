package org.couchtck.kit.daemons.external;

import java.util.List;
import java.util.Optional;
import org.couchtck.kit.cases.Level;

/**
 * The generated {@code _external} suite: one section, {@code generated-requests}, whose cases have stable ids like
 * corpus cases (they can be selected, excluded and listed in a baseline) and no steps of their own: their examples,
 * sequences of generated requests written to one handler, come from the run's seed.
 */
public final class GeneratedExternalSuites {

    /** Every reply to generated requests is one CouchDB accepts, and the handler answers them all. */
    public static final String ACCEPTED = "external.generated-requests.accepted-replies";
    /** A handler that echoes gives back each generated request object exactly. */
    public static final String ECHO = "external.generated-requests.echo";

    private static final String SOURCE = "generated";
    private static final String SPEC = "src/chttpd/src/chttpd_external.erl";

    private static final List<ExternalCase> CASES = List.of(
            generated(ACCEPTED, Level.MUST, "generated requests (methods, escaped and unicode paths, query strings, "
                    + "headers, cookies, bodies, forms, users) each get a reply CouchDB accepts, from a handler that "
                    + "stays up", "A handler serves every request of its database's _external URL from one process "
                    + "(couch_external_server keeps it); each reply is held to the MUST rules of ReplyRules, and a "
                    + "handler that stops answering or exits within an example fails it."),
            generated(ECHO, Level.MUST, "a handler that echoes its request gives back each generated request object "
                    + "exactly", "For echo handlers such as the kit's own, which answer "
                    + "{\"code\":200,\"json\":{\"request\":R}}: R must equal the object the kit wrote, member by "
                    + "member, strings to the character, numbers as numbers. NA for a handler whose reply to a first "
                    + "request is no such echo."));

    private GeneratedExternalSuites() {}

    /** The generated cases, in run order. */
    public static List<ExternalCase> cases() {
        return CASES;
    }

    /** The generated case {@code id}, if it is one. */
    public static Optional<ExternalCase> find(String id) {
        return CASES.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** Whether {@code testCase} is a generated case rather than a corpus case. */
    public static boolean isGenerated(ExternalCase testCase) {
        return SOURCE.equals(testCase.sourceFile()) && find(testCase.id()).isPresent();
    }

    private static ExternalCase generated(String id, Level level, String description, String note) {
        return new ExternalCase(id, id.split("\\.")[1], level, description, SPEC, note, false, List.of(), SOURCE);
    }
}
