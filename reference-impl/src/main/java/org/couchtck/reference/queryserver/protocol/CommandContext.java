package org.couchtck.reference.queryserver.protocol;

import java.time.Duration;
import org.couchtck.reference.queryserver.js.ListRowSource;
import org.couchtck.reference.queryserver.js.ViewEngine;

/**
 * Everything a command may use: the process state, the JavaScript engine, where its log lines
 * go, the length of the protocol line in UTF-16 units (reduce_limit compares against it), the
 * timeout that applies when a reset config names none, and where a list reads its rows.
 */
public record CommandContext(
    ServerState state,
    ViewEngine engine,
    LogSink log,
    int lineLength,
    Duration defaultTimeout,
    ListRowSource listRows) {}
