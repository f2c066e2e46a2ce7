package org.couchtck.kit.run;

import org.couchtck.kit.cases.Suite;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;

/** The cases of one suite, grouped as a JUnit Platform container: {@code [engine:couchtck]/[suite:http]}. */
final class SuiteDescriptor extends AbstractTestDescriptor {

    static final String SEGMENT = "suite";

    private final Suite suite;

    SuiteDescriptor(UniqueId parent, Suite suite) {
        super(parent.append(SEGMENT, suite.id()), suite.id());
        this.suite = suite;
    }

    Suite suite() {
        return suite;
    }

    @Override
    public Type getType() {
        return Type.CONTAINER;
    }
}
