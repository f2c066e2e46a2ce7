/**
 * The query-server suites: how a corpus case is run against a stdio query server and judged.
 * {@link org.couchtck.kit.queryserver.CaseExecutor} plays one case over a supervised stdio session;
 * {@link org.couchtck.kit.queryserver.ServerSupervisor} keeps that session alive across cases the way CouchDB's
 * process pool does. The generated suites ({@link org.couchtck.kit.queryserver.GeneratedSuites}) run seeded
 * properties against the same supervised target, with the in-process reference query server as oracle
 * ({@link org.couchtck.kit.queryserver.GeneratedSuiteRunner}).
 */
package org.couchtck.kit.queryserver;
