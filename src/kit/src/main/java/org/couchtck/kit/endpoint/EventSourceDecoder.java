package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;

/**
 * {@code feed=eventsource} ({@code text/event-stream}): fields {@code event}, {@code data} and {@code id} up to a blank
 * line make one event {@code {"event": type or "message", "id": id (absent when none), "data": data parsed as JSON
 * when it is JSON, else the text}}. Events of type {@code heartbeat} are counted, not listed. Comments and
 * {@code retry} are skipped; an event the body ends in the middle of is dropped, as a browser drops it.
 */
final class EventSourceDecoder implements FeedDecoder {

    private String type;
    private StringBuilder data;
    private String id;
    private boolean pending;

    @Override
    public void line(String raw, FeedLog log) {
        String text = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
        if (text.isEmpty()) {
            if (pending) {
                dispatch(log);
            }
            return;
        }
        if (text.startsWith(":")) {
            return;
        }
        int colon = text.indexOf(':');
        String field = colon < 0 ? text : text.substring(0, colon);
        String value = colon < 0 ? "" : text.substring(colon + 1);
        if (value.startsWith(" ")) {
            value = value.substring(1);
        }
        switch (field) {
            case "event" -> {
                type = value;
                pending = true;
            }
            case "data" -> {
                data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
                pending = true;
            }
            case "id" -> {
                id = value;
                pending = true;
            }
            default -> {
                // retry and unknown fields carry nothing the cases check
            }
        }
    }

    private void dispatch(FeedLog log) {
        String name = type == null || type.isEmpty() ? "message" : type;
        if (name.equals("heartbeat")) {
            log.heartbeats++;
        } else {
            ObjectNode event = JsonNodeFactory.instance.objectNode().put("event", name);
            if (id != null) {
                event.put("id", id);
            }
            event.set("data", data(data == null ? "" : data.toString()));
            log.events.add(event);
        }
        type = null;
        data = null;
        id = null;
        pending = false;
    }

    private static JsonNode data(String text) {
        try {
            return WireJson.parse(text);
        } catch (MalformedLineException e) {
            return JsonNodeFactory.instance.textNode(text);
        }
    }
}
