package org.couchtck.maven;

import java.util.ArrayList;
import java.util.List;

/** A couchtck command line built from parameters, leaving out those the build did not set. */
final class KitArguments {

    private final List<String> arguments = new ArrayList<>();

    KitArguments(String command) {
        arguments.add(command);
    }

    /** {@code name value}, unless the value is unset or blank. */
    void option(String name, String value) {
        if (value != null && !value.isBlank()) {
            arguments.add(name);
            arguments.add(value.strip());
        }
    }

    /** {@code name value} for each value. */
    void list(String name, List<String> values) {
        if (values != null) {
            values.forEach(value -> option(name, value));
        }
    }

    void flag(String name) {
        arguments.add(name);
    }

    List<String> toList() {
        return List.copyOf(arguments);
    }
}
