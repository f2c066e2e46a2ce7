package org.couchtck.kit.cases;

import java.util.Optional;

/**
 * A case as read from its file, with what the corpus keeps beside it.
 *
 * @param testCase the case
 * @param transcriptLines how its steps line up with its recording, when the fixture says so
 * @param pointer JSON pointer of the case inside its file
 */
record LoadedCase(Case testCase, Optional<TranscriptLines> transcriptLines, String pointer) {
}
