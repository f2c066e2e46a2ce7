package org.couchtck.kit.report;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;

/**
 * Writes {@code junit.xml} in the layout Maven Surefire produces, so CI systems show one test per case:
 * FAIL and STALE are failures, ERROR is an error, NA and KNOWN are skipped, WARN passes with its warning
 * in {@code system-out}.
 */
public final class JunitXmlWriter {

    /** Longest text put in an element; server replies can be megabytes. */
    static final int MAX_TEXT = 64_000;
    /** Longest text put in an attribute. */
    static final int MAX_ATTRIBUTE = 1_000;

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

    private final XMLStreamWriter xml;

    private JunitXmlWriter(XMLStreamWriter xml) {
        this.xml = xml;
    }

    /** Writes the report of {@code run} to {@code file}, replacing it. */
    public static void write(RunResult run, Path file) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            write(run, out);
        }
    }

    /** Writes the report of {@code run} to {@code out} as UTF-8; leaves {@code out} open. */
    public static void write(RunResult run, OutputStream out) throws IOException {
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            new JunitXmlWriter(xml).document(run);
            xml.flush();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write JUnit XML: " + e.getMessage(), e);
        }
    }

    private void document(RunResult run) throws XMLStreamException {
        Map<Verdict, Integer> counts = run.counts();
        xml.writeStartDocument("UTF-8", "1.0");
        newline(0);
        xml.writeStartElement("testsuite");
        attribute("name", "couchtck");
        int unfinished = run.whyUnfinished().isPresent() ? 1 : 0;
        attribute("tests", String.valueOf(run.cases().size() + unfinished));
        attribute("failures", String.valueOf(counts.get(Verdict.FAIL) + counts.get(Verdict.STALE)));
        attribute("errors", String.valueOf(counts.get(Verdict.ERROR) + unfinished));
        attribute("skipped", String.valueOf(counts.get(Verdict.NA) + counts.get(Verdict.KNOWN)));
        attribute("time", DurationText.seconds(run.duration()));
        attribute("timestamp", TIMESTAMP.format(
                LocalDateTime.ofInstant(run.started(), ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS)));
        properties(run);
        for (CaseResult result : run.cases()) {
            testcase(result);
        }
        if (run.whyUnfinished().isPresent()) {
            // a dashboard that shows only test cases shows this one: the run did not judge everything
            newline(1);
            xml.writeStartElement("testcase");
            attribute("name", "couchtck.run");
            attribute("classname", "couchtck");
            attribute("time", DurationText.seconds(run.duration()));
            outcome("error", run.whyUnfinished().get(), "ERROR", run.whyUnfinished().get());
            xml.writeEndElement();
        }
        newline(0);
        xml.writeEndElement();
        newline(0);
        xml.writeEndDocument();
    }

    private void properties(RunResult run) throws XMLStreamException {
        newline(1);
        xml.writeStartElement("properties");
        property("couchtck.run.id", run.runId());
        property("couchtck.kit.version", run.kitVersion());
        property("couchtck.target", run.target().name());
        property("couchtck.target.command", run.target().command());
        property("couchtck.language", run.target().language());
        property("couchtck.couchdb.version", run.target().couchDbVersion());
        newline(1);
        xml.writeEndElement();
    }

    private void property(String name, String value) throws XMLStreamException {
        newline(2);
        xml.writeEmptyElement("property");
        attribute("name", name);
        attribute("value", value);
    }

    private void testcase(CaseResult result) throws XMLStreamException {
        newline(1);
        xml.writeStartElement("testcase");
        attribute("name", result.caseId());
        attribute("classname", "couchtck." + RunSections.nameOf(result));
        attribute("time", DurationText.seconds(result.duration()));
        switch (result.verdict()) {
            case FAIL -> outcome("failure", headline(result, "expectation broken"), "FAIL", evidence(result));
            case STALE -> outcome("failure",
                    headline(result, "baseline entry now passes") + reason(result), "STALE", evidence(result));
            case ERROR -> outcome("error", headline(result, "case could not run"), "ERROR", evidence(result));
            case NA -> skipped(headline(result, "not applicable"));
            case KNOWN -> skipped("known failure" + reason(result) + ": " + headline(result, "expectation broken"));
            case WARN -> systemOut("WARN (" + result.level() + "): " + headline(result, "expectation broken")
                    + "\n\n" + evidence(result));
            case PASS -> { }
        }
        xml.writeEndElement();
    }

    private void outcome(String element, String message, String type, String body) throws XMLStreamException {
        newline(2);
        xml.writeStartElement(element);
        attribute("message", message);
        attribute("type", type);
        text(body);
        xml.writeEndElement();
    }

    private void skipped(String message) throws XMLStreamException {
        newline(2);
        xml.writeEmptyElement("skipped");
        attribute("message", message);
    }

    private void systemOut(String body) throws XMLStreamException {
        newline(2);
        xml.writeStartElement("system-out");
        text(body);
        xml.writeEndElement();
    }

    private static String headline(CaseResult result, String fallback) {
        return result.message().isBlank() ? fallback : result.message();
    }

    private static String reason(CaseResult result) {
        return result.baselineReason().isBlank() ? "" : " (baseline: " + result.baselineReason() + ")";
    }

    /** What a reader needs to judge the case without rerunning it. */
    private static String evidence(CaseResult result) {
        StringBuilder out = new StringBuilder();
        out.append(result.caseId()).append(" [").append(result.level()).append("] ").append(result.description())
                .append('\n');
        if (!result.spec().isBlank()) {
            out.append("spec: ").append(result.spec()).append('\n');
        }
        out.append("message: ").append(SafeText.cap(result.message(), MAX_TEXT)).append('\n');
        if (result.failedStep() >= 0) {
            out.append("failed step: ").append(result.failedStep()).append('\n');
        }
        result.seed().ifPresent(seed -> out.append("seed: ").append(seed).append('\n'));
        if (!result.baselineReason().isBlank()) {
            out.append("baseline: ").append(result.baselineReason()).append('\n');
        }
        if (!result.expected().isEmpty()) {
            out.append("\nexpected:\n").append(SafeText.cap(result.expected(), MAX_TEXT)).append('\n');
        }
        if (!result.actual().isEmpty()) {
            out.append("\nactual:\n").append(SafeText.cap(result.actual(), MAX_TEXT)).append('\n');
        }
        TranscriptExcerpt transcript = TranscriptExcerpt.of(result.transcript());
        if (!transcript.isEmpty()) {
            out.append("\ntranscript:\n").append(transcript.plainText());
        }
        return out.toString();
    }

    private void attribute(String name, String value) throws XMLStreamException {
        xml.writeAttribute(name, SafeText.oneLine(value, MAX_ATTRIBUTE));
    }

    private void text(String value) throws XMLStreamException {
        // Capped twice on purpose: fields are capped one by one above, the whole body once more here.
        xml.writeCharacters(SafeText.cap(SafeText.legal(value), 4 * MAX_TEXT));
    }

    private void newline(int depth) throws XMLStreamException {
        xml.writeCharacters("\n" + "  ".repeat(depth));
    }
}
