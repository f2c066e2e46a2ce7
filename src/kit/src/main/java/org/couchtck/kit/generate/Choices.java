package org.couchtck.kit.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * The random decisions a generator makes, recorded. A fresh sequence draws from a seeded random source; a replayed
 * one hands back a recorded sequence, clamped to each draw's bound, and answers 0 — the simplest choice — once it
 * runs out. Generators are written so that 0 always means "the simplest thing", which is what makes shrinking the
 * sequence shrink the value.
 */
public final class Choices {

    /** Draws beyond this many answer 0, so that every generator ends even on an unlucky seed. */
    public static final int MAX_DRAWS = 20_000;

    private final SplittableRandom random;
    private final long[] replayed;
    private final List<Long> recorded = new ArrayList<>();
    private final List<Span> spans = new ArrayList<>();

    /**
     * The choices {@code [start, end)} that made one element of a list, its continuation flag included: deleting them
     * deletes exactly that element, which is how the shrinker removes a field, an emit or a whole protocol line.
     */
    public record Span(int start, int end) {}

    private Choices(SplittableRandom random, long[] replayed) {
        this.random = random;
        this.replayed = replayed;
    }

    /** A sequence drawn from a random source seeded with {@code seed}. */
    public static Choices random(long seed) {
        return new Choices(new SplittableRandom(seed), null);
    }

    /** A sequence that replays {@code choices}, then answers 0. */
    public static Choices replay(List<Long> choices) {
        long[] values = new long[choices.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = choices.get(i);
        }
        return new Choices(null, values);
    }

    /**
     * A whole number from 0 to {@code max} inclusive.
     *
     * @throws IllegalArgumentException when {@code max} is negative
     */
    public long draw(long max) {
        if (max < 0) {
            throw new IllegalArgumentException("max must not be negative: " + max);
        }
        int index = recorded.size();
        long value;
        if (index >= MAX_DRAWS) {
            value = 0;
        } else if (replayed != null) {
            value = index < replayed.length ? Math.min(Math.max(replayed[index], 0), max) : 0;
        } else {
            value = max == Long.MAX_VALUE ? random.nextLong() & Long.MAX_VALUE : random.nextLong(max + 1);
        }
        recorded.add(value);
        return value;
    }

    /** A whole number from {@code min} to {@code max} inclusive; shrinks towards {@code min}. */
    public int between(int min, int max) {
        return (int) (min + draw((long) max - min));
    }

    /** One of {@code options}; shrinks towards the first. */
    public <T> T pick(List<T> options) {
        return options.get((int) draw(options.size() - 1L));
    }

    /** True about {@code percent} times in a hundred when drawing freshly; shrinks towards false. */
    public boolean chance(int percent) {
        return draw(99) >= 100 - percent;
    }

    /**
     * Whether a list being generated gets one more element: the usual way to draw a list, one flag before each
     * element, so that deleting a flag and its element's choices deletes exactly that element.
     *
     * @param size the elements drawn so far
     * @param max the most elements the list may have
     * @param percent how likely one more element is while below {@code max}
     */
    public boolean more(int size, int max, int percent) {
        return size < max && chance(percent);
    }

    /**
     * A list drawn element by element, each preceded by a continuation flag (see {@link #more}); each element's
     * choices are recorded as a {@link Span}.
     *
     * @param max the most elements
     * @param percent how likely one more element is while below {@code max}
     */
    public <T> List<T> list(int max, int percent, Function<Choices, T> element) {
        List<T> elements = new ArrayList<>();
        while (true) {
            int start = recorded.size();
            if (!more(elements.size(), max, percent)) {
                return elements;
            }
            elements.add(element.apply(this));
            spans.add(new Span(start, recorded.size()));
        }
    }

    /** The list elements drawn so far, in the order they were finished. */
    public List<Span> spans() {
        return List.copyOf(spans);
    }

    /** The choices drawn so far, in order. */
    public List<Long> recorded() {
        return List.copyOf(recorded);
    }
}
