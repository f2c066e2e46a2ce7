package org.couchtck.reference.queryserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.queryserver.js.IndexHelper;
import org.couchtck.reference.queryserver.js.RhinoViewEngine;
import org.couchtck.reference.queryserver.js.ViewEngine;
import org.junit.jupiter.api.Test;

class LazyViewEngineTest {

  private final List<Duration> madeWith = new ArrayList<>();
  private final List<RhinoViewEngine> made = new ArrayList<>();

  private LazyViewEngine lazy() {
    return new LazyViewEngine(
        Duration.ofSeconds(5),
        timeout -> {
          madeWith.add(timeout);
          RhinoViewEngine engine = new RhinoViewEngine(timeout, 1000);
          made.add(engine);
          return engine;
        });
  }

  @Test
  void should_make_no_engine_for_what_needs_no_javascript() {
    // given
    LazyViewEngine engine = lazy();

    // when: a reset, a cache lookup and the end
    engine.clearMapFunctions();
    engine.setTimeout(Duration.ofSeconds(1));
    boolean cached = engine.isDesignDocCached("_design/x");
    engine.close();

    // then
    assertThat(cached).isFalse();
    assertThat(engine.isMade()).isFalse();
    assertThat(madeWith).isEmpty();
  }

  @Test
  void should_make_the_engine_once_with_the_timeout_set_last() throws Exception {
    // given: a reset that set a timeout
    LazyViewEngine engine = lazy();
    engine.setTimeout(Duration.ofMillis(1500));

    // when: functions are added and run
    engine.addMapFunction("function(doc) { emit(doc._id, 1); }", null, IndexHelper.DREYFUS, m -> {});
    String rows = engine.mapDocument(Map.of("_id", "a"), m -> {});
    engine.clearMapFunctions();

    // then
    assertThat(rows).isEqualTo("[[[\"a\",1]]]");
    assertThat(madeWith).containsExactly(Duration.ofMillis(1500));
    assertThat(engine.mapDocument(Map.of("_id", "b"), m -> {})).isEqualTo("[]");
    assertThat(made).hasSize(1);
    engine.close();
  }

  @Test
  void should_hand_what_comes_after_its_making_to_the_engine_made() throws Exception {
    // given: an engine made by the first function
    List<String> calls = new ArrayList<>();
    LazyViewEngine engine =
        new LazyViewEngine(
            Duration.ofSeconds(5),
            timeout ->
                (ViewEngine)
                    Proxy.newProxyInstance(
                        ViewEngine.class.getClassLoader(),
                        new Class<?>[] {ViewEngine.class},
                        (proxy, method, args) -> {
                          calls.add(method.getName() + (args == null ? "" : Arrays.asList(args)));
                          return method.getReturnType() == boolean.class ? Boolean.TRUE : null;
                        }));
    engine.addMapFunction("f", null, IndexHelper.DREYFUS, null);

    // when: a reset and a cache lookup
    engine.clearMapFunctions();
    engine.setTimeout(Duration.ofMillis(200));
    boolean cached = engine.isDesignDocCached("_design/x");
    engine.close();

    // then
    assertThat(cached).isTrue();
    assertThat(calls)
        .containsExactly(
            "addMapFunction[f, null, DREYFUS, null]",
            "clearMapFunctions",
            "setTimeout[PT0.2S]",
            "isDesignDocCached[_design/x]",
            "close");
  }
}
