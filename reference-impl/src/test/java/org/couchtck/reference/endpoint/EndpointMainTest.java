package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EndpointMainTest {

    @Test
    void should_take_several_ini_files_in_the_order_given(@TempDir Path dir) throws IOException {
        Path defaults = Files.writeString(dir.resolve("default.ini"), "[s]\nk = 1\n");
        Path local = Files.writeString(dir.resolve("local.ini"), "[s]\nk = 2\n");

        ReferenceEndpoint.Options options = EndpointMain.parse(new String[] {"--ini", defaults.toString(), "--port",
                "0", "--ini", local.toString()});

        assertThat(options.iniFiles()).containsExactly(defaults.toAbsolutePath(), local.toAbsolutePath());
        assertThat(options.port()).isZero();
    }

    @Test
    void should_refuse_an_ini_file_that_does_not_exist_or_is_not_a_file(@TempDir Path dir) {
        String missing = dir.resolve("missing.ini").toString();

        assertThatThrownBy(() -> EndpointMain.parse(new String[] {"--ini", missing}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--ini: no such file: " + missing);
        assertThatThrownBy(() -> EndpointMain.parse(new String[] {"--ini", dir.toString()}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--ini: not a readable file: " + dir);
        assertThatThrownBy(() -> EndpointMain.parse(new String[] {"--ini"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--ini needs a value");
    }

    @Test
    void the_admin_comes_from_the_official_images_variables_unless_given() {
        Map<String, String> env = Map.of("COUCHDB_USER", "boss", "COUCHDB_PASSWORD", "s3cret");

        assertThat(EndpointMain.parse(new String[0], env).admin()).isEqualTo(new Credentials("boss", "s3cret"));
        assertThat(EndpointMain.parse(new String[] {"--admin", "a:b"}, env).admin())
                .isEqualTo(new Credentials("a", "b"));
        assertThat(EndpointMain.parse(new String[0], Map.of("COUCHDB_USER", "boss")).admin())
                .isEqualTo(new Credentials("admin", "admin"));
    }

    @Test
    void it_listens_where_bind_says_and_on_the_loopback_otherwise() {
        assertThat(EndpointMain.parse(new String[] {"--bind", "0.0.0.0"}, Map.of()).host()).isEqualTo("0.0.0.0");
        assertThat(EndpointMain.parse(new String[0], Map.of()).host()).isEqualTo("127.0.0.1");
    }

    @Test
    void should_read_no_ini_file_when_none_is_given() {
        assertThat(EndpointMain.parse(new String[0]).iniFiles()).isEmpty();
    }

    @Test
    void should_make_a_simulated_cluster_of_the_nodes_and_copies_given() {
        ReferenceEndpoint.Options options = EndpointMain.parse(new String[] {"--nodes", "3", "--lag", "250"});

        assertThat(options.cluster()).isEqualTo(new org.couchtck.reference.store.ClusterLayout(3, 3, 2, 1, 250,
                false));
        assertThat(EndpointMain.parse(new String[] {"--nodes", "3", "--w", "3", "--lagging", "1"}).cluster()
                .acceptsOnly()).isTrue();
        assertThat(EndpointMain.parse(new String[0]).cluster().isCluster()).isFalse();
        assertThat(EndpointMain.parse(new String[] {"--nodes", "3", "--conflicting-writes"}).cluster()
                .conflictingWrites()).isTrue();
    }

    @Test
    void should_refuse_a_cluster_it_cannot_be() {
        assertThatThrownBy(() -> EndpointMain.parse(new String[] {"--n", "3"}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--n, --w, --lagging and --conflicting-writes shape a cluster: give --nodes too");
        assertThatThrownBy(() -> EndpointMain.parse(new String[] {"--nodes", "3", "--lagging", "0",
                "--conflicting-writes"})).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("conflicting writes land on a copy that lags, and none lags");
        assertThatThrownBy(() -> EndpointMain.parse(new String[] {"--nodes", "2", "--n", "3"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most one copy per node");
        assertThatThrownBy(() -> EndpointMain.parse(new String[] {"--nodes", "x"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--nodes must be a whole number, got 'x'");
    }
}
