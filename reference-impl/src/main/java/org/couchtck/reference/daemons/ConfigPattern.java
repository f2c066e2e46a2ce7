package org.couchtck.reference.daemons;

/** What a daemon registered with {@code ["register", section]} or {@code ["register", section, key]}. */
record ConfigPattern(String section, String key) {

    static ConfigPattern section(String section) {
        return new ConfigPattern(section, null);
    }

    static ConfigPattern key(String section, String key) {
        return new ConfigPattern(section, key);
    }

    /** Whether a change of {@code [section] key} concerns this registration. */
    boolean matches(String changedSection, String changedKey) {
        return section.equals(changedSection) && (key == null || key.equals(changedKey));
    }
}
