package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.reference.mango.FieldsProjection;
import org.couchtck.reference.mango.MangoException;
import org.couchtck.reference.mango.Selector;
import org.couchtck.reference.store.DocumentState;

/**
 * {@code filter=_selector}: the POST body's {@code selector} decides which changes show, its {@code fields} what
 * {@code include_docs} shows of them, as couch_changes:get_selector_and_fields reads them. A GET has no selector.
 */
final class SelectorFilter implements ChangesFilter {

    private final Selector selector;
    private final FieldsProjection fields;

    private SelectorFilter(Selector selector, FieldsProjection fields) {
        this.selector = selector;
        this.fields = fields;
    }

    /** The filter of a request, with CouchDB's 400 and 415 answers to a request that has no usable selector. */
    static SelectorFilter from(ApiRequest request) {
        if (!"POST".equals(request.method())) {
            throw CouchError.badRequest("Selector must be specified in POST payload");
        }
        DatabaseRoutes.requireJsonContent(request);
        JsonNode body = request.jsonBody();
        if (!body.isObject()) {
            throw CouchError.badRequest("Request body must be a JSON object");
        }
        JsonNode selectorJson = body.get("selector");
        if (selectorJson == null || !selectorJson.isObject()) {
            throw CouchError.badRequest("Selector error: expected a JSON object");
        }
        try {
            Selector selector = Selector.of(selectorJson);
            JsonNode fieldsJson = body.get("fields");
            if (fieldsJson != null && !fieldsJson.isArray()) {
                throw CouchError.badRequest("Selector error: fields must be JSON array");
            }
            return new SelectorFilter(selector, FieldsProjection.of(fieldsJson));
        } catch (MangoException e) {
            // check_selector and check_fields turn every mango_error into a plain bad_request with its reason
            throw CouchError.badRequest(e.reason());
        }
    }

    @Override
    public List<Boolean> test(List<DocumentState> docs) {
        List<Boolean> out = new ArrayList<>(docs.size());
        for (DocumentState d : docs) {
            try {
                out.add(selector.matches(DocumentJson.render(d, d.winner(), DocumentJson.Options.PLAIN)));
            } catch (MangoException e) {
                throw new CouchError(e.status(), e.error(), e.reason());
            }
        }
        return out;
    }

    @Override
    public ObjectNode shown(ObjectNode doc) {
        return fields.extract(doc);
    }
}
