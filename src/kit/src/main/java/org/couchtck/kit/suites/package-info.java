/**
 * The suites: how a corpus case is run against a target and judged. {@link org.couchtck.kit.suites.CaseExecutor}
 * plays one query-server case over a supervised stdio session; {@link org.couchtck.kit.suites.ServerSupervisor}
 * keeps that session alive across cases the way CouchDB's process pool does. The generated suites
 * ({@link org.couchtck.kit.suites.GeneratedSuites}) run seeded properties against the same supervised target, with the
 * in-process reference query server as oracle ({@link org.couchtck.kit.suites.GeneratedSuiteRunner}).
 */
package org.couchtck.kit.suites;
