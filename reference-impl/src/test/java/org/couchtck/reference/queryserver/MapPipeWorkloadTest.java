package org.couchtck.reference.queryserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.couchtck.reference.queryserver.json.JsonTreeReader;
import org.junit.jupiter.api.Test;

class MapPipeWorkloadTest {

  @Test
  void should_make_the_same_lines_for_the_same_seed_and_others_for_another() {
    assertThat(MapPipeWorkload.mapDocLines(50, 42)).isEqualTo(MapPipeWorkload.mapDocLines(50, 42));
    assertThat(MapPipeWorkload.mapDocLines(50, 43))
        .isNotEqualTo(MapPipeWorkload.mapDocLines(50, 42));
  }

  @Test
  void should_write_map_doc_lines_of_documents_of_about_240_bytes_with_every_field() {
    // when
    List<String> lines = MapPipeWorkload.mapDocLines(200, 7);

    // then
    for (int n = 0; n < lines.size(); n++) {
      List<?> command = (List<?>) JsonTreeReader.parse(lines.get(n));
      assertThat(command.get(0)).isEqualTo("map_doc");
      @SuppressWarnings("unchecked")
      Map<String, Object> doc = (Map<String, Object>) command.get(1);
      assertThat(List.copyOf(doc.keySet())).containsExactly("_id", "_rev", "type", "n", "v", "meta", "tags", "text");
      assertThat(doc.get("n")).isEqualTo((double) n);
      assertThat(lines.get(n).length() - "[\"map_doc\",]".length()).isBetween(220, 260);
    }
  }

  @Test
  void should_quote_the_function_in_the_add_fun_line() {
    assertThat(JsonTreeReader.parse(MapPipeWorkload.addFunLine("function(d) { emit(\"x\"); }")))
        .isEqualTo(List.of("add_fun", "function(d) { emit(\"x\"); }"));
  }
}
