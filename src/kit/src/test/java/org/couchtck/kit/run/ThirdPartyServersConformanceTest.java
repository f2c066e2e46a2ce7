package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.couchtck.kit.process.ChildProcesses;
import org.couchtck.kit.report.RunResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The kit's packs against real view servers by others, one per language (relaxo, eoc-server, CouchDB::View, chillax,
 * clutch; couchdb-python has {@link CouchdbPythonConformanceTest}): every built-in case has a source in the server's
 * language, and the server passes the corpus but for the genuine deviations its committed baseline lists, with a
 * reason each. A listed case that passes again turns STALE and fails here. How each pack's sources of kinds the
 * server cannot run are checked: the {@code *PackCompilesTest} of its language.
 */
@Timeout(600)
class ThirdPartyServersConformanceTest {

    static List<ThirdPartyServer> servers() {
        return ThirdPartyServer.launched();
    }

    @AfterEach
    void no_child_process_outlives_a_run() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("servers")
    void passes_the_corpus_but_for_its_baseline(ThirdPartyServer server) {
        // when
        RunResult run = server.runCorpus();

        // then
        ThirdPartyServer.assertPassesButForBaseline(run, server.minimumPasses());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("servers")
    void has_a_source_for_every_case_not_about_another_language(ThirdPartyServer server) {
        // when
        List<String> withoutSource = server.casesWithoutSource();

        // then
        assertThat(withoutSource).isEmpty();
    }
}
