package org.couchtck.kit.endpoint;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.couchtck.kit.wire.WireJson;

/**
 * Turns a {@link RequestTemplate} into the {@link HttpCall} a target sends: variables filled in, {@code Accept:
 * application/json} unless the step gives an Accept, {@code Content-Type: application/json} with a body unless the
 * step gives one, and the Authorization its auth asks for.
 */
final class CallRenderer {

    /** How the user names {@code bad} makes up start; the rest is random, so no two requests share one. */
    static final String UNKNOWN_USER_PREFIX = "couchtck-unknown-";
    /** The password {@code bad} sends. */
    static final String WRONG_PASSWORD = "couchtck-wrong-password";

    private final Optional<Credentials> admin;

    CallRenderer(Optional<Credentials> admin) {
        this.admin = admin;
    }

    HttpCall render(RequestTemplate request, Bindings bindings, Duration timeout) {
        List<HttpCall.Header> headers = new ArrayList<>();
        boolean hasBody = request.body().isPresent() || request.bodyText().isPresent();
        if (!given(request, "Accept")) {
            headers.add(new HttpCall.Header("Accept", "application/json"));
        }
        if (hasBody && !given(request, "Content-Type")) {
            headers.add(new HttpCall.Header("Content-Type", "application/json"));
        }
        request.headers().forEach((name, value) -> headers.add(new HttpCall.Header(name, Template.text(value,
                bindings))));
        if (!given(request, "Authorization")) {
            authorization(request.auth(), bindings).ifPresent(value -> headers.add(new HttpCall.Header("Authorization",
                    value)));
        }
        Optional<String> body = request.body().map(b -> WireJson.write(Template.json(b, bindings)))
                .or(() -> request.bodyText().map(b -> Template.text(b, bindings)));
        return new HttpCall(request.method(), Template.path(request.path(), bindings), headers, body, timeout,
                request.chunked());
    }

    private Optional<String> authorization(Auth auth, Bindings bindings) {
        return switch (auth.kind()) {
            case ADMIN -> admin.map(Credentials::basicAuthorization);
            case NONE -> Optional.empty();
            case BAD -> Optional.of(new Credentials(unknownUser(), WRONG_PASSWORD).basicAuthorization());
            case USER -> Optional.of(new Credentials(Template.text(auth.user(), bindings),
                    Template.text(auth.password(), bindings)).basicAuthorization());
        };
    }

    /** A user name no server has: a fresh one each time, so that no name collects failed logins towards a lockout. */
    static String unknownUser() {
        return UNKNOWN_USER_PREFIX + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16);
    }

    private static boolean given(RequestTemplate request, String header) {
        return request.headers().keySet().stream().anyMatch(h -> h.equalsIgnoreCase(header));
    }
}
