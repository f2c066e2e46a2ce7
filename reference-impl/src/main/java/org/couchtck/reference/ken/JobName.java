package org.couchtck.reference.ken;

/** One index ken builds: the view index of design document {@code ddocId} in {@code db}. */
record JobName(String db, String ddocId) {}
