package org.couchtck.reference.queryserver.js;

/** What a JavaScript call ended with: its return value, or the value it threw. */
record Outcome(boolean returned, Object value) {}
