package org.couchtck.kit.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.couchtck.kit.check.Verdict;

/**
 * The per-section chart of the HTML report as inline SVG: one horizontal bar per section, split into one
 * segment per verdict in proportion to its cases, labelled with the section and its counts, with a legend.
 */
final class SectionChart {

    private static final int WIDTH = 760;
    private static final int LABEL_WIDTH = 170;
    private static final int COUNT_WIDTH = 110;
    private static final int BAR_WIDTH = WIDTH - LABEL_WIDTH - COUNT_WIDTH;
    private static final int ROW = 24;
    private static final int BAR = 16;
    private static final int LEGEND = 30;

    private SectionChart() {}

    static String svg(List<RunSections.Section> sections) {
        int height = LEGEND + Math.max(1, sections.size()) * ROW + 6;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"").append(WIDTH)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ')
                .append(height).append("\" font-family=\"system-ui, sans-serif\" font-size=\"12\">\n")
                .append("<title>Cases per section and verdict</title>\n");
        legend(svg);
        int y = LEGEND;
        for (RunSections.Section section : sections) {
            bar(svg, section, y);
            y += ROW;
        }
        if (sections.isEmpty()) {
            svg.append("<text x=\"0\" y=\"").append(y + 14).append("\">No cases ran.</text>\n");
        }
        return svg.append("</svg>\n").toString();
    }

    private static void legend(StringBuilder svg) {
        svg.append("<g class=\"legend\">\n");
        int x = 0;
        for (Verdict verdict : Verdict.values()) {
            svg.append("<rect x=\"").append(x).append("\" y=\"4\" width=\"12\" height=\"12\" fill=\"")
                    .append(VerdictStyle.color(verdict)).append("\"/>")
                    .append("<text x=\"").append(x + 16).append("\" y=\"14\">").append(VerdictStyle.label(verdict))
                    .append("</text>\n");
            x += 80;
        }
        svg.append("</g>\n");
    }

    private static void bar(StringBuilder svg, RunSections.Section section, int y) {
        Map<Verdict, Integer> counts = section.counts();
        int total = section.cases().size();
        svg.append("<g class=\"bar\">\n<text x=\"").append(LABEL_WIDTH - 8).append("\" y=\"").append(y + 13)
                .append("\" text-anchor=\"end\">").append(Html.escape(SafeText.cap(section.name(), 24)))
                .append("</text>\n");
        double x = LABEL_WIDTH;
        for (Verdict verdict : Verdict.values()) {
            int count = counts.get(verdict);
            if (count == 0) {
                continue;
            }
            double width = (double) BAR_WIDTH * count / total;
            svg.append("<rect class=\"seg-").append(verdict.name()).append("\" x=\"").append(format(x))
                    .append("\" y=\"").append(y).append("\" width=\"").append(format(width)).append("\" height=\"")
                    .append(BAR).append("\" fill=\"").append(VerdictStyle.color(verdict)).append("\"><title>")
                    .append(Html.escape(section.name())).append(": ").append(count).append(' ')
                    .append(VerdictStyle.label(verdict)).append("</title></rect>\n");
            x += width;
        }
        svg.append("<text x=\"").append(LABEL_WIDTH + BAR_WIDTH + 8).append("\" y=\"").append(y + 13).append("\">")
                .append(counts.get(Verdict.PASS)).append('/').append(total).append(" pass");
        int failing = counts.get(Verdict.FAIL) + counts.get(Verdict.ERROR) + counts.get(Verdict.STALE);
        if (failing > 0) {
            svg.append(", ").append(failing).append(" fail");
        }
        svg.append("</text>\n</g>\n");
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
