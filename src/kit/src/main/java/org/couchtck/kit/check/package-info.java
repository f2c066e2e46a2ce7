/**
 * Checking what a target answered: JSON {@link org.couchtck.kit.check.Matcher matchers} compiled from the
 * fixture notation by {@link org.couchtck.kit.check.Matchers}, their {@link org.couchtck.kit.check.MatchResult
 * results}, and the verdict types a run reports.
 */
package org.couchtck.kit.check;
