package org.couchtck.kit.cases;

/** How binding a case is; decides whether a broken expectation is a FAIL or a WARN. */
public enum Level {
    MUST,
    SHOULD,
    MAY,
    INFO;

    /** Whether breaking a case of this level fails the run. */
    public boolean failsRun() {
        return this == MUST;
    }
}
