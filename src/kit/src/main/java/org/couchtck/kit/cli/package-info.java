/**
 * The {@code couchtck} command line (picocli): {@code run}, {@code list}, {@code bench} and {@code compare}, and
 * the exit codes of DESIGN.md — 0 clean, 1 failures, 2 usage or configuration error, 3 target could not be started.
 */
package org.couchtck.kit.cli;
