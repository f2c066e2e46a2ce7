package org.couchtck.kit.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads {@code 500ms}, {@code 5s}, {@code 2m}. A bare number is refused: {@code --timeout 5} read as 5 ms made every
 * case "no reply within 5 ms", and read as seconds it would surprise whoever wrote 500 meaning milliseconds.
 */
final class DurationConverter implements ITypeConverter<Duration> {

    private static final Pattern FORM = Pattern.compile("(\\d+)\\s*(ms|s|m)?");

    @Override
    public Duration convert(String value) {
        Matcher m = FORM.matcher(value.trim());
        if (!m.matches()) {
            throw new TypeConversionException("'" + value + "' is not a duration (examples: 500ms, 5s, 2m)");
        }
        if (m.group(2) == null) {
            throw new TypeConversionException("'" + value + "' has no unit: write " + m.group(1) + "s for seconds or "
                    + m.group(1) + "ms for milliseconds");
        }
        long amount = Long.parseLong(m.group(1));
        Duration duration = switch (m.group(2)) {
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofMillis(amount);
        };
        if (duration.isZero()) {
            throw new TypeConversionException("a duration must be positive");
        }
        return duration;
    }
}
