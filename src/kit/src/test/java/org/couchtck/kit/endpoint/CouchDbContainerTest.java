package org.couchtck.kit.endpoint;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CouchDbContainerTest {

    @Test
    void should_say_in_one_line_that_no_docker_engine_runs_instead_of_trying() {
        assertThatThrownBy(() -> CouchDbContainer.start("couchdb:3.5.2", () -> false))
                .isInstanceOf(EndpointStartException.class)
                .hasMessageContaining("no Docker engine")
                .hasMessageContaining("--endpoint http://")
                .hasMessageNotContaining("\n");
    }
}
