#include "eval/TileEval.h"
#include "rules/Rule.h"
#include "rules/ConfigUses.h"
#include "source/LineKeys.h"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace btlint {
namespace {

std::string accessName(const MemoryAccess &access) {
  switch (access.kind) {
  case AccessKind::Load: return "`tl.load`";
  case AccessKind::Store: return "`tl.store`";
  case AccessKind::Atomic: return "`tl.atomic_" + access.atomicOp + "`";
  }
  return "the access";
}

// The one parameter a bound is a function of (`K`, `K - k * BLOCK_K`), or
// empty: a bound that grows with a program id or a loaded value, or reads
// several parameters, is not the size of a dimension.
std::string singleParam(const std::vector<ExtentBound> &bounds) {
  for (const ExtentBound &bound : bounds)
    if (!bound.program && !bound.data && bound.params.size() == 1) return bound.params.front();
  return {};
}

// The dimension a walked axis runs over, and how btlint knows the kernel
// expects sizes that are not multiples of the tile: another mask of the same
// offsets (`offs_m < M` at the store), a mask of the same offsets at a load
// of another tensor (`offs_m < M` on the input rows, for the output's store),
// or the loop that walks it with a trip count rounded up (`range(0, K,
// BLOCK_K)`, `range(tl.cdiv(K, BLOCK_K))`: its last trip covers a partial
// tile; `K // BLOCK_K` rounds down and names no dimension).
struct Dimension {
  std::string param;
  bool fromMask = false;     // another mask compares the offsets with it
  bool fromLoadMask = false; // only a load of another tensor does
  bool fromLoop = false;     // the loop that walks the offsets runs to it
  SourceSpan where;          // the mask's comparison, else the loop
  SourceSpan loop;           // the loop, when fromLoop
  bool fromGrid = false;     // the launch grid divides it by the tile, rounding up
};

// Whether a mask on these offsets speaks for the tensor an access
// addresses along `axis`: the masked access lays the offsets out alike (the
// same stride along the axis: `x_ptr + offs` and `out_ptr + offs`, the two
// arms of an `if` over one pointer). A mask on offsets laid out otherwise
// (`offs_m * stride_cm` at the output, `offs_m * stride_sm` into a scratch
// buffer the launcher pads, a pointer read as 1-D in one mode and 2-D in
// another) says nothing of this one's size.
bool speaksFor(const MaskCover &cover, const OffsetAxis &axis) {
  return cover.addressed && cover.addressStride == axis.stride;
}

// Whether a load's mask on these offsets says the dimension is ragged for
// a store or atomic laid out apart: the input's rows masked `offs_m < M`,
// the output's written along the same `offs_m`. A write covers the rows the
// program computed; the output is sized by the problem, and a row the input
// has not cannot be one the output has. The other way round (the output's
// mask for an input read) says nothing: inputs and scratch buffers are often
// padded to whole tiles.
// Both must address the axis through a stride (`offs_m * stride_xm`,
// `offs_m * stride_ym`): a flat vector indexed by the offsets alone (`lse_ptr
// + offs_m`, one value per row) is the kind of scratch buffer launchers pad
// to whole tiles.
bool loadSpeaksForWrite(const MemoryAccess &load, const MaskCover &cover, const MemoryAccess &access,
                        const OffsetAxis &axis) {
  return access.kind != AccessKind::Load && load.kind == AccessKind::Load && cover.addressed &&
         !cover.addressStride.empty() && !axis.stride.empty();
}

std::optional<Dimension> dimensionOf(const Kernel &kernel, const MemoryAccess &access, const OffsetAxis &axis) {
  std::vector<std::pair<std::string, SourceSpan>> named;
  for (const MemoryAccess &other : kernel.accesses)
    for (const MaskCover &cover : other.maskCovers) {
      if (!(cover.arange == axis.arange) || !speaksFor(cover, axis)) continue;
      const std::string param = singleParam(cover.bounds);
      if (!param.empty()) named.emplace_back(param, cover.span);
    }
  // Another write along these offsets masked against a size, laid out
  // apart (the output's `offs_m * stride_om < M` beside the scales'
  // `offs_m * stride_sm`): the kernel decides output by output, and the one
  // left unmasked is sized in whole tiles (`M_padded` rows).
  auto otherWriteMasked = [&] {
    for (const MemoryAccess &other : kernel.accesses)
      if (other.kind != AccessKind::Load && &other != &access)
        for (const MaskCover &cover : other.maskCovers)
          if (cover.arange == axis.arange && cover.addressed && !singleParam(cover.bounds).empty()) return true;
    return false;
  };
  bool fromLoadMask = false;
  if (named.empty() && access.kind != AccessKind::Load && !otherWriteMasked()) {
    for (const MemoryAccess &other : kernel.accesses)
      for (const MaskCover &cover : other.maskCovers) {
        if (!(cover.arange == axis.arange) || !loadSpeaksForWrite(other, cover, access, axis)) continue;
        const std::string param = singleParam(cover.bounds);
        if (!param.empty()) named.emplace_back(param, cover.span);
      }
    fromLoadMask = !named.empty();
  }
  auto maskOf = [&](const std::string &param) -> const SourceSpan * {
    for (const auto &[name, span] : named)
      if (name == param) return &span;
    return nullptr;
  };
  // The loop's end says what it walks; masks may also compare the offsets
  // with another size (wrongly, checkBound).
  if (!axis.programWalk && axis.loop >= 0) {
    const Loop &loop = kernel.loops[static_cast<size_t>(axis.loop)];
    if (!loop.tiledExtent.empty()) {
      const SourceSpan *mask = maskOf(loop.tiledExtent);
      return Dimension{loop.tiledExtent, mask != nullptr, mask != nullptr && fromLoadMask, true,
                       mask ? *mask : loop.span, loop.span};
    }
  }
  if (named.empty()) return std::nullopt;
  for (const auto &[name, span] : named)
    if (name != named.front().first) return std::nullopt; // masks that disagree: not one dimension
  return Dimension{named.front().first, true, fromLoadMask, false, named.front().second, {}};
}


bool readsModulo(const std::string &text) { return text.find('%') != std::string::npos; }

// A parameter that says a dimension divides: set by `@triton.heuristics` or
// by the launch from a `%` (`EVEN_K = K % BLOCK_K == 0`).
bool isDivisibilityFlag(const std::string &name, const Kernel &kernel, const FileModel &file) {
  for (const Heuristic &heuristic : kernel.heuristics)
    if (heuristic.param == name && heuristic.takesRemainder) return true;
  for (const LaunchSite &launch : file.launches) {
    if (!callsOwnKernel(launch, kernel)) continue;
    for (const LaunchArgument &argument : launch.arguments) {
      if (kernel.paramNameOf(argument) != name) continue;
      if (readsModulo(argument.text) || readsModulo(argument.definitionText)) return true;
      // Set in the arms of an `if` before the launch: from a `%` in some,
      // off in the others (the masked arm runs there).
      const std::vector<std::string> &arms = argument.armDefinitionTexts;
      if (!arms.empty() && std::all_of(arms.begin(), arms.end(), [](const std::string &text) {
            return readsModulo(text) || text == "False" || text == "0";
          }))
        return true;
    }
  }
  return false;
}

// Whether the loop that moves the offsets runs whole tiles only under
// `config`: its trip count (`K // BLOCK_K`) times the tile stays within a
// size that is not a multiple of it (the partial tile, if any, is a masked
// access after the loop). A count lowered where a divisibility flag is off
// (`if not EVEN_K: n -= 1`) is taken lowered: where the flag is on, it
// vouches for the size.
bool loopWalksWholeTiles(const Kernel &kernel, const FileModel &file, const OffsetAxis &axis,
                         const std::string &dimension, const Config &config, int64_t block) {
  if (axis.loop < 0) return false;
  const Loop &loop = kernel.loops[static_cast<size_t>(axis.loop)];
  if (loop.iterations.empty()) return false;
  int64_t lowered = 0;
  for (const Loop::Decrement &decrement : loop.iterationDecrements) {
    const bool whereFlagIsOff = !decrement.guards.empty() &&
                                std::all_of(decrement.guards.begin(), decrement.guards.end(), [&](const AccessGuard &g) {
                                  return !g.whenTrue && g.compare.empty() && isDivisibilityFlag(g.param, kernel, file);
                                });
    if (!whereFlagIsOff) return false;
    lowered += decrement.amount;
  }
  TileDim trips;
  trips.program = loop.iterations;
  for (int64_t rest : {int64_t{1}, block - 1}) {
    Config sized = config;
    sized.params[dimension] = ScalarValue::ofInt(3 * block + rest);
    const std::optional<int64_t> count = evaluateDim(trips, sized, kernel);
    if (!count || *count - lowered > 3) return false;
  }
  return true;
}

// Whether a divisibility flag speaks of `dimension`: its heuristic reads it
// (`args["K"] % args["BLOCK_K"]`), or the launch computes it from it (`K %
// BLOCK_K == 0`). A flag whose source names no argument (a helper's
// result) is taken to speak of every dimension.
bool flagSpeaksOf(const std::string &flag, const std::string &dimension, const Kernel &kernel,
                  const FileModel &file) {
  bool named = false, speaks = false;
  for (const Heuristic &heuristic : kernel.heuristics)
    if (heuristic.param == flag && !heuristic.readsArgs.empty()) {
      named = true;
      speaks = speaks || std::find(heuristic.readsArgs.begin(), heuristic.readsArgs.end(), dimension) !=
                             heuristic.readsArgs.end();
    }
  for (const LaunchSite &launch : file.launches) {
    if (!callsOwnKernel(launch, kernel)) continue;
    for (const LaunchArgument &argument : launch.arguments) {
      if (kernel.paramNameOf(argument) != flag) continue;
      for (const std::string *text : {&argument.text, &argument.definitionText})
        if (readsModulo(*text)) {
          named = true;
          speaks = speaks || containsWord(*text, dimension);
        }
    }
  }
  return speaks || !named;
}

// A flag the access is conditional on that says the dimension divides; the
// masked path is then the other arm.
bool underDivisibilityFlag(const MemoryAccess &access, const Kernel &kernel, const FileModel &file,
                           const std::string &dimension) {
  return std::any_of(access.guards.begin(), access.guards.end(), [&](const AccessGuard &guard) {
    return isDivisibilityFlag(guard.param, kernel, file) && flagSpeaksOf(guard.param, dimension, kernel, file);
  });
}

// The size a program walk covers, from the launches: every launch of the
// kernel whose grid divides a size by this tile's config key rounding up
// (`triton.cdiv(M, META["BLOCK_M"])`) passes that size as the same kernel
// parameter. The author rounds up because the size need not be a multiple.
std::optional<Dimension> gridDimension(const Kernel &kernel, const FileModel &file, const OffsetAxis &axis) {
  if (!axis.programWalk || axis.block.params.size() != 1 || axis.block.text != axis.block.params.front())
    return std::nullopt;
  const std::string &key = axis.block.params.front();
  std::optional<Dimension> found;
  for (const LaunchSite &launch : file.launches) {
    if (!callsOwnKernel(launch, kernel)) continue;
    for (const GridDivisor &divisor : launch.gridDivisors) {
      if (!divisor.roundsUp || divisor.metaKey != key || divisor.dividend.empty()) continue;
      std::string param;
      for (const LaunchArgument &argument : launch.arguments)
        if (argument.text == divisor.dividend) param = std::string(kernel.paramNameOf(argument));
      if (param.empty() || (found && found->param != param)) return std::nullopt;
      if (!found) {
        found = Dimension{};
        found->param = param;
        found->fromGrid = true;
        found->where = divisor.span;
      }
    }
  }
  return found;
}

// What every launch of the file asserts `param` is a multiple of (`assert K %
// 64 == 0` before passing `K`), combined; nothing when one of them asserts
// nothing or there is no launch.
std::optional<int64_t> assertedMultiple(const std::string &param, const Kernel &kernel, const FileModel &file) {
  std::optional<int64_t> combined;
  bool anyLaunch = false;
  for (const LaunchSite &launch : file.launches) {
    if (!callsOwnKernel(launch, kernel)) continue;
    anyLaunch = true;
    std::optional<int64_t> asserted;
    for (const LaunchArgument &argument : launch.arguments) {
      if (kernel.paramNameOf(argument) != param) continue;
      for (const LaunchGuard &guard : launch.guards)
        if (guard.op == "%==0" && guard.value > 0 && guard.name == argument.text)
          asserted = asserted ? std::lcm(*asserted, guard.value) : guard.value;
    }
    if (!asserted) return std::nullopt;
    combined = combined ? std::gcd(*combined, *asserted) : *asserted;
  }
  return anyLaunch ? combined : std::nullopt;
}

// A number written as decimal digits (at most 9), or nothing.
std::optional<int64_t> writtenNumber(std::string_view digits) {
  if (digits.empty() || digits.size() > 9 || !std::all_of(digits.begin(), digits.end(), ::isdigit)) return std::nullopt;
  return std::stoll(std::string(digits));
}

// `size` rounded up to a multiple, as a launch writes it: `math.ceil(n / 128)
// * 128`, `triton.cdiv(n, 128) * 128`, `(n + 127) // 128 * 128`; the
// multiple, or nothing.
std::optional<int64_t> roundedUpMultiple(const std::string &written, const std::string &size) {
  const std::string text = withoutBlanks(written);
  auto unwrap = [](std::string_view inner) {
    while (inner.size() > 2 && inner.front() == '(' && inner.back() == ')') inner = inner.substr(1, inner.size() - 2);
    return inner;
  };
  const size_t star = text.rfind('*');
  if (star == std::string::npos) return std::nullopt;
  const std::optional<int64_t> multiple = writtenNumber(std::string_view(text).substr(star + 1));
  if (!multiple || *multiple <= 1) return std::nullopt;
  const std::string m = std::to_string(*multiple);
  const std::string_view rounded = unwrap(std::string_view(text).substr(0, star));
  for (const std::string &form : {"math.ceil(" + size + "/" + m + ")", "triton.cdiv(" + size + "," + m + ")",
                                 "cdiv(" + size + "," + m + ")", "ceil_div(" + size + "," + m + ")",
                                 "(" + size + "+" + std::to_string(*multiple - 1) + ")//" + m})
    if (rounded == form) return multiple;
  return std::nullopt;
}

// `written` (a launch's argument) rounds a size up to a multiple with a pad
// computed beside it: `n + pad` with `pad = B - n % B if n % B != 0 else 0`
// (or `(B - n % B) % B`, `-n % B`), B a number or a name assigned one. The
// multiple, or nothing.
std::optional<int64_t> paddedToMultiple(const LaunchArgument &argument) {
  auto written = [&](const std::string &name) -> std::string {
    for (const auto &[known, text] : argument.nameDefinitions)
      if (known == name) return text;
    return {};
  };
  auto definition = [&](const std::string &name) { return withoutBlanks(written(name)); };
  const std::string text = withoutBlanks(argument.text);
  const size_t plus = text.find('+');
  if (plus == std::string::npos || text.find('+', plus + 1) != std::string::npos) return std::nullopt;
  for (const auto &[size, pad] : {std::pair{text.substr(0, plus), text.substr(plus + 1)},
                                  std::pair{text.substr(plus + 1), text.substr(0, plus)}}) {
    const std::string padText = definition(pad);
    if (size.empty() || padText.empty()) continue;
    // B is the word after the first `%` of the pad's definition as written
    // (blanks still separate `B if`).
    const std::string raw = written(pad);
    size_t at = raw.find('%');
    if (at == std::string::npos) continue;
    at = raw.find_first_not_of(' ', at + 1);
    if (at == std::string::npos) continue;
    size_t end = at;
    while (end < raw.size() && (std::isalnum(static_cast<unsigned char>(raw[end])) || raw[end] == '_')) ++end;
    const std::string b = raw.substr(at, end - at);
    std::optional<int64_t> multiple = writtenNumber(b);
    if (!multiple) multiple = writtenNumber(definition(b));
    if (!multiple || *multiple <= 1) continue;
    for (const std::string &form : {b + "-" + size + "%" + b + "if" + size + "%" + b + "!=0else0",
                                    b + "-" + size + "%" + b + "if" + size + "%" + b + "else0",
                                    "(" + b + "-" + size + "%" + b + ")%" + b, "-" + size + "%" + b,
                                    "(-" + size + ")%" + b})
      if (padText == form) return multiple;
  }
  return std::nullopt;
}

// What every launch of the file pads `param` to a multiple of; nothing when
// one of them does not, or there is no launch.
std::optional<int64_t> launchPaddedMultiple(const std::string &param, const Kernel &kernel, const FileModel &file) {
  std::optional<int64_t> combined;
  for (const LaunchSite &launch : file.launches) {
    if (!callsOwnKernel(launch, kernel)) continue;
    std::optional<int64_t> padded;
    for (const LaunchArgument &argument : launch.arguments)
      if (kernel.paramNameOf(argument) == param) padded = paddedToMultiple(argument);
    if (!padded) return std::nullopt;
    combined = combined ? std::gcd(*combined, *padded) : *padded;
  }
  return combined;
}

// The rows of the access are padded: its address reads a parameter (a row
// stride) that every launch passes as `dimension` rounded up to a multiple
// (`seqlen_q_rounded = math.ceil(seqlen_q / 128) * 128`, the row length of
// a buffer allocated so). Offsets past `dimension` up to that multiple stay
// in the row's padding. The multiple common to the launches, or nothing.
std::optional<int64_t> paddedRowMultiple(const std::string &dimension, const MemoryAccess &access,
                                         const Kernel &kernel, const FileModel &file) {
  std::optional<int64_t> combined;
  for (const std::string &row : access.addressParams) {
    if (row == dimension) continue;
    std::optional<int64_t> common;
    bool every = false;
    for (const LaunchSite &launch : file.launches) {
      if (!callsOwnKernel(launch, kernel)) continue;
      std::string size, rowText;
      for (const LaunchArgument &argument : launch.arguments) {
        if (kernel.paramNameOf(argument) == dimension) size = argument.text;
        if (kernel.paramNameOf(argument) == row)
          rowText = argument.definitionText.empty() ? argument.text : argument.definitionText;
      }
      const std::optional<int64_t> multiple = size.empty() ? std::nullopt : roundedUpMultiple(rowText, size);
      if (!multiple) {
        every = false;
        break;
      }
      every = true;
      common = common ? std::gcd(*common, *multiple) : *multiple;
    }
    if (every && common) combined = combined ? std::max(*combined, *common) : *common;
  }
  return combined;
}

// What an access does to the elements past the end.
std::string verbOf(const MemoryAccess &access) {
  return access.kind == AccessKind::Load ? "reads" : access.kind == AccessKind::Store ? "writes" : "updates";
}

std::string joinValues(const std::set<int64_t> &values) {
  std::string text;
  for (int64_t value : values) {
    if (!text.empty()) text += ", ";
    text += std::to_string(value);
  }
  return text;
}

class TileAccessUnmasked : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "tile-access-unmasked";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.summary = "a load or store whose tile can run past the end of a dimension with no mask on it";
    info.doc.whatItDoes =
        "Follows the offsets of every `tl.load`, `tl.store` and atomic of a Triton kernel axis by axis and "
        "finds the axes that walk a dimension tile by tile: `pid * BLOCK_M + tl.arange(0, BLOCK_M)` (the "
        "tile id from the program id, directly or through a helper that computes scalars only, such as a "
        "grouped ordering returning `pid_m, pid_n`), a "
        "loop's `k * BLOCK_K + tl.arange(0, BLOCK_K)` or `k + tl.arange(0, BLOCK_K)` over `range(0, K, "
        "BLOCK_K)`, a pointer advanced by `BLOCK_K * stride` each iteration. Such an axis needs a mask "
        "comparing those offsets with the dimension unless the dimension is a multiple of the tile. It "
        "reports an access whose mask does not cover a walked axis (no mask, or a mask along another axis "
        "only) when it knows the dimension and that it can be a non-multiple:\n\n"
        "- another access with the same layout along the axis (the same stride: `x_ptr + offs` and "
        "`out_ptr + offs`, the two arms of an `if` over one pointer) masks the same offsets against a size (`offs < n` at the "
        "store, none at the load; one arm of an `if` masked, the other not);\n"
        "- a load masks the same offsets against a size and a store or atomic writes along them with no "
        "such mask, both addressing the axis through a stride (`offs_m < M` on the input's `offs_m * "
        "stride_xm`, none on the output's `offs_m * stride_ym`): the rows the input may lack are rows the "
        "output lacks too (unless another write along the offsets has a mask of its own: the kernel then "
        "decides output by output, and the unmasked one is sized in whole tiles);\n"
        "- a loop walks the dimension with a trip count that rounds up (`range(0, K, BLOCK_K)`, "
        "`range(tl.cdiv(K, BLOCK_K))`, `range((K + BLOCK_K - 1) // BLOCK_K)`): the author expects `K` not "
        "to be a multiple of the tile, and the last iteration covers a partial one. For a run-time size "
        "this needs the tile to vary with the config (`BLOCK_K` 32 in one, 64 in another): with one tile "
        "under every config, a caller's check on it (`if K % 128 == 0:` before dispatching, often in "
        "another file) is the common way such kernels are kept safe;\n"
        "- a program walk with no mask anywhere on its offsets, launched with a grid that divides a size "
        "by the same config key rounding up (`triton.cdiv(M, META[\"BLOCK_M\"])`, `(M + B - 1) // B`), "
        "that size passed as the kernel's `M`: the last program covers a partial tile (the same rule on "
        "tiles that vary with the config applies; `M // META[\"BLOCK_M\"]`, whole tiles, is silent);\n"
        "- or the dimension is a constexpr with a value under the config (set by it, or a default) that "
        "the tile does not divide (`HEAD_DIM = 48`, `BLOCK_D = 64`), walked by a loop over `range(0, "
        "HEAD_DIM, BLOCK_D)` or `range(tl.cdiv(HEAD_DIM, BLOCK_D))`.\n\n"
        "It also reports a mask that compares a loop's offsets with another dimension's size (`offs_k < "
        "N` in the loop over `range(0, K, BLOCK_K)`, `N` being what another axis is masked against), unless "
        "another loop walks the same access up to that size (a helper called from a loop over a prefix, "
        "`range(0, prefix_len, BLOCK_M)`, and from one over the whole sequence): the size is then the "
        "memory's extent, and the prefix lies within it.\n\n"
        "It stays silent when the access is safe or when it cannot tell: offsets taken modulo "
        "(`offs % M`, the tutorial's wrapped rows, masked at the store), clamped (`tl.minimum`, "
        "`tl.where`) or divided; block pointers (`boundary_check`) and tensor descriptors (TMA pads "
        "out-of-bounds reads and drops out-of-bounds writes); an access under a flag set from a `%` "
        "(`EVEN_K` from `@triton.heuristics` with `K % BLOCK_K == 0`, in the lambda or in a function of "
        "the module it calls, or passed so by the launch, also where the launcher sets it in the arms of an "
        "`if`, from a `%` or off (`False`) in each; also "
        "within `if EVEN_M & EVEN_N:`), the masked path in the other arm; a dimension every launch of the "
        "file asserts a multiple of a number each config's tile divides (`assert K % 64 == 0`, or `% align` "
        "with `align = 64` before it) or passes padded to one (`n + pad` with `pad = BLOCK_M - n % "
        "BLOCK_M if n % BLOCK_M != 0 else 0`, `(B - n % B) % B` or `-n % B`), whose rows the address steps by a length every launch passes as the "
        "dimension rounded up to a multiple each config's tile divides (`seqlen_q_rounded = "
        "math.ceil(seqlen_q / 128) * 128` as the row stride of a buffer allocated so: the last tile lands in "
        "the row's padding), or that "
        "the autotuner's pruner divides (it keeps the configs with `N % BLOCK_N == 0`); a "
        "constexpr dimension the tile divides under every config, or whose value is not known; a mask "
        "it cannot read (built by a helper function, loaded, joined by `|`); offsets built through "
        "something it cannot follow; a loop whose trip count covers whole tiles only (`range(0, K // "
        "BLOCK_K)`, also where the partial tile is loaded after it with a mask against `K`; `n = "
        "tl.cdiv(K, BLOCK_K)` lowered by one under `if not EVEN_K:`, a divisibility flag, the partial tile "
        "peeled off into a masked step after the loop), one from "
        "elsewhere (`range(lo, hi, BLOCK)`: the offsets are shifted before they are compared), one that "
        "runs up to the program's own tile (`range(0, pid * BLOCK, BLOCK)`). It also "
        "stays silent when nothing but a grid that rounds down or reads no config key names a run-time "
        "size, when the access's own mask compares "
        "offsets written apart from its address with the dimension's size (`(i * BT + tl.arange(0, BT)) "
        "< T` beside a pointer advanced by `BT`: likely the same offsets), and when the only mask on the "
        "offsets guards another tensor laid out apart in a way that says nothing of this one (the output's "
        "`offs_m * stride_cm` says nothing of an input or scratch buffer the launcher pads; a load's mask "
        "says nothing of a flat per-row vector `lse_ptr + offs_m`). `tl.multiple_of` and `tl.max_contiguous` are hints to the "
        "compiler, not guarantees: they do not make an access safe.\n\n"
        "The message names the dimension, the tile values of the configs for which it is not a "
        "multiple, and the overrun at the largest of them (`with M = 129 and BLOCK_M = 128 the last "
        "program reads 127 elements past the end`). An unmasked access is an error: the kernel itself "
        "shows the size can be a non-multiple, or the config's values make it one. A mask against "
        "another dimension's size is a warning.";
    info.doc.whyItMatters =
        "Autotuning measures round shapes: a config that is fast at 4096 and reads past the end of a "
        "4095-row tensor passes every benchmark. Changing block parameters must never change the "
        "output, and the masking must cover the full tile: with `M = 129` and `BLOCK_M = 128` the last "
        "program of an unmasked load reads 127 rows of whatever lies after the tensor, and an "
        "unmasked store writes them. The fault shows only at shapes the tuner never tried, often as "
        "silently wrong results rather than a crash.";
    info.doc.example = "@triton.jit\n"
                       "def scale(x_ptr, out_ptr, n, BLOCK: tl.constexpr):\n"
                       "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
                       "    x = tl.load(x_ptr + offs)\n"
                       "    tl.store(out_ptr + offs, x * 2, mask=offs < n)\n";
    info.doc.useInstead = "@triton.jit\n"
                          "def scale(x_ptr, out_ptr, n, BLOCK: tl.constexpr):\n"
                          "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
                          "    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)\n"
                          "    tl.store(out_ptr + offs, x * 2, mask=offs < n)\n";
    return info;
  }

  void check(RuleContext &context) const override {
    const FileModel &file = context.file();
    for (const Kernel &kernel : file.kernels) {
      if (kernel.language != Language::Python) continue;
      std::set<std::pair<SourceSpan, SourceSpan>> reported; // (access, arange)
      for (const MemoryAccess &access : kernel.accesses) {
        if (!access.offsetsKnown || access.walkedAxes.empty()) continue;
        if (access.hasMask && !access.maskKnown) continue; // a mask btlint cannot read
        for (const OffsetAxis &axis : access.walkedAxes) {
          if (axis.wrapped) continue;
          if (!reported.insert({access.span, axis.arange}).second) continue;
          checkAxis(context, kernel, access, axis);
        }
      }
    }
  }

private:
  void checkAxis(RuleContext &context, const Kernel &kernel, const MemoryAccess &access,
                 const OffsetAxis &axis) const {
    const FileModel &file = context.file();
    // A loop that runs up to where the program's own tile starts (`range(0,
    // pid * BLOCK, BLOCK)`, causal attention) stays below the program's
    // offsets, not the dimension's end: btlint does not compare the two.
    if (axis.loop >= 0) {
      const std::vector<ExtentBound> &end = kernel.loops[static_cast<size_t>(axis.loop)].endBounds;
      if (!end.empty() && std::all_of(end.begin(), end.end(), [](const ExtentBound &b) { return b.program; })) return;
    }
    std::optional<Dimension> dimension = dimensionOf(kernel, access, axis);
    if (!dimension) dimension = gridDimension(kernel, file, axis);
    std::vector<const MaskCover *> covers;
    for (const MaskCover &cover : access.maskCovers)
      if (cover.arange == axis.arange) covers.push_back(&cover);
    if (!covers.empty()) {
      checkBound(context, kernel, access, axis, covers, dimension);
      return;
    }
    if (!dimension || underDivisibilityFlag(access, kernel, file, dimension->param)) return;
    // The access's own mask compares other offsets with the dimension's size
    // (`(i * BT + tl.arange(0, BT)) < T` beside `p + tl.arange(0, BT)`
    // advanced by BT): offsets written twice, likely the same; btlint cannot
    // tell them apart.
    for (const MaskCover &cover : access.maskCovers)
      if (!cover.addressed && std::find(cover.boundParams.begin(), cover.boundParams.end(), dimension->param) !=
                                  cover.boundParams.end())
        return;
    // A pruner that keeps only the configs whose tile divides the size.
    if (kernel.autotune && axis.block.params.size() == 1 &&
        kernel.autotune->prunerLimits.count(dimension->param + "%" + axis.block.params.front() + "==0"))
      return;
    const Param *param = kernel.findParam(dimension->param);
    std::optional<int64_t> asserted = assertedMultiple(dimension->param, kernel, file);
    if (!asserted) asserted = launchPaddedMultiple(dimension->param, kernel, file);
    const std::optional<int64_t> padded = paddedRowMultiple(dimension->param, access, kernel, file);

    // The tiles under each config use that do not divide the dimension, and
    // the dimension's values where it has one.
    std::set<int64_t> blocks;
    std::optional<int64_t> constantExtent;
    bool runtimeExtent = false;
    std::set<int64_t> everyBlock; // the tile under every config that reaches the access
    std::vector<const Config *> configs;
    for (const ConfigUse &use : file.configUsesOf(kernel)) {
      const Config &config = use.values();
      if (!guardsHold(access.guards, config, kernel)) continue; // the access is compiled out under this config
      const std::optional<int64_t> block = evaluateDim(axis.block, config, kernel);
      if (!block || *block <= 1) continue;
      if (loopWalksWholeTiles(kernel, file, axis, dimension->param, config, *block)) continue;
      everyBlock.insert(*block);
      const std::optional<int64_t> extent =
          param && param->isConstexpr() ? paramValue(dimension->param, config, kernel) : std::nullopt;
      if (extent) {
        if (*extent % *block == 0) continue;
        constantExtent = *extent;
      } else if (param && param->isConstexpr()) {
        continue; // a compile-time size btlint does not know
      } else {
        if (asserted && *asserted % *block == 0) continue;
        if (padded && *padded % *block == 0) continue;
        runtimeExtent = true;
      }
      blocks.insert(*block);
      if (use.listed) configs.push_back(use.listed);
    }
    if (blocks.empty()) return;
    // A run-time size that only the loop's rounded-up trip count says is
    // ragged, walked in one tile under every config: a caller's check on that
    // tile (`if K % 128 == 0:` before dispatching, the layer that requires
    // multiples of 32), often in another file, makes it safe. Tiles that vary
    // with the config cannot all be matched by such a check.
    if (runtimeExtent && !dimension->fromMask && everyBlock.size() < 2) return;

    const std::string &dim = dimension->param;
    const std::string tile = "`" + axis.block.text + "`";
    const int64_t largest = *blocks.rbegin();
    const std::string last = axis.programWalk ? "the last program" : "the last iteration";
    std::string message;
    if (!runtimeExtent && constantExtent) {
      const int64_t overrun = largest - *constantExtent % largest;
      message = accessName(access) + " walks `" + dim + "` = " + std::to_string(*constantExtent) + " in tiles of " +
                tile + " = " + std::to_string(largest) + " with no mask on that dimension: " + last + " " + verbOf(access) + " " +
                std::to_string(overrun) + " elements past the end";
    } else {
      // The smallest size that breaks the largest tile: one past it, or
      // the asserted multiple (which that tile does not divide).
      const int64_t example = asserted ? *asserted : largest + 1;
      message = accessName(access) + " walks `" + dim + "` in tiles of " + tile +
                " with no mask on that dimension: with `" + dim + "` = " + std::to_string(example) + " and " + tile +
                " = " + std::to_string(largest) + " " + last + " " + verbOf(access) + " " +
                std::to_string(largest - example % largest) + " elements past the end";
    }
    DiagnosticBuilder finding = context.report(access.span, message);
    finding.about(kernel, configs);
    finding.note(tile + " is " + joinValues(blocks) + " in the configs that reach this access; `" + dim +
                 "` is not known to be a multiple of " + (blocks.size() == 1 ? "it" : "them"));
    if (dimension->fromLoadMask)
      finding.note("a load of another tensor masks the same offsets against `" + dim +
                       "`: `" + dim + "` need not be a multiple of the tile, and that mask does not cover this access",
                   dimension->where);
    else if (dimension->fromMask)
      finding.note("another mask of the kernel compares the same offsets with `" + dim + "`", dimension->where);
    else if (dimension->fromGrid)
      finding.note("the launch grid rounds `" + dim + "` up to whole tiles of " + tile +
                       ": the last program covers a partial tile",
                   dimension->where);
    else if (runtimeExtent)
      finding.note("the loop's trip count rounds up: its last iteration covers a partial tile of `" + dim + "`",
                   dimension->where);
    else
      finding.note("the loop walks `" + dim + "` tile by tile", dimension->where);
    if (!access.maskCovers.empty())
      finding.note("the access's mask covers other offsets only", access.maskCovers.front().span);
    if (asserted)
      finding.note("the launches assert `" + dim + "` is a multiple of " + std::to_string(*asserted));
  }

  // A mask on a loop's offsets against the size of another dimension:
  // `offs_k < N` in a loop over `K`.
  void checkBound(RuleContext &context, const Kernel &kernel, const MemoryAccess &access, const OffsetAxis &axis,
                  const std::vector<const MaskCover *> &covers, const std::optional<Dimension> &dimension) const {
    if (!dimension || !dimension->fromLoop) return;
    for (const MaskCover *cover : covers)
      if (std::find(cover->boundParams.begin(), cover->boundParams.end(), dimension->param) !=
              cover->boundParams.end() ||
          cover->boundParams.empty())
        return;
    // The bound must be what another axis of the kernel is masked against:
    // the size of another dimension, not an unrelated limit.
    const std::string wrong = singleParam(covers.front()->bounds);
    if (wrong.empty()) return;
    bool otherDimension = false;
    for (const MemoryAccess &other : kernel.accesses)
      for (const MaskCover &cover : other.maskCovers)
        if (!(cover.arange == axis.arange) && singleParam(cover.bounds) == wrong) otherDimension = true;
    if (!otherDimension) return;
    // The same access walked by another loop up to the bound (a helper
    // called from a loop over a prefix, then from one over the whole
    // sequence): the bound is the memory's extent, and the prefix lies in it.
    for (const MemoryAccess &other : kernel.accesses) {
      if (!(other.span == access.span)) continue;
      for (const OffsetAxis &walk : other.walkedAxes) {
        if (!(walk.arange == axis.arange) || walk.loop < 0 || walk.loop == axis.loop) continue;
        const std::vector<std::string> &bound = kernel.loops[static_cast<size_t>(walk.loop)].boundParams;
        if (std::find(bound.begin(), bound.end(), wrong) != bound.end()) return;
      }
    }
    context
        .report(covers.front()->span, accessName(access) + " masks its `" + dimension->param + "` offsets against `" +
                                          wrong + "`: the loop walks `" + dimension->param + "` in tiles of `" +
                                          axis.block.text + "`, and where `" + wrong + "` > `" + dimension->param +
                                          "` the last tile " + verbOf(access) + " past the end")
        .about(kernel)
        .note("the loop walks `" + dimension->param + "` tile by tile", dimension->loop)
        .atMost(Severity::Warning);
  }
};

BTLINT_REGISTER_RULE(TileAccessUnmasked);

} // namespace
} // namespace btlint
