package org.couchtck.reference.queryserver.js;

import org.mozilla.javascript.Context;
import org.mozilla.javascript.ContextFactory;

/**
 * Makes the Rhino contexts every script runs in: interpreted (so the instruction observer can
 * stop loops and recursion depth is bounded without using the Java stack), current ECMAScript,
 * and no Java class visible to scripts.
 */
final class SandboxedContextFactory extends ContextFactory {

  private static final int INSTRUCTIONS_BETWEEN_CHECKS = 10_000;

  private final int maxStackDepth;
  private volatile long deadlineNanos;
  private volatile boolean deadlineSet;

  SandboxedContextFactory(int maxStackDepth) {
    this.maxStackDepth = maxStackDepth;
  }

  /** Scripts started from now on must finish within {@code nanos} nanoseconds. */
  void startDeadline(long nanos) {
    deadlineNanos = System.nanoTime() + nanos;
    deadlineSet = true;
  }

  void clearDeadline() {
    deadlineSet = false;
  }

  @Override
  protected Context makeContext() {
    Context cx = super.makeContext();
    cx.setLanguageVersion(Context.VERSION_ECMASCRIPT);
    cx.setInterpretedMode(true);
    cx.setMaximumInterpreterStackDepth(maxStackDepth);
    cx.setInstructionObserverThreshold(INSTRUCTIONS_BETWEEN_CHECKS);
    cx.setClassShutter(className -> false);
    return cx;
  }

  @Override
  protected void observeInstructionCount(Context cx, int instructionCount) {
    if (deadlineSet && System.nanoTime() - deadlineNanos > 0) {
      throw new ScriptTimeoutError();
    }
  }
}
