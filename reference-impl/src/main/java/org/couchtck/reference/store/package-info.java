/**
 * The reference endpoint's in-memory storage: databases, documents, revision trees and update sequences.
 *
 * <p>Each database serialises its writes under one lock and numbers them with its update sequence; readers take
 * consistent snapshots under the same lock and wait on it for later changes, so feeds never skip or repeat a
 * committed change.
 */
package org.couchtck.reference.store;
