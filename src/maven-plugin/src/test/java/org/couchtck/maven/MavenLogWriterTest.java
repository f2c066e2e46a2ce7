package org.couchtck.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MavenLogWriterTest {

    @Test
    void should_log_whole_lines_and_the_unfinished_last_one_at_close() throws Exception {
        List<String> logged = new ArrayList<>();
        try (MavenLogWriter writer = new MavenLogWriter(logged::add)) {
            writer.write("first li");
            writer.write("ne\r\nsecond\n");
            writer.flush();
            assertThat(logged).containsExactly("first line", "second");
            writer.write("last");
        }

        assertThat(logged).containsExactly("first line", "second", "last");
    }
}
