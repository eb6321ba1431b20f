#include "rules/Rule.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace btlint {
namespace {

// Atomics whose effect compounds when the same launch is repeated. max, min,
// and, or and xchg give the same result the second time; cas is used for locks
// that the kernel releases itself.
bool accumulates(const MemoryAccess &access) {
  return access.kind == AccessKind::Atomic &&
         (access.atomicOp == "add" || access.atomicOp == "sub" || access.atomicOp == "xor");
}

// Flags the kernel only clears (every store of the pointer writes 0 or
// `False`) and reads only to decide whether work runs (`if keep:`): an
// entry a run clears starts no work in the next, and the entries it leaves
// set start the same work, so a second run on the first's output clears
// what the first cleared and no more (the keep flags of a sequential NMS).
bool onlyClearsFlags(const Kernel &kernel, const std::string &pointer) {
  bool stores = false;
  for (const MemoryAccess &access : kernel.accesses) {
    if (access.pointer != pointer) continue;
    if (access.kind == AccessKind::Atomic) return false;
    if (access.kind == AccessKind::Store && !access.storesZero) return false;
    if (access.kind == AccessKind::Load && !access.onlyTestedForTruth) return false;
    stores = stores || access.kind == AccessKind::Store;
  }
  return stores;
}

struct PointerAccesses {
  const MemoryAccess *firstLoad = nullptr;
  const MemoryAccess *firstStore = nullptr;
  const MemoryAccess *firstAccumulation = nullptr;
};

std::string lineOf(const MemoryAccess &access) { return std::to_string(access.span.line); }

bool spanWithin(const SourceSpan &inner, const SourceSpan &outer) {
  return outer.valid() && !(inner < outer) && inner.line <= std::max(outer.endLine, outer.line);
}

// The values each tested parameter can take under one launch (and, for a
// constexpr flag nothing fixes, one compiled specialisation): what the
// launch passes, else every value the configs give it, else its default;
// nullopt when one of them is not a known integer or bool.
using GuardBinding = std::map<std::string, std::optional<std::vector<int64_t>>>;

// Whether every test of `access` holds for every value its parameter can
// take under `binding`: the access runs in each such compiled kernel.
bool runsCertainly(const MemoryAccess &access, const GuardBinding &binding) {
  for (const AccessGuard &guard : access.guards) {
    auto found = binding.find(guard.param);
    if (found == binding.end() || !found->second || found->second->empty()) return false;
    if (!std::all_of(found->second->begin(), found->second->end(),
                     [&](int64_t value) { return guard.holdsFor(value); }))
      return false;
  }
  return true;
}

// The kernel overwrites the buffer before it reads it: a store that runs
// whatever the arms (or in every kernel the binding compiles) and comes
// first and shares no loop with the load, or that writes the very address
// and mask the load reads in the same loop body. Each run then reads what it
// wrote itself, not the previous run's output.
// An atomic is a read of the buffer too: one that adds to what the same run
// stored first (a row written whole, then a contribution added to one of its
// elements) does not accumulate across benchmark runs.
// The innermost loop around `access`, -1 for none.
int innermostLoopOf(const Kernel &kernel, const MemoryAccess &access) {
  int found = -1;
  for (size_t i = 0; i < kernel.loops.size(); ++i)
    if (spanWithin(access.span, kernel.loops[i].span) &&
        (found < 0 || spanWithin(kernel.loops[i].span, kernel.loops[static_cast<size_t>(found)].span)))
      found = static_cast<int>(i);
  return found;
}

bool sameTrips(const std::vector<DimOp> &a, const std::vector<DimOp> &b) {
  return !a.empty() && a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const DimOp &x, const DimOp &y) {
           return x.kind == y.kind && x.value == y.value && x.name == y.name;
         });
}

// The store's innermost loop and the load's have the same trip count, and
// the load's lies in a loop after the store's with the same parent (or is
// one): the store's loop runs whole before any read (also where the read is
// repeated by a loop around it).
bool siblingLoopsOverOneRange(const Kernel &kernel, const MemoryAccess &store, const MemoryAccess &load) {
  const int first = innermostLoopOf(kernel, store), second = innermostLoopOf(kernel, load);
  if (first < 0 || second < 0 || first == second) return false;
  const Loop &writes = kernel.loops[static_cast<size_t>(first)], &reads = kernel.loops[static_cast<size_t>(second)];
  if (!sameTrips(writes.iterations, reads.iterations)) return false;
  int sibling = second;
  for (int depth = 0; sibling >= 0 && depth < 64 && kernel.loops[static_cast<size_t>(sibling)].parent != writes.parent;
       ++depth)
    sibling = kernel.loops[static_cast<size_t>(sibling)].parent;
  if (sibling < 0 || sibling == first) return false;
  const Loop &after = kernel.loops[static_cast<size_t>(sibling)];
  return after.parent == writes.parent && writes.span < after.span && !spanWithin(writes.span, after.span);
}

bool writtenBeforeRead(const Kernel &kernel, const MemoryAccess &store, const MemoryAccess &load,
                       const GuardBinding &binding) {
  if (!runsCertainly(store, binding) || !(store.span < load.span)) return false;
  const bool sharesLoop = std::any_of(kernel.loops.begin(), kernel.loops.end(), [&](const Loop &loop) {
    return spanWithin(store.span, loop.span) && spanWithin(load.span, loop.span);
  });
  if (!sharesLoop) return true;
  const bool sameLoops = std::all_of(kernel.loops.begin(), kernel.loops.end(), [&](const Loop &loop) {
    return spanWithin(store.span, loop.span) == spanWithin(load.span, loop.span);
  });
  const bool sameAccess = !store.addressText.empty() && store.addressText == load.addressText &&
                          store.maskText == load.maskText;
  if (sameLoops) return sameAccess;
  // Or two loops over the same range, one after the other in the loops
  // they share: the first writes what the second reads back (scratch
  // filled, then consumed, in each pass of an outer loop).
  return sameAccess && siblingLoopsOverOneRange(kernel, store, load);
}

// The values the kernel's `if` tests can take at run time: one binding per
// launch in the file, or one alone when the file has no launch; a constexpr
// parameter tested only for its truth that nothing fixes is a compile-time
// choice, and each of its two values is a binding of its own.

std::optional<int64_t> integerOf(const ScalarValue &value) {
  if (value.isBool()) return value.asBool() ? 1 : 0;
  if (value.isInt()) return value.asInt();
  return std::nullopt;
}

std::vector<GuardBinding> guardBindings(const FileModel &file, const Kernel &kernel) {
  std::set<std::string> tested;
  for (const MemoryAccess &access : kernel.accesses)
    for (const AccessGuard &guard : access.guards) tested.insert(guard.param);
  if (tested.empty()) return {GuardBinding{}};

  // Every config runs: a parameter they set can take each value they give.
  std::map<std::string, std::optional<std::vector<int64_t>>> byConfigs;
  for (const Config &config : kernel.autotune->configs.configs)
    for (const auto &[name, value] : config.params) {
      if (!tested.count(name)) continue;
      auto [entry, added] = byConfigs.try_emplace(name, std::vector<int64_t>{});
      const std::optional<int64_t> known = integerOf(value);
      if (!known || !entry->second) entry->second.reset();
      else entry->second->push_back(*known);
    }
  if (!kernel.autotune->configs.complete)
    for (auto &[name, values] : byConfigs) values.reset();
  auto unbound = [&](const std::string &name) -> std::optional<std::vector<int64_t>> {
    if (auto found = byConfigs.find(name); found != byConfigs.end()) return found->second;
    const Param *param = kernel.findParam(name);
    if (!param || !param->defaultValue) return std::nullopt;
    if (auto known = integerOf(*param->defaultValue)) return std::vector<int64_t>{*known};
    return std::nullopt;
  };

  std::vector<GuardBinding> bindings;
  for (const LaunchSite &launch : file.launches) {
    std::string callee = launch.kernel;
    if (size_t dot = callee.rfind('.'); dot != std::string::npos) callee = callee.substr(dot + 1);
    if (callee != kernel.name) continue;
    GuardBinding binding;
    for (const std::string &name : tested) {
      binding[name] = unbound(name);
      if (byConfigs.count(name)) continue; // a config's value overrides the launch's
      for (const LaunchArgument &argument : launch.arguments) {
        if (kernel.paramNameOf(argument) != name) continue;
        const std::optional<int64_t> known = integerOf(argument.value);
        binding[name] = known ? std::optional<std::vector<int64_t>>(std::vector<int64_t>{*known}) : std::nullopt;
      }
    }
    bindings.push_back(std::move(binding));
  }
  if (bindings.empty()) {
    GuardBinding binding;
    for (const std::string &name : tested) binding[name] = unbound(name);
    bindings.push_back(std::move(binding));
  }
  // Flags: constexpr parameters every test of which reads their truth.
  std::set<std::string> flags;
  for (const std::string &name : tested) {
    const Param *param = kernel.findParam(name);
    if (!param || !param->isConstexpr()) continue;
    bool truthOnly = true;
    for (const MemoryAccess &access : kernel.accesses)
      for (const AccessGuard &guard : access.guards)
        if (guard.param == name && !guard.compare.empty()) truthOnly = false;
    if (truthOnly) flags.insert(name);
  }
  constexpr size_t kMaxBindings = 16;
  for (const std::string &flag : flags) {
    std::vector<GuardBinding> split;
    for (const GuardBinding &binding : bindings) {
      auto found = binding.find(flag);
      if (found == binding.end() || found->second || bindings.size() * 2 > kMaxBindings) {
        split.push_back(binding);
        continue;
      }
      for (int64_t value : {int64_t{0}, int64_t{1}}) {
        GuardBinding one = binding;
        one[flag] = std::vector<int64_t>{value};
        split.push_back(std::move(one));
      }
    }
    bindings = std::move(split);
  }
  return bindings;
}

// An access runs under a binding unless one of its tests fails for every
// value its parameter can take.
bool runsUnder(const MemoryAccess &access, const GuardBinding &binding) {
  for (const AccessGuard &guard : access.guards) {
    auto found = binding.find(guard.param);
    if (found == binding.end() || !found->second) continue;
    const std::vector<int64_t> &values = *found->second;
    if (!values.empty() &&
        std::none_of(values.begin(), values.end(), [&](int64_t value) { return guard.holdsFor(value); }))
      return false;
  }
  return true;
}

class AutotuneInplaceWithoutRestore : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "autotune-inplace-without-restore";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Warning;
    info.summary = "an autotuned kernel updates an argument in place without `restore_value` or "
                   "`reset_to_zero`";
    info.doc.whatItDoes =
        "Reports an autotuned kernel that loads from and stores to the same pointer argument, "
        "or accumulates into one with `tl.atomic_add` (or `atomic_xor`), when the autotuner "
        "is not told to restore or zero that argument. A buffer the kernel overwrites before "
        "it reads it (an unconditional store that comes first and shares no loop with the "
        "load: scratch written in one pass and read back in the next; or one that writes the "
        "address and mask the load then reads, as written, in the same loop body, or in a loop over "
        "the same range that comes before the load's, beside it in the loops both are in: scratch "
        "filled, then read back, in each pass of an outer loop) is not "
        "reported, since every run reads what it wrote itself; likewise an atomic that adds to what "
        "such a store wrote first (a row stored whole, then one contribution added to its first "
        "element). Nor is a store of what a load of the same address and mask read with some elements "
        "replaced by values computed without it (`tl.store(p, tl.where(m, v, tl.load(p)))`, "
        "`tl.maximum(x, c)`: a masked fill in place): a second run writes what the first wrote. One "
        "such step only: a chain of them (`where(x == 3, 1, where(x == 1, 2, x))`) need not give the "
        "same result twice, and is judged as any other update. Nor is a buffer of flags the kernel only "
        "clears (every store writes `0` or `False`) and reads only as the whole test of an `if` (`keep = "
        "tl.load(keep_ptr + i)` then `if keep:`, a sequential NMS): a cleared entry starts no work, so "
        "a second run clears what the first cleared and no more; a store of `1`, a flag read any other "
        "way (`if not keep:`, in arithmetic), or an atomic on it is judged as any other update. Idempotent atomics (`max`, `min`, `and`, "
        "`or`, `xchg`) and `atomic_cas` locks are not reported. A `pre_hook` on the autotuner "
        "or its configs (also one the `prune_configs_by` pruner gives the configs it builds, and, for a "
        "list btlint could not read, one a `Config(...)` in the list's expression or in a project function "
        "it calls is given) is "
        "assumed to restore the state, as is a project's own autotune decorator that passes "
        "`restore_value=`, `reset_to_zero=` or hooks inside its body (not at the decorator), and "
        "single-config lists, which are "
        "never benchmarked, are skipped. Files whose kernels run through JAX (that import "
        "`jax_triton`, or `jax` and not `torch`) are skipped too: JAX autotunes kernels itself "
        "and restores aliased buffers afterwards. Loads and stores "
        "inside `if FLAG:` / `else:` arms on a kernel parameter count only for the launches "
        "that take that arm: a kernel that writes `x` when `IN_PLACE` is true and `out` "
        "otherwise is reported only if a launch in the file passes `IN_PLACE=True` (or a value "
        "btlint cannot tell). The same holds for comparisons with a number (`if SPLIT_K == 1:` "
        "... `else: tl.atomic_add(...)`), and for parameters the configs set: an arm that no "
        "config's value takes (every config sets `SPLIT_K: 1`) never compiles, and what it does "
        "is not reported. A constexpr flag nothing fixes is judged one compiled kernel at a time: "
        "a scratch buffer written in the `if FLAG:` arm and read back after it is written before "
        "it is read in that kernel, and untouched in the other.";
    info.doc.whyItMatters =
        "To pick a config the autotuner runs the kernel several times per config on the "
        "caller's real tensors. A kernel that scales `x` in place returns `x` scaled dozens of "
        "times; a split-K GEMM that `atomic_add`s into `c` returns the sum of every benchmark "
        "run. The result is wrong only on the calls that tune (the first per key), which makes "
        "the bug look intermittent.";
    info.doc.example = "@triton.autotune(configs=configs, key=[\"M\", \"N\", \"K\"])\n"
                       "@triton.jit\n"
                       "def splitk_kernel(a_ptr, b_ptr, c_ptr, M, N, K, ...):\n"
                       "    ...\n"
                       "    tl.atomic_add(c_ptrs, acc, mask=c_mask)\n";
    info.doc.useInstead =
        "@triton.autotune(configs=configs, key=[\"M\", \"N\", \"K\"], reset_to_zero=[\"c_ptr\"])\n"
        "@triton.jit\n"
        "def splitk_kernel(a_ptr, b_ptr, c_ptr, M, N, K, ...):\n"
        "    ...\n"
        "    tl.atomic_add(c_ptrs, acc, mask=c_mask)\n";
    return info;
  }

  void check(RuleContext &context) const override {
    // triton_call autotunes through jaxlib, which copies aliased input
    // buffers before benchmarking and restores them afterwards
    // (AutotunedKernelCall::Autotune in jaxlib/gpu/triton_kernels.cc).
    if (context.file().launchedThroughJax()) return;
    for (const Kernel &kernel : context.file().kernels) {
      if (!kernel.autotune || kernel.autotune->hasPrehook || kernel.autotune->restoresChosenInside) continue;
      const AutotuneSpec &spec = *kernel.autotune;
      if (spec.configs.complete && spec.configs.configs.size() <= 1) continue;

      std::set<std::string> handled;
      for (const NameRef &ref : spec.restoreValue) handled.insert(ref.name);
      for (const NameRef &ref : spec.resetToZero) handled.insert(ref.name);

      // Per pointer, the accesses of the first binding (launch) under which
      // it is updated in place; a pointer written only in an arm no launch
      // takes (`if INPLACE:` with INPLACE=False everywhere) is left alone.
      std::map<std::string, PointerAccesses> byPointer;
      std::vector<std::string> pointerOrder;
      std::set<std::string> clearedFlags;
      for (const MemoryAccess &access : kernel.accesses)
        if (!access.pointer.empty() && onlyClearsFlags(kernel, access.pointer)) clearedFlags.insert(access.pointer);
      for (const GuardBinding &binding : guardBindings(context.file(), kernel)) {
        std::map<std::string, PointerAccesses> underBinding;
        for (const MemoryAccess &access : kernel.accesses) {
          if (access.pointer.empty() || !kernel.findParam(access.pointer) || !runsUnder(access, binding) ||
              clearedFlags.count(access.pointer))
            continue;
          // `x = where(m, v, x)` stored back: a second run writes what the first wrote.
          if (access.idempotentOverwrite) continue;
          PointerAccesses &accesses = underBinding[access.pointer];
          if (access.kind == AccessKind::Load && !accesses.firstLoad) accesses.firstLoad = &access;
          if (access.kind == AccessKind::Store && !accesses.firstStore) accesses.firstStore = &access;
          if (accumulates(access) && !accesses.firstAccumulation) accesses.firstAccumulation = &access;
        }
        for (const MemoryAccess &access : kernel.accesses) {
          auto found = underBinding.find(access.pointer);
          if (found == underBinding.end() || byPointer.count(access.pointer)) continue;
          const PointerAccesses &accesses = found->second;
          const bool accumulatesAcrossRuns =
              accesses.firstAccumulation &&
              !(accesses.firstStore && writtenBeforeRead(kernel, *accesses.firstStore, *accesses.firstAccumulation, binding));
          const bool readsPreviousRun = accesses.firstLoad && accesses.firstStore &&
                                        !writtenBeforeRead(kernel, *accesses.firstStore, *accesses.firstLoad, binding);
          if (accumulatesAcrossRuns || readsPreviousRun) {
            PointerAccesses reported = accesses;
            if (!accumulatesAcrossRuns) reported.firstAccumulation = nullptr; // reported as read-modify-write
            byPointer[access.pointer] = reported;
            pointerOrder.push_back(access.pointer);
          }
        }
      }

      const SourceSpan span = spec.span;
      for (const std::string &pointer : pointerOrder) {
        if (handled.count(pointer)) continue;
        const PointerAccesses &accesses = byPointer[pointer];
        if (accesses.firstAccumulation) {
          const MemoryAccess &atomic = *accesses.firstAccumulation;
          context
              .report(span, "`" + kernel.name + "` accumulates into `" + pointer +
                                "` with `tl.atomic_" + atomic.atomicOp +
                                "`, but the autotuner does not reset it between runs")
              .about(kernel)
              .note("`tl.atomic_" + atomic.atomicOp + "` on `" + pointer + "` at line " + lineOf(atomic) +
                        "; every benchmark run adds to the result",
                    atomic.span)
              .note("add `reset_to_zero=[\"" + pointer + "\"]` to `triton.autotune`");
        } else if (accesses.firstLoad && accesses.firstStore) {
          context
              .report(span, "`" + kernel.name + "` reads and writes `" + pointer +
                                "` in place, but the autotuner does not restore it between runs")
              .about(kernel)
              // Two places: the note points at the first it names.
              .note("`" + pointer + "` is loaded at line " + lineOf(*accesses.firstLoad) + " and stored at line " +
                        lineOf(*accesses.firstStore) + "; each benchmark run starts from the previous run's output",
                    accesses.firstLoad->span)
              .note("add `restore_value=[\"" + pointer + "\"]` to `triton.autotune`");
        }
      }
    }
  }
};

BTLINT_REGISTER_RULE(AutotuneInplaceWithoutRestore);

} // namespace
} // namespace btlint
