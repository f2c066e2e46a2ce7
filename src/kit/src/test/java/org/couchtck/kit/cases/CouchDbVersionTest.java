package org.couchtck.kit.cases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CouchDbVersionTest {

    @Test
    void should_parse_three_part_versions() {
        assertThat(CouchDbVersion.parse("3.5.2")).isEqualTo(new CouchDbVersion(3, 5, 2));
        assertThat(CouchDbVersion.parse("3.4")).isEqualTo(new CouchDbVersion(3, 4, 0));
    }

    @Test
    void should_name_the_text_when_it_is_not_a_version() {
        assertThatThrownBy(() -> CouchDbVersion.parse("3.x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a CouchDB version (expected X.Y.Z, e.g. 3.5.2): '3.x'");
        assertThatThrownBy(() -> CouchDbVersion.parse(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_order_numerically_when_compared() {
        assertThat(CouchDbVersion.parse("3.10.0")).isGreaterThan(CouchDbVersion.parse("3.9.9"));
        assertThat(CouchDbVersion.parse("3.5.1").atLeast(CouchDbVersion.parse("3.5.1"))).isTrue();
        assertThat(CouchDbVersion.parse("3.5.0").atLeast(CouchDbVersion.parse("3.5.1"))).isFalse();
    }

    @Test
    void should_print_as_dotted_text_with_latest_being_3_5_2() {
        assertThat(CouchDbVersion.LATEST.toString()).isEqualTo("3.5.2");
    }
}
