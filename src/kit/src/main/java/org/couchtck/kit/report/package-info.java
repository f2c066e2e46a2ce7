/**
 * Reports of a run: the canonical {@code results.json} (with its JSON Schema), a Surefire-compatible
 * {@code junit.xml}, a self-contained {@code report.html}, a {@code summary.md} for CI job summaries, the
 * terminal summary and progress bar, and the case-by-case comparison of two runs.
 *
 * <p>Everything here reads a {@link org.couchtck.kit.report.RunResult}; nothing here runs cases. Server output
 * is treated as hostile: every writer makes it safe for its format before it lands in a file or a terminal.
 */
package org.couchtck.kit.report;
