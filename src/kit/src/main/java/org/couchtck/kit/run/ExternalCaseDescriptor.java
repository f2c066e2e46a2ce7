package org.couchtck.kit.run;

import org.couchtck.kit.daemons.external.ExternalCase;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;

/** One {@code _external} case as a JUnit Platform test: {@code [engine:couchtck]/[suite:external]/[section:S]/[case:ID]}. */
final class ExternalCaseDescriptor extends AbstractTestDescriptor {

    private final ExternalCase testCase;

    ExternalCaseDescriptor(UniqueId parent, ExternalCase testCase) {
        super(parent.append(CaseDescriptor.SEGMENT, testCase.id()), testCase.id());
        this.testCase = testCase;
    }

    ExternalCase testCase() {
        return testCase;
    }

    @Override
    public Type getType() {
        return Type.TEST;
    }
}
