package org.couchtck.reference.daemons;

import java.io.IOException;

/** Starts the process of a daemon's command line. */
@FunctionalInterface
public interface DaemonLauncher {

    /**
     * Starts {@code command}, reporting to {@code listener} from then on.
     *
     * @throws IOException if no process could be started at all
     */
    DaemonProcess launch(String command, DaemonProcess.Listener listener) throws IOException;
}
