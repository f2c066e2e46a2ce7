package org.couchtck.kit.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code $rev}, {@code $as} and {@code $exact}: what a server's own ids and texts must be, profile by profile. */
class RevisionMatcherTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String COUCHDB_REV = "1-7a7e4b29f3af401e69b6f86e4c26b727";
    private static final String POUCHDB_REV = "1-237b3c4fd1d28d3cd1fc0c06a8b2a2b3";

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    private static MatchResult match(String spec, String actual, MatchScope scope) {
        return Matchers.compile(json(spec)).match(Optional.of(json(actual)), scope);
    }

    private static MatchScope defaultProfile() {
        return MatchScope.over(false, name -> Optional.empty());
    }

    private static MatchScope exactProfile() {
        return MatchScope.over(true, name -> Optional.empty());
    }

    @Test
    void anyServersRevisionOfTheRightGenerationPassesTheDefaultProfile() {
        String spec = "{\"$rev\": \"" + COUCHDB_REV + "\"}";

        assertThat(match(spec, "\"" + COUCHDB_REV + "\"", defaultProfile()).matched()).isTrue();
        assertThat(match(spec, "\"" + POUCHDB_REV + "\"", defaultProfile()).matched()).isTrue();
        assertThat(match(spec, "\"1-x\"", defaultProfile()).matched()).isTrue();
    }

    @Test
    void theExactProfileAsksForCouchDbsOwnRevision() {
        MatchResult result = match("{\"$rev\": \"" + COUCHDB_REV + "\"}", "\"" + POUCHDB_REV + "\"", exactProfile());

        assertThat(result.matched()).isFalse();
        assertThat(result.message()).isEqualTo("expected CouchDB's revision id " + COUCHDB_REV + " (exact profile), "
                + "got \"" + POUCHDB_REV + "\"");
    }

    @Test
    void aRevisionOfAnotherGenerationOrNotOfTheFormFails() {
        assertThat(match("{\"$rev\": {\"gen\": 2}}", "\"" + POUCHDB_REV + "\"", defaultProfile()).message())
                .isEqualTo("expected a revision id of generation 2 (2-<id>), got \"" + POUCHDB_REV
                        + "\" of generation 1");
        assertThat(match("{\"$rev\": true}", "\"abc\"", defaultProfile()).message())
                .isEqualTo("expected a revision id (N-<id>), got \"abc\", which is not N-<id>");
        assertThat(match("{\"$rev\": true}", "\"0-abc\"", defaultProfile()).matched()).isFalse();
        assertThat(match("{\"$rev\": true}", "\"1-\"", defaultProfile()).matched()).isFalse();
        assertThat(match("{\"$rev\": true}", "3", defaultProfile()).matched()).isFalse();
    }

    @Test
    void aNamedRevisionIsBoundOnceAndMustComeAgainWhereverItIsNamed() {
        MatchScope scope = defaultProfile();
        String spec = "[{\"$rev\": {\"gen\": 1, \"as\": \"ra\"}}, {\"$rev\": {\"as\": \"ra\"}}]";

        assertThat(match(spec, "[\"1-a\", \"1-a\"]", scope).matched()).isTrue();
        assertThat(scope.bound()).containsExactly(Map.entry("ra", json("\"1-a\"")));
        MatchResult other = match(spec, "[\"1-a\", \"1-b\"]", defaultProfile());
        assertThat(other.pointer()).isEqualTo("/1");
        assertThat(other.message()).isEqualTo("expected the revision {{ra}} = \"1-a\", got \"1-b\"");
    }

    @Test
    void aNameBoundByAnEarlierStepMustComeAgain() {
        MatchScope scope = MatchScope.over(false, name -> name.equals("ra") ? Optional.of(json("\"1-a\""))
                : Optional.empty());

        assertThat(match("{\"$rev\": {\"as\": \"ra\"}}", "\"1-z\"", scope).matched()).isFalse();
        assertThat(scope.bound()).isEmpty();
    }

    @Test
    void anUnorderedReplyBindsEachRevisionByItsDocumentWhateverTheOrder() {
        MatchScope scope = defaultProfile();
        String spec = "{\"$unordered\": [{\"id\": \"a\", \"rev\": {\"$rev\": {\"gen\": 1, \"as\": \"ra\"}}},"
                + " {\"id\": \"b\", \"rev\": {\"$rev\": {\"gen\": 1, \"as\": \"rb\"}}}]}";

        MatchResult result = match(spec, "[{\"id\": \"b\", \"rev\": \"1-bbb\"}, {\"id\": \"a\", \"rev\": \"1-aaa\"}]",
                scope);

        assertThat(result.matched()).isTrue();
        assertThat(scope.bound()).containsEntry("ra", json("\"1-aaa\"")).containsEntry("rb", json("\"1-bbb\""));
    }

    @Test
    void anAlternativeThatDidNotMatchBindsNothing() {
        MatchScope scope = defaultProfile();
        String spec = "{\"$oneOf\": [[{\"$rev\": {\"as\": \"x\"}}, 2], [{\"$rev\": {\"as\": \"y\"}}, 3]]}";

        assertThat(match(spec, "[\"1-a\", 3]", scope).matched()).isTrue();
        assertThat(scope.bound()).containsOnlyKeys("y");
    }

    @Test
    void aValueIsBoundByWhatItIsWhereverItStands() {
        MatchScope scope = defaultProfile();
        String spec = "{\"$unordered\": [{\"id\": \"ok1\"}, {\"id\": {\"$as\": {\"name\": \"gen\", \"match\": "
                + "{\"$type\": \"string\"}}}}]}";

        assertThat(match(spec, "[{\"id\": \"f00d\"}, {\"id\": \"ok1\"}]", scope).matched()).isTrue();
        assertThat(scope.bound()).containsExactly(Map.entry("gen", json("\"f00d\"")));
    }

    @Test
    void couchDbsOwnTextIsAskedForByTheExactProfileOnly() {
        String spec = "{\"$exact\": \"Document update conflict.\"}";

        assertThat(match(spec, "\"Conflict\"", defaultProfile()).matched()).isTrue();
        assertThat(match(spec, "7", defaultProfile()).message())
                .isEqualTo("expected a value of type string (CouchDB 3.5.2 answers \"Document update conflict.\"), "
                        + "got 7");
        assertThat(match(spec, "\"Conflict\"", exactProfile()).message()).isEqualTo("expected \"Document update "
                + "conflict.\", got \"Conflict\" (CouchDB 3.5.2's own, asked for by the exact profile)");
        assertThat(match(spec, "\"Document update conflict.\"", exactProfile()).matched()).isTrue();
    }

    @Test
    void aRevisionSpecOutsideTheNotationIsRefused() {
        assertThatThrownBy(() -> Matchers.compile(json("{\"$rev\": \"abc\"}")))
                .isInstanceOf(MatcherSyntaxException.class).hasMessageContaining("not a revision id N-<id>");
        assertThatThrownBy(() -> Matchers.compile(json("{\"$rev\": {\"gen\": 0}}")))
                .isInstanceOf(MatcherSyntaxException.class).hasMessageContaining("a whole number from 1");
        assertThatThrownBy(() -> Matchers.compile(json("{\"$rev\": {\"couchdb\": \"" + COUCHDB_REV
                + "\", \"gen\": 2}}"))).isInstanceOf(MatcherSyntaxException.class)
                .hasMessageContaining("CouchDB's id is of generation 1");
        assertThatThrownBy(() -> Matchers.compile(json("{\"$rev\": {\"as\": \"Bad Name\"}}")))
                .isInstanceOf(MatcherSyntaxException.class).hasMessageContaining("expected a name");
        assertThatThrownBy(() -> Matchers.compile(json("{\"$as\": {\"name\": \"x\"}}")))
                .isInstanceOf(MatcherSyntaxException.class).hasMessageContaining("\"match\"");
    }

    @Test
    void theNamesASpecBindsAreKnownBeforeItIsMatched() {
        assertThat(Matchers.boundNames(json("{\"a\": {\"$rev\": {\"as\": \"ra\"}}, \"b\": [{\"$as\": {\"name\": "
                + "\"n\", \"match\": {\"$any\": true}}}], \"c\": {\"$literal\": {\"$rev\": {\"as\": \"no\"}}}}")))
                .containsExactly("ra", "n");
    }
}
