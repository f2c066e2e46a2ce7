/**
 * The case model and the corpus: {@link org.couchtck.kit.cases.Case cases} and their
 * {@link org.couchtck.kit.cases.Step steps} loaded from fixture files by {@link org.couchtck.kit.cases.Corpus},
 * levels, capabilities and their {@link org.couchtck.kit.cases.Applicability applicability} to a
 * {@link org.couchtck.kit.cases.TargetProfile target}, and the {@link org.couchtck.kit.cases.StepRenderer exact
 * lines} a step sends for a CouchDB version.
 */
package org.couchtck.kit.cases;
