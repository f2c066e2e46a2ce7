/**
 * Running the corpus: a JUnit Platform {@link org.junit.platform.engine.TestEngine} (id {@code couchtck}) whose
 * tests are the corpus cases for one configured target, and {@link org.couchtck.kit.run.ConformanceRunner}, which
 * drives that engine through the JUnit Platform Launcher for the CLI and the Maven goal. When the parameters carry a
 * seed ({@link org.couchtck.kit.run.GenerationParameters}), the generated suites run as cases too.
 */
package org.couchtck.kit.run;
