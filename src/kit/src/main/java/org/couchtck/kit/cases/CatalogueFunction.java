package org.couchtck.kit.cases;

import java.util.Objects;
import java.util.Optional;

/**
 * One function of the catalogue: what it must do, whatever language it is written in.
 *
 * @param id stable id, e.g. {@code map.emit-doc-id}
 * @param kind what CouchDB uses it as: map, reduce, show, list, update, filter, validate, rewrite, index or module
 * @param statement one line saying what the function must do
 * @param onlyLanguage the one language the function can be written in, when it is about that language itself
 * @param why why it exists in that language only; empty otherwise
 */
public record CatalogueFunction(String id, String kind, String statement, Optional<String> onlyLanguage,
        String why) {

    public CatalogueFunction {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(statement, "statement");
        Objects.requireNonNull(onlyLanguage, "onlyLanguage");
        why = why == null ? "" : why;
    }

    /** Whether a pack for {@code language} is expected to have a source for this function. */
    public boolean translatableTo(String language) {
        return onlyLanguage.map(language::equals).orElse(true);
    }
}
