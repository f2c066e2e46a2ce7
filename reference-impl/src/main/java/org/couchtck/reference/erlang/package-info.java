/**
 * Erlang's external term format and printed term syntax, as CouchDB's behaviour depends on them: revision ids and
 * {@code _approx_count_distinct} hash {@code term_to_binary} bytes, {@code reduce_limit} compares
 * {@code erlang:external_size} figures, some error reasons are terms printed with {@code ~w} or {@code ~p}, and view
 * reduce groups hold keys equal by Erlang's {@code ==}; and config values such as HTTP handlers are terms written in
 * Erlang syntax.
 */
package org.couchtck.reference.erlang;
