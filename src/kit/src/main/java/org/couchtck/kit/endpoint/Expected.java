package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import org.couchtck.kit.check.Matcher;
import org.couchtck.kit.check.MatcherSyntaxException;
import org.couchtck.kit.check.Matchers;

/**
 * An expectation as the fixture writes it: a matcher spec that may hold {@code {{variables}}}. One without variables
 * is compiled once; one with variables is compiled when the case reaches it, from the values bound by then.
 */
public final class Expected {

    private final JsonNode template;
    private final Matcher compiled;

    private Expected(JsonNode template, Matcher compiled) {
        this.template = template;
        this.compiled = compiled;
    }

    /**
     * The expectation {@code template}, whose notation the caller checked ({@link Matchers#compile}) with its
     * variables still in.
     */
    static Expected of(JsonNode template) {
        Objects.requireNonNull(template, "template");
        return new Expected(template, Template.hasVariables(template) ? null : Matchers.compile(template));
    }

    /** The spec as written, variables unfilled. */
    public JsonNode template() {
        return template;
    }

    /**
     * The matcher with the variables filled in from {@code bindings}.
     *
     * @throws MatcherSyntaxException when a filled-in value does not fit where it stands (a number where a text was
     *     due): the server gave a value the expectation cannot use
     * @throws UnboundVariableException when a variable has no value
     */
    public Matcher resolve(Bindings bindings) {
        return compiled != null ? compiled : Matchers.compile(Template.matcherSpec(template, bindings));
    }
}
