/**
 * The {@code _external} suite: the kit plays CouchDB 2.2.0's {@code couch_external_server} towards a handler process.
 *
 * <p>{@link org.couchtck.kit.daemons.external.ExternalCorpus} loads {@code fixtures/external/<section>.json} into
 * {@link org.couchtck.kit.daemons.external.ExternalCase cases} of {@link org.couchtck.kit.daemons.external.ExternalStep
 * steps}; a request step's {@link org.couchtck.kit.daemons.external.ExternalRequest HTTP request} becomes the request
 * object CouchDB writes ({@link org.couchtck.kit.daemons.external.RequestObjects}), and the handler's reply is judged
 * by what CouchDB accepts ({@link org.couchtck.kit.daemons.external.ReplyRules}). The generated cases
 * ({@link org.couchtck.kit.daemons.external.GeneratedExternalSuites}) write seeded random requests and shrink what
 * fails. {@link org.couchtck.kit.daemons.external.ExternalSuiteRunner} runs both against one handler command.
 */
package org.couchtck.kit.daemons.external;
