package org.couchtck.kit.process;

/** The target could not be started: the command does not exist, is not executable, or the directory is missing. */
public class TargetStartException extends Exception {

    /** @param message one line naming the command and the reason */
    public TargetStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
