package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;
import org.junit.jupiter.api.Test;

class LineMutatorTest {

    private static boolean json(String line) {
        try {
            WireJson.parse(line);
            return true;
        } catch (MalformedLineException e) {
            return false;
        }
    }

    @Test
    void should_cut_a_valid_command_after_its_first_character_when_every_choice_is_zero() {
        assertThat(LineMutator.line(Choices.replay(List.of()))).isEqualTo("[");
    }

    @Test
    void should_mix_malformed_mistyped_unknown_and_huge_lines_over_many_seeds() {
        // given
        List<String> lines = new ArrayList<>();

        // when
        for (long seed = 0; seed < 400; seed++) {
            lines.add(LineMutator.line(Choices.random(seed)));
        }

        // then
        assertThat(lines).anyMatch(line -> !json(line));
        assertThat(lines).anyMatch(line -> line.equals("[\"add_fun\",42]") || line.equals("[\"map_doc\"]"));
        assertThat(lines).anyMatch(line -> line.startsWith("[\"frobnicate\"") || line.equals("[]"));
        assertThat(lines).anyMatch(line -> line.length() >= 250_000);
        assertThat(lines).noneMatch(line -> line.contains("\n"));
    }
}
