package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;

/** One row of a view: what a document's map function emitted. */
public record ViewRow(JsonNode key, String id, JsonNode value) {}
