package org.couchtck.kit.run;

import org.couchtck.kit.cases.Case;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;

/** One query-server case as a JUnit Platform test: {@code [engine:couchtck]/[suite:query-server]/[section:S]/[case:ID]}. */
final class CaseDescriptor extends AbstractTestDescriptor {

    static final String SEGMENT = "case";

    private final Case testCase;

    CaseDescriptor(UniqueId parent, Case testCase) {
        super(parent.append(SEGMENT, testCase.id()), testCase.id());
        this.testCase = testCase;
    }

    Case testCase() {
        return testCase;
    }

    @Override
    public Type getType() {
        return Type.TEST;
    }
}
