/**
 * Running the corpus: a JUnit Platform {@link org.junit.platform.engine.TestEngine} (id {@code couchtck}) whose
 * tests are the corpus cases for one configured target, and {@link org.couchtck.kit.run.ConformanceRunner}, which
 * drives that engine through the JUnit Platform Launcher for the CLI and the Maven goal.
 */
package org.couchtck.kit.run;
