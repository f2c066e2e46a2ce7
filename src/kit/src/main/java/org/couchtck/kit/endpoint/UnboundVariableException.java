package org.couchtck.kit.endpoint;

/**
 * A {@code {{name}}} was used while nothing was bound to it. Loading rejects every use before a binding it can see,
 * so this is a defect of the kit, reported as ERROR.
 */
public class UnboundVariableException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final String name;

    public UnboundVariableException(String name) {
        super("no value bound to {{" + name + "}}");
        this.name = name;
    }

    /** The variable's name. */
    public String name() {
        return name;
    }
}
