package org.couchtck.reference.daemons;

import java.util.OptionalLong;

/**
 * One daemon as the host sees it at a moment.
 *
 * @param name its key in {@code [os_daemons]}
 * @param command the command line it runs
 * @param status where it is in its life
 * @param errors how many recent unexpected exits it has on record (those within {@code retry_time} of its last
 *     exit; none once halted), as couch_os_daemons' {@code errors} list
 * @param pid the operating-system id of its current process; empty when none runs (halted, or its command could
 *     not be started)
 */
public record DaemonInfo(String name, String command, DaemonStatus status, int errors, OptionalLong pid) {}
