/**
 * Test doubles: tiny query "servers", OS daemons and {@code _external} handlers that misbehave in one precise way
 * each, run as separate processes (Java main classes started with the test JVM's own java) to test the harness and
 * the runners against real pipes.
 */
package org.couchtck.kit.testservers;
