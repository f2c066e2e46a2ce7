package org.couchtck.reference.queryserver.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTextTest {

  @Test
  void should_escape_controls_and_lone_surrogates_but_keep_non_ascii_when_quoting() {
    // given
    String text = "q\"b\\\n\t\u0001 caf\u00e9 \ud83d\ude00 \udc00";

    // when
    String json = JsonText.quote(text);

    // then
    assertThat(json).isEqualTo("\"q\\\"b\\\\\\n\\t\\u0001 caf\u00e9 \ud83d\ude00 \\udc00\"");
  }

  @Test
  void should_write_trees_compactly() {
    // given
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("a", Arrays.asList(1d, "x", null, true));
    object.put("b", 1.5d);

    // when
    String json = JsonText.write(List.of(object));

    // then
    assertThat(json).isEqualTo("[{\"a\":[1,\"x\",null,true],\"b\":1.5}]");
  }

  @Test
  void should_escape_only_lone_surrogates_when_fixing_a_json_text() {
    // given
    String json = "[\"\ud83d\ude00\",\"\udc00\",\"a\ud800\"]";

    // when
    String fixed = JsonText.escapeLoneSurrogates(json);

    // then
    assertThat(fixed).isEqualTo("[\"\ud83d\ude00\",\"\\udc00\",\"a\\ud800\"]");
  }
}
