/**
 * The couchtck Maven plugin: the goal {@code couchtck:run}, which runs the kit's suites in a build as {@code couchtck
 * run} does and turns the run's outcome into the build's.
 */
package org.couchtck.maven;
