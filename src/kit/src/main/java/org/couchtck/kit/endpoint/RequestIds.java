package org.couchtck.kit.endpoint;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * The X-Couch-Request-ID each request carries, so that a response can be told to be this request's own: CouchDB 3.5.2
 * echoes a value of at most 36 characters of {@code [0-9a-zA-Z_-]} in its reply, and makes up another for any other.
 */
final class RequestIds {

    static final String HEADER = "X-Couch-Request-ID";
    private static final Pattern ECHOED = Pattern.compile("[0-9a-zA-Z_-]{1,36}");
    private static final AtomicLong COUNTER = new AtomicLong();
    private static final String ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

    private RequestIds() {
    }

    /**
     * A new id, unique within this JVM ({@code couchtck-} and a counter), with a few random characters so that two
     * kits talking to one server do not send the same ids.
     */
    static String next() {
        StringBuilder id = new StringBuilder("couchtck-").append(Long.toString(COUNTER.incrementAndGet(), 36))
                .append('-');
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int i = 0; i < 4; i++) {
            id.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return id.toString();
    }

    /** Whether CouchDB sends {@code id} back as it is; only then can a different id in a reply mean anything. */
    static boolean echoed(String id) {
        return ECHOED.matcher(id).matches();
    }
}
