package org.couchtck.kit.generate;

import java.util.Optional;
import java.util.stream.Stream;

/**
 * Turns generated map functions into source code of one query-server language (generated reduce functions come from
 * the language packs, see {@link ReduceLines}). The generated suites need one
 * renderer per language they can test: {@link JavaScriptRenderer}, {@link PythonRenderer},
 * {@link RubyRenderer}, {@link PhpRenderer}, {@link PerlRenderer},
 * {@link ClojureRenderer}, {@link CommonLispRenderer}.
 */
public interface FunctionRenderer {

    /** The renderer for {@code language} (as {@code --language} spells it), if the kit has one. */
    static Optional<FunctionRenderer> forLanguage(String language) {
        return Stream.<FunctionRenderer>of(new JavaScriptRenderer(), new PythonRenderer(),
                        new RubyRenderer(), new PhpRenderer(), new PerlRenderer(), new ClojureRenderer(),
                        new CommonLispRenderer())
                .filter(renderer -> renderer.language().equals(language))
                .findFirst();
    }

    /** The language name as the corpus and {@code --language} spell it, e.g. {@code javascript}. */
    String language();

    /** Source of a map function, as sent in {@code add_fun}. */
    String render(MapFunction function);

    /** Whether the language has CommonJS-style library modules ({@code add_lib}, {@code require}). */
    boolean hasLibraries();

    /**
     * The source of a library module that exports {@code value} under the name {@code value}, for {@code add_lib};
     * map functions read it through {@link MapFunction.Library}.
     */
    String libraryModule(long value);
}
