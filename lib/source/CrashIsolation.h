#pragma once
// Runs work that may crash (a front-end driving a compiler over an input
// btlint has never seen) so that a crash or a stack overflow in it ends that
// work, not the run: on a thread of its own with a large stack, under LLVM's
// crash recovery context, with an alternate signal stack so that even an
// overflowed stack can be recovered from.
#include <cstddef>
#include <functional>

namespace btlint {

// Runs `work` on a fresh thread with `stackBytes` of stack (reserved; pages
// are committed as they are touched). True when it returned; false when it
// crashed (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, a stack overflow):
// what it wrote may be half done, and memory it held is leaked.
bool runIsolated(const std::function<void()> &work, size_t stackBytes = size_t(256) << 20);

} // namespace btlint
