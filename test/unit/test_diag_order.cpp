#include "diag/Diagnostic.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

using namespace btlint;

static Diagnostic at(uint32_t line, std::string message) {
  Diagnostic d;
  d.path = "k.cu";
  d.ruleId = "parse-error";
  d.span.line = line;
  d.span.column = 10;
  d.message = std::move(message);
  return d;
}

// Errors of an included header are all reported at the #include: they keep
// the header's order, its line numbers compared as numbers.
TEST(DiagnosticOrder, NumbersInMessagesAtOnePlaceCompareAsNumbers) {
  std::vector<Diagnostic> found{at(7, "in t.hpp:1007:48: reference to __host__ variable"),
                                at(7, "in t.hpp:834:16: variable cannot be 'extern'"),
                                at(7, "in t.hpp:410:24: expected ')'"), at(3, "in t.hpp:2291:1: x"),
                                at(7, "in t.hpp:0410:24: expected ')'")};
  std::sort(found.begin(), found.end(), diagnosticLess);
  std::vector<std::string> order;
  for (const Diagnostic &d : found) order.push_back(d.message);
  EXPECT_EQ(order, (std::vector<std::string>{"in t.hpp:2291:1: x", "in t.hpp:0410:24: expected ')'",
                                             "in t.hpp:410:24: expected ')'", "in t.hpp:834:16: variable cannot be 'extern'",
                                             "in t.hpp:1007:48: reference to __host__ variable"}));
  // Still a strict order: equal messages are not less than each other.
  EXPECT_FALSE(diagnosticLess(found[1], found[1]));
  EXPECT_TRUE(diagnosticLess(at(7, "config 9 of `k`"), at(7, "config 10 of `k`")));
  EXPECT_FALSE(diagnosticLess(at(7, "config 10 of `k`"), at(7, "config 9 of `k`")));
}
