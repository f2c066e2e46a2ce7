package org.couchtck.kit.cases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.cases.TestCases.caseWith;
import static org.couchtck.kit.cases.TestCases.step;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TargetProfileTest {

    private static final TargetProfile JS_352 = new TargetProfile("javascript", CouchDbVersion.LATEST, Set.of());

    @Test
    void should_apply_when_every_capability_is_met() {
        Case c = caseWith(List.of("couchdb>=3.5.2", "lang:javascript", "sandbox.timeout"),
                step(StepKind.SEND, "[\"add_fun\",{\"$fn\":{\"javascript\":\"function(doc){}\"}}]"));

        assertThat(JS_352.applicability(c)).isEqualTo(Applicability.yes());
    }

    @Test
    void should_not_apply_when_the_version_is_too_old() {
        TargetProfile old = new TargetProfile("javascript", CouchDbVersion.parse("3.5.1"), Set.of());

        Applicability result = old.applicability(caseWith(List.of("couchdb>=3.5.2"), step(StepKind.SEND, "[]")));

        assertThat(result.applicable()).isFalse();
        assertThat(result.reason()).isEqualTo("needs CouchDB 3.5.2 or later (target speaks 3.5.1)");
    }

    @Test
    void should_not_apply_when_the_version_is_too_new() {
        Applicability result = JS_352.applicability(caseWith(List.of("couchdb<3.5.2"), step(StepKind.SEND, "[]")));

        assertThat(result.applicable()).isFalse();
        assertThat(result.reason()).isEqualTo("needs CouchDB before 3.5.2 (target speaks 3.5.2)");
    }

    @Test
    void should_not_apply_when_the_case_needs_another_language() {
        TargetProfile python = new TargetProfile("python", CouchDbVersion.LATEST, Set.of());

        Applicability result = python.applicability(caseWith(List.of("lang:javascript"), step(StepKind.SEND, "[]")));

        assertThat(result.reason()).isEqualTo("about javascript itself (target is python)");
        assertThat(result.cause()).isEqualTo(Applicability.Cause.LANGUAGE);
    }

    @Test
    void should_not_apply_when_the_run_is_without_a_feature() {
        TargetProfile noTimeout = new TargetProfile("javascript", CouchDbVersion.LATEST, Set.of("sandbox.timeout"));

        Applicability result = noTimeout.applicability(caseWith(List.of("sandbox.timeout"),
                step(StepKind.SEND, "[]")));

        assertThat(result.reason()).isEqualTo("needs feature sandbox.timeout (run says --without sandbox.timeout)");
    }

    @Test
    void should_not_apply_when_a_function_lacks_a_source_in_the_language() {
        TargetProfile python = new TargetProfile("python", CouchDbVersion.LATEST, Set.of());
        Case c = caseWith(List.of(), step(StepKind.REDUCE,
                "{\"funs\":[{\"$fn\":{\"javascript\":\"function(k,v){}\"}}],\"kvs\":[]}"));

        Applicability result = python.applicability(c);

        assertThat(result.applicable()).isFalse();
        assertThat(result.reason()).isEqualTo("no python source for function (step 0)");
        assertThat(result.cause()).isEqualTo(Applicability.Cause.NO_SOURCE);
    }
}
