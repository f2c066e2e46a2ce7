package org.couchtck.kit.check;

/** A matcher specification that does not follow the fixture notation; {@link #pointer()} locates it in the spec. */
public class MatcherSyntaxException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String pointer;

    /**
     * @param pointer JSON pointer of the offending part inside the matcher spec ("" for the spec itself)
     * @param message what is wrong
     */
    public MatcherSyntaxException(String pointer, String message) {
        super(message);
        this.pointer = pointer;
    }

    /** JSON pointer of the offending part inside the matcher spec. */
    public String pointer() {
        return pointer;
    }

    /** The same problem seen from an enclosing spec: the pointer gains {@code token} in front. */
    MatcherSyntaxException under(String token) {
        MatcherSyntaxException outer = new MatcherSyntaxException(
                "/" + token.replace("~", "~0").replace("/", "~1") + pointer, getMessage());
        outer.setStackTrace(getStackTrace());
        return outer;
    }
}
