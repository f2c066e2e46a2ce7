package org.couchtck.kit.endpoint;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CouchDbContainerTest {

    @Test
    void whyTheEngineCannotBeHadIsWhyTheContainerDoesNotStartAndNothingIsTried() {
        EndpointStartException noEngine = new EndpointStartException("no Docker engine is reachable here: DOCKER_HOST "
                + "is not set and /var/run/docker.sock does not exist (is dockerd running?)", null);

        assertThatThrownBy(() -> CouchDbContainer.start("couchdb:3.5.2", () -> {
            throw noEngine;
        })).isSameAs(noEngine);
    }
}
