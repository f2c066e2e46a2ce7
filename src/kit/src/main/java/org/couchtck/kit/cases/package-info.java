/**
 * The case model and the corpus: {@link org.couchtck.kit.cases.Case cases} and their
 * {@link org.couchtck.kit.cases.Step steps} loaded from fixture files by {@link org.couchtck.kit.cases.Corpus},
 * levels, capabilities and their {@link org.couchtck.kit.cases.Applicability applicability} to a
 * {@link org.couchtck.kit.cases.TargetProfile target} and its {@link org.couchtck.kit.cases.Conformance profile},
 * the {@link org.couchtck.kit.cases.FunctionLibrary function catalogue and language packs} the steps take their
 * function sources from, and the {@link org.couchtck.kit.cases.StepRenderer exact lines} a step sends for a
 * language and a CouchDB version.
 */
package org.couchtck.kit.cases;
