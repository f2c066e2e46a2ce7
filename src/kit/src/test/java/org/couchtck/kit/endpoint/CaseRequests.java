package org.couchtck.kit.endpoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The requests the {@link HttpCaseExecutor} sends for a case that goes well, in order, each named as the executor's
 * messages name it: one PUT per database it creates, then each step's request (a feed step's, then its {@code during}
 * requests; a polling step's slot stands for each of its attempts). The DELETEs that clean up after the case are not listed: they come after the last step or after a step
 * that broke, and are told apart by their form.
 */
final class CaseRequests {

    /** What sends a request. */
    enum Kind {
        /** The executor creating one of the case's databases. */
        CREATE,
        /** A request step. */
        STEP,
        /** A feed step's request. */
        FEED,
        /** A request of a feed step's {@code during}. */
        DURING
    }

    /**
     * One expected request.
     *
     * @param kind what sends it
     * @param label the step as the executor's messages name it
     * @param request the step's request template; for {@link Kind#CREATE}, a PUT of the database
     * @param during for {@link Kind#FEED}: how many requests its {@code during} sends while it is open
     * @param poll a polling request step: it may send its request again and again
     */
    record Slot(Kind kind, String label, RequestTemplate request, int during, boolean poll) {

        Slot(Kind kind, String label, RequestTemplate request, int during) {
            this(kind, label, request, during, false);
        }
    }

    private CaseRequests() {
    }

    static List<Slot> of(HttpCase testCase) {
        List<Slot> slots = new ArrayList<>();
        for (String database : testCase.databases()) {
            RequestTemplate put = new RequestTemplate("PUT", "/{{" + database + "}}", Map.of(), Optional.empty(),
                    Optional.empty(), Auth.ADMIN);
            slots.add(new Slot(Kind.CREATE, "creating the case's database " + database, put, 0));
        }
        for (HttpStep step : testCase.steps()) {
            String label = "step " + step.index() + " (" + step.request().shown() + ")";
            if (step instanceof FeedStep feed) {
                slots.add(new Slot(Kind.FEED, label, feed.request(), feed.during().size()));
                for (RequestStep during : feed.during()) {
                    slots.add(new Slot(Kind.DURING, label + ", during " + during.index() + " ("
                            + during.request().shown() + ")", during.request(), 0));
                }
            } else {
                slots.add(new Slot(Kind.STEP, label, step.request(), 0, ((RequestStep) step).poll().isPresent()));
            }
        }
        return slots;
    }
}
