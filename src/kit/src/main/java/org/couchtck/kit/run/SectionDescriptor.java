package org.couchtck.kit.run;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;

/** The cases of one protocol section, grouped as a JUnit Platform container. */
final class SectionDescriptor extends AbstractTestDescriptor {

    static final String SEGMENT = "section";

    SectionDescriptor(UniqueId parent, String section) {
        super(parent.append(SEGMENT, section), section);
    }

    @Override
    public Type getType() {
        return Type.CONTAINER;
    }
}
