package org.couchtck.reference.collation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Order laws of both collations over seeded random JSON values (3,000 per collation, several seeds, deterministic):
 * reflexivity, antisymmetry, transitivity, and {@code compare == 0} exactly when the documented equality holds.
 */
class ViewCollationPropertiesTest {

    private static final long[] SEEDS = {1, 2, 3, 5, 8, 13, 21, 34, 55, 89};
    private static final int VALUES_PER_SEED = 300;
    private static final int DEPTH = 3;

    @ParameterizedTest
    @EnumSource(ViewCollation.class)
    void should_be_reflexive_and_antisymmetric_and_consistent_with_equality_when_values_are_random(
            ViewCollation collation) {
        int ties = 0;
        for (long seed : SEEDS) {
            // given
            List<JsonNode> values = values(seed);
            CollationEquality equality = new CollationEquality(collation);

            for (int i = 0; i < values.size(); i++) {
                JsonNode a = values.get(i);
                // then reflexive, also against a structurally separate copy
                assertThat(collation.compare(a, a)).as("seed %d: %s vs itself", seed, a).isZero();
                assertThat(collation.compare(a, a.deepCopy())).as("seed %d: %s vs its copy", seed, a).isZero();
                for (int j = i + 1; j < values.size(); j++) {
                    JsonNode b = values.get(j);

                    // when
                    int ab = collation.compare(a, b);
                    int ba = collation.compare(b, a);

                    // then
                    assertThat(Integer.signum(ab)).as("seed %d antisymmetry: %s vs %s", seed, a, b)
                            .isEqualTo(-Integer.signum(ba));
                    boolean equal = equality.equal(a, b);
                    assertThat(ab == 0).as("seed %d: compare %s vs %s is %d, equal %s", seed, a, b, ab, equal)
                            .isEqualTo(equal);
                    if (equal && !a.equals(b)) {
                        ties++;
                    }
                }
            }
        }
        // and the values exercised equality beyond JsonNode.equals (1 vs 1.0, "é" vs "e\u0301", ...)
        assertThat(ties).as("pairs equal under %s but not by JsonNode.equals", collation).isGreaterThan(100);
    }

    @ParameterizedTest
    @EnumSource(ViewCollation.class)
    void should_be_transitive_when_values_are_random(ViewCollation collation) {
        for (long seed : SEEDS) {
            // given
            List<JsonNode> values = values(seed);

            // when sorted (TimSort also notices some contract violations itself)
            List<JsonNode> sorted = new ArrayList<>(values);
            sorted.sort(collation);

            // then every later value is at least every earlier one: a non-transitive order cannot pass this
            for (int i = 0; i < sorted.size(); i++) {
                for (int j = i + 1; j < sorted.size(); j++) {
                    assertThat(collation.compare(sorted.get(i), sorted.get(j)))
                            .as("seed %d sorted[%d] %s vs sorted[%d] %s", seed, i, sorted.get(i), j, sorted.get(j))
                            .isLessThanOrEqualTo(0);
                }
            }

            // and on random triples, directly
            Random pick = new Random(seed);
            for (int t = 0; t < 20_000; t++) {
                JsonNode a = values.get(pick.nextInt(values.size()));
                JsonNode b = values.get(pick.nextInt(values.size()));
                JsonNode c = values.get(pick.nextInt(values.size()));
                int ab = collation.compare(a, b);
                int bc = collation.compare(b, c);
                int ac = collation.compare(a, c);
                if (ab <= 0 && bc <= 0) {
                    assertThat(ac).as("seed %d: %s <= %s <= %s", seed, a, b, c).isLessThanOrEqualTo(0);
                }
                if (ab == 0 && bc == 0) {
                    assertThat(ac).as("seed %d: %s == %s == %s", seed, a, b, c).isZero();
                }
            }
        }
    }

    private static List<JsonNode> values(long seed) {
        RandomJson random = new RandomJson(seed);
        List<JsonNode> values = new ArrayList<>(VALUES_PER_SEED);
        for (int i = 0; i < VALUES_PER_SEED; i++) {
            values.add(random.value(DEPTH));
        }
        return values;
    }
}
