package org.couchtck.kit.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code 500ms}, {@code 5s}, {@code 2m}; a bare number is milliseconds. */
final class DurationConverter implements ITypeConverter<Duration> {

    private static final Pattern FORM = Pattern.compile("(\\d+)\\s*(ms|s|m)?");

    @Override
    public Duration convert(String value) {
        Matcher m = FORM.matcher(value.trim());
        if (!m.matches()) {
            throw new TypeConversionException("'" + value + "' is not a duration (examples: 500ms, 5s, 2m)");
        }
        long amount = Long.parseLong(m.group(1));
        Duration duration = switch (m.group(2) == null ? "ms" : m.group(2)) {
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
