/**
 * The suites in which the kit plays CouchDB towards a process CouchDB would start: an OS daemon (the daemon suite,
 * here) and an {@code _external} handler ({@link org.couchtck.kit.daemons.external}).
 *
 * <p>The daemon suite: {@link org.couchtck.kit.daemons.DaemonCorpus} loads {@code fixtures/daemon/<section>.json}
 * into {@link org.couchtck.kit.daemons.DaemonCase cases}, each a {@link org.couchtck.kit.daemons.DaemonCheck check}
 * on a session that a {@link org.couchtck.kit.daemons.SessionSpec} describes. The
 * {@link org.couchtck.kit.daemons.DaemonSuiteRunner} runs one session per spec, in which the kit plays CouchDB 2.2.0's
 * daemon manager: it answers the daemon's requests from a {@link org.couchtck.kit.daemons.DaemonConfig} (an ini file
 * read as CouchDB reads it), classifies every line the daemon writes as CouchDB would
 * ({@link org.couchtck.kit.daemons.DaemonLine}), starts it again when it exits until CouchDB's rule would halt it,
 * probes the port it gave it for HTTP, and closes its standard input at the end.
 * {@link org.couchtck.kit.daemons.DaemonTargets} says which processes the suites run and their time bounds.
 *
 * <p>With a seed, the generated cases ({@link org.couchtck.kit.daemons.GeneratedDaemonSuites}) judge sessions whose
 * configuration and reply delay are drawn by {@code SessionConfigGenerator}, with the checks of the corpus, through
 * the shared property engine ({@link org.couchtck.kit.generate}): seeded examples, shrinking, replay.
 */
package org.couchtck.kit.daemons;
