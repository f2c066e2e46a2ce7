package org.couchtck.kit.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The style sheets and scripts the HTML pages inline, read from beside this package's classes. */
final class ReportResource {

    private ReportResource() {}

    static String text(String name) {
        try (InputStream in = ReportResource.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the kit's class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
