package org.couchtck.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.couchtck.kit.process.ServerCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunMojoTest {

    @TempDir
    Path temp;

    @Test
    void should_pass_only_the_parameters_the_build_set_and_never_draw_a_progress_bar() {
        RunMojo mojo = mojoReportingTo(temp);

        assertThat(mojo.arguments()).containsExactly("run", "--report-dir", temp.toString(), "--no-progress");
    }

    @Test
    void should_turn_every_parameter_into_its_command_line_option() {
        RunMojo mojo = mojoReportingTo(temp);
        mojo.server = "python3 -m couchdb.view";
        mojo.language = "python";
        mojo.functions = List.of(new File("pack.json"));
        mojo.endpoint = "http://127.0.0.1:5984";
        mojo.user = "admin:secret";
        mojo.suites = List.of("query-server", "http");
        mojo.profile = "couchjs";
        mojo.couchdbVersion = "3.4.2";
        mojo.includes = List.of("qs.map_doc.*");
        mojo.excludes = List.of("qs.map_doc.unicode");
        mojo.levels = List.of("MUST", "SHOULD");
        mojo.without = List.of("sandbox.timeout");
        mojo.baseline = new File("known.json");
        mojo.minApplicable = "90%";
        mojo.timeout = "2s";
        mojo.startTimeout = "60s";
        mojo.seed = 42L;
        mojo.casesPerProperty = 10;
        mojo.timePerSuite = "5s";
        mojo.generated = false;
        mojo.daemon = "./my-daemon --verbose";
        mojo.daemonConfig = new File("local.ini");
        mojo.daemonName = "my_daemon";
        mojo.external = "./my-handler";
        mojo.exitTimeout = "1s";

        assertThat(mojo.arguments()).containsSubsequence("--server", "python3 -m couchdb.view")
                .containsSubsequence("--daemon", "./my-daemon --verbose")
                .containsSubsequence("--daemon-config", "local.ini")
                .containsSubsequence("--daemon-name", "my_daemon")
                .containsSubsequence("--external", "./my-handler")
                .containsSubsequence("--exit-timeout", "1s")
                .containsSubsequence("--language", "python")
                .containsSubsequence("--functions", "pack.json")
                .containsSubsequence("--endpoint", "http://127.0.0.1:5984")
                .containsSubsequence("--user", "admin:secret")
                .containsSubsequence("--suite", "query-server", "--suite", "http")
                .containsSubsequence("--profile", "couchjs")
                .containsSubsequence("--couchdb-version", "3.4.2")
                .containsSubsequence("--include", "qs.map_doc.*")
                .containsSubsequence("--exclude", "qs.map_doc.unicode")
                .containsSubsequence("--level", "MUST", "--level", "SHOULD")
                .containsSubsequence("--without", "sandbox.timeout")
                .containsSubsequence("--baseline", "known.json")
                .containsSubsequence("--min-applicable", "90%")
                .containsSubsequence("--timeout", "2s")
                .containsSubsequence("--start-timeout", "60s")
                .containsSubsequence("--seed", "42")
                .containsSubsequence("--cases-per-property", "10")
                .containsSubsequence("--time-per-suite", "5s")
                .contains("--no-generated");
    }

    @Test
    void should_leave_out_blank_parameters_as_maven_passes_an_empty_property() {
        RunMojo mojo = mojoReportingTo(temp);
        mojo.server = "  ";
        mojo.includes = List.of("");

        assertThat(mojo.arguments()).doesNotContain("--server", "--include");
    }

    @Test
    void should_write_nothing_when_skipped() throws Exception {
        for (int flag = 0; flag < 4; flag++) {
            Path reports = temp.resolve("skipped-" + flag);
            RunMojo mojo = mojoReportingTo(reports);
            mojo.skip = flag == 0;
            mojo.skipTests = flag == 1;
            mojo.skipITs = flag == 2;
            mojo.mavenTestSkip = flag == 3;

            mojo.execute();

            assertThat(reports).doesNotExist();
        }
    }

    @Test
    void should_run_the_reference_and_copy_its_junit_report_where_failsafe_reports_go() throws Exception {
        RunMojo mojo = mojoReportingTo(temp.resolve("couchtck-reports"));
        mojo.includes = List.of("qs.map_doc.emit-many");
        mojo.suites = List.of("query-server");

        mojo.execute();

        assertThat(temp.resolve("couchtck-reports/results.json")).exists();
        assertThat(temp.resolve("failsafe/TEST-couchtck.xml"))
                .hasSameTextualContentAs(temp.resolve("couchtck-reports/junit.xml"));
    }

    @Test
    void should_fail_the_build_naming_the_failed_cases_when_the_server_is_broken() {
        RunMojo mojo = mojoReportingTo(temp.resolve("reports"));
        mojo.server = FalseServerCommand.line();
        mojo.includes = List.of("qs.map_doc.emit-many", "qs.map_doc.three-functions");

        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
                .hasMessageContaining("2 cases of 2 failed")
                .hasMessageContaining("FAIL qs.map_doc.emit-many")
                .hasMessageContaining("FAIL qs.map_doc.three-functions")
                .hasMessageContaining(temp.resolve("reports").resolve("report.html").toString());
    }

    @Test
    void should_only_warn_when_failures_are_ignored() throws Exception {
        RunMojo mojo = mojoReportingTo(temp.resolve("reports"));
        mojo.server = FalseServerCommand.line();
        mojo.includes = List.of("qs.map_doc.emit-many");
        mojo.testFailureIgnore = true;

        mojo.execute();

        assertThat(Files.readString(temp.resolve("reports/results.json"))).contains("\"FAIL\"");
    }

    @Test
    void should_stop_with_a_configuration_error_for_an_unusable_parameter_even_when_failures_are_ignored() {
        RunMojo mojo = mojoReportingTo(temp.resolve("reports"));
        mojo.levels = List.of("OFTEN");
        mojo.testFailureIgnore = true;

        assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("configuration is unusable").hasMessageContaining("OFTEN");
    }

    @Test
    void should_name_the_junit_copy_after_a_report_folder_of_its_own_so_two_executions_keep_both() {
        assertThat(RunMojo.junitReportName(Path.of("target", "couchtck-reports"))).isEqualTo("TEST-couchtck.xml");
        assertThat(RunMojo.junitReportName(Path.of("target", "python-server"))).isEqualTo("TEST-couchtck-python-server.xml");
    }

    @Test
    void should_run_a_main_class_of_the_project_on_its_runtime_class_path_when_given_one() {
        RunMojo mojo = mojoReportingTo(temp);
        mojo.serverMainClass = "com.example.MyViewServer";
        mojo.serverArguments = List.of("--strict");
        mojo.serverJvmOptions = List.of("-Xmx64m");
        mojo.runtimeClasspath = List.of("/home/me/my project/target/classes", "/repo/dep.jar");

        String server = mojo.arguments().get(mojo.arguments().indexOf("--server") + 1);

        assertThat(ServerCommand.parse(server).argv()).containsExactly(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m", "-cp",
                "/home/me/my project/target/classes" + java.io.File.pathSeparator + "/repo/dep.jar",
                "com.example.MyViewServer", "--strict");
    }

    @Test
    void should_refuse_both_a_server_command_and_a_main_class() {
        RunMojo mojo = mojoReportingTo(temp.resolve("reports"));
        mojo.server = "python3 -m couchdb.view";
        mojo.serverMainClass = "com.example.MyViewServer";

        assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("not both");
    }

    private RunMojo mojoReportingTo(Path reports) {
        RunMojo mojo = new RunMojo();
        mojo.reportDirectory = reports.toFile();
        mojo.junitReportsDirectory = temp.resolve("failsafe").toFile();
        return mojo;
    }
}
