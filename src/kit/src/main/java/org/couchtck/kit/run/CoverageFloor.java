package org.couchtck.kit.run;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.couchtck.kit.report.Matrix;

/**
 * The least coverage a run must reach to pass ({@code --min-applicable}): a number of the profile's MUST cases that
 * must apply, or a percentage of them. A run whose cases pass but mostly did not apply (a pack without most sources,
 * features left out) then fails in CI instead of looking green.
 *
 * @param count the number of MUST cases, when given as a number
 * @param percent the percentage of the profile's MUST cases, when given as {@code N%}
 */
public record CoverageFloor(Optional<Integer> count, Optional<Double> percent) {

    private static final Pattern SPEC = Pattern.compile("(\\d+(?:\\.\\d+)?)(%?)");

    /**
     * The floor {@code text} names: {@code 80} (cases) or {@code 80%} (of the profile's MUST cases).
     *
     * @throws IllegalArgumentException for anything else, or a percentage above 100
     */
    public static CoverageFloor parse(String text) {
        Matcher m = SPEC.matcher(text.strip());
        if (!m.matches() || (m.group(2).isEmpty() && m.group(1).contains("."))) {
            throw new IllegalArgumentException("--min-applicable takes a number of MUST cases (80) or a percentage "
                    + "of the profile's MUST cases (80%), not '" + text + "'");
        }
        if (m.group(2).isEmpty()) {
            return new CoverageFloor(Optional.of(Integer.parseInt(m.group(1))), Optional.empty());
        }
        double percent = Double.parseDouble(m.group(1));
        if (percent > 100) {
            throw new IllegalArgumentException("--min-applicable " + text + ": a percentage is at most 100%");
        }
        return new CoverageFloor(Optional.empty(), Optional.of(percent));
    }

    /** The number of applicable MUST cases this floor asks of a profile with {@code ofProfile} of them. */
    public int required(int ofProfile) {
        return count.orElseGet(() -> (int) Math.ceil(percent.orElseThrow() * ofProfile / 100.0 - 1e-9));
    }

    /** Why {@code score} falls short of this floor; empty when it reaches it. */
    public Optional<String> shortfall(Matrix.MustScore score) {
        int required = required(score.ofProfile());
        if (score.applicable() >= required) {
            return Optional.empty();
        }
        return Optional.of("coverage below --min-applicable " + this + ": " + score.applicable() + " of the profile's "
                + score.ofProfile() + " MUST cases applied, " + required + " required");
    }

    @Override
    public String toString() {
        return count.map(String::valueOf).orElseGet(() -> {
            double p = percent.orElseThrow();
            return (p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p)) + "%";
        });
    }
}
