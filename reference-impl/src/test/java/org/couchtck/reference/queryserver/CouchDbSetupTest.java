package org.couchtck.reference.queryserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CouchDbSetupTest {

  @TempDir Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int setup(String... args) {
    return CouchDbSetup.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void should_ask_to_be_run_from_the_jar_when_its_classes_come_from_a_folder() {
    // when: the test's class path, folders of classes (a class-data archive takes jars only)
    int status = setup("--dir", dir.toString());

    // then
    assertThat(status).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("run it from couchtck-reference.jar");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(dir).isEmptyDirectory();
  }

  @Test
  void should_refuse_a_missing_folder_option_a_folder_with_a_space_and_an_unknown_option() throws IOException {
    Files.writeString(dir.resolve("file"), "x");
    assertThat(setup()).isEqualTo(2);
    assertThat(setup("--dir", dir.resolve("my folder").toString())).isEqualTo(2);
    assertThat(setup("--dir", dir.resolve("file").toString())).isEqualTo(2);
    assertThat(setup("--jit", "c2")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("--dir is required")
        .contains("CouchDB splits the query server's command at spaces")
        .contains("is not a folder")
        .contains("unknown option '--jit'");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
  }
}
