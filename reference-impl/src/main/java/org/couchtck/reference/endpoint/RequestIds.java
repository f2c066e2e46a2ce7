package org.couchtck.reference.endpoint;

import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * The X-Couch-Request-ID of a reply, as CouchDB 3.5.2's chttpd picks it: the request's own value when it is at most 36
 * characters of {@code [0-9a-zA-Z_-]}, so a client can tell its replies apart; otherwise ten random hex digits (five
 * random bytes, as {@code couch_util:to_hex(crypto:strong_rand_bytes(5))}).
 */
final class RequestIds {

    private static final Pattern ECHOED = Pattern.compile("[0-9a-zA-Z_-]{1,36}");

    private RequestIds() {
    }

    /** The id for the reply to a request that carried {@code requested} (null when it carried none). */
    static String forReply(String requested) {
        if (requested != null && ECHOED.matcher(requested).matches()) {
            return requested;
        }
        byte[] random = new byte[5];
        ThreadLocalRandom.current().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
