package org.couchtck.kit.cases;

/**
 * A fixture file that cannot be loaded. The message reads {@code <file>: case <id>: <pointer>: <what is wrong>}
 * (the case and pointer parts are left out when unknown).
 */
public class FixtureException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final String caseId;
    private final String pointer;

    /**
     * @param file the fixture file
     * @param caseId the id of the case at fault; empty when the problem is not inside a case (or its id is unknown)
     * @param pointer JSON pointer of the offending field inside the file; empty for the whole file
     * @param problem what is wrong
     */
    public FixtureException(String file, String caseId, String pointer, String problem) {
        super(format(file, caseId, pointer, problem));
        this.file = file;
        this.caseId = caseId == null ? "" : caseId;
        this.pointer = pointer == null ? "" : pointer;
    }

    private static String format(String file, String caseId, String pointer, String problem) {
        StringBuilder message = new StringBuilder(file);
        if (caseId != null && !caseId.isEmpty()) {
            message.append(": case ").append(caseId);
        }
        if (pointer != null && !pointer.isEmpty()) {
            message.append(": ").append(pointer);
        }
        return message.append(": ").append(problem).toString();
    }

    /** The fixture file. */
    public String file() {
        return file;
    }

    /** The id of the case at fault; empty when not known. */
    public String caseId() {
        return caseId;
    }

    /** JSON pointer of the offending field within the file; empty for the whole file. */
    public String pointer() {
        return pointer;
    }
}
