package org.couchtck.kit.run;

import org.couchtck.kit.endpoint.HttpCase;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;

/** One HTTP case as a JUnit Platform test: {@code [engine:couchtck]/[suite:http]/[section:S]/[case:ID]}. */
final class HttpCaseDescriptor extends AbstractTestDescriptor {

    private final HttpCase testCase;

    HttpCaseDescriptor(UniqueId parent, HttpCase testCase) {
        super(parent.append(CaseDescriptor.SEGMENT, testCase.id()), testCase.id());
        this.testCase = testCase;
    }

    HttpCase testCase() {
        return testCase;
    }

    @Override
    public Type getType() {
        return Type.TEST;
    }
}
