package org.couchtck.kit.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.report.TestRuns.aCase;
import static org.couchtck.kit.report.TestRuns.aRun;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.couchtck.kit.cases.Applicability;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class BadgeTest {

    @Test
    void should_say_must_cases_passed_over_applicable_in_green_when_all_passed() throws Exception {
        RunResult run = aRun().with(aCase("qs.x.a")).with(aCase("qs.x.b"))
                .with(aCase("qs.x.na").notApplicable(Applicability.Cause.LANGUAGE)).build();

        Document svg = parse(Badge.svg(Matrix.Target.ran("ref", run)));

        assertThat(svg.getElementsByTagName("title").item(0).getTextContent()).isEqualTo("couchtck: 2/2 MUST");
        assertThat(Badge.svg(Matrix.Target.ran("ref", run))).contains("fill=\"" + Badge.GREEN + "\"");
    }

    @Test
    void should_turn_yellow_from_nine_tenths_and_red_below() {
        assertThat(Badge.colour(new Matrix.MustScore(9, 10, 10))).isEqualTo(Badge.YELLOW);
        assertThat(Badge.colour(new Matrix.MustScore(8, 10, 10))).isEqualTo(Badge.RED);
        assertThat(Badge.colour(new Matrix.MustScore(0, 0, 0))).isEqualTo(Badge.GREY);
    }

    @Test
    void should_say_how_few_cases_applied_and_never_be_green_when_most_had_no_source() throws Exception {
        // given five MUST cases that pass and 102 NA for want of a function source
        TestRuns.RunBuilder builder = aRun();
        for (int i = 0; i < 5; i++) {
            builder.with(aCase("qs.x.pass" + i));
        }
        for (int i = 0; i < 102; i++) {
            builder.with(aCase("qs.x.nosource" + i).notApplicable(Applicability.Cause.NO_SOURCE));
        }
        builder.with(aCase("qs.x.couchjs").notApplicable(Applicability.Cause.PROFILE));

        // when
        String svg = Badge.svg(Matrix.Target.ran("ruby", builder.build()));

        // then
        assertThat(parse(svg).getElementsByTagName("title").item(0).getTextContent())
                .isEqualTo("couchtck: 5/5 MUST · 5 of 107 applicable");
        assertThat(svg).contains("fill=\"" + Badge.RED + "\"");
        assertThat(Badge.colour(new Matrix.MustScore(10, 10, 11))).isEqualTo(Badge.YELLOW);
    }

    @Test
    void should_be_grey_and_say_nothing_tested_when_no_must_case_applied() {
        String svg = Badge.svg(Matrix.Target.ran("empty", aRun().build()));

        assertThat(svg).contains("nothing tested").contains("fill=\"" + Badge.GREY + "\"");
    }

    @Test
    void should_be_grey_and_say_unavailable_for_a_target_that_never_ran() throws Exception {
        String svg = Badge.svg(Matrix.Target.unavailable("gone", "cannot start"));

        assertThat(parse(svg).getDocumentElement().getAttribute("aria-label")).isEqualTo("couchtck: unavailable");
        assertThat(svg).contains("fill=\"" + Badge.GREY + "\"");
    }

    @Test
    void should_size_the_message_box_to_its_text_and_escape_it() throws Exception {
        String narrow = Badge.svg("couchtck", "1/1 MUST", Badge.GREEN);
        String wide = Badge.svg("couchtck", "1234/1234 MUST", Badge.GREEN);
        String odd = Badge.svg("a<b&c", "\"x\"", Badge.GREEN);

        assertThat(width(narrow)).isLessThan(width(wide));
        assertThat(parse(odd).getElementsByTagName("title").item(0).getTextContent()).isEqualTo("a<b&c: \"x\"");
    }

    private static int width(String svg) throws Exception {
        return Integer.parseInt(parse(svg).getDocumentElement().getAttribute("width"));
    }

    private static Document parse(String svg) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }
}
