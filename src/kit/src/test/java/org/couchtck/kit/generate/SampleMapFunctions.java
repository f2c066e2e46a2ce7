package org.couchtck.kit.generate;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.couchtck.kit.generate.MapFunction.ArrayOf;
import org.couchtck.kit.generate.MapFunction.Constant;
import org.couchtck.kit.generate.MapFunction.Emit;
import org.couchtck.kit.generate.MapFunction.Field;
import org.couchtck.kit.generate.MapFunction.Has;
import org.couchtck.kit.generate.MapFunction.IsNumber;
import org.couchtck.kit.generate.MapFunction.IsString;
import org.couchtck.kit.generate.MapFunction.Member;
import org.couchtck.kit.generate.MapFunction.NonJson;
import org.couchtck.kit.generate.MapFunction.Not;
import org.couchtck.kit.generate.MapFunction.ObjectOf;
import org.couchtck.kit.generate.MapFunction.When;

/**
 * Hand-picked map function trees that a renderer must write so that its language's real server maps them as the
 * reference does: missing fields in objects, arrays and emits; NaN and the infinities; {@code __proto__} and
 * {@code constructor}; conditions; odd keys, big numbers and non-ASCII text. Each comes with documents; a server
 * with a known deviation in how it reads documents (not in how it runs the function) gets documents of its own.
 */
final class SampleMapFunctions {

    /**
     * One sample.
     *
     * @param name what it is about, for the test's display name
     * @param function the tree
     * @param docs the documents to map, as JSON text
     */
    record Sample(String name, MapFunction function, List<String> docs) {

        /** The same function over other documents. */
        Sample withDocs(List<String> other) {
            return new Sample(name, function, other);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static final String MISSING_FIELDS = "missing fields in objects, arrays and emits";
    static final String NAN_AND_INFINITIES = "NaN and the infinities";
    static final String PROTO_AND_CONSTRUCTOR = "__proto__ and constructor fields";
    static final String CONDITIONS = "conditions on the document";
    static final String ODD_KEYS = "odd keys, big numbers and non-ASCII text";

    private SampleMapFunctions() {}

    /** Every sample, with documents any server reads as the reference does, but for {@code docsFor}'s. */
    static List<Sample> all(Map<String, List<String>> docsFor) {
        List<Sample> samples = new ArrayList<>();
        for (Sample sample : all()) {
            samples.add(docsFor.containsKey(sample.name()) ? sample.withDocs(docsFor.get(sample.name())) : sample);
        }
        return samples;
    }

    static List<Sample> all() {
        return List.of(
                new Sample(MISSING_FIELDS, new MapFunction(List.of(
                        new Emit(constant("obj"), new ObjectOf(List.of(new Member("gone", new Field("missing")),
                                new Member("here", new Field("a")), new Member("u", new NonJson(NonJson.Kind.UNDEFINED)),
                                new Member("here", new Field("missing"))))),
                        new Emit(new Field("missing"), new ArrayOf(List.of(new Field("missing"), new Field("a"),
                                new NonJson(NonJson.Kind.UNDEFINED)))),
                        new Emit(constant("k"), new Field("missing")))),
                        List.of("{\"_id\":\"d1\",\"a\":1}", "{\"_id\":\"d2\",\"missing\":[true]}")),
                new Sample(NAN_AND_INFINITIES, new MapFunction(List.of(
                        new Emit(new NonJson(NonJson.Kind.NAN), new NonJson(NonJson.Kind.INFINITY)),
                        new Emit(constant("arr"), new ArrayOf(List.of(new NonJson(NonJson.Kind.NEGATIVE_INFINITY),
                                new NonJson(NonJson.Kind.NAN)))),
                        new Emit(constant("obj"), new ObjectOf(List.of(new Member("nan",
                                new NonJson(NonJson.Kind.NAN))))))),
                        List.of("{\"_id\":\"d1\"}")),
                new Sample(PROTO_AND_CONSTRUCTOR, new MapFunction(List.of(
                        new Emit(new Field("__proto__"), new Field("constructor")),
                        new Emit(constant("in array"), new ArrayOf(List.of(new Field("constructor"),
                                new Field("__proto__")))),
                        new Emit(constant("in object"), new ObjectOf(List.of(new Member("c", new Field("constructor")),
                                new Member("p", new Field("__proto__"))))),
                        new When(new Has("constructor"), List.of(new Emit(constant("has constructor"), constant(1)))),
                        new When(new Has("__proto__"), List.of(new Emit(constant("has proto"), constant(2)))))),
                        List.of("{\"_id\":\"plain\"}", "{\"_id\":\"own\",\"constructor\":\"c\",\"__proto__\":{\"x\":1}}")),
                new Sample(CONDITIONS, new MapFunction(List.of(
                        new When(new Has("a"), List.of(new Emit(constant("has a"), new Field("a")))),
                        new When(new Not(new Has("a")), List.of(new Emit(constant("no a"), constant(null)))),
                        new When(new Has("n"), List.of(new When(new IsNumber("n"), List.of(new Emit(
                                constant("number"), new Field("n")))))),
                        new When(new IsString("n"), List.of(new Emit(constant("string"), new Field("n")))),
                        new When(new Not(new IsNumber("b")), List.of(new Emit(constant("b not a number"),
                                new Field("b")))))),
                        List.of("{\"_id\":\"d1\",\"a\":null,\"n\":3}", "{\"_id\":\"d2\",\"n\":\"3\"}",
                                "{\"_id\":\"d3\",\"b\":true,\"n\":false}", "{\"_id\":\"d4\",\"a\":0,\"b\":2.5,\"n\":-1.5}")),
                new Sample(ODD_KEYS, new MapFunction(List.of(
                        new Emit(constant("caf\u00e9 \u65e5 \uD83D\uDE00 \"\\ #{x} \u2028\u0000"),
                                new ArrayOf(List.of(constant(-7), constant(0.25), constant(false), new Field("s")))),
                        new When(new IsNumber("big"), List.of(new Emit(constant("big"), new Field("big")))),
                        new When(new IsString("\uD83D\uDE00"), List.of(new Emit(new Field("\uD83D\uDE00"),
                                new ObjectOf(List.of(new Member("\u2028", new Field("")),
                                        new Member("a.b", new Field("$ref"))))))),
                        new When(new Has("\u043a\u043b\u044e\u0447"), List.of(new Emit(constant("\u043a"),
                                new Field("\u043a\u043b\u044e\u0447")))))),
                        List.of("{\"_id\":\"d1\",\"s\":\"\u00e9\",\"big\":123456789012345678901234567890,"
                                        + "\"\uD83D\uDE00\":\"x\",\"\":-0.0,\"$ref\":1e300}",
                                "{\"_id\":\"d2\",\"big\":5e-324,\"\u043a\u043b\u044e\u0447\":[1],\"\uD83D\uDE00\":2}")));
    }

    /** A constant of an Integer, Double, Boolean, String or null. */
    static Constant constant(Object value) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        if (value instanceof Integer i) {
            return new Constant(nodes.numberNode(i));
        }
        if (value instanceof Double d) {
            return new Constant(nodes.numberNode(d));
        }
        if (value instanceof Boolean b) {
            return new Constant(nodes.booleanNode(b));
        }
        return new Constant(value == null ? nodes.nullNode() : nodes.textNode((String) value));
    }
}
