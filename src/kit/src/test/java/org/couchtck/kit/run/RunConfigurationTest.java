package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.cases.Suite;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.daemons.DaemonSettings;
import org.couchtck.kit.daemons.DaemonTargets;
import org.junit.jupiter.api.Test;

class RunConfigurationTest {

    @Test
    void should_survive_the_trip_through_engine_parameters() {
        RunConfiguration config = new RunConfiguration(Optional.of("python3 -m my_server"),
                new TargetProfile("python", CouchDbVersion.parse("3.4.2"), Set.of("sandbox.timeout")),
                Duration.ofMillis(750), Optional.of(Path.of("my-fixtures")),
                new CaseSelection(List.of("qs.map_doc.*"), List.of("*.slow"), EnumSet.of(Level.MUST, Level.SHOULD)),
                Optional.of(Path.of("baseline.json")));

        Map<String, String> parameters = config.toParameters();
        RunConfiguration back = RunConfiguration.fromParameters(key -> Optional.ofNullable(parameters.get(key)));

        assertThat(back).isEqualTo(config);
    }

    @Test
    void should_default_to_the_reference_and_the_latest_couchdb() {
        RunConfiguration config = RunConfiguration.fromParameters(key -> Optional.empty());

        assertThat(config.server()).isEmpty();
        assertThat(config.targetName()).isEqualTo("reference");
        assertThat(config.profile().couchDbVersion()).isEqualTo(CouchDbVersion.LATEST);
        assertThat(config.timeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.command().argv()).last().isEqualTo("org.couchtck.reference.queryserver.QueryServerMain");
    }

    @Test
    void should_name_the_parameter_whose_value_is_unusable() {
        assertThatThrownBy(() -> RunConfiguration.fromParameters(
                key -> Optional.ofNullable(Map.of(RunConfiguration.TIMEOUT_MILLIS, "soon").get(key))))
                .hasMessageContaining(RunConfiguration.TIMEOUT_MILLIS);
        assertThatThrownBy(() -> RunConfiguration.fromParameters(
                key -> Optional.ofNullable(Map.of(RunConfiguration.LEVELS, "MUST,OFTEN").get(key))))
                .hasMessageContaining("OFTEN");
    }

    @Test
    void should_carry_the_daemon_and_external_targets_and_bounds_through_engine_parameters() {
        // given
        DaemonTargets daemons = new DaemonTargets(Optional.of("./my-daemon --v"), Optional.of(Path.of("local.ini")),
                "my_daemon", Optional.of("./handler"), new DaemonSettings(Duration.ofSeconds(4),
                        Duration.ofMillis(700), Duration.ofSeconds(2), Duration.ofSeconds(6), 4096));
        RunConfiguration config = RunConfiguration.defaults().withDaemons(daemons)
                .withSuites(EnumSet.of(Suite.DAEMON, Suite.EXTERNAL));

        // when
        Map<String, String> parameters = config.toParameters();
        RunConfiguration back = RunConfiguration.fromParameters(key -> Optional.ofNullable(parameters.get(key)));

        // then
        assertThat(back.daemons()).isEqualTo(daemons);
        assertThat(back.targetName()).isEqualTo("./my-daemon --v + ./handler");
    }

    @Test
    void should_name_only_the_distinct_targets_of_the_suites_that_run() {
        // given: a query server of one's own, the kit's own everything else
        RunConfiguration config = RunConfiguration.defaults().withSuites(EnumSet.allOf(Suite.class));
        RunConfiguration own = new RunConfiguration(Optional.of("my-server"), config.profile(), config.timeout(),
                Optional.empty(), config.selection(), Optional.empty(), config.startTimeout(),
                EnumSet.allOf(Suite.class), Optional.empty(), Optional.empty());

        // then
        assertThat(config.targetName()).isEqualTo("reference");
        assertThat(own.targetName()).isEqualTo("my-server + reference");
    }
}
