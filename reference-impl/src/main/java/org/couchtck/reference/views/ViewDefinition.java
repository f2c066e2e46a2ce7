package org.couchtck.reference.views;

import java.util.Optional;

/**
 * One view of a design document.
 *
 * @param name the view's name in {@code views}
 * @param map the map function's source
 * @param reduce the reduce function's source, or a builtin's name ({@code _sum}); empty for a map-only view
 * @param rawCollation whether {@code options.collation} is {@code "raw"} (Erlang term order instead of ICU's)
 */
public record ViewDefinition(String name, String map, Optional<String> reduce, boolean rawCollation) {

    public boolean reduces() {
        return reduce.isPresent();
    }
}
