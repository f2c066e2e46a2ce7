package org.couchtck.kit.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.report.TestRuns.aCase;
import static org.couchtck.kit.report.TestRuns.aRun;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.couchtck.kit.check.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class JunitXmlWriterTest {

    @TempDir
    Path dir;

    @Test
    void should_write_one_surefire_suite_with_counts_and_properties_when_given_a_run() throws Exception {
        // given
        RunResult run = TestRuns.everyVerdict();

        // when
        Element suite = parse(run).getDocumentElement();

        // then
        assertThat(suite.getTagName()).isEqualTo("testsuite");
        assertThat(suite.getAttribute("name")).isEqualTo("couchtck");
        assertThat(suite.getAttribute("tests")).isEqualTo("7");
        assertThat(suite.getAttribute("failures")).isEqualTo("2");
        assertThat(suite.getAttribute("errors")).isEqualTo("1");
        assertThat(suite.getAttribute("skipped")).isEqualTo("2");
        assertThat(suite.getAttribute("time")).isEqualTo("12.345");
        assertThat(suite.getAttribute("timestamp")).isEqualTo("2026-11-22T03:15:00");
        assertThat(properties(suite)).contains("couchtck.target=reference", "couchtck.language=javascript",
                "couchtck.couchdb.version=3.5.2", "couchtck.run.id=20261122-031500-reference");
    }

    @Test
    void should_map_each_verdict_to_its_junit_outcome_when_written() throws Exception {
        // given
        RunResult run = TestRuns.everyVerdict();

        // when
        NodeList cases = parse(run).getElementsByTagName("testcase");

        // then
        assertThat(cases.getLength()).isEqualTo(7);
        Element pass = (Element) cases.item(0);
        assertThat(pass.getAttribute("classname")).isEqualTo("couchtck.map_doc");
        assertThat(pass.getAttribute("name")).isEqualTo("qs.map_doc.emits-once");
        assertThat(pass.getAttribute("time")).isEqualTo("0.003");
        assertThat(pass.getChildNodes().getLength()).isZero();

        Element failure = child((Element) cases.item(1), "failure");
        assertThat(failure.getAttribute("type")).isEqualTo("FAIL");
        assertThat(failure.getAttribute("message")).isEqualTo("reply differs at $[0]");
        assertThat(failure.getTextContent()).contains("expected:\n[[]]", "actual:\n[[[1,2]]]", "failed step: 2")
                .containsPattern("\\+0\\.0 ms →\\s+\\[\"map_doc\",\\{\"_id\":\"a\"}]")
                .containsPattern("\\+1\\.5 ms ←\\s+\\[\\[\\[1,2]]]")
                .containsPattern("\\+3\\.0 ms stderr boom");

        Element warning = child((Element) cases.item(2), "system-out");
        assertThat(warning.getTextContent()).startsWith("WARN (SHOULD): 0.30000000000000004 is not 0.3")
                .contains("seed: 42");
        assertThat(((Element) cases.item(2)).getElementsByTagName("failure").getLength()).isZero();

        assertThat(child((Element) cases.item(3), "skipped").getAttribute("message")).isEqualTo("about another language itself");
        assertThat(child((Element) cases.item(4), "error").getAttribute("message"))
                .isEqualTo("timed out after 5000 ms");
        assertThat(child((Element) cases.item(5), "skipped").getAttribute("message"))
                .isEqualTo("known failure (baseline: upstream issue #12): reply differs");
        Element stale = child((Element) cases.item(6), "failure");
        assertThat(stale.getAttribute("type")).isEqualTo("STALE");
        assertThat(stale.getAttribute("message")).contains("baseline entry now passes", "was issue #7");
    }

    @Test
    void should_stay_well_formed_when_the_reply_is_hostile() throws Exception {
        // given
        String hostile = "nul\u0000 esc\u001b[31m bell\u0007 lone\ud800 low\udc00 ]]> </failure> &amp; \ufffe\uffff"
                + " emoji\ud83d\ude00";
        RunResult run = aRun().with(aCase("qs.map_doc.hostile").verdict(Verdict.FAIL).message("got " + hostile)
                .actual(hostile).exchange("[\"reset\"]", hostile).stderr(hostile)).build();

        // when
        Document document = parse(run);

        // then
        Element failure = child((Element) document.getElementsByTagName("testcase").item(0), "failure");
        assertThat(failure.getTextContent())
                .contains("nul\\u0000 esc\\u001b[31m bell\\u0007 lone\\ud800 low\\udc00 ]]> </failure> &amp;")
                .contains("\\ufffe\\uffff", "emoji\ud83d\ude00")
                .doesNotContain("\u0000", "\u001b", "\ud800");
        assertThat(failure.getAttribute("message")).startsWith("got nul\\u0000 esc\\u001b[31m");
    }

    @Test
    void should_cap_huge_replies_when_written() throws Exception {
        // given
        String huge = "x".repeat(1_000_000);
        RunResult run = aRun().with(aCase("qs.map_doc.huge").verdict(Verdict.ERROR).message(huge).actual(huge))
                .build();

        // when
        Element error = child((Element) parse(run).getElementsByTagName("testcase").item(0), "error");

        // then
        assertThat(error.getTextContent().length()).isLessThan(3 * JunitXmlWriter.MAX_TEXT);
        assertThat(error.getTextContent().contains("more characters]")).isTrue();
        assertThat(error.getAttribute("message").length()).isLessThan(JunitXmlWriter.MAX_ATTRIBUTE + 40);
    }

    @Test
    void should_write_a_parseable_file_when_given_a_path() throws Exception {
        // given
        Path file = dir.resolve("junit.xml");

        // when
        JunitXmlWriter.write(TestRuns.everyVerdict(), file);

        // then
        Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        assertThat(document.getElementsByTagName("testcase").getLength()).isEqualTo(7);
        assertThat(Files.readString(file)).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    }

    private static Document parse(RunResult run) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JunitXmlWriter.write(run, out);
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(out.toByteArray()));
    }

    private static Element child(Element parent, String tag) {
        NodeList children = parent.getElementsByTagName(tag);
        assertThat(children.getLength()).as("<%s> in %s", tag, parent.getAttribute("name")).isEqualTo(1);
        return (Element) children.item(0);
    }

    private static List<String> properties(Element suite) {
        List<String> properties = new ArrayList<>();
        NodeList nodes = suite.getElementsByTagName("property");
        for (int i = 0; i < nodes.getLength(); i++) {
            Element property = (Element) nodes.item(i);
            properties.add(property.getAttribute("name") + "=" + property.getAttribute("value"));
        }
        return properties;
    }

}
