package org.couchtck.reference.queryserver;

import com.fasterxml.jackson.databind.JsonNode;

/** A design document's identity as CouchDB's process pool tracks it: its id and revision. */
record DdocKey(String id, String rev) {

  static DdocKey of(JsonNode ddoc) {
    return new DdocKey(ddoc.path("_id").asText(), ddoc.path("_rev").asText());
  }
}
