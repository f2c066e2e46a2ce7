package org.couchtck.reference.queryserver.js;

/**
 * The design-document sections the engine runs, each with couchjs's calling convention and
 * reply shape.
 */
public enum DesignDocSection {
  /** {@code filters}: args [docs, req]; reply {@code [true, [passes...]]}. */
  FILTERS,
  /** {@code views} (a map function used as a changes filter): args [docs]; reply {@code [true,
   * [emitted anything...]]}. */
  VIEWS,
  /** {@code shows}: args [doc, req]; reply {@code ["resp", response]}. */
  SHOWS,
  /** {@code lists}: args [head, req]; replies {@code ["start", ...]}, {@code ["chunks", ...]}
   * per row read, then {@code ["end", chunks]}. */
  LISTS,
  /** {@code rewrites}: args [req]; reply {@code ["ok", rewrite]}, or {@code ["no_dispatch_rule"]}
   * when the function's result is falsy. */
  REWRITES,
  /** {@code updates}: args [doc, req]; reply {@code ["up", doc, response]}. */
  UPDATES,
  /** {@code validate_doc_update}: args [newDoc, oldDoc, userCtx, secObj]; reply {@code 1}, or
   * the thrown value. */
  VALIDATE_DOC_UPDATE
}
