package org.couchtck.kit.generate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Renders generated functions as Perl for CouchDB::View::Server, in the conventions of the kit's perl pack: the
 * source is Perl code the server evaluates (string eval, use strict, in its package) whose value is
 * {@code sub { my $doc = shift; dmap($key, $value); }}; lexicals before the sub hold the helpers. Documents are hash
 * refs as JSON::XS decodes them; booleans are JSON::PP::true() and JSON::PP::false(). Whether a value is a number or a
 * string is read from its scalar flags (B), never by using it, since JSON::XS writes a number last used as a string
 * as a JSON string. String literals are double-quoted and escape every character outside printable ASCII (and
 * {@code $} and {@code @}, which would interpolate), so sources are plain ASCII.
 *
 * <p>The tree means what its JavaScript rendering means, which the reference computes: a missing field is
 * JavaScript's {@code undefined}, which an object literal then leaves out and an array or an emit writes as null.
 * The Perl rendering carries a sentinel object for it through the expression and applies the same two rules. NaN and
 * the infinities, which JSON::XS writes as no JSON number, are written as JSON.stringify writes them: null.
 */
public final class PerlRenderer extends TreeRenderer {

    private static final LiteralSyntax LITERALS = new LiteralSyntax("undef", "JSON::PP::true()", "JSON::PP::false()",
            LiteralSyntax::parenthesised, LiteralSyntax::parenthesised, PerlRenderer::string,
            LiteralSyntax.Brackets.of("[", ", ", "", "]"), LiteralSyntax.Brackets.of("+{", ", ", " => ", "}"));

    private static final String INDENT = "  ";

    /** What every JavaScript object has: {@code doc[name]} is never undefined for these, even when doc lacks them. */
    private static final Set<String> OBJECT_PROTOTYPE = Set.of("__proto__", "constructor", "toString", "valueOf",
            "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "__defineGetter__",
            "__defineSetter__", "__lookupGetter__", "__lookupSetter__");

    /** The helpers every rendered function defines before its sub. */
    static final String PRELUDE = "require JSON::PP;\n"
            + "require B;\n"
            + "my $u = bless [], 'CouchTck::Undefined';\n"
            + "my $v = sub { my ($x) = @_; ref($x) eq 'CouchTck::Undefined' ? undef : $x };\n"
            + "my $o = sub { my %h; $h{$_->[0]} = $_->[1] for @_; "
            + "delete $h{$_} for grep { ref($h{$_}) eq 'CouchTck::Undefined' } keys %h; \\%h };\n"
            + "my $flags = sub { my ($x) = @_; defined($x) && !ref($x) ? B::svref_2object(\\$x)->FLAGS : 0 };\n"
            + "my $num = sub { my $f = $flags->($_[0]); ($f & (B::SVp_IOK() | B::SVp_NOK())) "
            + "&& !($f & B::SVp_POK()) ? 1 : 0 };\n"
            + "my $str = sub { my $f = $flags->($_[0]); ($f & B::SVp_POK()) "
            + "&& !($f & (B::SVp_IOK() | B::SVp_NOK())) ? 1 : 0 };\n"
            + "sub {\n"
            + "  my $doc = shift;\n";

    @Override
    public String language() {
        return "perl";
    }

    @Override
    public String render(MapFunction function) {
        StringBuilder out = new StringBuilder(PRELUDE);
        statements(function.body(), 1, out);
        return out.append("}\n").toString();
    }

    @Override
    public boolean hasLibraries() {
        return false;
    }

    @Override
    public String libraryModule(long value) {
        throw new IllegalStateException("the kit writes no Perl library modules (CouchDB::View::Server has none)");
    }

    private void statements(List<MapFunction.Statement> statements, int depth, StringBuilder out) {
        String indent = INDENT.repeat(depth);
        for (MapFunction.Statement statement : statements) {
            if (statement instanceof MapFunction.Emit emit) {
                out.append(indent).append("dmap($v->(").append(expr(emit.key())).append("), $v->(")
                        .append(expr(emit.value())).append("));\n");
            } else if (statement instanceof MapFunction.When when) {
                out.append(indent).append("if (").append(condition(when.condition())).append(") {\n");
                statements(when.then(), depth + 1, out);
                out.append(indent).append("}\n");
            }
        }
    }

    @Override
    String has(String name) {
        return OBJECT_PROTOTYPE.contains(name) ? "1" : "exists($doc->{" + string(name) + "})";
    }

    @Override
    String isNumber(String name) {
        return "$num->(" + field(name) + ")";
    }

    @Override
    String isString(String name) {
        return "$str->(" + field(name) + ")";
    }

    @Override
    String not(String condition) {
        return "!(" + condition + ")";
    }

    @Override
    String constant(JsonNode value) {
        return literal(value);
    }

    @Override
    String array(List<String> items) {
        return items.stream().map(item -> "$v->(" + item + ")").collect(Collectors.joining(", ", "[", "]"));
    }

    @Override
    String object(List<Map.Entry<String, String>> members) {
        return members.stream().map(m -> "[" + string(m.getKey()) + ", " + m.getValue() + "]")
                .collect(Collectors.joining(", ", "$o->(", ")"));
    }

    @Override
    String library(String module) {
        throw new IllegalStateException("the kit writes no Perl library modules (CouchDB::View::Server has none)");
    }

    @Override
    String nonJson(MapFunction.NonJson.Kind kind) {
        return kind == MapFunction.NonJson.Kind.UNDEFINED ? "$u" : "undef";
    }

    /**
     * A document field. A missing {@code __proto__} is JavaScript's Object.prototype, written as {}; a missing
     * method of it is a function, which JSON writes as it writes undefined.
     */
    @Override
    String field(String name) {
        String key = string(name);
        return "(exists($doc->{" + key + "}) ? $doc->{" + key + "} : "
                + (name.equals("__proto__") ? "+{}" : "$u") + ")";
    }

    private static String literal(JsonNode value) {
        return LITERALS.write(value);
    }

    /**
     * A double-quoted Perl literal: {@code "}, {@code \\}, {@code $} and {@code @} backslashed, the rest as
     * {@code \\x{...}} of its code point (JSON::XS writes no lone surrogate, so none is asked for).
     */
    static String string(String text) {
        return LiteralSyntax.codePointString(text, "\"\\$@", "\\x{", "Perl");
    }
}
