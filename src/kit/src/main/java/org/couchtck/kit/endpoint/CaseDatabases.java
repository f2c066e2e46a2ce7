package org.couchtck.kit.endpoint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The names of one case run: each logical name of its {@code databases}, {@code names} and {@code users} bound to
 * {@code couchtck-<runId>-<n>-<name>}, a legal CouchDB database and user name (lowercase, starts with a letter) no
 * other case or run uses, and which the sweep of leftovers recognises.
 */
final class CaseDatabases {

    private final Map<String, String> created = new LinkedHashMap<>();
    private final Map<String, String> named = new LinkedHashMap<>();
    private final Map<String, String> users = new LinkedHashMap<>();

    CaseDatabases(HttpCase testCase, String runId, int caseNumber) {
        String prefix = "couchtck-" + runId + "-" + caseNumber + "-";
        testCase.databases().forEach(name -> created.put(name, prefix + name));
        testCase.names().forEach(name -> named.put(name, prefix + name));
        testCase.users().forEach(name -> users.put(name, prefix + name));
    }

    /** Logical name to user name, of the users the case may make. */
    Map<String, String> users() {
        return users;
    }

    /** Every name the case binds: databases, names and users. */
    Map<String, String> bound() {
        Map<String, String> bound = all();
        bound.putAll(users);
        return bound;
    }

    /** Logical name to database name, of the databases the kit creates. */
    Map<String, String> created() {
        return created;
    }

    /** Logical name to database name, of every database the case may leave behind. */
    Map<String, String> all() {
        Map<String, String> all = new LinkedHashMap<>(created);
        all.putAll(named);
        return all;
    }

    /** The database names to delete after the case, created ones first. */
    List<String> toDelete() {
        return new ArrayList<>(all().values());
    }
}
