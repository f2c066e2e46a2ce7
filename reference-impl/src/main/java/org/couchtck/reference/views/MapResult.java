package org.couchtck.reference.views;

import java.util.List;

/**
 * A map query's answer.
 *
 * @param totalRows the rows in the whole view
 * @param offset the rows before the first one returned (skipped ones included), as CouchDB counts them
 * @param rows the rows, in order
 */
public record MapResult(long totalRows, long offset, List<ViewRow> rows) {

    public MapResult {
        rows = List.copyOf(rows);
    }
}
