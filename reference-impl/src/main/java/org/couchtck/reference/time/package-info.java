/**
 * Injected time for the reference's background machinery (global_changes, ken): a {@link
 * org.couchtck.reference.time.Scheduler} runs tasks after delays, on the system clock in a running endpoint ({@link
 * org.couchtck.reference.time.SystemScheduler}) and on a {@link org.couchtck.reference.time.VirtualScheduler} in
 * tests, where a day of scheduling takes milliseconds and the same inputs give the same history.
 */
package org.couchtck.reference.time;
