package org.couchtck.reference.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ThresholdLogTest {

    private final RecordingLog sink = new RecordingLog();
    private final AtomicReference<String> level = new AtomicReference<>();
    private final ThresholdLog log = new ThresholdLog(sink, () -> Optional.ofNullable(level.get()));

    private void logAtEveryLevel() {
        for (LogLevel each : LogLevel.values()) {
            log.log(each, each.couchName());
        }
    }

    @Test
    void should_pass_info_and_above_when_no_level_is_configured_as_couchdb_defaults_to() {
        logAtEveryLevel();

        assertThat(sink.entries()).extracting(RecordingLog.Entry::message).containsExactly("info", "notice",
                "warning", "error", "critical", "alert", "emergency");
    }

    @Test
    void should_read_the_level_live_with_couch_logs_names_short_names_and_numbers() {
        level.set("debug");
        log.debug("one");
        level.set("err");
        log.info("dropped");
        log.error("two");
        level.set("4");
        log.log(LogLevel.WARNING, "three");
        level.set("no such level");
        log.info("four");
        level.set("none");
        log.log(LogLevel.EMERGENCY, "dropped too");

        assertThat(sink.entries()).extracting(RecordingLog.Entry::message).containsExactly("one", "two", "three",
                "four");
    }
}
