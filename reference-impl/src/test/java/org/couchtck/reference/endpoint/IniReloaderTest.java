package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.couchtck.reference.config.IniFiles;
import org.couchtck.reference.log.LogLevel;
import org.couchtck.reference.log.RecordingLog;
import org.couchtck.reference.time.VirtualScheduler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Re-reading the ini files, in virtual time. */
class IniReloaderTest {

    @TempDir
    Path dir;
    private final VirtualScheduler scheduler = new VirtualScheduler();
    private final NodeConfig config = new NodeConfig();
    private final RecordingLog log = new RecordingLog();

    private IniReloader reloader(Path... files) {
        IniReloader reloader = new IniReloader(new IniFiles(List.of(files)), config, scheduler, log);
        reloader.reloadNow();
        reloader.start();
        return reloader;
    }

    @Test
    void should_take_what_changed_in_the_files_at_the_next_poll() throws IOException {
        Path local = Files.writeString(dir.resolve("local.ini"), "[s]\nk = 1\n");
        reloader(local);

        Files.writeString(local, "[s]\nk = 2\n");
        scheduler.advance(IniReloader.POLL_MILLIS - 1);
        String beforePoll = config.get("s", "k").orElseThrow();
        scheduler.advance(1);

        assertThat(beforePoll).isEqualTo("1");
        assertThat(config.get("s", "k")).hasValue("2");
    }

    @Test
    void should_keep_the_values_while_a_file_cannot_be_read_and_say_so_once() throws IOException {
        Path local = Files.writeString(dir.resolve("local.ini"), "[s]\nk = 1\n");
        IniReloader reloader = reloader(local);

        Files.delete(local);
        reloader.reloadNow();
        scheduler.advance(5 * IniReloader.POLL_MILLIS);
        Files.writeString(local, "[s]\nk = 2\n");
        scheduler.advance(IniReloader.POLL_MILLIS);

        assertThat(log.messages(LogLevel.ERROR)).containsExactly("Couldn't find server configuration file " + local
                + ". The configuration stays as it was.");
        assertThat(config.get("s", "k")).hasValue("2");
    }

    @Test
    void should_log_a_value_the_node_cannot_take_and_poll_on() throws IOException {
        config.watch("s", (key, value) -> Long.parseLong(value));
        Path local = Files.writeString(dir.resolve("local.ini"), "[s]\nk = 1\n");
        reloader(local);

        Files.writeString(local, "[s]\nk = one\n");
        scheduler.advance(IniReloader.POLL_MILLIS);
        Files.writeString(local, "[s]\nk = 2\n");
        scheduler.advance(IniReloader.POLL_MILLIS);

        assertThat(log.messages(LogLevel.ERROR)).containsExactly("A changed value of the ini files could not be "
                + "taken: java.lang.NumberFormatException: For input string: \"one\"");
        assertThat(config.get("s", "k")).hasValue("2");
    }

    @Test
    void should_stop_polling_once_closed() throws IOException {
        Path local = Files.writeString(dir.resolve("local.ini"), "[s]\nk = 1\n");
        IniReloader reloader = reloader(local);

        reloader.close();
        Files.writeString(local, "[s]\nk = 2\n");
        scheduler.advance(10 * IniReloader.POLL_MILLIS);

        assertThat(config.get("s", "k")).hasValue("1");
    }
}
