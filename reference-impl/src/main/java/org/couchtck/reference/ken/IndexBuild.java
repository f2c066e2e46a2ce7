package org.couchtck.reference.ken;

/** A build the host started for ken. */
@FunctionalInterface
public interface IndexBuild {

    /**
     * Ken no longer wants this build (its database was deleted). The host may stop it; either way it must still
     * report to its {@link BuildListener} once, since ken counts the build against its channels until then.
     */
    void cancel();
}
