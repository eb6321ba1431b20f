#include "rules/Rule.h"

#include <cmath>
#include <optional>
#include <string>
#include <tuple>

namespace btlint {
namespace {

bool endsWith(const std::string &text, const std::string &suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::optional<double> milliseconds(const std::optional<ScalarValue> &value) {
  if (!value) return std::nullopt;
  if (value->isInt()) return static_cast<double>(value->asInt());
  if (value->isFloat()) return value->asFloat();
  return std::nullopt;
}

// Triton's own defaults (triton/testing.py): do_bench(warmup=25, rep=100),
// do_bench_cudagraph(rep=20), all in milliseconds.
struct BenchMinimums {
  std::optional<double> warmup;
  double rep = 0;
};

std::optional<BenchMinimums> minimumsFor(const std::string &function) {
  if (endsWith(function, "do_bench_cudagraph")) return BenchMinimums{std::nullopt, 20};
  if (endsWith(function, "do_bench")) return BenchMinimums{25.0, 100};
  return std::nullopt;
}

std::string shortName(const std::string &function) {
  const size_t dot = function.rfind('.');
  return dot == std::string::npos ? function : function.substr(dot + 1);
}

std::string formatMilliseconds(double value) {
  if (value == std::floor(value)) return std::to_string(static_cast<int64_t>(value));
  std::string text = std::to_string(value);
  while (!text.empty() && text.back() == '0') text.pop_back();
  return text;
}

class BenchTooShort : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "bench-too-short";
    info.category = RuleCategory::Benchmarking;
    info.defaultSeverity = Severity::Warning;
    info.summary = "a kernel benchmark too short to time reliably, or timed with the host clock "
                   "without synchronising";
    info.doc.whatItDoes =
        "Reports `triton.testing.do_bench` called with `warmup` under 25 ms or `rep` under "
        "100 ms (its defaults), `do_bench_cudagraph` with `rep` under 20 ms, and kernel launches "
        "timed with `time.time()` or `time.perf_counter()` without a wait for the GPU before the "
        "clock is read (`torch.cuda.synchronize()`, a stream's or event's `synchronize()`, a copy to "
        "the host such as `.item()`, `.cpu()` or CuPy's `cp.asnumpy`, CuPy's "
        "`cp.cuda.runtime.deviceSynchronize()`, cuda-python's `cudaDeviceSynchronize()`, JAX's "
        "`block_until_ready()`). One finding per call names every duration that is too short. "
        "A short `warmup` is not reported "
        "when the timed function is called in a `for` or `while` loop just before, in the same "
        "block (a warm-up written by hand: `while elapsed < warmup_ms: fn()`), or, when the timed "
        "function is a lambda whose body is a call, the loop makes that same call "
        "(`torch.autograd.grad(loss, x, retain_graph=True)` in the loop and in the lambda). A call "
        "repeated by a loop whose variable its body never reads (`for _ in range(rounds):`, keeping the "
        "best of the rounds) times `rep` once per round: the total is judged, with the count from "
        "`range(...)` or the default of the parameter it names (`rounds=5`); a short `rep` is not "
        "reported when the count is not known.";
    info.doc.whyItMatters =
        "`warmup` and `rep` are milliseconds, not iteration counts: `do_bench(fn, warmup=5, "
        "rep=20)` times a fast kernel for 20 ms, too short for the clock boost to settle and "
        "for the mean to stop moving, and comparisons between configs then measure noise. GPU "
        "launches return before the kernel runs, so a host clock read without synchronising "
        "measures the launch overhead, a few microseconds, whatever the kernel does.";
    info.doc.example = "ms = triton.testing.do_bench(lambda: matmul(a, b), warmup=10, rep=50)\n";
    info.doc.useInstead = "ms = triton.testing.do_bench(lambda: matmul(a, b), warmup=25, rep=100)\n";
    return info;
  }

  void check(RuleContext &context) const override {
    for (const BenchCall &call : context.file().benchCalls) {
      if (call.hostClockWithoutSync)
        context
            .report(call.span, "kernel launches are timed with the host clock without "
                               "`torch.cuda.synchronize()`")
            .note("launches are asynchronous: the clock stops before the kernels finish; "
                  "synchronise before each clock read or use `triton.testing.do_bench`");
      const std::optional<BenchMinimums> minimums = minimumsFor(call.function);
      if (!minimums) continue;
      // One finding per call, naming each duration that is too short.
      std::vector<ShortDuration> short_;
      if (minimums->warmup && !call.warmedByHand)
        if (auto found = shortDuration(call, call.warmup, "warmup", *minimums->warmup)) short_.push_back(*found);
      if (auto found = shortDuration(call, call.rep, "rep", minimums->rep)) short_.push_back(*found);
      if (!short_.empty()) report(context, call, short_, shortName(call.function));
    }
  }

private:
  struct ShortDuration {
    std::string argument; // "warmup" or "rep"
    double given = 0;     // milliseconds, one round
    double minimum = 0;
    int64_t rounds = 1;
    SourceSpan written;   // where the value is set
    bool inCall = false;  // written inside the call's parentheses
  };

  static std::optional<ShortDuration> shortDuration(const BenchCall &call, const std::optional<ScalarValue> &value,
                                                    const std::string &argument, double minimum) {
    const std::optional<double> given = milliseconds(value);
    // Rounds of the same timing (`for _ in range(5):` keeping the best):
    // the runs add up; how many, when btlint cannot tell, is unknown.
    int64_t rounds = 1;
    if (given && argument == "rep" && call.repeatedInRounds) {
      if (!call.rounds || !call.rounds->isInt() || call.rounds->asInt() < 1) return std::nullopt;
      rounds = call.rounds->asInt();
    }
    if (!given || *given * static_cast<double>(rounds) >= minimum) return std::nullopt;
    ShortDuration out{argument, *given, minimum, rounds, value->span(), false};
    out.inCall = out.written.valid() && call.span.valid() &&
                 std::tie(out.written.line, out.written.column) >= std::tie(call.span.line, call.span.column) &&
                 std::tie(out.written.endLine, out.written.endColumn) <=
                     std::tie(call.span.endLine, call.span.endColumn);
    return out;
  }

  static void report(RuleContext &context, const BenchCall &call, const std::vector<ShortDuration> &durations,
                     const std::string &function) {
    // At the first argument written in the call, else at the call with a
    // note naming where the value is set (`rep = 20` lines above).
    const ShortDuration &first = durations.front();
    const SourceSpan span =
        first.inCall || !call.span.valid() ? (first.written.valid() ? first.written : call.span) : call.span;
    std::string given, minimums;
    for (size_t i = 0; i < durations.size(); ++i) {
      given += (i ? "` and `" : "") + durations[i].argument + "=" + formatMilliseconds(durations[i].given);
      minimums += (i ? " and " : "") + formatMilliseconds(durations[i].minimum);
    }
    const bool warmup = first.argument == "warmup";
    const bool rep = durations.back().argument == "rep";
    auto diagnostic = context.report(
        span, "`" + function + "` runs with `" + given + "`, under " + minimums + " ms; " +
                  (warmup ? "the GPU may not reach steady clocks that soon" : "") + (warmup && rep ? ", and " : "") +
                  (rep ? "timings this short are noisy" : ""));
    for (const ShortDuration &duration : durations) {
      if (!duration.inCall && duration.written.valid() && call.span.valid())
        diagnostic.note("`" + duration.argument + "` is set at line " + std::to_string(duration.written.line),
                        duration.written);
      if (duration.rounds > 1)
        diagnostic.note("the loop around it repeats it " + std::to_string(duration.rounds) + " times: " +
                        formatMilliseconds(duration.given * static_cast<double>(duration.rounds)) + " ms in all");
      diagnostic.note("`" + duration.argument + "` is in milliseconds, not iterations; " +
                      formatMilliseconds(duration.minimum) + " ms is Triton's default");
    }
  }
};

BTLINT_REGISTER_RULE(BenchTooShort);

} // namespace
} // namespace btlint
