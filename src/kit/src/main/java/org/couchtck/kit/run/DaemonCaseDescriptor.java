package org.couchtck.kit.run;

import org.couchtck.kit.daemons.DaemonCase;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;

/** One OS-daemon case as a JUnit Platform test: {@code [engine:couchtck]/[suite:daemon]/[section:S]/[case:ID]}. */
final class DaemonCaseDescriptor extends AbstractTestDescriptor {

    private final DaemonCase testCase;

    DaemonCaseDescriptor(UniqueId parent, DaemonCase testCase) {
        super(parent.append(CaseDescriptor.SEGMENT, testCase.id()), testCase.id());
        this.testCase = testCase;
    }

    DaemonCase testCase() {
        return testCase;
    }

    @Override
    public Type getType() {
        return Type.TEST;
    }
}
