package org.couchtck.kit.endpoint.externals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.couchtck.kit.endpoint.Externals;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class ExternalsSetupTest {

    @Test
    void should_write_an_ini_naming_its_running_backend_and_take_both_down_when_closed() throws IOException {
        // given
        ExternalsSetup setup = ExternalsSetup.forStartedEndpoint(Duration.ofSeconds(5));
        Path ini = setup.ini().orElseThrow();
        int port = setup.backend().orElseThrow().port();
        AtomicInteger reloads = new AtomicInteger();
        setup.onIniChange(reloads::incrementAndGet);

        // when
        String text = Files.readString(ini);
        Externals externals = setup.externals();
        ((IniFile) externals.ini().orElseThrow()).set("os_daemons", "x", "y");
        setup.close();

        // then
        assertThat(externals.absent()).isEmpty();
        assertThat(externals.variables()).containsEntry(Externals.BACKEND_URL, "http://127.0.0.1:" + port)
                .containsOnlyKeys(Externals.VARIABLES);
        assertThat(text).contains("_couchtck_proxy = {couch_httpd_proxy, handle_proxy_req, <<\"http://127.0.0.1:"
                + port + "\">>}").contains("[couchtck_late]").contains("_couchtck_late = ");
        assertThat(reloads).hasValue(1);
        assertThat(ini).doesNotExist();
        assertThat(ini.getParent()).doesNotExist();
        assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).as("the backend's port")
                .isInstanceOf(IOException.class);
    }
}
