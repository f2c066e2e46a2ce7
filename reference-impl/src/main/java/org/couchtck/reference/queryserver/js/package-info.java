/**
 * The JavaScript side of the reference query server: the {@link
 * org.couchtck.reference.queryserver.js.ViewEngine} interface the protocol commands use, and its
 * Rhino implementation (interpreted mode, no host access, a deadline per command, one global
 * object per compiled function, documents and helpers in a separate host realm).
 */
package org.couchtck.reference.queryserver.js;
