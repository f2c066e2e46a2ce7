package org.couchtck.kit.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class EndpointSpecTest {

    @Test
    void should_mean_the_reference_endpoint_when_nothing_is_given() {
        assertThat(EndpointSpec.parse(null, Optional.empty())).isInstanceOf(EndpointSpec.Reference.class);
        assertThat(EndpointSpec.parse("reference", Optional.empty())).isInstanceOf(EndpointSpec.Reference.class);
    }

    @Test
    void should_take_credentials_from_the_url_unless_user_overrides_them() {
        EndpointSpec.Url fromUrl = (EndpointSpec.Url) EndpointSpec.parse("http://bob:pw@db.example:5984",
                Optional.empty());
        EndpointSpec.Url overridden = (EndpointSpec.Url) EndpointSpec.parse("http://bob:pw@db.example:5984",
                Optional.of("admin:s3:cret"));

        assertThat(fromUrl.admin()).contains(new Credentials("bob", "pw"));
        assertThat(overridden.admin()).contains(new Credentials("admin", "s3:cret"));
        assertThat(fromUrl.describe()).isEqualTo("http://db.example:5984").doesNotContain("pw");
    }

    @Test
    void should_read_a_docker_image_reference() {
        assertThat(EndpointSpec.parse("docker:couchdb:3.5.2", Optional.empty()))
                .isEqualTo(new EndpointSpec.Docker("couchdb:3.5.2"));
        assertThat(EndpointSpec.parse("docker:localhost:5000/couchdb:3.5.2", Optional.empty()))
                .isEqualTo(new EndpointSpec.Docker("localhost:5000/couchdb:3.5.2"));
        String digest = "couchdb@sha256:" + "ab".repeat(32);
        assertThat(EndpointSpec.parse("docker:" + digest, Optional.empty())).isEqualTo(new EndpointSpec.Docker(digest));
        assertThat(EndpointSpec.parse("docker:registry.example.com/team/couchdb", Optional.empty()))
                .isEqualTo(new EndpointSpec.Docker("registry.example.com/team/couchdb"));
    }

    @Test
    void should_refuse_what_is_neither_with_a_one_line_reason() {
        assertThatThrownBy(() -> EndpointSpec.parse("ftp://x", Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("http(s)://");
        assertThatThrownBy(() -> EndpointSpec.parse("docker:", Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("docker:couchdb:3.5.2");
        assertThatThrownBy(() -> EndpointSpec.parse("docker:Couch DB", Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("an image reference");
        assertThatThrownBy(() -> EndpointSpec.parse("http://h:1", Optional.of("nocolon")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("name:password");
        assertThatThrownBy(() -> EndpointSpec.parse(null, Optional.of("a:b")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--endpoint URL");
    }
}
