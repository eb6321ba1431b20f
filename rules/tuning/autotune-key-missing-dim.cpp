#include "model/AutotuneText.h"
#include "model/KernelCalls.h"
#include "rules/Rule.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace btlint {
namespace {

bool isTileParam(const Kernel &kernel, const std::string &name) {
  if (kernel.tileParams.count(name)) return true;
  const Param *param = kernel.findParam(name);
  return param && param->uses.count(ParamUse::TileExtent);
}

// What the key fixes: its arguments, and the kernel's constexpr parameters
// (compile-time values the configs or the launcher choose).
struct Fixed {
  const Kernel &kernel;
  const FileModel &file;
  const std::set<std::string> &keyNames;
  // Tile parameters the key fixes: keyed ones, and those a launch passes the
  // same value as a keyed argument (`BC = BS = block_size`, BS keyed).
  std::set<std::string> tiles;
  // No `tl.dot` in the kernel or its helpers: an element-wise pass.
  bool elementwise = false;
  Fixed(const Kernel &k, const FileModel &f, const std::set<std::string> &keys) : kernel(k), file(f), keyNames(keys) {
    elementwise = dotPresence(kernel, file) == Presence::No;
    tiles = keys;
    for (const LaunchSite &launch : file.launches) {
      if (!callsOwnKernel(launch, kernel)) continue;
      std::set<std::string> keyedValues;
      for (const LaunchArgument &argument : launch.arguments)
        if (keys.count(std::string(kernel.paramNameOf(argument)))) keyedValues.insert(valueText(argument));
      for (const LaunchArgument &argument : launch.arguments)
        if (keyedValues.count(valueText(argument))) tiles.insert(std::string(kernel.paramNameOf(argument)));
    }
  }
  static std::string valueText(const LaunchArgument &argument) {
    return argument.definitionText.empty() ? argument.text : argument.definitionText;
  }
  bool contains(const std::string &name) const {
    if (keyNames.count(name)) return true;
    const Param *param = kernel.findParam(name);
    return param && param->isConstexpr();
  }
  // An extent is bounded when one of its bounds reads only fixed values.
  bool bounds(const std::vector<ExtentBound> &bounds) const {
    return std::any_of(bounds.begin(), bounds.end(), [&](const ExtentBound &bound) {
      return !bound.program && !bound.data &&
             std::all_of(bound.params.begin(), bound.params.end(), [&](const std::string &n) { return contains(n); });
    });
  }
};

bool boundReads(const std::vector<ExtentBound> &bounds, const std::string &name) {
  return std::any_of(bounds.begin(), bounds.end(), [&](const ExtentBound &bound) {
    return std::find(bound.params.begin(), bound.params.end(), name) != bound.params.end();
  });
}

// Loops that walk a dimension tile by tile (`range(0, K, BLOCK_K)`,
// `range(cdiv(K, BLOCK_K))`: a tile size among the bounds) whose end `name`
// can grow past what the key fixes: the trip count, and the best tile and
// pipeline depth, depend on it. A loop over rows one at a time
// (`range(row_start, row_end)`, a grid-stride loop) does not; nor one whose
// end the key bounds (`range(0, min(chunk_size, seqlen - start), BLOCK)`), nor
// one whose tile the key fixes (`range(cdiv(seqlen, CHUNK))`, CHUNK keyed):
// each step is then the same work for every shape of the key.
std::vector<const Loop *> tiledLoopsBoundBy(const Kernel &kernel, const std::string &name, const Fixed &fixed) {
  std::vector<const Loop *> loops;
  for (const Loop &loop : kernel.loops) {
    const auto &bounds = loop.boundParams;
    if (std::find(bounds.begin(), bounds.end(), name) == bounds.end()) continue;
    if (!std::any_of(bounds.begin(), bounds.end(), [&](const std::string &bound) {
          return bound != name && isTileParam(kernel, bound) && !fixed.tiles.count(bound);
        }))
      continue;
    // Front-ends that give no end bounds: the bounds as a whole.
    if (!loop.endBounds.empty() && (!boundReads(loop.endBounds, name) || fixed.bounds(loop.endBounds))) continue;
    loops.push_back(&loop);
  }
  return loops;
}

// Masks whose extent `name` can grow past what the key fixes, compared with
// a tile the key does not fix. A tile the key fixes (`tl.arange(0, BLOCK_D) <
// dim` with BLOCK_D keyed, `pid * CHUNK + ...` with CHUNK keyed, a row per
// program) is the same work whatever `name`. A tile at a program's offset in
// a kernel without `tl.dot` is one program's share of an element-wise pass:
// `name` only sets how many programs run. In a kernel with one (M of a GEMM
// whose row tile the configs or the launcher choose), the best tile depends
// on it.
// A mask against the very end a loop runs to (`offs_n < k_end` inside `for
// n in range(k_start, k_end, BLOCK_N)`) only clips that loop's last tile:
// when the key bounds the loop's extent, it bounds what the mask covers too.
bool clipsABoundedLoop(const Kernel &kernel, const MaskExtent &mask, const Fixed &fixed) {
  auto same = [](const ExtentBound &a, const ExtentBound &b) {
    return a.params == b.params && a.program == b.program && a.data == b.data;
  };
  for (const Loop &loop : kernel.loops) {
    if (loop.endBounds.empty() || !fixed.bounds(loop.endBounds)) continue;
    if (std::all_of(mask.bounds.begin(), mask.bounds.end(), [&](const ExtentBound &bound) {
          return std::any_of(loop.endBounds.begin(), loop.endBounds.end(),
                             [&](const ExtentBound &end) { return same(bound, end); });
        }))
      return true;
  }
  return false;
}

std::vector<const MaskExtent *> masksBoundBy(const Kernel &kernel, const std::string &name, const Fixed &fixed) {
  std::vector<const MaskExtent *> masks;
  for (const MaskExtent &mask : kernel.maskExtents) {
    if (!boundReads(mask.bounds, name) || fixed.bounds(mask.bounds) || clipsABoundedLoop(kernel, mask, fixed))
      continue;
    const auto &tile = mask.tileParams;
    if (mask.tileKnown &&
        std::all_of(tile.begin(), tile.end(), [&](const std::string &t) { return fixed.tiles.count(t) != 0; }))
      continue;
    if (mask.programIndexed && fixed.elementwise) continue;
    masks.push_back(&mask);
  }
  return masks;
}

// Shape arguments that size what a config's tiles cover: run-time integers (or
// parameters whose kind the front-end could not tell) that mask tile loads and
// stores or bound a loop over tiles, beyond what the key fixes. Strides and
// row indices that only offset pointers, values that only clip an extent the
// key bounds, and row counts walked one row at a time, size no tile.
bool isWorkSizingShape(const Kernel &kernel, const Param &param, const Fixed &fixed) {
  if (param.kind != ParamKind::Int && param.kind != ParamKind::Unknown) return false;
  if (!tiledLoopsBoundBy(kernel, param.name, fixed).empty()) return true;
  // Front-ends that record no mask extents: any mask.
  if (kernel.maskExtents.empty()) return param.uses.count(ParamUse::Mask) != 0;
  return !masksBoundBy(kernel, param.name, fixed).empty();
}

// A key argument that sizes nothing itself can stand in for a shape.
bool canBeProxy(const Param &param) {
  return !param.uses.count(ParamUse::LoopBound) && !param.uses.count(ParamUse::Mask) &&
         !param.uses.count(ParamUse::TileExtent);
}

std::vector<std::string> nameTokens(const std::string &name) {
  std::vector<std::string> tokens;
  std::string current;
  for (char c : name) {
    if (c == '_') {
      if (!current.empty()) tokens.push_back(current);
      current.clear();
    } else {
      current += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (!current.empty()) tokens.push_back(current);
  return tokens;
}

// `CACHE_KEY_M`, `M_BUCKET`, `n_cols_pow2`: the proxy's name contains the
// shape's name as whole underscore-separated words, plus something else.
bool proxyNameCovers(const std::string &proxy, const std::string &shape) {
  const std::vector<std::string> proxyTokens = nameTokens(proxy);
  const std::vector<std::string> shapeTokens = nameTokens(shape);
  if (shapeTokens.empty() || proxyTokens.size() <= shapeTokens.size()) return false;
  return std::search(proxyTokens.begin(), proxyTokens.end(), shapeTokens.begin(),
                     shapeTokens.end()) != proxyTokens.end();
}

bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// True when `text` reads `expression`: as a whole identifier when it is one,
// as a substring otherwise ("x.shape[0]" inside "next_power_of_2(x.shape[0])").
bool textReads(const std::string &text, const std::string &expression) {
  if (expression.empty()) return false;
  const bool identifier = std::all_of(expression.begin(), expression.end(), isIdentifierChar);
  for (size_t at = text.find(expression); at != std::string::npos;
       at = text.find(expression, at + 1)) {
    if (!identifier) return true;
    const bool startsWord = at == 0 || !isIdentifierChar(text[at - 1]);
    const size_t after = at + expression.size();
    const bool endsWord = after >= text.size() || !isIdentifierChar(text[after]);
    if (startsWord && endsWord) return true;
  }
  return false;
}

const LaunchArgument *argumentFor(const LaunchSite &launch, const Kernel &kernel,
                                  const std::string &param) {
  for (const LaunchArgument &argument : launch.arguments) {
    if (kernel.paramNameOf(argument) == param) return &argument;
  }
  return nullptr;
}

// True when the file launches the kernel and every launch passes `param` the
// same known number (a module constant): a value that never changes between
// calls needs no key.
bool sameConstantAtEveryLaunch(const FileModel &file, const Kernel &kernel, const std::string &param) {
  std::optional<int64_t> seen;
  for (const LaunchSite &launch : file.launches) {
    if (!callsOwnKernel(launch, kernel)) continue;
    const LaunchArgument *argument = argumentFor(launch, kernel, param);
    if (!argument || !argument->value.isInt()) return false;
    if (seen && *seen != argument->value.asInt()) return false;
    seen = argument->value.asInt();
  }
  return seen.has_value();
}

class AutotuneKeyMissingDim : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "autotune-key-missing-dim";
    info.category = RuleCategory::Tuning;
    info.defaultSeverity = Severity::Warning;
    info.summary = "the autotune `key` omits a shape argument that sizes the kernel's work";
    info.doc.whatItDoes =
        "Reports an autotuned kernel whose `key` leaves out a run-time shape argument that "
        "sizes the work of a program beyond what the key fixes: one that bounds a loop over "
        "tiles (`range(0, K, BLOCK_K)`) whose tile the key does not fix, or one that a load's "
        "or store's mask (or a block pointer's shape) compares a tile with, when the tile is "
        "one the configs or the launcher choose. It follows each extent's upper bounds "
        "through the kernel: `min(chunk_size, seqlen - start)` is bounded by a keyed "
        "`chunk_size` whatever `seqlen`, a loop `range(start, min(start + chunk, n))` (and a mask "
        "against its end) by `chunk`, a count of valid entries (`tl.sum(idx != -1)`) by the "
        "tile it counts, `a - b` and `a // b` by `a`, a value loaded from "
        "memory by nothing the key could name, so a dimension that only clips an extent the "
        "key bounds, or only reaches it through a decoded program id or a stride into "
        "metadata, is not reported. Row counts walked one row at a time (`for row in "
        "range(row_start, row_end)`, grid-stride loops, a block pointer with a row block of "
        "1) and loops over chunks of a keyed size (or of a tile the launch passes the value of a "
        "keyed argument, `BC = BS = block_size`) only set how many programs or steps run "
        "and are not reported either; nor are the dimensions of an element-wise pass (a "
        "kernel without `tl.dot`, in its body or its helpers) that only set how many "
        "programs run, each over a tile at its program's offset. In a kernel with a dot the "
        "same dimension is reported when the configs or the launcher choose the tile: M of a "
        "GEMM whose row tile is a bucket of M the key leaves out. It accepts the ways real code keys on a shape without "
        "naming it: a proxy argument that the launcher fills with a bucketed shape "
        "(`CACHE_KEY_M=M // 32`, `M_BUCKET=next_power_of_2(M)`), recognised by its name or by "
        "the launch passing it an expression of the same value (written in the call or "
        "assigned to the name it passes just before), and any key argument the launch "
        "computes from the shape, a padded constexpr tile such as "
        "`HEAD_DIM=next_power_of_2(head_dim)` included; shapes listed in "
        "`do_not_specialize`, which the author left out on purpose; and arguments that only "
        "offset pointers (strides, row indices), which size nothing; nor a shape that every "
        "launch of the kernel in the file passes the same number (`NOPE_DIM=448`, a module "
        "constant): it never changes between calls. Kernels with a single "
        "config are not tuned, and are skipped.";
    info.doc.whyItMatters =
        "Triton benchmarks the configs once per distinct key and caches the winner. A shape "
        "missing from the key means the config chosen for the first call's shape is reused for "
        "every later shape: a small tile picked for a 64-long reduction then runs a "
        "65536-long one, often several times slower. A `prune_configs_by` pruner does not "
        "help: it runs only when the key changes.";
    info.doc.example = "@triton.autotune(configs=configs, key=[\"N\"])\n"
                       "@triton.jit\n"
                       "def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, ...):\n"
                       "    for k in range(0, K, BLOCK_K):  # K sizes the work\n"
                       "        ...\n";
    info.doc.useInstead = "@triton.autotune(configs=configs, key=[\"M\", \"N\", \"K\"])\n"
                          "@triton.jit\n"
                          "def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, ...):\n"
                          "    ...\n";
    return info;
  }

  void check(RuleContext &context) const override {
    for (const Kernel &kernel : context.file().kernels) {
      if (!kernel.autotune || !kernel.autotune->keyKnown) continue;
      const AutotuneSpec &spec = *kernel.autotune;
      if (spec.configs.complete && spec.configs.configs.size() <= 1) continue;

      std::set<std::string> keyNames;
      for (const NameRef &ref : spec.key) keyNames.insert(ref.name);
      std::vector<std::string> proxies;
      for (const std::string &name : keyNames)
        if (const Param *param = kernel.findParam(name); param && canBeProxy(*param))
          proxies.push_back(name);
      const std::vector<std::string> keyed(keyNames.begin(), keyNames.end());

      const Fixed fixed(kernel, context.file(), keyNames);
      std::vector<const Param *> missing;
      for (const Param &param : kernel.params) {
        if (keyNames.count(param.name) || !isWorkSizingShape(kernel, param, fixed) ||
            kernel.doNotSpecialize.count(param.name) ||
            coveredByProxy(context, kernel, param.name, proxies, keyed) ||
            sameConstantAtEveryLaunch(context.file(), kernel, param.name))
          continue;
        missing.push_back(&param);
      }
      if (missing.empty()) continue;

      std::string names;
      for (size_t i = 0; i < missing.size(); ++i)
        names += (i == 0 ? "" : i + 1 == missing.size() ? " and " : ", ") + ("`" + missing[i]->name + "`");
      const SourceSpan span = spec.keySpan.valid() ? spec.keySpan : spec.span;
      auto diagnostic = context.report(
          span, "the autotune key of " + kernel.tunedObjectName() + " omits " + names + ", which " +
                    (missing.size() == 1 ? "sizes" : "size") +
                    " its work; the config tuned for one shape is reused for every other");
      diagnostic.about(kernel);
      for (const Param *param : missing) diagnostic.note(describeUse(kernel, *param, fixed));
      if (spec.hasPruner)
        diagnostic.note(prunerPhrase(spec) + " runs only when the key changes, so it cannot adapt the configs to "
                        "another shape");
    }
  }

private:
  // What `param` sizes, at the loop it bounds where there is one.
  static Note describeUse(const Kernel &kernel, const Param &param, const Fixed &fixed) {
    std::string roles;
    SourceSpan place;
    const std::vector<const Loop *> loops = tiledLoopsBoundBy(kernel, param.name, fixed);
    if (!loops.empty()) {
      roles = "bounds the loop over tiles at line " + std::to_string(loops.front()->span.line);
      place = loops.front()->span.start();
    }
    const bool masks = kernel.maskExtents.empty() ? param.uses.count(ParamUse::Mask) != 0
                                                  : !masksBoundBy(kernel, param.name, fixed).empty();
    if (masks) roles += std::string(roles.empty() ? "" : " and ") + "masks loads or stores";
    return Note("`" + param.name + "` " + roles, place);
  }

  // A key argument stands in for the shape when its name says so (`proxies`:
  // key arguments that size nothing themselves), or when a launch of the
  // kernel passes it an expression of the shape's own argument: any key
  // argument, a padded constexpr tile (`HEADDIM=next_power_of_2(headdim)`)
  // as well as a bucket, changes whenever that expression does.
  static bool coveredByProxy(const RuleContext &context, const Kernel &kernel, const std::string &shape,
                             const std::vector<std::string> &proxies, const std::vector<std::string> &keyed) {
    for (const std::string &proxy : proxies)
      if (proxyNameCovers(proxy, shape)) return true;
    for (const std::string &proxy : keyed) {
      for (const LaunchSite &launch : context.file().launches) {
        if (!callsOwnKernel(launch, kernel)) continue;
        const LaunchArgument *shapeArgument = argumentFor(launch, kernel, shape);
        const LaunchArgument *proxyArgument = argumentFor(launch, kernel, proxy);
        if (shapeArgument && proxyArgument &&
            (textReads(proxyArgument->text, shapeArgument->text) ||
             textReads(proxyArgument->definitionText, shapeArgument->text)))
          return true;
      }
    }
    return false;
  }
};

BTLINT_REGISTER_RULE(AutotuneKeyMissingDim);

} // namespace
} // namespace btlint
