/**
 * Reports of a run: the canonical {@code results.json} (with its JSON Schema), a Surefire-compatible
 * {@code junit.xml}, a self-contained {@code report.html}, a {@code summary.md} for CI job summaries, a README badge,
 * the terminal summary and progress bar; the comparison of two runs ({@link org.couchtck.kit.report.RunComparison}:
 * verdict changes, reply drift, timing, as Markdown and HTML); and the matrix of several targets' runs ({@link
 * org.couchtck.kit.report.Matrix}: HTML, JSON, Markdown, badges).
 *
 * <p>Everything here reads a {@link org.couchtck.kit.report.RunResult}; nothing here runs cases. Server output
 * is treated as hostile: every writer makes it safe for its format before it lands in a file or a terminal.
 */
package org.couchtck.kit.report;
