/**
 * The HTTP half of the kit: cases that check a CouchDB-compatible server over HTTP.
 *
 * <ul>
 *   <li>The case model, loaded from {@code fixtures/http/<section>.json} by {@link
 *       org.couchtck.kit.endpoint.HttpCorpus}: {@link org.couchtck.kit.endpoint.HttpCase cases} of {@link
 *       org.couchtck.kit.endpoint.RequestStep request steps} and {@link org.couchtck.kit.endpoint.FeedStep feed
 *       steps}, with {@code {{variables}}} bound from the case's databases and from captures.</li>
 *   <li>The {@link org.couchtck.kit.endpoint.EndpointTarget target} the executor talks to, with one real
 *       implementation over HTTP/1.1 connections the kit keeps itself ({@link org.couchtck.kit.endpoint.HttpEndpoint},
 *       on Apache HttpCore); a replay of recorded exchanges can stand in its place.</li>
 *   <li>Feed reading: a {@link org.couchtck.kit.endpoint.FeedReader} reads a {@link
 *       org.couchtck.kit.endpoint.FeedConnection} line by line on its own thread, under a hard time bound, and
 *       decodes continuous, eventsource and longpoll/normal bodies.</li>
 *   <li>{@link org.couchtck.kit.endpoint.HttpCaseExecutor}: runs one case in its own databases and judges it.</li>
 * </ul>
 */
package org.couchtck.kit.endpoint;
