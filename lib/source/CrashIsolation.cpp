#include "source/CrashIsolation.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/thread.h"

#include <csignal>
#include <memory>
#include <mutex>
#include <optional>

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
  bool returned = false;
  // Our own thread rather than RunSafelyOnThread: the thread's previous
  // alternate stack must be put back after a crash too, since a sanitizer
  // runtime unmaps whatever alternate stack a thread ends with.
  llvm::thread worker(std::optional<unsigned>(static_cast<unsigned>(stackBytes)), [&] {
    stack_t alternate{}, previous{};
    alternate.ss_sp = signalStack.get();
    alternate.ss_size = kSignalStackBytes;
    sigaltstack(&alternate, &previous);
    llvm::CrashRecoveryContext recovery;
    returned = recovery.RunSafely([&] { work(); });
    sigaltstack(&previous, nullptr);
  });
  worker.join();
  return returned;
}

} // namespace btlint
