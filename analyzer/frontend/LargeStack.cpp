#include "analyzer/frontend/LargeStack.h"

#include <llvm/Support/CrashRecoveryContext.h>

#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>

#include <cstdlib>
#include <mutex>

namespace adrace::analyzer {
namespace {

// Clang's parser has frames of several KiB: a guard of one page could be stepped over.
constexpr std::size_t kGuardBytes = std::size_t{1} << 20;
constexpr std::size_t kAlternateStackBytes = std::size_t{256} << 10;

// The usable stack of this thread when it is one of ours; set before any signal can come.
thread_local const char* tStackLow = nullptr;
thread_local bool tStackOverflowed = false;

struct sigaction gPreviousSegv;
struct sigaction gPreviousBus;

// Notes whether a fault is in this thread's guard area, then hands the signal to the handler that
// was there before (CrashRecoveryContext's, which jumps back into RunSafely).
void onFault(int signal, siginfo_t* info, void* context) {
  const char* address = static_cast<const char*>(info->si_addr);
  if (tStackLow != nullptr && address < tStackLow + 4096 && address + kGuardBytes >= tStackLow) tStackOverflowed = true;
  const struct sigaction& previous = signal == SIGSEGV ? gPreviousSegv : gPreviousBus;
  if (previous.sa_flags & SA_SIGINFO) {
    previous.sa_sigaction(signal, info, context);
    return;
  }
  if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
    previous.sa_handler(signal);
    return;
  }
  // No handler before ours: die of the signal as the process would have.
  ::signal(signal, SIG_DFL);
  raise(signal);
}

// CrashRecoveryContext's handlers run on the faulting stack, which an overflow has used up: run
// them, through onFault, on the alternate stack. Installed once, after CrashRecoveryContext's.
void installFaultHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::CrashRecoveryContext::Enable();
    struct sigaction handler{};
    handler.sa_sigaction = onFault;
    handler.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&handler.sa_mask);
    sigaction(SIGSEGV, &handler, &gPreviousSegv);
    sigaction(SIGBUS, &handler, &gPreviousBus);
  });
}

struct ThreadWork {
  const std::function<void()>* work;
  const char* stackLow;
  LargeStackOutcome outcome;
};

void runRecoverably(ThreadWork& job) {
  llvm::CrashRecoveryContext recovery;
  job.outcome.completed = recovery.RunSafely([&] { (*job.work)(); });
  job.outcome.stackOverflow = !job.outcome.completed && tStackOverflowed;
}

void* threadMain(void* argument) {
  auto& job = *static_cast<ThreadWork*>(argument);
  tStackLow = job.stackLow;
  tStackOverflowed = false;
  void* alternate = std::malloc(kAlternateStackBytes);
  stack_t alternateStack{};
  alternateStack.ss_sp = alternate;
  alternateStack.ss_size = kAlternateStackBytes;
  if (alternate != nullptr) sigaltstack(&alternateStack, nullptr);
  runRecoverably(job);
  if (alternate != nullptr) {
    stack_t disable{};
    disable.ss_flags = SS_DISABLE;
    sigaltstack(&disable, nullptr);
    std::free(alternate);
  }
  return nullptr;
}

}  // namespace

LargeStackOutcome runRecoverablyOnLargeStack(const std::function<void()>& work) {
  installFaultHandlers();
  ThreadWork job{&work, nullptr, {}};
  // Our own mapping, so that the guard area's place is known and large enough.
  const std::size_t bytes = kAnalysisStackBytes + kGuardBytes;
  void* mapping =
      mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  pthread_attr_t attributes;
  bool started = false;
  pthread_t thread;
  if (mapping != MAP_FAILED && mprotect(mapping, kGuardBytes, PROT_NONE) == 0 && pthread_attr_init(&attributes) == 0) {
    char* low = static_cast<char*>(mapping) + kGuardBytes;
    job.stackLow = low;
    started = pthread_attr_setstack(&attributes, low, kAnalysisStackBytes) == 0 &&
              pthread_create(&thread, &attributes, threadMain, &job) == 0;
    pthread_attr_destroy(&attributes);
  }
  if (started) {
    pthread_join(thread, nullptr);
  } else {
    // Out of address space or threads: the usual stack, with the usual recovery.
    job.stackLow = nullptr;
    runRecoverably(job);
  }
  if (mapping != MAP_FAILED) munmap(mapping, bytes);
  return job.outcome;
}

}  // namespace adrace::analyzer
