package org.couchtck.reference.queryserver.protocol;

/** Receives the messages of {@code ["log", message]} lines written before the reply. */
@FunctionalInterface
public interface LogSink {
  /** Records one log message. */
  void log(String message);
}
