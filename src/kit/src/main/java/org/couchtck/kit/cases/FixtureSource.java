package org.couchtck.kit.cases;

/**
 * The text of one fixture file.
 *
 * @param name how messages and {@link Case#sourceFile()} name the file
 * @param text its content
 */
public record FixtureSource(String name, String text) {
}
