package org.couchtck.kit.daemons;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.kit.generate.Choices;

/**
 * Generates daemon sessions ({@link GeneratedSession}): the daemon's own section with extra keys of random names and
 * values (accented, CJK and astral characters, {@code =}, {@code ;}, spaces inside, long runs), other random
 * sections, keys written twice (the first counts, as in CouchDB) and sections split in two, and a reply delay of up
 * to 300 ms. The port the kit puts in the daemon's section, {@code [os_daemons]} and {@code [os_daemon_settings]} are
 * never touched. Every choice at 0 gives the simplest session: no ini text, replies at once.
 */
final class SessionConfigGenerator {

    private static final List<String> KEY_PIECES = List.of("a", "k", "x", "1", "_", "-", ".", "key", "caf\u00e9",
            "\u65e5", "b c");
    private static final List<String> VALUE_PIECES = List.of("v", "0", " ", "a b", "=", "a=b", ";", "x;y", "caf\u00e9",
            "\u65e5\u672c", "\uD83D\uDE00", "\"q\"", "\\", "{}", "[1]", "null", "http://127.0.0.1:5984/", "%20", "\t");
    private static final List<String> SECTION_NAMES = List.of("extra", "httpd", "couch_httpd_auth", "s p a c e",
            "\u00fcber", "daemons", "a.b-c_d");
    /** The sections whose values change what the kit does; generated text must leave them as the run has them. */
    private static final List<String> RESERVED_SECTIONS = List.of("os_daemons", "os_daemon_settings");

    private final String daemonName;

    /** @param daemonName the daemon's section, where the kit puts its port */
    SessionConfigGenerator(String daemonName) {
        this.daemonName = daemonName;
    }

    GeneratedSession generate(Choices choices) {
        StringBuilder ini = new StringBuilder();
        List<String> written = new ArrayList<>();
        choices.list(4, 55, c -> {
            String section = c.chance(40) ? sectionName(c) : daemonName;
            ini.append('[').append(section).append("]\n");
            c.list(6, 65, k -> {
                String key = key(k);
                String line = key + (k.chance(20) ? "=" : " = ") + value(k) + "\n";
                ini.append(line);
                written.add(line);
                return line;
            });
            if (!written.isEmpty() && c.chance(15)) {
                // The same key again: CouchDB keeps the first value a file gives it.
                String again = written.get((int) c.draw(written.size() - 1L));
                ini.append(again.substring(0, again.indexOf('=')).strip()).append(" = ").append(value(c)).append('\n');
            }
            return section;
        });
        Duration delay = Duration.ofMillis(choices.chance(50) ? choices.between(0, 300) : 0);
        return new GeneratedSession(ini.toString(), delay);
    }

    private String sectionName(Choices choices) {
        String name = choices.pick(SECTION_NAMES) + (choices.chance(30) ? Long.toString(choices.draw(99)) : "");
        return RESERVED_SECTIONS.contains(name) || name.equals(daemonName) ? name + "_" : name;
    }

    /**
     * A key that splits off as itself: no {@code =}, no leading {@code [} or {@code ;}, and never {@code port} (it
     * starts with {@code k}), so the port the kit gives stays.
     */
    private static String key(Choices choices) {
        StringBuilder key = new StringBuilder("k");
        choices.list(5, 60, c -> key.append(c.pick(KEY_PIECES)));
        return key.toString();
    }

    /** A value with something in it (an empty one would delete the key), short or long. */
    private static String value(Choices choices) {
        StringBuilder value = new StringBuilder("v");
        choices.list(8, 70, c -> value.append(c.pick(VALUE_PIECES)));
        if (choices.chance(15)) {
            value.append("x".repeat(choices.between(1, 5000)));
        }
        return value.toString();
    }
}
