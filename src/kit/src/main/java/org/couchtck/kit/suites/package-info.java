/**
 * The suites: how a corpus case is run against a target and judged. {@link org.couchtck.kit.suites.CaseExecutor}
 * plays one query-server case over a supervised stdio session; {@link org.couchtck.kit.suites.ServerSupervisor}
 * keeps that session alive across cases the way CouchDB's process pool does.
 */
package org.couchtck.kit.suites;
