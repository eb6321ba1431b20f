#pragma once
// The language-neutral kernel model. Front-ends (Python, CUDA, YAML) fill it;
// rules read it and never see syntax.
#include "diag/Diagnostic.h"
#include "diag/SourceSpan.h"
#include "model/NameMap.h"
#include "model/Value.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <string_view>
#include <type_traits>
#include <vector>

namespace btlint {

enum class Language { Python, Cuda, Yaml };
const char *languageName(Language language);

// What a question about code answers: known present, known absent, or not
// known (code that could not be read).
enum class Presence { No, Yes, Unknown };

enum class ParamKind { Pointer, Int, Float, Constexpr, Unknown };

// How a parameter is used inside the kernel body; front-ends record each use
// so rules reason about roles, not syntax.
enum class ParamUse {
  TileExtent,    // sizes a tile: arange bound, zeros/full shape, shared extent
  LoopBound,     // bounds a loop (range(...) argument, while condition)
  Mask,          // appears in a load/store mask or comparison guarding memory
  PointerOffset, // only offsets a pointer (strides, row index)
  Arithmetic,    // any other use in an expression
  Grid,          // used by a launch site's grid
};

struct Param {
  std::string name;
  ParamKind kind = ParamKind::Unknown;
  std::string annotation; // source text, e.g. "tl.constexpr", "int"
  std::optional<ScalarValue> defaultValue;
  SourceSpan span;
  std::set<ParamUse> uses;
  bool isConstexpr() const { return kind == ParamKind::Constexpr; }
};

// One dimension of a tile shape: a constant, a parameter, or an expression
// over parameters ("BLOCK_M * 2"). evaluate() in the evaluator resolves it
// against a config.
// One step of a dimension's integer expression in postfix order (added by the
// front-ends so rules can resolve a dimension against each config without
// reading syntax; eval/TileEval.h evaluates it).
struct DimOp {
  enum Kind {
    Constant, // push value
    Param,    // push the kernel parameter `name` (config value, else default)
    Add, Sub, Mul, FloorDiv, Mod, Pow, Min, Max, ShiftLeft, ShiftRight,
    CeilDiv,  // triton.cdiv(a, b)
    NextPowerOfTwo, // triton.next_power_of_2(a)
    Negate,
  };
  Kind kind = Constant;
  int64_t value = 0;
  std::string name;
};

struct TileDim {
  std::string text;                   // source text of the dimension
  std::optional<int64_t> constant;    // set when the text is a literal integer
  std::vector<std::string> params;    // kernel parameters the dimension reads
  SourceSpan span;
  // The dimension as an expression over parameters and constants, locals of
  // the kernel substituted ("half = BLOCK // 2" gives BLOCK 2 FloorDiv).
  // Empty when the dimension is not such an expression.
  std::vector<DimOp> program;
};

// A kernel parameter an access, a tile, a dot or a scratch operation is
// conditional on: `if INPLACE:` gives {"INPLACE", true}, the `else:` arm
// {"INPLACE", false}; `if SPLIT_K == 1:` gives {"SPLIT_K", true, "==", 1}.
struct AccessGuard {
  std::string param;
  bool whenTrue = true;
  std::string compare; // "" (the value's truth), "==", "!=", "<", "<=", ">", ">="
  int64_t operand = 0;

  // Whether it runs when the parameter has `value` (a bool as 0 or 1).
  bool holdsFor(int64_t value) const {
    bool test = value != 0;
    if (compare == "==") test = value == operand;
    else if (compare == "!=") test = value != operand;
    else if (compare == "<") test = value < operand;
    else if (compare == "<=") test = value <= operand;
    else if (compare == ">") test = value > operand;
    else if (compare == ">=") test = value >= operand;
    return test == whenTrue;
  }
};

enum class TileSource { Arange, Zeros, Full, Reshape, DotOperand, SharedArray, Load, BlockPointer };

struct TileShape {
  TileSource source = TileSource::Zeros;
  std::vector<TileDim> dims;
  std::string dtype; // element type when visible ("fp32", "fp16", ...), else empty
  // Where `dtype` comes from when the kernel's text does not show it: "`x_ptr`
  // is fp32 in the launch at line 40"; empty otherwise.
  std::string dtypeShownBy;
  SourceSpan span;
  // The parameter tests of the `if` arms it is made in: all must hold for
  // the tile to be built (a config or launch that fails one compiles it out).
  std::vector<AccessGuard> guards;
  // A 2-D load whose address moves by one element along one axis and by a
  // parameter (a stride) along the other: that axis (0 or 1); -1 otherwise.
  int contiguousAxis = -1;
  // A vector load (1-D, or a [1, D] row or [T, 1] column) whose consecutive
  // elements are a parameter apart (`offs * H`).
  bool strided = false;
  // Loaded through a tensor descriptor (`desc.load(...)`): a TMA copy.
  bool viaDescriptor = false;
  // Loads of the same loop whose values reach this load's address (indices
  // in Kernel::tiles): a group index selecting rows of scales.
  std::vector<int> addressLoads;
};

struct DotSite {
  SourceSpan span;
  bool scaled = false;         // tl.dot_scaled
  std::vector<TileDim> a;      // operand A shape [M, K] when known
  std::vector<TileDim> b;      // operand B shape [K, N] when known
  std::string inputDtype;      // "fp16", "bf16", "fp32", "fp8e4nv", "int8", ... or empty
  std::string accDtype;        // accumulator type when visible
  // The kernel parameter `out_dtype=` names (`out_dtype=ACC_TYPE`): its type
  // is what the launches pass.
  std::string accDtypeParam;
  // inputDtype is the type of the tensors the file's launches pass for the
  // operands' pointers (the kernel's text does not show it).
  bool inputFromLaunches = false;
  int loopDepth = 0;           // 0: not inside a loop
  // Index in Kernel::loops of the outermost loop around the dot, -1 for none:
  // dots under different outermost loops run one loop after the other.
  int outerLoop = -1;
  int innerLoop = -1; // index in Kernel::loops of the innermost loop around it, -1 for none
  // Adds into an accumulator (`acc` argument, `acc += tl.dot(...)`) that
  // lives across iterations; false for a fresh product (attention's scores).
  bool accumulates = true;
  // The variable it adds into (`acc` of `acc += tl.dot(...)`, of
  // `acc = tl.dot(a, b, acc)`); empty when none is named. Dots that add into
  // one variable (the arms of an `if`, a chain of dots) share its registers.
  std::string accumulator;
  // The dot (index in Kernel::dots) whose result this one adds into: the
  // loop's accumulator for `b_o += tl.dot(a, v)` after the loop, the first
  // dot for the second of `b_o + tl.dot(a, v) + tl.dot(b, w)`; -1: none.
  int accumulatorFrom = -1;
  bool aFromLoad = false;      // operand comes straight from a tl.load in the loop
  bool bFromLoad = false;
  // B is written as a transposed tile (`tl.trans(x)`, `x.trans()`, `x.T`).
  bool bTransposed = false;
  // A and B are one tl.load, B transposed (`tl.dot(k, tl.trans(k))`).
  bool operandsShareLoad = false;
  // Where each operand's value comes from, through casts, transposes and
  // element-wise arithmetic: the tl.loads of the dot's innermost loop it is
  // computed from (indices in Kernel::tiles; one load feeding two dots is
  // one index in both), and whether an earlier dot's result takes part (a
  // value computed in registers). `originsKnown`: the front-end tracked them.
  std::vector<int> aLoads, bLoads;
  bool aFromDot = false, bFromDot = false;
  // Computed from a load outside the dot's innermost loop (loaded before it).
  bool aLoadedBefore = false, bLoadedBefore = false;
  // Read straight from a tl.load of the same loop (or both outside loops).
  bool aStraight = false, bStraight = false;
  bool aCast = false, bCast = false; // straight, with a cast (`.to`) on the way
  // Where an operand is computed from its loads with a scalar decided at
  // run time (`b_q * scale`): the `if` arms on parameters around each such
  // place (empty: unconditional). Triton cannot then move the conversion to
  // the dot's operand layout up to the loads, and converts the computed tile.
  std::vector<std::vector<AccessGuard>> aRunTimeScalars, bRunTimeScalars;
  // The tiles recorded before the dot (Kernel::tiles.size() when it is read):
  // loads with a lower index come before it in the program.
  int tilesBefore = 0;
  bool originsKnown = false;
  std::vector<AccessGuard> guards; // the `if` arms on parameters it runs in; empty: unconditional
  // Runs under an `if` decided at run time inside its own loop (`if n > 0:`
  // on a loaded count): Triton's pipeliner leaves such a dot's loads single-buffered.
  // Unless one of `runtimeTestUnless` holds: the parameter tests of the `if`'s
  // disjunction (`if n > 0 or ALL:`), any of which makes it true when compiled.
  bool underRuntimeTest = false;
  std::vector<AccessGuard> runtimeTestUnless;
  // The accumulator is stored inside the dot's own loop (a running state
  // written out every chunk): its conversion to the store's layout happens
  // while the loop's buffers are live. One entry per such store: the `if`
  // arms on parameters it runs in (`if STORE_STATES:`; empty: unconditional).
  std::vector<std::vector<AccessGuard>> accumulatorStoresInLoop;
};

// One way an extent (a loop's end, the bound a mask compares against) is
// bounded from above: by a function of these parameters alone. `program`: it
// also grows with a program id (the grid); `data`: with a value loaded from
// memory. `chunk = min(chunk_size, seqlen - pid * chunk_size)` is bounded by
// {chunk_size} and by {seqlen}: keying chunk_size bounds it, whatever seqlen.
struct ExtentBound {
  std::vector<std::string> params;
  bool program = false;
  bool data = false;
};

// The bound of one mask comparison (`offs < n`: n) of a load, store or
// atomic, or a dimension of a block pointer's or tensor descriptor's shape.
struct MaskExtent {
  SourceSpan span;
  std::vector<ExtentBound> bounds; // any one of them bounds the extent
  // The tile compared against it: the parameters of its extent (BLOCK_M for
  // `pid * BLOCK_M + tl.arange(0, BLOCK_M)`; none for a constant one), when
  // the front-end knows its shape, and whether it starts at a program id's
  // offset (each program then covers one tile of the extent).
  std::vector<std::string> tileParams;
  bool tileKnown = false;
  bool programIndexed = false;
};

struct Loop {
  SourceSpan span;
  std::vector<std::string> boundParams; // parameters in range(...) or the condition
  std::vector<ExtentBound> endBounds;   // how its end is bounded (range's stop, the condition's limit)
  bool containsDot = false;
  bool isStaticRange = false;           // tl.static_range: unrolled, not pipelined
  // `tl.range(..., num_stages=S)` with a number: the loop's own pipeline
  // depth, which replaces the config's for it.
  std::optional<int64_t> numStages;
  // The kernel parameter the loop walks in tiles, when its range says so:
  // `range(0, K, BLOCK_K)`, `range(tl.cdiv(K, BLOCK_K))`; empty otherwise.
  std::string tiledExtent;
  // Its trip count as an expression over parameters (`range(E)`: E;
  // `range(S, E[, T])`: cdiv(E - S, T)), for a config that fixes it; empty
  // when the range is not such an expression.
  std::vector<DimOp> iterations;
  // Amounts the trip count is lowered by under `if` arms on parameters
  // (`n = tl.cdiv(K, BLOCK_K)` then `if not EVEN_K: n -= 1`, the partial
  // tile peeled off into a masked step after the loop); `iterations` is the
  // count before them.
  struct Decrement {
    std::vector<AccessGuard> guards;
    int64_t amount = 0;
  };
  std::vector<Decrement> iterationDecrements;
  int parent = -1; // index in Kernel::loops of the loop around it, -1 for none
  // `range(n)` with n one program's share of a persistent grid's work
  // (`cdiv(N, BLOCK_N) // tl.num_programs(0)`): each step is a tile, and the
  // trip count shrinks as the grid grows, as in a grid-stride loop.
  bool perProgramShare = false;
};

// An operation whose lowering can take shared-memory scratch in Triton's
// allocation analysis: a reduction or scan whose axis crosses warps, an
// atomic whose result is read, or a change of layout (a transpose, a
// reshape, a join or split, a gather, a histogram).
enum class ScratchOpKind { Reduction, Scan, Atomic, LayoutChange };

struct ScratchOp {
  ScratchOpKind kind = ScratchOpKind::LayoutChange;
  std::string op;              // as called: "sum", "argmax", "cumsum", "atomic_add", "trans"
  std::vector<TileDim> operand; // the operand's shape when known
  bool operandKnown = false;
  int axis = -1;               // the reduced or scanned axis; -1: every axis (axis=None)
  std::string dtype;           // the operand's element type when visible, else empty
  SourceSpan span;
  std::vector<AccessGuard> guards; // the `if` arms on parameters it runs in; empty: unconditional
  // Its result reaches a tl.store as a vector (elementwise, not broadcast
  // back into a tile first).
  bool resultStored = false;
};

enum class AccessKind { Load, Store, Atomic };

// One axis of the tile of offsets a load, store or atomic addresses: offsets
// made from a `tl.arange` (identified by its span) that a program id or a
// loop moves by the tile's extent (`pid * BLOCK_M + tl.arange(0, BLOCK_M)`,
// `k * BLOCK_K + ...`, a pointer advanced by `BLOCK_K * stride` each
// iteration), so that the tiles together run over a whole dimension.
struct OffsetAxis {
  SourceSpan arange; // the tl.arange call
  TileDim block;     // its extent
  bool programWalk = false; // moved by a program id
  int loop = -1;     // the Kernel::loops index of the one loop that moves it; -1: none or several
  // Taken modulo, clamped or divided (`offs % M`, `tl.minimum(offs, M - 1)`):
  // inside the dimension whatever the tile.
  bool wrapped = false;
  std::string stride; // the parameter that scales the offsets (empty: none)
};

// What a mask says of one axis of offsets: a comparison `offs < bound` whose
// left side reads the tl.arange at `arange`.
struct MaskCover {
  SourceSpan arange;
  std::vector<ExtentBound> bounds; // any one of them bounds `bound`
  std::vector<std::string> boundParams; // the parameters the bound reads, all of them
  SourceSpan span;                 // the comparison
  // The access's own address along that arange: whether it reads it, and
  // the parameter that scales it there (its stride; empty: none).
  bool addressed = false;
  std::string addressStride;
};

struct MemoryAccess {
  std::string pointer; // kernel parameter the address derives from
  AccessKind kind = AccessKind::Load;
  std::string atomicOp; // "add", "max", ... for atomics
  SourceSpan span;
  std::vector<AccessGuard> guards; // all must hold; empty: unconditional
  // The address and mask as written, spaces removed ("out+offsets"); empty
  // when not a plain tl.load/tl.store argument. Two accesses with the same
  // texts in one loop body touch the same elements.
  std::string addressText;
  std::string maskText;
  // The parameters the address reads besides the pointer (strides, sizes).
  std::vector<std::string> addressParams;
  // The axes of the offsets, when every axis of the address tile is read
  // (offsetsKnown); walked axes only (an axis from a plain arange or a
  // broadcast is not listed).
  bool offsetsKnown = false;
  std::vector<OffsetAxis> walkedAxes;
  // The mask: none, one made only of comparisons (joined by `&` or `and`)
  // whose sides the front-end read (maskKnown, covers), or another.
  bool hasMask = false;
  bool maskKnown = false;
  std::vector<MaskCover> maskCovers;
  // A store of what a load of the same address and mask read, with some
  // elements replaced by values that do not depend on it (`tl.where(m, v,
  // x)`, `tl.maximum(x, c)`), and that load: running it again writes what
  // the first run wrote.
  bool idempotentOverwrite = false;
  // A store of a literal zero (`0`, `0.0`, `False`).
  bool storesZero = false;
  // A load whose value is used only as the whole test of `if` statements
  // (`keep = tl.load(p + i)` then `if keep:`): it decides whether work
  // runs, and reaches nothing else.
  bool onlyTestedForTruth = false;
};

// Static or dynamic shared memory (CUDA) declared by a kernel.
struct SharedAllocation {
  std::string name;
  std::optional<int64_t> bytes; // unknown for dynamic/template-dependent sizes
  bool isDynamic = false;
  SourceSpan span;
  // Alignment in bytes (alignof, raised by __align__/alignas);
  // ptxas places static allocations in order, each at a multiple of it.
  std::optional<int64_t> alignment;
};

// An inline-PTX instruction that ptxas accepts only for some targets
// (wgmma, setmaxnreg, tcgen05: arch/ArchTable.h), where a kernel reaches it.
struct RestrictedInstructionUse {
  std::string instruction; // as written: "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16"
  std::string family;      // the table's prefix: "wgmma."
  SourceSpan span;
};

// CUDA: what a block's index steps by along one axis, as the kernel writes
// it (`blockIdx.x * blockDim.x`, `blockIdx.x * 256`, `blockIdx.x *
// blockDim.x * 4`): blockDim times `factor`, or `factor` alone. Not `known`
// when `blockIdx` is read any other way (alone, times a run-time value).
struct BlockStride {
  int axis = 0;
  int64_t factor = 1;
  bool timesBlockDim = false;
  bool known = true;
};

// A per-thread array in a kernel body,
// such as the accumulator tile `float acc[TM * TN]`, which the compiler keeps
// in registers when it can.
struct LocalArray {
  std::string name;
  std::optional<int64_t> elements;     // all dimensions multiplied; unknown when template-dependent
  std::optional<int64_t> elementBytes; // sizeof the element type
  std::string elementType;             // "float", "half", ...
  SourceSpan span;
  // Where an index only known at run time reads or writes it (not a
  // constant, nor the counter of a loop with a constant trip count, which
  // unrolls): such an array lives in local memory whatever its size.
  std::optional<SourceSpan> runtimeIndex;
  // The steps of one walk of the kernel's body in source order between
  // which it holds a value: its first and last use, widened to a whole loop
  // when a pass reads what the pass before left (its first use there is not
  // an unconditional overwrite: a store, an `=` asm output, a call that only
  // writes through the parameter), and to its whole block when its address
  // goes into a pointer, a reference or a lambda. Arrays whose spans do not
  // meet are never live together.
  uint32_t liveFrom = 0;
  uint32_t liveTo = 0;
};

// How a config came to be, for notes: "config 7 of 24, from the
// comprehension at line 31 with BLOCK_K=8". A config of an evaluated list
// keeps the parts (its number, and the list's size and where the config was
// made, shared by the configs of one expression) and writes the text only
// when a finding asks for it: most configs are never named in a note.
class ConfigExpansion {
public:
  ConfigExpansion() = default;
  // A whole text ("the launch at line 12").
  ConfigExpansion &operator=(std::string text) {
    *this = ConfigExpansion();
    text_ = std::move(text);
    return *this;
  }
  // "config <number> of <total>, <where>" (no comma when `where` is empty).
  void setListed(size_t number, std::shared_ptr<const std::string> total, std::shared_ptr<const std::string> where) {
    *this = ConfigExpansion();
    number_ = number;
    total_ = std::move(total);
    where_ = std::move(where);
  }
  // The place the text names ("at line 31"): `span`, in `path` when that is
  // not the analysed file (null or empty otherwise).
  void setPlace(const SourceSpan &span, std::shared_ptr<const std::string> path = nullptr) {
    placeSpan_ = span;
    placePath_ = std::move(path);
  }
  bool empty() const { return number_ == 0 && text_.empty(); }
  std::string str() const {
    if (number_ == 0) return text_;
    std::string text = "config " + std::to_string(number_) + " of " + *total_;
    if (where_ && !where_->empty()) text += ", " + *where_;
    return text;
  }
  operator std::string() const { return str(); }
  // The text as a note, with the place it names where known.
  Note note() const { return Note(str(), placeSpan_, placePath_ ? *placePath_ : std::string()); }

private:
  std::string text_;
  SourceSpan placeSpan_;
  std::shared_ptr<const std::string> placePath_;
  size_t number_ = 0; // 1-based; 0: text_ is the whole text
  std::shared_ptr<const std::string> total_, where_;
};

struct Config {
  NameMap<ScalarValue> params; // kernel meta-parameters
  std::optional<ScalarValue> numWarps;
  std::optional<ScalarValue> numStages;
  std::optional<ScalarValue> numCtas;
  std::optional<ScalarValue> maxnreg;
  SourceSpan span;       // the expression that produced this config
  ConfigExpansion expansion; // "config 7 of 24, from the comprehension at line 31 with BLOCK_K=8"
  size_t index = 0;      // 0-based position in the expanded list
  // Where the config's parts were written (the front-end fills them):
  // Span of each meta-parameter's key as written ('BLOCK_M' in the dict, or
  // the keyword); config-unknown-param points at the misspelt name.
  NameMap<SourceSpan> paramNameSpans;
  // True when the config is written out as one element of a literal list
  // display and `span` covers exactly that element: duplicate-config can then
  // offer to delete it.
  bool literalElement = false;
  // The file `span` and the value spans lie in, when it is not the analysed
  // file (a list built by a helper in a sibling module); empty otherwise.
  // Rules then report at the list's span in the analysed file instead.
  std::string sourcePath;
};

// A config's values as written ("BLOCK_M=128 BLOCK_N=64 num_warps=4"), "?"
// for an unknown one: what identifies a config when its number changes.
inline std::string configValuesText(const Config &config) {
  std::string text;
  auto add = [&](std::string_view name, const ScalarValue &value) {
    if (!text.empty()) text += ' ';
    text += name;
    text += '=';
    text += value.isKnown() ? value.str() : std::string("?");
  };
  for (const auto &[name, value] : config.params) add(name, value);
  if (config.numWarps) add("num_warps", *config.numWarps);
  if (config.numStages) add("num_stages", *config.numStages);
  if (config.numCtas) add("num_ctas", *config.numCtas);
  if (config.maxnreg) add("maxnreg", *config.maxnreg);
  return text;
}

// triton.Config's defaults, for a config that leaves them out.
inline constexpr int kDefaultNumWarps = 4;
inline constexpr int kDefaultNumStages = 3;
inline constexpr int kDefaultNumCtas = 1;

// A list of configs as evaluated. When the evaluator could not resolve the
// whole list, complete is false, configs holds what was resolved, and
// unknownReason says why.
struct ConfigList {
  std::vector<Config> configs;
  bool complete = true;
  std::string unknownReason;
  SourceSpan span;           // the expression (argument) the list came from
  std::vector<Note> evaluationNotes; // e.g. "TRITON_EXHAUSTIVE not set: took its default"
};

struct NameRef {
  std::string name;
  SourceSpan span;
};

struct AutotuneSpec {
  SourceSpan span; // the decorator or call
  ConfigList configs;
  std::vector<NameRef> key;
  bool keyKnown = true;
  SourceSpan keySpan; // the key= argument
  bool hasPruner = false;             // prune_configs_by given
  std::string prunerName;             // early_config_prune function name
  std::set<std::string> prunerLimits; // what the pruner enforces: "smem", "BLOCK_M<=M", "N%BLOCK_N==0", ...
  std::set<std::string> prunerConfigKeys; // config keys the pruner reads
  // Comparisons of a config key with a number that every config the pruner
  // keeps satisfies (`B_c != 0` in the test that filters the list): a
  // config that fails one is dropped before it compiles.
  struct KeepCondition {
    std::string key;
    std::string op; // "==", "!=", "<", "<=", ">", ">="
    int64_t value = 0;
    bool holdsFor(int64_t x) const {
      return op == "==" ? x == value : op == "!=" ? x != value : op == "<" ? x < value
           : op == "<=" ? x <= value : op == ">" ? x > value : x >= value;
    }
    bool operator<(const KeepCondition &o) const {
      return std::tie(key, op, value) < std::tie(o.key, o.op, o.value);
    }
  };
  std::set<KeepCondition> prunerKeeps;
  bool prunerBuildsConfigs = false;   // the pruner returns configs it makes (from the listed ones)
  std::vector<NameRef> restoreValue;
  std::vector<NameRef> resetToZero;
  bool hasPrehook = false;            // pre_hook/post_hook may restore state
  // A wrapper of the project's own that chooses its configs inside its body
  // passes what is restored or reset there too (`restore_value=` in its
  // body, not at the decorator): not read.
  bool restoresChosenInside = false;
  bool wrappedByCustomDecorator = false;
};

// The first keep condition of the pruner (AutotuneSpec::prunerKeeps) that
// `config` fails, or null: the pruner drops such a config before it
// compiles. None for a pruner that builds the configs that run itself.
const AutotuneSpec::KeepCondition *failedPrunerKeep(const AutotuneSpec &spec, const Config &config);

struct Heuristic {
  std::string param;
  SourceSpan span;
  std::string text;                   // source text of the value (lambda)
  std::vector<std::string> readsArgs; // kernel arguments it reads (args["N"])
  // It takes a remainder (`%`), in its text or in a function of its module it
  // calls (`is_even_mn(args["M"], ...)`): a divisibility flag.
  bool takesRemainder = false;
};

struct LaunchArgument {
  // A positional argument after a `*splat` of unknown length: it maps to no
  // parameter.
  static constexpr size_t kUnknownPosition = static_cast<size_t>(-1);
  std::string name;    // keyword name, or empty for positional
  size_t position = 0; // position for positional arguments, or kUnknownPosition
  ScalarValue value;   // known constant, or unknown
  std::string text;    // source text
  // For a name, what the launching function last assigned to it before the
  // launch, at the launch's level or one enclosing it ("triton.next_power_of_2(dim)"
  // for `BLOCK_D=BLOCK_D`); empty otherwise.
  std::string definitionText;
  // For a name the launching function assigns in the arms of an `if` on
  // the way to the launch: each value it may hold there, as written
  // (`(K % 128) == 0` in two arms, `False` in the else); empty otherwise.
  std::vector<std::string> armDefinitionTexts;
  // For an expression (`n_ctx + m_pad_size`): what the launching function
  // last assigned to the names it reads, and to the names those read, two
  // levels deep (`m_pad_size` -> "BLOCK_M - n_ctx % BLOCK_M if ...",
  // `BLOCK_M` -> "64"); empty otherwise.
  std::vector<std::pair<std::string, std::string>> nameDefinitions;
  // The element type of the tensor passed, as the launching code shows it
  // (`torch.empty(..., dtype=torch.float16)`, `x.to(torch.float32)`, a view
  // of one, a parameter every call in the module passes one to): "fp16",
  // "fp32", "int8", ...; empty when nothing shows it.
  std::string elementType;
  // Where an assert of the launching code allows several types of one width
  // (`assert a.dtype in [torch.int8, torch.float8_e4m3fn]`), elementType is
  // the first and this says so ("int8 or fp8e4nv (the assert at line 90; 1
  // byte either way)"); empty otherwise.
  std::string elementTypeAlternatives;
  SourceSpan span;
};

enum class GridKind { None, Tuple, Lambda, Function, Unknown };

// A divisor the grid divides a problem size by
// (cdiv's second argument, the right side of `//`, the divisor of a
// ceil-division idiom), so a fixed block size in the grid can be told from one
// read from the chosen config.
struct GridDivisor {
  std::string text;    // source text ("128", "BLOCK_M", "META['BLOCK_M']")
  ScalarValue value;   // known when the divisor evaluates to a constant
  bool readsMeta = false; // reads the config (META[...] / meta.BLOCK_M)
  SourceSpan span;
  // A ceiling division (`triton.cdiv(M, META['BLOCK_M'])`, `(M + B - 1) // B`):
  // the name divided (`M`) and the config key divided by (`BLOCK_M`), when
  // both are plain; the last program then covers a partial tile.
  bool roundsUp = false;
  std::string dividend;
  std::string metaKey;
  // CUDA: the launching function also takes `dividend % divisor` (a check
  // that the size is a multiple, or a launch for the remainder).
  bool remainderHandled = false;
  int axis = 0; // CUDA: the grid extent divided (0 x, 1 y, 2 z)
  std::string expression; // CUDA: the division as written ("height / 8")
};

// A bound the launching function asserts before the launch
// (`assert group_size >= 16`): `name op value` with name a variable of the
// launcher; a launch argument whose text is `name` carries the bound.
struct LaunchGuard {
  std::string name;
  std::string op; // "<", "<=", ">", ">=", "==", "!=", "%==0" (name % value == 0)
  int64_t value = 0;
  SourceSpan span;
};

struct LaunchSite {
  std::string kernel; // callee name as written (may be an attribute: "mod.kernel")
  SourceSpan span;
  GridKind gridKind = GridKind::None;
  std::string gridText;
  SourceSpan gridSpan;
  bool gridReadsMeta = false;                // grid lambda/function reads META[...]
  std::vector<std::string> gridNames;        // names the grid expression reads
  std::vector<GridDivisor> gridDivisors;     // what the grid divides problem sizes by
  std::vector<std::string> gridMetaKeys;     // keys the grid reads from META
  std::string enclosingFunction;             // host function holding the launch
  std::vector<LaunchGuard> guards;           // asserts before the launch
  std::vector<LaunchArgument> arguments;
  // CUDA launches.
  std::optional<ScalarValue> blockThreads;   // product of block dimensions
  std::optional<ScalarValue> dynamicSmemBytes;
  std::map<std::string, ScalarValue> templateArgs;
  // The block's x, y, z extents when all
  // three are known (the limits are per dimension as well as in total), and
  // how the kernel was launched ("<<<>>>", "cudaLaunchKernel", "cudaLaunchKernelEx").
  std::vector<ScalarValue> blockDims;
  // The grid's x, y, z extents when all three are known (CUDA: y and z are
  // limited to 65535 blocks).
  std::vector<ScalarValue> gridDims;
  // cudaLaunchKernelEx's cudaLaunchAttributeClusterDimension, when set and known.
  std::vector<ScalarValue> clusterDims;
  std::string launchApi;
  // The launched name without its module path ("mod.kernel" -> "kernel"),
  // as Kernel::answersTo and the file's kernels know it.
  std::string_view kernelName() const {
    const size_t dot = kernel.rfind('.');
    return dot == std::string::npos ? std::string_view(kernel) : std::string_view(kernel).substr(dot + 1);
  }
};

struct Kernel {
  std::string name;
  Language language = Language::Python;
  SourceSpan span;     // the whole definition
  SourceSpan nameSpan; // the name in the definition
  std::vector<Param> params;
  std::set<std::string> tileParams;
  // Integer or constexpr parameters that scale the last axis of a tile
  // (`offs_k[None, :] * stride_ak`, `offs * stride`): the strides of the
  // contiguous axis, which btlint's resource model takes as 1 (vectorised,
  // pipelined loads).
  std::set<std::string> innerStrideParams;
  // Parameters a `tl.static_assert(P == value)` pins to one value.
  std::map<std::string, int64_t> assertedValues;
  std::vector<TileShape> tiles;
  std::vector<DotSite> dots;
  std::vector<Loop> loops;
  std::vector<ScratchOp> scratchOps;
  // Whether the @triton.jit helpers the kernel calls can take scratch or
  // hold a dot (true also when a helper is not in the file); nullopt where
  // the front-end does not read bodies (a spec, CUDA).
  std::optional<bool> helpersMayNeedScratch;
  // Whether the kernel or a @triton.jit helper it calls, in its module or
  // imported from another one, has a loop the software pipeliner can
  // overlap (true also when a helper cannot be read); nullopt where the
  // front-end does not read bodies.
  std::optional<bool> mayPipelineLoop;
  // Whether the kernel or a helper it calls, here or in an imported module,
  // holds a `tl.dot` (Unknown where a helper cannot be read); nullopt where
  // the front-end does not read bodies.
  std::optional<Presence> dotThroughHelpers;
  std::vector<MaskExtent> maskExtents;
  std::vector<MemoryAccess> accesses;
  std::vector<SharedAllocation> sharedAllocations;
  std::optional<AutotuneSpec> autotune;
  // Configs given to a decorator written like triton.autotune (configs and a
  // key) that does not autotune as btlint reads it (a pass-through chosen by
  // an environment variable): not linted, reported as not read.
  std::optional<ConfigList> listNotAutotuned;
  std::vector<Heuristic> heuristics;
  std::set<std::string> doNotSpecialize;
  std::optional<ScalarValue> launchBoundsThreads; // CUDA __launch_bounds__
  std::optional<ScalarValue> launchBoundsMinBlocks; // its second argument, when written
  std::optional<ScalarValue> maxRegisters;          // CUDA __maxnreg__
  std::vector<RestrictedInstructionUse> restrictedInstructions; // CUDA inline PTX
  // CUDA __cluster_dims__(x, y, z), when written and known; the span is the attribute's.
  std::vector<ScalarValue> clusterDims;
  bool nonPortableClusterSizeAllowed = false; // cudaFuncAttributeNonPortableClusterSizeAllowed set
  bool hasOptInDynamicSmem = false;               // CUDA cudaFuncSetAttribute seen
  bool readsGridSize = false;                     // CUDA: reads gridDim (a grid-stride loop fits any grid)
  // CUDA: the block strides the kernel and the device code it calls write;
  // whether any of it loops (a thread may cover several elements), and
  // whether a thread may move a vector of elements (a pointer cast, a
  // parameter pointing to `char4`, `__half2`, ...).
  std::vector<BlockStride> blockStrides;
  bool threadLoops = false;
  bool movesVectors = false;
  std::optional<int64_t> optInDynamicSmemBytes;
  // Decorators as written, outermost first, canonicalised through
  // imports ("triton.autotune", "triton.heuristics", "triton.jit"); decorator
  // order matters to Triton (autotune must wrap heuristics, which wraps jit).
  std::vector<std::string> decorators;
  // Functions the kernel body calls (device helpers; tl.* and builtins
  // excluded): by plain name, or dotted when written through a class or an
  // imported module (`Mean.forward`, `language.Mean.forward`); and whether a
  // kernel of the same file calls this one. A @triton.jit helper called from kernels is specialised on its
  // callers' arguments: a constexpr passed in stays constexpr inside, so it
  // needs no `tl.constexpr` annotation of its own.
  std::vector<std::string> calledFunctions;
  bool calledByKernel = false;
  // Helpers of the kernel's module that hold a dot, read in place at the
  // calls (their loops, loads and dots are in this model, and the helpers
  // they call in calledFunctions).
  std::set<std::string> inlinedHelpers;
  // The class a kernel written as a `@staticmethod` is defined in; empty at
  // module level.
  std::string className;
  // Whether a call written `called` in this kernel's module reaches it.
  bool calledAs(std::string_view called) const {
    if (className.empty()) return called == name;
    return called.size() == className.size() + 1 + name.size() && called.substr(0, className.size()) == className &&
           called[className.size()] == '.' && called.substr(className.size() + 1) == name;
  }
  // A parameter is given a new axis (`offs[:, None]`): a tile, which only a
  // calling kernel can pass (the host passes tensors as scalar pointers), so
  // this is a device helper even where its callers are in other modules.
  bool takesTileArguments = false;
  // Host code that assigns `kernel.configs = ...` (a launcher that
  // swaps the autotuned list per call); the statically read list may not be
  // the one that runs.
  std::vector<SourceSpan> configsReplacedAt;
  // Names a call-form application binds the kernel object to
  // (`fast_add = triton.autotune(...)(add)`), which launches use instead of
  // `name`. `reapplied`: this Kernel is an autotuner applied to a function
  // that already has one: its own config list over the original's body,
  // reached only through its bound names.
  // Also an autotuner applied by a call to a new name over a kernel that has
  // none (`fast_add = triton.autotune(...)(add)`): `add` stays the plain
  // kernel, which launches may call with their own values.
  std::vector<std::string> boundNames;
  bool reapplied = false;
  bool overAnAutotunedKernel = false; // reapplied over a function that has a list of its own
  // The body written is not what Triton compiles: a project decorator under
  // `@triton.jit` hands it a function built from a body that is only a
  // docstring (a template rendered per config). What the kernel does is
  // not known; rules stay silent about what it lacks.
  bool bodyGeneratedByDecorator = false;
  // Whether a launch or lookup by `n` reaches this kernel object.
  bool answersTo(std::string_view n) const {
    if (n == name && !reapplied) return true;
    for (const std::string &bound : boundNames)
      if (bound == n) return true;
    return false;
  }
  // How findings about the autotuned object name it, quoted: "`add`", or for
  // a second autotuner "`add_narrow` (a second autotuner over `add`)".
  std::string tunedObjectName() const {
    if (!reapplied || boundNames.empty()) return "`" + name + "`";
    return "`" + boundNames.front() + "` (" + (overAnAutotunedKernel ? "a second autotuner" : "an autotuner") +
           " over `" + name + "`)";
  }
  // Element types the kernel names
  // explicitly (`.to(tl.float8e4nv)`, `dtype=tl.float8e4nv`, bitcasts), in the
  // model's spelling ("fp8e4nv"), at the span of the type expression.
  struct DtypeMention {
    std::string dtype;
    SourceSpan span;
  };
  std::vector<DtypeMention> dtypeMentions;
  std::string dtype;       // element type assumed for resources ("fp16")
  std::string dtypeSource; // where the assumption came from
  SourceSpan dtypeSourceSpan; // the place dtypeSource names ("the cast to fp16 at line 12"), if it names one
  // Nothing says what the tl.dot inputs are: the type is the default, or a
  // cast elsewhere in a kernel with dots (the stored result's).
  bool dtypeAssumed = false;
  std::vector<Note> notes; // what the front-end could not read, or where the kernel comes from
  // CUDA templates. A kernel template yields one Kernel per instantiation
  // made in the file (name "gemm<128, 64>"), or, when the file instantiates it
  // nowhere, one pattern Kernel whose template-dependent sizes are unknown.
  std::string templateName;                             // "gemm" for an instantiation; empty otherwise
  std::map<std::string, ScalarValue> templateArguments; // template parameter -> value ("float" for types)
  bool isTemplatePattern = false;
  // Set when the template is defined in another file (a header): the spans
  // then point at the instantiation in this file, not at the definition.
  std::string definitionPath;
  std::string symbol; // mangled name: the entry ptxas and the runner report
  // Static __shared__ bytes per block as ptxas counts them: allocations the
  // kernel (or a device function it calls) reads, laid out in order with
  // alignment padding; unknown when a size is. Allocations it never reads are
  // dropped by the compiler and are not in sharedAllocations either.
  std::optional<int64_t> staticSharedBytes;
  std::vector<LocalArray> localArrays; // per-thread arrays (register tiles)

  const Param *findParam(std::string_view n) const {
    for (const auto &p : params)
      if (p.name == n) return &p;
    return nullptr;
  }
  // The parameter a launch argument binds: its keyword, else the parameter at
  // its position; empty when it has neither (a surplus positional argument).
  std::string_view paramNameOf(const LaunchArgument &argument) const {
    if (!argument.name.empty()) return argument.name;
    return argument.position < params.size() ? std::string_view(params[argument.position].name)
                                             : std::string_view();
  }
};

// A timing call (triton.testing.do_bench and friends).
struct BenchCall {
  std::string function; // "triton.testing.do_bench"
  SourceSpan span;
  std::optional<ScalarValue> warmup;
  std::optional<ScalarValue> rep;
  bool hostClockWithoutSync = false; // time.time()/perf_counter around launches, no synchronize
  // The timed function is called in a loop just before (`while elapsed <
  // warmup_ms: fn()`): the warm-up is done by hand.
  bool warmedByHand = false;
  // The call is repeated by a loop whose variable its body never reads
  // (`for _ in range(rounds):`, the best of several runs kept): the timing
  // is the total over the rounds. `rounds` is the count when known.
  bool repeatedInRounds = false;
  std::optional<ScalarValue> rounds;
};

// A syntax problem found by a front-end; the engine reports it as parse-error.
struct ParseProblem {
  SourceSpan span;
  std::string message;
  std::vector<std::string> notes; // context, e.g. how a CUDA file was parsed
  // At most this severity, whatever the rule's (a header btlint's guessed
  // flags miss says little about the code).
  std::optional<Severity> severityCap;
  // The code's own `#error` directive: a header that stops on one says what
  // its includer must provide (`#ifndef TILE / #error "define TILE"`).
  bool errorDirective = false;
};

// A cudaFuncSetAttribute(kernel,
// cudaFuncAttributeMaxDynamicSharedMemorySize, bytes) call. Kept per file
// because the call often names a kernel defined in another file.
struct DynamicSmemOptIn {
  std::string kernel; // Kernel::name of the kernel it names
  std::optional<int64_t> bytes;
  SourceSpan span;
};

static_assert(std::is_nothrow_move_constructible_v<Kernel>, "vectors of kernels must move, not copy, when they grow");

// Everything one file contributes, for one target arch.
// One set of values a kernel is compiled with, and where it came from: a
// config of its autotune list (or YAML table), the values a launch in its
// file passes, or its parameters' defaults. The one definition of "the
// configs a kernel runs with" that rules, `btlint report` and btlint-bench read.
struct ConfigUse {
  enum class Source { AutotuneConfig, Launch, Defaults };
  Source source = Source::Defaults;
  const Config *listed = nullptr;   // the autotune config, for its expansion
  const ConfigList *list = nullptr; // its list
  const LaunchSite *launch = nullptr;
  std::shared_ptr<const Config> launchValues; // what a launch passes (launchConfig)
  // An autotune config with what every launch of the file passes, alike,
  // for the constexprs it leaves out (`BLOCK_M=128` beside a list of
  // BLOCK_N and BLOCK_K); null when the launches add nothing.
  std::shared_ptr<const Config> withLaunchValues;

  // The values: the autotune config (with what every launch adds), the
  // launch's, or none (the defaults).
  const Config &values() const;
  // "config 3", "the launch at line 40"
  std::string label() const;
};

// The config uses of each kernel of a file, bound on first use (once, from
// any thread). A copy of the file binds its own: the uses point into the
// kernels and launches of the file they were bound for.
// CUDA: a host function of a project header that this file instantiates (a
// launcher template, made by an explicit instantiation or a call here). What
// it launches, opts in and instantiates belongs to this file and is reported
// at `span`.
struct HeaderInstantiationSite {
  SourceSpan span;       // in this file
  std::string launcher;  // "run_decode<512>"
  std::string definedAt; // "attention.cuh:30"
  // The place definedAt names, for the note that points there: the file as
  // definedAt writes it and the launcher's name in that file.
  std::string definedIn;
  SourceSpan definedSpan;
};

struct FileModel;
class ConfigUseTable {
public:
  ConfigUseTable();
  ConfigUseTable(const ConfigUseTable &);
  ConfigUseTable &operator=(const ConfigUseTable &);
  ConfigUseTable(ConfigUseTable &&) noexcept;
  ConfigUseTable &operator=(ConfigUseTable &&) noexcept;
  ~ConfigUseTable();
  const std::vector<ConfigUse> &of(const FileModel &file, const Kernel &kernel) const;

private:
  struct State;
  std::unique_ptr<State> state_;
};

struct FileModel {
  std::string path;
  Language language = Language::Python;
  std::vector<Kernel> kernels;
  std::vector<LaunchSite> launches;
  std::vector<BenchCall> benchCalls;
  std::vector<ParseProblem> parseProblems;
  // Where the analysis of the file crashed (a bug in btlint or the compiler
  // it links, never in the input): the file's findings are missing, the
  // other files are analysed (the internal-error rule reports these).
  std::vector<ParseProblem> internalErrors;
  std::vector<std::string> notes;
  // The work limits (EvaluationLimits) the model
  // builder ran into, one sentence each ("the comprehension at line 4 runs
  // more than 100000 iterations"); findings may be missing when not empty.
  std::vector<std::string> analysisLimits;
  std::vector<DynamicSmemOptIn> dynamicSmemOptIns; // CUDA: the file's opt-in calls
  std::vector<HeaderInstantiationSite> headerInstantiations; // CUDA
  // CUDA, without a compile database: the GPU targets the project's build
  // files name for this file ("90a" for `sm_90a`, "80"), and the first file
  // naming one; empty when none does.
  std::set<std::string> buildTargets;
  std::string buildTargetsFile;
  // Top-level modules the file imports ("triton", "torch", "jax_triton").
  std::set<std::string> importedModules;
  // The file's kernels run through JAX: jax_triton's triton_call, or a
  // project's own copy of it in a file that imports jax and not torch.
  // jaxlib autotunes each traced call, whose shapes are static (the key
  // plays no part), and copies and restores aliased buffers itself.
  bool launchedThroughJax() const {
    return importedModules.count("jax_triton") || (importedModules.count("jax") && !importedModules.count("torch"));
  }
  ConfigUseTable configUses;

  // The configs `kernel` (one of this file's kernels) runs with: each config
  // of its autotune list its pruner does not drop by a test on the config's
  // own values (failedPrunerKeep), or else one use per launch of this file
  // that calls it (callsOwnKernel); then its defaults, last.
  const std::vector<ConfigUse> &configUsesOf(const Kernel &kernel) const { return configUses.of(*this, kernel); }

  const Kernel *findKernel(const std::string &n) const {
    for (const auto &k : kernels)
      if (k.answersTo(n)) return &k;
    return nullptr;
  }
};

} // namespace btlint
