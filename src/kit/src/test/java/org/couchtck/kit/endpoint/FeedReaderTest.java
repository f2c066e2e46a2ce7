package org.couchtck.kit.endpoint;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.OptionalInt;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.TranscriptEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class FeedReaderTest {

    private static final Duration LONG = Duration.ofSeconds(60);

    private final Transcript transcript = new Transcript();

    private FeedResult read(ScriptedFeed feed, FeedKind kind, OptionalInt until, Duration within) {
        return new FeedReader(feed, kind, until, Instant.now(), within, transcript).read();
    }

    @Test
    void should_list_events_count_heartbeats_and_keep_last_seq_when_a_continuous_feed_ends() {
        // given: CouchDB's shape, a heartbeat before the changes and a newline after last_seq
        ScriptedFeed feed = new ScriptedFeed()
                .data("\n")
                .data("{\"seq\":\"1-a\",\"id\":\"a\",\"changes\":[{\"rev\":\"1-x\"}]}\n\n")
                .data("{\"seq\":\"2-b\",\"i")
                .data("d\":\"b\",\"changes\":[{\"rev\":\"1-y\"}]}\n{\"last_seq\":\"2-b\",\"pending\":0}\n")
                .data("\n")
                .end();

        // when
        FeedResult result = read(feed, FeedKind.CONTINUOUS, OptionalInt.empty(), LONG);

        // then
        assertThatJson(result.events().orElseThrow().toString()).isEqualTo("""
                [{"seq":"1-a","id":"a","changes":[{"rev":"1-x"}]},{"seq":"2-b","id":"b","changes":[{"rev":"1-y"}]}]""");
        assertThat(result.heartbeats()).isEqualTo(2);
        assertThatJson(result.lastSeq().orElseThrow().toString()).isEqualTo("\"2-b\"");
        assertThatJson(result.lastLine().orElseThrow().toString()).isEqualTo("{\"last_seq\":\"2-b\",\"pending\":0}");
        assertThat(result.ended()).isEqualTo(FeedEnd.SERVER);
        assertThat(result.problem()).isEmpty();
        assertThat(result.stopped()).startsWith("the server ended the response after");
        assertThat(transcript.entries()).filteredOn(e -> e.direction() == Direction.RECEIVED)
                .extracting(TranscriptEntry::text)
                .containsExactly("", "{\"seq\":\"1-a\",\"id\":\"a\",\"changes\":[{\"rev\":\"1-x\"}]}", "",
                        "{\"seq\":\"2-b\",\"id\":\"b\",\"changes\":[{\"rev\":\"1-y\"}]}",
                        "{\"last_seq\":\"2-b\",\"pending\":0}", "");
    }

    @Test
    void should_stop_at_once_when_enough_events_came() {
        // given: a feed that never ends
        ScriptedFeed feed = new ScriptedFeed()
                .data("{\"seq\":1,\"id\":\"a\"}\n{\"seq\":2,\"id\":\"b\"}\n{\"seq\":3,\"id\":\"c\"}\n");
        Instant started = Instant.now();

        // when
        FeedResult result = read(feed, FeedKind.CONTINUOUS, OptionalInt.of(2), LONG);

        // then
        assertThatJson(result.events().orElseThrow().toString()).isEqualTo(
                "[{\"seq\":1,\"id\":\"a\"},{\"seq\":2,\"id\":\"b\"}]");
        assertThat(result.ended()).isEqualTo(FeedEnd.CLIENT);
        assertThat(result.stopped()).contains("2 events came");
        assertThat(Duration.between(started, Instant.now())).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void should_end_with_the_deadline_when_the_feed_stays_silent() {
        // given
        ScriptedFeed feed = new ScriptedFeed().data("\n");

        // when
        FeedResult result = read(feed, FeedKind.CONTINUOUS, OptionalInt.of(1), Duration.ofMillis(300));

        // then
        assertThat(result.events().orElseThrow()).isEmpty();
        assertThat(result.heartbeats()).isEqualTo(1);
        assertThat(result.ended()).isEqualTo(FeedEnd.CLIENT);
        assertThat(result.stopped()).startsWith("the response was still open after").endsWith(
                "; the kit stopped reading");
    }

    @Test
    void should_report_a_line_that_is_not_json_and_stop_reading_when_a_continuous_feed_sends_garbage() {
        // given: garbage, then silence
        ScriptedFeed feed = new ScriptedFeed().data("{\"seq\":1,\"id\":\"a\"}\nHTTP/1.1 200 OK\n");
        Instant started = Instant.now();

        // when
        FeedResult result = read(feed, FeedKind.CONTINUOUS, OptionalInt.empty(), LONG);

        // then
        assertThat(result.problem()).hasValueSatisfying(p -> assertThat(p).startsWith("line 2 of the feed is not JSON"));
        assertThat(result.ended()).isEqualTo(FeedEnd.CLIENT);
        assertThat(Duration.between(started, Instant.now())).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void should_report_and_close_at_once_when_a_line_passes_the_cap() {
        // given: 2 MiB without a newline, and no end
        ScriptedFeed feed = new ScriptedFeed().data("{\"seq\":1}\n" + "x".repeat(2 * 1024 * 1024));
        Instant started = Instant.now();

        // when
        FeedResult result = read(feed, FeedKind.CONTINUOUS, OptionalInt.empty(), LONG);

        // then
        assertThat(result.problem()).hasValueSatisfying(p -> assertThat(p)
                .startsWith("line 2 of the feed is longer than 1048576 bytes"));
        assertThat(feed.closed()).isTrue();
        assertThat(result.events().orElseThrow()).hasSize(1);
        assertThat(Duration.between(started, Instant.now())).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void should_parse_events_and_count_heartbeat_events_when_the_feed_is_an_eventsource() {
        // given: CouchDB's framing, a comment, CRLF line ends and a two-line data field
        ScriptedFeed feed = new ScriptedFeed()
                .data("data: {\"seq\":\"1-a\",\"id\":\"a\"}\nid: \"1-a\"\n\n")
                .data("event: heartbeat\ndata: \n\n")
                .data(": a comment\r\nevent: note\r\ndata: two\r\ndata: lines\r\n\r\n")
                .data("data: {\"seq\":\"2-b\",")
                .data("\"id\":\"b\"}\nid: \"2-b\"\n\n")
                .data("data: {\"unfinished\":true}\n")
                .end();

        // when
        FeedResult result = read(feed, FeedKind.EVENTSOURCE, OptionalInt.empty(), LONG);

        // then
        assertThatJson(result.events().orElseThrow().toString()).isEqualTo("""
                [{"event":"message","id":"\\"1-a\\"","data":{"seq":"1-a","id":"a"}},
                 {"event":"note","data":"two\\nlines"},
                 {"event":"message","id":"\\"2-b\\"","data":{"seq":"2-b","id":"b"}}]""");
        assertThat(result.heartbeats()).isEqualTo(1);
        assertThat(result.lastSeq()).isEmpty();
        assertThat(result.ended()).isEqualTo(FeedEnd.SERVER);
    }

    @Test
    void should_take_events_and_last_seq_from_the_whole_body_when_a_longpoll_ends() {
        // given: CouchDB's longpoll, heartbeats inside the body while it waits
        ScriptedFeed feed = new ScriptedFeed()
                .data("{\"results\":[\n")
                .data("\n")
                .data("\n")
                .data("{\"seq\":\"4-d\",\"id\":\"d\",\"changes\":[{\"rev\":\"1-z\"}]}\n],\n\"last_seq\":\"4-d\",\"pending\":0}\n")
                .end();

        // when
        FeedResult result = read(feed, FeedKind.LONGPOLL, OptionalInt.empty(), LONG);

        // then
        assertThatJson(result.events().orElseThrow().toString()).isEqualTo(
                "[{\"seq\":\"4-d\",\"id\":\"d\",\"changes\":[{\"rev\":\"1-z\"}]}]");
        assertThatJson(result.lastSeq().orElseThrow().toString()).isEqualTo("\"4-d\"");
        assertThatJson(result.body().orElseThrow().toString()).isEqualTo("""
                {"results":[{"seq":"4-d","id":"d","changes":[{"rev":"1-z"}]}],"last_seq":"4-d","pending":0}""");
        assertThat(result.heartbeats()).isEqualTo(2);
        assertThat(result.ended()).isEqualTo(FeedEnd.SERVER);
    }

    @Test
    void should_know_no_events_when_a_longpoll_body_never_ends() {
        // given
        ScriptedFeed feed = new ScriptedFeed().data("{\"results\":[\n");

        // when
        FeedResult result = read(feed, FeedKind.LONGPOLL, OptionalInt.empty(), Duration.ofMillis(300));

        // then
        assertThat(result.events()).isEmpty();
        assertThat(result.body()).isEmpty();
        assertThat(result.bodyText()).isEqualTo("{\"results\":[\n");
        assertThat(result.ended()).isEqualTo(FeedEnd.CLIENT);
    }

    @Test
    void should_count_the_end_as_the_servers_when_the_connection_breaks() {
        // given
        ScriptedFeed feed = new ScriptedFeed().data("{\"seq\":1,\"id\":\"a\"}\n{\"seq\":2").broken("connection reset");

        // when
        FeedResult result = read(feed, FeedKind.CONTINUOUS, OptionalInt.empty(), LONG);

        // then
        assertThat(result.ended()).isEqualTo(FeedEnd.SERVER);
        assertThat(result.stopped()).contains("the connection broke").endsWith(": connection reset");
        assertThat(result.problem()).isEmpty();
        assertThat(result.events().orElseThrow()).hasSize(1);
        assertThat(transcript.entries()).extracting(TranscriptEntry::text)
                .contains("{\"seq\":2", "(an unfinished line: the body stopped before its newline)");
    }

    @Test
    void should_return_at_once_when_the_kit_closes_the_feed_from_another_thread() throws Exception {
        // given
        ScriptedFeed feed = new ScriptedFeed().data("{\"seq\":1}\n");
        Thread closer = new Thread(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            feed.close();
        });
        Instant started = Instant.now();

        // when
        closer.start();
        FeedResult result = read(feed, FeedKind.CONTINUOUS, OptionalInt.empty(), LONG);
        closer.join();

        // then
        assertThat(result.ended()).isEqualTo(FeedEnd.CLIENT);
        assertThat(result.stopped()).startsWith("the kit closed the feed after");
        assertThat(Duration.between(started, Instant.now())).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void should_hand_on_each_event_while_the_feed_is_still_open_when_given_a_listener() throws Exception {
        // given: a feed that never ends
        ScriptedFeed feed = new ScriptedFeed()
                .data("{\"seq\":1,\"id\":\"a\"}\n\n")
                .data("{\"seq\":2,\"id\":\"b\"}\n");
        java.util.List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        FeedReader reader = new FeedReader(feed, FeedKind.CONTINUOUS, OptionalInt.empty(), Instant.now(), LONG,
                transcript, event -> seen.add(event.get("id").asText()));
        java.util.concurrent.ExecutorService thread = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            // when
            java.util.concurrent.Future<FeedResult> reading = thread.submit(reader::read);
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (seen.size() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            java.util.List<String> whileOpen = java.util.List.copyOf(seen);
            feed.close();
            FeedResult result = reading.get(10, java.util.concurrent.TimeUnit.SECONDS);

            // then
            assertThat(whileOpen).containsExactly("a", "b");
            assertThat(seen).containsExactly("a", "b");
            assertThat(result.events().orElseThrow()).hasSize(2);
        } finally {
            thread.shutdownNow();
        }
    }
}
