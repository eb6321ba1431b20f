// runIsolated: a crash or a stack overflow in the isolated work ends that
// work, the caller goes on; work that returns is run to its end.
#include "source/CrashIsolation.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdint>

namespace btlint {
namespace {

TEST(CrashIsolation, WorkThatReturnsRunsToItsEnd) {
  int steps = 0;
  EXPECT_TRUE(runIsolated([&] { steps = 42; }));
  EXPECT_EQ(steps, 42);
}

#if !defined(__has_feature)
#define __has_feature(x) 0
#endif
// AddressSanitizer cannot go on after a crash is recovered from on a thread
// (it fails to unmap the thread's stack), and reports a stack overflow
// itself: the recovery is tested in the plain build.
#if !__has_feature(address_sanitizer)
TEST(CrashIsolation, ATrapEndsTheWorkNotTheRun) {
  int before = 0, after = 0;
  EXPECT_FALSE(runIsolated([&] {
    before = 1;
    __builtin_trap();
    after = 1;
  }));
  EXPECT_EQ(before, 1);
  EXPECT_EQ(after, 0);
  EXPECT_TRUE(runIsolated([] {})); // and the next work runs as usual
}

TEST(CrashIsolation, AnAbortEndsTheWorkNotTheRun) {
  EXPECT_FALSE(runIsolated([] { std::raise(SIGABRT); }));
}

// Recurses far deeper than any stack holds (the volatile frame keeps it a
// real recursion: no tail call, no folding).
int exhaustStack(int depth) {
  volatile char frame[512];
  frame[0] = static_cast<char>(depth);
  if (depth == INT32_MAX) return 0;
  return exhaustStack(depth + 1) + frame[0];
}

TEST(CrashIsolation, AStackOverflowEndsTheWorkNotTheRun) {
  EXPECT_FALSE(runIsolated([] { exhaustStack(0); }, size_t(1) << 20));
  EXPECT_TRUE(runIsolated([] {}));
}
#endif

} // namespace
} // namespace btlint
