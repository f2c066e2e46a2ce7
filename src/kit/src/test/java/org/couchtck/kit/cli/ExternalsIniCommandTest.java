package org.couchtck.kit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.couchtck.kit.daemons.programs.ProxiedDaemon;
import org.couchtck.kit.daemons.programs.ScriptedExternal;
import org.junit.jupiter.api.Test;

class ExternalsIniCommandTest {

    private final CliRun cli = new CliRun();

    @Test
    void should_print_the_handlers_daemon_and_external_handler_with_the_ports_given() {
        // when
        int status = cli.couchtck("externals-ini", "--backend-port", "6001", "--daemon-port", "6002",
                "--down-port", "6003");

        // then
        assertThat(status).isEqualTo(ExitCodes.OK);
        assertThat(cli.out()).contains("[httpd_global_handlers]\n"
                + "_couchtck_proxy = {couch_httpd_proxy, handle_proxy_req, <<\"http://127.0.0.1:6001\">>}\n"
                + "_couchtck_proxy_prefix = {couch_httpd_proxy, handle_proxy_req, <<\"http://127.0.0.1:6001/prefix/\">>}\n"
                + "_couchtck_proxy_down = {couch_httpd_proxy, handle_proxy_req, <<\"http://127.0.0.1:6003\">>}\n"
                + "_couchtck_daemon = {couch_httpd_proxy, handle_proxy_req, <<\"http://127.0.0.1:6002\">>}\n")
                .endsWith("[daemons]\nexternal_manager = {couch_external_manager, start_link, []}\n")
                .contains("[httpd_db_handlers]\n"
                        + "_couchtck_external = {couch_httpd_external, handle_external_req, <<\"couchtck_external\">>}\n"
                        + "_couchtck_external_missing = {couch_httpd_external, handle_external_req, "
                        + "<<\"couchtck_missing\">>}\n")
                .containsPattern("\\[external]\ncouchtck_external = \\S*java .*-cp \\S+ "
                        + ScriptedExternal.class.getName().replace(".", "\\.") + "\n")
                .containsPattern("\\[os_daemons]\ncouchtck_daemon = \\S*java .*-cp \\S+ "
                        + ProxiedDaemon.class.getName().replace(".", "\\.") + " couchtck_daemon\n")
                .contains("[couchtck_daemon]\nport = 6002\nwitness = http://127.0.0.1:6001\n")
                .contains("[os_daemon_settings]\nmax_retries = 3\nretry_time = 30\n")
                .doesNotContain("couchtck_late");
    }

    @Test
    void should_refuse_a_port_out_of_range() {
        // when
        int status = cli.couchtck("externals-ini", "--backend-port", "70000");

        // then
        assertThat(status).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("a port is 1 to 65535, got 70000");
    }
}
