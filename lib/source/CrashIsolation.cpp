#include "source/CrashIsolation.h"

#include "llvm/Support/CrashRecoveryContext.h"

#include <csignal>
#include <memory>
#include <mutex>

namespace btlint {

bool runIsolated(const std::function<void()> &work, size_t stackBytes) {
  static std::once_flag enabled;
  std::call_once(enabled, [] {
    llvm::CrashRecoveryContext::Enable();
    // The recovery handler must run on the alternate stack: on the thread's
    // own, a stack overflow leaves it no room and the process dies.
    for (int signal : {SIGSEGV, SIGBUS}) {
      struct sigaction action;
      if (sigaction(signal, nullptr, &action) != 0) continue;
      action.sa_flags |= SA_ONSTACK;
      sigaction(signal, &action, nullptr);
    }
  });
  constexpr size_t kSignalStackBytes = 64 << 10;
  auto signalStack = std::make_unique<char[]>(kSignalStackBytes);
  llvm::CrashRecoveryContext recovery;
  return recovery.RunSafelyOnThread(
      [&] {
        stack_t alternate{};
        alternate.ss_sp = signalStack.get();
        alternate.ss_size = kSignalStackBytes;
        sigaltstack(&alternate, nullptr); // the thread's own, gone with it
        work();
        alternate.ss_flags = SS_DISABLE;
        sigaltstack(&alternate, nullptr);
      },
      static_cast<unsigned>(stackBytes));
}

} // namespace btlint
