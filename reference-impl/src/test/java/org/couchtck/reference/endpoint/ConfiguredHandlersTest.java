package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.couchtck.reference.endpoint.ConfiguredHandlers.External;
import org.couchtck.reference.endpoint.ConfiguredHandlers.Failure;
import org.couchtck.reference.endpoint.ConfiguredHandlers.Native;
import org.couchtck.reference.endpoint.ConfiguredHandlers.Proxy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** [httpd_global_handlers] and [httpd_db_handlers] values read as couch_httpd:make_arity_N_fun reads them. */
class ConfiguredHandlersTest {

    private final NodeConfig config = new NodeConfig();
    private final ConfiguredHandlers handlers = new ConfiguredHandlers(config);

    @Test
    void should_read_a_proxy_with_a_binary_or_a_string_destination() {
        config.set(ConfiguredHandlers.GLOBAL, "_bin", "{couch_httpd_proxy, handle_proxy_req, <<\"http://b:1/x\">>}");
        config.set(ConfiguredHandlers.GLOBAL, "_str", "{couch_httpd_proxy,handle_proxy_req,\"/_utils\"}");

        assertThat(handlers.global("_bin")).contains(new Proxy("http://b:1/x", true));
        assertThat(handlers.global("_str")).contains(new Proxy("/_utils", false));
    }

    @Test
    void should_read_an_external_handler_by_its_module_with_or_without_a_name() {
        config.set(ConfiguredHandlers.DB, "_act", "{couch_httpd_external, handle_external_req, <<\"act\">>}");
        config.set(ConfiguredHandlers.DB, "_ch", "{chttpd_external, handle_external_req, <<\"act\">>}");
        config.set(ConfiguredHandlers.DB, "_external", "{couch_httpd_external, handle_external_req}");

        assertThat(handlers.db("_act")).contains(new External(Optional.of("act"),
                DesignRequests.Builder.COUCH_HTTPD_2_2));
        assertThat(handlers.db("_ch")).contains(new External(Optional.of("act"), DesignRequests.Builder.CHTTPD_2_2));
        assertThat(handlers.db("_external")).contains(new External(Optional.empty(),
                DesignRequests.Builder.COUCH_HTTPD_2_2));
    }

    @ParameterizedTest(name = "[{0}] {1} = {2} -> {3}")
    @CsvSource(delimiter = '|', value = {
        // hd(path_parts) of the root's empty path
        "httpd_global_handlers|/|{couch_httpd_proxy, handle_proxy_req, <<\"http://b/\">>}|badarg",
        // get_url on a destination that is neither binary nor string
        "httpd_global_handlers|_p|{couch_httpd_proxy, handle_proxy_req, 42}|function_clause",
        // handle_proxy_req/1, /3 and other functions do not exist
        "httpd_global_handlers|_p|{couch_httpd_proxy, handle_proxy_req}|undef",
        "httpd_global_handlers|_p|{couch_httpd_proxy, nope, <<\"http://b/\">>}|undef",
        "httpd_db_handlers|_p|{couch_httpd_proxy, handle_proxy_req, <<\"http://b/\">>}|undef",
        // binary_to_list of a string
        "httpd_db_handlers|_x|{couch_httpd_external, handle_external_req, \"act\"}|badarg",
        // a module that is no module of CouchDB's, or no atom
        "httpd_global_handlers|_p|{nope, nope}|undef",
        "httpd_db_handlers|_x|{my_handlers, run, <<\"a\">>}|undef",
        "httpd_db_handlers|_x|{\"mod\", run}|badarg",
    })
    void should_answer_what_couchdb_crashed_with_for_handlers_it_could_not_run(String section, String key,
            String value, String reason) {
        config.set(section, key, value);

        Optional<ConfiguredHandlers.Handler> handler = section.equals(ConfiguredHandlers.GLOBAL)
                ? handlers.global(key) : handlers.db(key);

        assertThat(handler).contains(new Failure(500, "unknown_error", reason));
    }

    @Test
    void should_leave_couchdbs_own_handlers_to_the_endpoints_routes() {
        config.set(ConfiguredHandlers.GLOBAL, "_all_dbs", "{couch_httpd_misc_handlers, handle_all_dbs_req}");
        config.set(ConfiguredHandlers.DB, "_changes", "{couch_httpd_db, handle_db_changes_req}");

        assertThat(handlers.global("_all_dbs")).contains(new Native());
        assertThat(handlers.db("_changes")).contains(new Native());
    }

    @Test
    void should_answer_500_for_a_value_that_is_no_handler_term() {
        config.set(ConfiguredHandlers.GLOBAL, "_p", "{couch_httpd_proxy, handle_proxy_req");
        config.set(ConfiguredHandlers.GLOBAL, "_q", "[couch_httpd_proxy, handle_proxy_req]");

        assertThat(handlers.global("_p")).hasValueSatisfying(h -> assertThat(h).isInstanceOfSatisfying(Failure.class,
                f -> assertThat(f.reason()).startsWith("[httpd_global_handlers] _p = {couch_httpd_proxy")));
        assertThat(handlers.global("_q")).containsInstanceOf(Failure.class);
    }

    @Test
    void should_read_the_config_at_every_lookup() {
        assertThat(handlers.global("_p")).isEmpty();

        config.set(ConfiguredHandlers.GLOBAL, "_p", "{couch_httpd_proxy, handle_proxy_req, <<\"http://one/\">>}");
        Optional<ConfiguredHandlers.Handler> first = handlers.global("_p");
        config.set(ConfiguredHandlers.GLOBAL, "_p", "{couch_httpd_proxy, handle_proxy_req, <<\"http://two/\">>}");

        assertThat(first).contains(new Proxy("http://one/", true));
        assertThat(handlers.global("_p")).contains(new Proxy("http://two/", true));
    }
}
