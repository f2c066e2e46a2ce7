package org.couchtck.kit.endpoint;

/** Fixture texts for the tests of the HTTP corpus and executor. */
final class HttpFixtures {

    private HttpFixtures() {
    }

    /** The case {@code json} (one case object of section "t"), loaded as the corpus loads it. */
    static HttpCase httpCase(String json) {
        return new HttpFixtureParser("fixtures/http/t.json").parse(fixture("t", "[" + json + "]")).get(0).testCase();
    }

    /** One HTTP fixture file holding {@code cases} (a JSON array text) for {@code section}. */
    static String fixture(String section, String cases) {
        return "{\"section\":\"" + section + "\",\"spec\":\"src/chttpd/src/chttpd_db.erl\",\"cases\":" + cases + "}";
    }
}
