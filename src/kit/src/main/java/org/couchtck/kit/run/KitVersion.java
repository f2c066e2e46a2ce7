package org.couchtck.kit.run;

/** The kit's own version, as its jar manifest states it. */
public final class KitVersion {

    private KitVersion() {}

    /** The version, or {@code "dev"} when running from classes rather than a built jar. */
    public static String current() {
        String version = KitVersion.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
