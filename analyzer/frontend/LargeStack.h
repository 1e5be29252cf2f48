// Reading a file runs on a thread of its own with a large stack and an alternate signal stack.
// Clang's parser and the analysis recurse once per nesting level: the large stack takes input nested
// far deeper than any real program to the depth limit (ExpressionDepth.h), which refuses it with its
// line; past that, a stack overflow is a SIGSEGV whose handler (CrashRecoveryContext's) can still run,
// on the alternate stack, so the file gets a diagnostic instead of the process dying silently.
#pragma once

#include <cstddef>
#include <functional>

namespace adrace::analyzer {

constexpr std::size_t kAnalysisStackBytes = std::size_t{256} << 20;

struct LargeStackOutcome {
  bool completed = false;      // `work` returned; otherwise it crashed and was recovered from
  bool stackOverflow = false;  // the crash was the stack overflowing
};

// Runs `work` under llvm::CrashRecoveryContext on a thread with a kAnalysisStackBytes stack (on the
// calling thread when no such thread can be made), and waits for it.
LargeStackOutcome runRecoverablyOnLargeStack(const std::function<void()>& work);

}  // namespace adrace::analyzer
