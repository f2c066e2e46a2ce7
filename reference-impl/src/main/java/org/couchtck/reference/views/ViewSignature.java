package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.collation.ViewCollation;
import org.couchtck.reference.erlang.ErlangTermEncoder;

/**
 * A design document's view signature as couch_mrview computes it (the {@code signature} of {@code _info}): the MD5 of
 * {@code term_to_binary({Views, Language, DesignOptions, SortedLib}, [{minor_version, 1}])}, where Views are the
 * {@code #mrview} records of the distinct (map source, view options) pairs in Erlang term order, each with the names
 * of the views that share it.
 */
final class ViewSignature {

    /** One {@code #mrview}: views with the same map source and options share it. */
    private static final class MrView {
        final String map;
        final List<Map.Entry<String, JsonNode>> options;
        final List<String> mapNames = new ArrayList<>();
        final List<String[]> reduceFuns = new ArrayList<>();

        MrView(String map, List<Map.Entry<String, JsonNode>> options) {
            this.map = map;
            this.options = options;
        }
    }

    private ViewSignature() {}

    static String of(String language, JsonNode views, JsonNode designOptions) {
        Map<String, MrView> bySource = new LinkedHashMap<>();
        JsonNode lib = null;
        if (views.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = views.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> view = it.next();
                JsonNode body = view.getValue();
                if (view.getKey().equals("lib")) {
                    lib = body;
                }
                if (!body.isObject() || !body.path("map").isTextual()) {
                    continue;
                }
                List<Map.Entry<String, JsonNode>> options = members(body.path("options"));
                String map = body.get("map").asText();
                MrView mr = bySource.computeIfAbsent(map + "\u0000" + body.path("options"),
                        k -> new MrView(map, options));
                JsonNode reduce = body.get("reduce");
                // couch_mrview prepends each name as it folds over the views
                if (reduce == null || reduce.isNull()) {
                    mr.mapNames.add(0, view.getKey());
                } else {
                    mr.reduceFuns.add(0, new String[] {view.getKey(), reduce.asText()});
                }
            }
        }
        List<MrView> sorted = new ArrayList<>(bySource.values());
        sorted.sort(Comparator.<MrView, byte[]>comparing(v -> utf8(v.map), Arrays::compareUnsigned)
                .thenComparing(v -> v.options, ViewSignature::compareOptions));
        ErlangTermEncoder term = new ErlangTermEncoder();
        term.tupleHeader(4);
        if (sorted.isEmpty()) {
            term.nil();
        } else {
            term.listHeader(sorted.size());
            for (int i = 0; i < sorted.size(); i++) {
                mrview(term, i, sorted.get(i));
            }
            term.nil();
        }
        term.utf8(language);
        proplist(term, members(designOptions));
        sortedLib(term, lib != null && lib.isObject() ? lib : null);
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(term.toByteArray()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has MD5", e);
        }
    }

    private static void mrview(ErlangTermEncoder term, int idNum, MrView view) {
        term.tupleHeader(9).atom("mrview").integer(idNum).integer(0).integer(0);
        if (view.mapNames.isEmpty()) {
            term.nil();
        } else {
            term.listHeader(view.mapNames.size());
            view.mapNames.forEach(term::utf8);
            term.nil();
        }
        if (view.reduceFuns.isEmpty()) {
            term.nil();
        } else {
            term.listHeader(view.reduceFuns.size());
            view.reduceFuns.forEach(f -> term.tupleHeader(2).utf8(f[0]).utf8(f[1]));
            term.nil();
        }
        term.utf8(view.map).atom("nil");
        proplist(term, view.options);
    }

    private static void proplist(ErlangTermEncoder term, List<Map.Entry<String, JsonNode>> members) {
        if (members.isEmpty()) {
            term.nil();
            return;
        }
        term.listHeader(members.size());
        members.forEach(m -> term.tupleHeader(2).utf8(m.getKey()).json(m.getValue()));
        term.nil();
    }

    /** couch_index_util:sort_lib: members sorted by name (stable), nested objects sorted the same way. */
    private static void sortedLib(ErlangTermEncoder term, JsonNode lib) {
        List<Map.Entry<String, JsonNode>> members = lib == null ? List.of() : new ArrayList<>(members(lib));
        // sort_lib builds its list backwards before keysort, so equal names end up in reverse order
        List<Map.Entry<String, JsonNode>> reversed = new ArrayList<>(members);
        java.util.Collections.reverse(reversed);
        reversed.sort(Comparator.comparing(m -> utf8(m.getKey()), Arrays::compareUnsigned));
        if (reversed.isEmpty()) {
            term.nil();
            return;
        }
        term.listHeader(reversed.size());
        for (Map.Entry<String, JsonNode> m : reversed) {
            term.tupleHeader(2).utf8(m.getKey());
            if (m.getValue().isObject()) {
                sortedLib(term, m.getValue());
            } else {
                term.json(m.getValue());
            }
        }
        term.nil();
    }

    private static List<Map.Entry<String, JsonNode>> members(JsonNode object) {
        List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
        if (object != null && object.isObject()) {
            object.fields().forEachRemaining(out::add);
        }
        return out;
    }

    /** Erlang term order of two proplists [{Key, Value}]: element by element, keys by bytes, values as EJSON. */
    private static int compareOptions(List<Map.Entry<String, JsonNode>> a, List<Map.Entry<String, JsonNode>> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = Arrays.compareUnsigned(utf8(a.get(i).getKey()), utf8(b.get(i).getKey()));
            if (c == 0) {
                c = ViewCollation.RAW.compare(a.get(i).getValue(), b.get(i).getValue());
            }
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
