#include "rules/AutotuneKeyAnalysis.h"

#include "model/KernelCalls.h"
#include "model/Launches.h"
#include "source/LineKeys.h"

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

bool computedFromKey(const FileModel &file, const Kernel &kernel, const std::string &shape,
                     const std::vector<std::string> &keyed);
bool sameConstantAtEveryLaunch(const FileModel &file, const Kernel &kernel, const std::string &param);

// What the key fixes: its arguments, and the kernel's constexpr parameters
// (compile-time values the configs or the launcher choose).
struct Fixed {
  const Kernel &kernel;
  const FileModel &file;
  const std::set<std::string> &keyNames;
  // Tile parameters the key fixes: keyed ones, those a launch passes the
  // same value as a keyed argument (`BC = BS = block_size`, BS keyed), and
  // those every launch computes from keyed arguments alone
  // (`BLOCK_SIZE = next_power_of_2(n_cols)`, n_cols keyed).
  std::set<std::string> tiles;
  // Tile parameters every launch passes one number (`16` for BLOCK_B): a
  // mask of such a tile only clips a tile of one size whatever the shape
  // (a loop over such tiles still grows with it).
  std::set<std::string> constantTiles;
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
    const std::vector<std::string> keyed(keys.begin(), keys.end());
    for (const Param &param : kernel.params)
      if (param.isConstexpr() && isTileParam(kernel, param.name) && !tiles.count(param.name) &&
          computedFromKey(file, kernel, param.name, keyed))
        tiles.insert(param.name);
    for (const Param &param : kernel.params)
      if (param.isConstexpr() && isTileParam(kernel, param.name) && sameConstantAtEveryLaunch(file, kernel, param.name))
        constantTiles.insert(param.name);
  }
  static std::string valueText(const LaunchArgument &argument) {
    return argument.definitionText.empty() ? argument.text : argument.definitionText;
  }
  bool contains(const std::string &name) const {
    if (keyNames.count(name)) return true;
    const Param *param = kernel.findParam(name);
    return param && param->isConstexpr();
  }
  // Whether `name` only stands in for fixed values in the extent's bounds:
  // each bound that reads it has a twin reading fixed values in its place
  // and otherwise the same (`lim + start_n` with `lim = min(chunk_size,
  // seqlen - s)`: {seqlen, start_n} and {chunk_size, start_n}). It then only
  // clips what the key bounds, whatever else moves the extent.
  bool onlyClips(const std::vector<ExtentBound> &bounds, const std::string &name) const {
    auto reads = [](const ExtentBound &bound, const std::string &param) {
      return std::find(bound.params.begin(), bound.params.end(), param) != bound.params.end();
    };
    bool read = false;
    for (const ExtentBound &bound : bounds) {
      if (!reads(bound, name)) continue;
      read = true;
      const bool twin = std::any_of(bounds.begin(), bounds.end(), [&](const ExtentBound &other) {
        if (other.program != bound.program || other.data != bound.data || reads(other, name)) return false;
        for (const std::string &param : bound.params)
          if (param != name && !reads(other, param)) return false;
        for (const std::string &param : other.params)
          if (!reads(bound, param) && !contains(param)) return false;
        return true;
      });
      if (!twin) return false;
    }
    return read;
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
// (`range(row_start, row_end)`, a grid-stride loop, a `range(n)` over one program's
// share of a persistent grid's tiles) does not; nor one whose
// end the key bounds (`range(0, min(chunk_size, seqlen - start), BLOCK)`), nor
// one whose tile the key fixes (`range(cdiv(seqlen, CHUNK))`, CHUNK keyed):
// each step is then the same work for every shape of the key.
std::vector<const Loop *> tiledLoopsBoundBy(const Kernel &kernel, const std::string &name, const Fixed &fixed) {
  std::vector<const Loop *> loops;
  for (const Loop &loop : kernel.loops) {
    const auto &bounds = loop.boundParams;
    if (loop.perProgramShare) continue; // a grid-stride share, counted in tiles
    if (std::find(bounds.begin(), bounds.end(), name) == bounds.end()) continue;
    if (!std::any_of(bounds.begin(), bounds.end(), [&](const std::string &bound) {
          return bound != name && isTileParam(kernel, bound) && !fixed.tiles.count(bound);
        }))
      continue;
    // Front-ends that give no end bounds: the bounds as a whole.
    if (!loop.endBounds.empty() && (!boundReads(loop.endBounds, name) || fixed.bounds(loop.endBounds) ||
                                    fixed.onlyClips(loop.endBounds, name)))
      continue;
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

// With `constantTilesSizeNothing`, masks of tiles every launch sizes with
// one number are left out (they size no work); without, every mask the
// parameter bounds is listed (to describe its uses).
std::vector<const MaskExtent *> masksBoundBy(const Kernel &kernel, const std::string &name, const Fixed &fixed,
                                             bool constantTilesSizeNothing = true) {
  std::vector<const MaskExtent *> masks;
  for (const MaskExtent &mask : kernel.maskExtents) {
    if (!boundReads(mask.bounds, name) || fixed.bounds(mask.bounds) || fixed.onlyClips(mask.bounds, name) ||
        clipsABoundedLoop(kernel, mask, fixed))
      continue;
    const auto &tile = mask.tileParams;
    if (mask.tileKnown && std::all_of(tile.begin(), tile.end(), [&](const std::string &t) {
          return fixed.tiles.count(t) != 0 || (constantTilesSizeNothing && fixed.constantTiles.count(t) != 0);
        }))
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
  if (std::all_of(expression.begin(), expression.end(), isIdentifierChar)) return containsWord(text, expression);
  return text.find(expression) != std::string::npos;
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

// What `param` sizes, at the loop it bounds where there is one.
Note describeUse(const Kernel &kernel, const Param &param, const Fixed &fixed) {
  std::string roles;
  SourceSpan place;
  const std::vector<const Loop *> loops = tiledLoopsBoundBy(kernel, param.name, fixed);
  if (!loops.empty()) {
    roles = "bounds the loop over tiles at line " + std::to_string(loops.front()->span.line);
    place = loops.front()->span.start();
  }
  const bool masks = kernel.maskExtents.empty() ? param.uses.count(ParamUse::Mask) != 0
                                                : !masksBoundBy(kernel, param.name, fixed, false).empty();
  if (masks) roles += std::string(roles.empty() ? "" : " and ") + "masks loads or stores";
  return Note("`" + param.name + "` " + roles, place);
}

// A key argument stands in for the shape when its name says so (`proxies`:
// key arguments that size nothing themselves), or when a launch of the
// kernel passes it an expression of the shape's own argument: any key
// argument, a padded constexpr tile (`HEADDIM=next_power_of_2(headdim)`)
// as well as a bucket, changes whenever that expression does.
bool coveredByProxy(const FileModel &file, const Kernel &kernel, const std::string &shape,
                           const std::vector<std::string> &proxies, const std::vector<std::string> &keyed) {
  for (const std::string &proxy : proxies)
    if (proxyNameCovers(proxy, shape)) return true;
  for (const std::string &proxy : keyed) {
    for (const LaunchSite &launch : file.launches) {
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
// Whether `text`, once every keyed argument's expression is taken out, names
// no other value: numbers, operators and the functions that round them
// (`math.ceil(q.shape[2] / 64) * 64` with `q.shape[2]` keyed).
bool readsNothingElse(std::string text, const std::vector<std::string> &keyedExpressions, bool &readsKey) {
  for (const std::string &expression : keyedExpressions)
    for (size_t at = findWord(text, expression); at != std::string::npos; at = findWord(text, expression, at + 1)) {
      text.replace(at, expression.size(), "0");
      readsKey = true;
    }
  for (size_t i = 0; i < text.size();) {
    if (!std::isalpha(static_cast<unsigned char>(text[i])) && text[i] != '_') {
      // Numbers (with their suffixes and exponents) are values of no one.
      if (std::isdigit(static_cast<unsigned char>(text[i])))
        while (i < text.size() && (isIdentifierChar(text[i]) || text[i] == '.')) ++i;
      else
        ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && (isIdentifierChar(text[end]) || text[end] == '.')) ++end;
    size_t next = end;
    while (next < text.size() && text[next] == ' ') ++next;
    if (next >= text.size() || text[next] != '(') return false; // a name read as a value
    i = end;
  }
  return true;
}

// A shape the launch computes from keyed arguments alone (`q_round_len =
// math.ceil(q.shape[2] / 64) * 64` beside a keyed `N_CTX=q.shape[2]`):
// it changes only when the key does.
bool computedFromKey(const FileModel &file, const Kernel &kernel, const std::string &shape,
                     const std::vector<std::string> &keyed) {
  bool launched = false;
  for (const LaunchSite &launch : file.launches) {
    if (!callsOwnKernel(launch, kernel)) continue;
    const LaunchArgument *shapeArgument = argumentFor(launch, kernel, shape);
    if (!shapeArgument) return false;
    std::vector<std::string> keyedExpressions;
    for (const std::string &key : keyed)
      if (const LaunchArgument *keyArgument = argumentFor(launch, kernel, key)) {
        keyedExpressions.push_back(keyArgument->text);
        keyedExpressions.push_back(keyArgument->definitionText);
      }
    const std::string &value =
        shapeArgument->definitionText.empty() ? shapeArgument->text : shapeArgument->definitionText;
    bool readsKey = false;
    if (!readsNothingElse(value, keyedExpressions, readsKey) || !readsKey) return false;
    launched = true;
  }
  return launched;
}
} // namespace

std::vector<KeyShapeArgument> shapeArgumentsMissingFromKey(const Kernel &kernel, const FileModel &file,
                                                           const std::set<std::string> &keyNames) {
  std::vector<std::string> proxies;
  for (const std::string &name : keyNames)
    if (const Param *param = kernel.findParam(name); param && canBeProxy(*param)) proxies.push_back(name);
  const std::vector<std::string> keyed(keyNames.begin(), keyNames.end());
  const Fixed fixed(kernel, file, keyNames);
  std::vector<KeyShapeArgument> missing;
  for (const Param &param : kernel.params) {
    if (keyNames.count(param.name) || !isWorkSizingShape(kernel, param, fixed) ||
        kernel.doNotSpecialize.count(param.name) || coveredByProxy(file, kernel, param.name, proxies, keyed) ||
        computedFromKey(file, kernel, param.name, keyed) ||
        sameConstantAtEveryLaunch(file, kernel, param.name))
      continue;
    missing.push_back({&param, describeUse(kernel, param, fixed)});
  }
  return missing;
}

} // namespace btlint
