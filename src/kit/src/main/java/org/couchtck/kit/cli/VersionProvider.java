package org.couchtck.kit.cli;

import org.couchtck.kit.run.KitVersion;
import picocli.CommandLine.IVersionProvider;

/** {@code couchtck --version}. */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"couchtck " + KitVersion.current()};
    }
}
