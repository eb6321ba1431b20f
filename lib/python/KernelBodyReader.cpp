#include "python/KernelBodyReader.h"
#include "source/LineKeys.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <deque>
#include <memory>
#include <set>
#include <cstdlib>
#include <unordered_map>

namespace btlint::python {

namespace {

constexpr size_t kMaxParams = 128;
// Two bits of a parameter set stand for what is not a parameter, in the
// upper bounds of values (Bounds): a program id, a value loaded from memory.
constexpr size_t kProgramBit = kMaxParams - 1;
constexpr size_t kDataBit = kMaxParams - 2;
constexpr size_t kMaxNamedParams = kMaxParams - 2;
// Kernel bodies nested deeper than this are not analysed further; keeps the
// recursive reader safe on generated code.
constexpr int kMaxDepth = 200;

using ParamSet = std::bitset<kMaxParams>;

using Dims = std::vector<TileDim>;
// Shapes are shared and never changed in place: values flow through many
// expressions and copying dimension lists would dominate the reader's cost.
// They live in an arena for the duration of one kernel's reading.
using Shape = const Dims *; // null: not known

thread_local std::deque<Dims> *shapeArena = nullptr;

// What bounds a value from above, as alternatives: a function of any one set
// alone (ExtentBound in the model). `min(a, b)` has a's and b's; `a - b` and
// `a // b` have a's; `a + b` and `a * b` the unions of one of each. Few are
// kept: dropping one only loses a way to be bounded.
constexpr size_t kMaxBounds = 4;
struct Bounds {
  std::array<std::bitset<kMaxParams>, kMaxBounds> sets;
  uint8_t count = 0;
  void add(const std::bitset<kMaxParams> &set) {
    if (count < kMaxBounds) sets[count++] = set;
  }
};
thread_local std::deque<Bounds> *boundsArena = nullptr;
const Bounds *keepBounds(const Bounds &bounds) {
  boundsArena->push_back(bounds);
  return &boundsArena->back();
}
Bounds eitherBound(const Bounds &a, const Bounds &b) { // min(a, b)
  Bounds out = a;
  for (size_t i = 0; i < b.count; ++i) out.add(b.sets[i]);
  return out;
}
Bounds bothBound(const Bounds &a, const Bounds &b) { // a + b, max(a, b)
  Bounds out;
  for (size_t i = 0; i < a.count; ++i)
    for (size_t j = 0; j < b.count; ++j) out.add(a.sets[i] | b.sets[j]);
  return out;
}
Bounds boundOf(size_t bit) {
  Bounds out;
  out.add(std::bitset<kMaxParams>().set(bit));
  return out;
}

// One comparison of a mask (`offs < n`): the bound side's bounds and the
// tile compared against it (the parameters of its extent, when known, and
// whether it starts at a program id's offset).
struct Limit {
  Bounds bound;
  std::bitset<kMaxParams> tile;
  bool tileKnown = false;
  bool programIndexed = false;
  std::vector<NodeId> aranges; // the tl.arange calls the compared offsets read
  std::bitset<kMaxParams> boundParams; // every parameter the bound reads
  NodeId comparison = kNoNode;
  // The compared side is no tile's offsets: values loaded from memory
  // (`slot < num_slots`, a check on gathered indices) or a coordinate
  // decoded from a flattened offset (`offs // (H * W) < batch`, the tile
  // walking the flattened extent). It guards the access but sizes no work.
  bool sizesNothing = false;
};
using Limits = const std::vector<Limit> *; // null: none known
thread_local std::deque<std::vector<Limit>> *limitsArena = nullptr;
Limits keepLimits(std::vector<Limit> limits) {
  limitsArena->push_back(std::move(limits));
  return &limitsArena->back();
}
Limits bothLimits(Limits a, Limits b) { // a & b: each bounds the extent
  if (!a) return b;
  if (!b) return a;
  std::vector<Limit> out = *a;
  out.insert(out.end(), b->begin(), b->end());
  return keepLimits(std::move(out));
}

// Every value starts as a scalar: no function-local static (and its guard) per value.
const Dims kScalarDims;
Shape scalarShape() { return &kScalarDims; }
Shape makeShape(Dims dims) {
  shapeArena->push_back(std::move(dims));
  return &shapeArena->back();
}

// Where the offsets along one axis of a tile come from (OffsetAxis in the
// model): the tl.arange, what moves it (program ids, loop variables: bits of
// `sources`), the parameter that scales it (a stride), whether it is wrapped.
constexpr uint32_t kAnyProgramBit = 1u << 3; // a program id of an axis not read
constexpr int kFirstLoopBit = 4;
constexpr uint32_t kProgramSources = 0xF;
struct AxisOrigin {
  NodeId arange = kNoNode; // kNoNode: no arange on this axis (a broadcast 1)
  bool opaque = false;     // offsets the reader cannot follow
  uint32_t sources = 0;    // what moves the tile by its extent
  bool wrapped = false;
  int stride = -1;         // parameter index multiplying the offsets
  ParamSet block;          // the parameters of the arange's extent
};
using Axes = const std::vector<AxisOrigin> *; // one per dimension of the shape; null: not known
thread_local std::deque<std::vector<AxisOrigin>> *axesArena = nullptr;
Axes keepAxes(std::vector<AxisOrigin> axes) {
  axesArena->push_back(std::move(axes));
  return &axesArena->back();
}

struct Info {
  ParamSet params;       // kernel parameters the value derives from
  ParamSet pointerRoots; // pointer parameters an address value is based on
  Shape shape = scalarShape(); // no dimensions: a scalar

  std::string_view dtype; // element type when visible (a name of the table below: static)
  int loadLoop = -2;     // loop index of the tl.load it comes straight from; -1: outside loops
  NodeId load = kNoNode; // that tl.load
  const Bounds *bounds = nullptr; // what bounds it from above; null: `params`
  Limits limits = nullptr;        // a mask's comparisons
  // Offsets: the origin of each axis (a tile), what moves it (a scalar).
  Axes axes = nullptr;
  uint32_t sources = 0;
  // A mask made only of comparisons whose sides are read, joined by `&`/`and`.
  bool readableMask = false;
  // A tuple of scalars (what a helper that computes tile ids returns), for
  // unpacking: `pid_m, pid_n = tile_ids(...)`.
  bool scalarParts = false;
  // What each element of a tuple a module helper returns derives from
  // (helperReturnedParts), for unpacking it element by element; null: not known.
  const std::vector<Info> *parts = nullptr;
  // `parts` are the whole values of a helper read in place (its `return a,
  // b`), shapes included, not only what each derives from.
  bool partsExact = false;
  // Tile offsets divided (or reduced modulo) by a parameter (not a literal:
  // `offs // 2` unpacks, it decodes nothing): a coordinate decoded from a
  // flattened index (`offs_m // (P * Q)`, the batch of an image's pixels).
  bool decoded = false;
  // The reductions (bits: Kernel::scratchOps indices below 32) whose vector
  // this value carries elementwise; a store of it converts that vector.
  uint32_t reductions = 0;
  // The tl.loads (bits: the first 32 loads of the kernel, in order) the value is
  // computed from through casts and element-wise arithmetic, and whether a
  // dot's result takes part: where a dot operand comes from.
  uint32_t tileLoads = 0;
  bool dotResult = false;
  // Where a scalar decided at run time (an argument, a loaded value, a loop
  // variable) entered this tile of loaded values element-wise (`b_q *
  // scale`): bits of KernelBodyReader::scalarSiteGuards_.
  uint32_t runtimeScalars = 0;
  // Integer parameters scaling the last axis of an offsets tile in this
  // value (`offs_k[None, :] * stride_ak`): inner strides once the value is
  // added to a pointer (Kernel::innerStrideParams), arithmetic otherwise.
  ParamSet strideCandidates;
  // Cast (`.to`, tl.cast) on the way from its load: Triton copies the loaded
  // type and casts after reading it back.
  bool cast = false;
  // A count divided by the number of programs (`cdiv(N, BLOCK) //
  // tl.num_programs(0)`): one program's share of a persistent grid's work.
  bool perProgramShare = false;
  // Integer parameters scaling a scalar decided at run time in this sum
  // (`pid_b * stride_b`, `tl.load(idx) * stride_b`): strides of an axis each
  // program takes one coordinate of, not a tile of.
  ParamSet scalarStrides;
  // A scalar at least one below what it is computed from (`n - 1`, `n -
  // (pid + 1) * BLOCK`), and the parameters of the whole tiles it lies
  // below that by: offsets counted down from it, or a tile of one of those
  // added to it, never pass the end it is computed from.
  bool belowAnEnd = false;
  ParamSet tilesBelowAnEnd;
};

thread_local std::deque<std::vector<Info>> *partsArena = nullptr;
const std::vector<Info> *keepParts(std::vector<Info> parts) {
  partsArena->push_back(std::move(parts));
  return &partsArena->back();
}

Bounds boundsOf(const Info &value) {
  if (value.bounds) return *value.bounds;
  Bounds out;
  out.add(value.params);
  return out;
}

struct Local {
  Info info;
  std::optional<std::vector<DimOp>> program; // a scalar integer expression over params
  std::string programText;
  int assignments = 0;
  NodeId value = kNoNode; // the expression last assigned
  // `n -= 1` under `if` arms on parameters after one plain assignment: the
  // value first assigned stays in `value` and `program`.
  std::vector<Loop::Decrement> decrements;
  // Each value assigned, with the equality tests of the arms it was
  // assigned in (`if BIAS_TYPE == "vector":`), the latest last: a use in an
  // arm those tests exclude reads the value of its own arm.
  struct ArmValue {
    std::vector<std::pair<std::string, std::string>> arms; // (subject, literal) as written
    Info info;
  };
  std::vector<ArmValue> armValues;
};

bool endsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

bool looksLikePointerName(std::string_view name) {
  if (name.size() < 3) return false;
  // Compared without case, in place (asked for every parameter and local).
  auto lowerAt = [&](size_t i) { return static_cast<char>(std::tolower(static_cast<unsigned char>(name[i]))); };
  auto matchesAt = [&](size_t at, std::string_view word) {
    if (at + word.size() > name.size()) return false;
    for (size_t i = 0; i < word.size(); ++i)
      if (lowerAt(at + i) != word[i]) return false;
    return true;
  };
  auto endsWithLower = [&](std::string_view suffix) {
    return name.size() >= suffix.size() && matchesAt(name.size() - suffix.size(), suffix);
  };
  if (endsWithLower("ptr") || endsWithLower("ptrs") || endsWithLower("_desc") || matchesAt(0, "ptr_")) return true;
  for (size_t at = 0; at + 5 <= name.size(); ++at)
    if (name[at] == '_' && matchesAt(at, "_ptr_")) return true;
  return false;
}

bool looksLikeTileName(std::string_view name) {
  return name == "BLOCK" || name == "TILE" || name.substr(0, 6) == "BLOCK_" ||
         name.substr(0, 5) == "TILE_" || (name.size() > 5 && endsWith(name, "BLOCK")) ||
         (name.size() > 6 && endsWith(name, "_BLOCK_SIZE"));
}

TileDim constantDim(int64_t value) {
  TileDim dim;
  dim.text = std::to_string(value);
  dim.constant = value;
  dim.program.push_back({DimOp::Constant, value, {}});
  return dim;
}

bool isConstantOne(const TileDim &dim) { return dim.constant && *dim.constant == 1; }

Shape broadcast(const Shape &a, const Shape &b) {
  if (!a || !b) return nullptr;
  if (a->empty()) return b;
  if (b->empty()) return a;
  size_t rank = std::max(a->size(), b->size());
  std::vector<TileDim> out;
  out.reserve(rank);
  for (size_t i = 0; i < rank; ++i) {
    const TileDim *x = i + a->size() >= rank ? &(*a)[i + a->size() - rank] : nullptr;
    const TileDim *y = i + b->size() >= rank ? &(*b)[i + b->size() - rank] : nullptr;
    if (!x) out.push_back(*y);
    else if (!y) out.push_back(*x);
    else out.push_back(isConstantOne(*x) ? *y : *x);
  }
  return makeShape(std::move(out));
}

} // namespace

namespace {
// The short name of a dtype path ("triton.language.float16" -> "fp16"), a
// view of static text (empty when it is no dtype). Values in the reader carry
// these views: copying them costs nothing.
std::string_view dtypeShortName(std::string_view path) {
  size_t dot = path.rfind('.');
  std::string_view name = dot == std::string_view::npos ? path : path.substr(dot + 1);
  if (dot != std::string_view::npos) {
    std::string_view owner = path.substr(0, dot);
    if (owner != "triton.language" && owner != "torch" && owner != "triton.language.core")
      return {};
  }
  static const std::pair<std::string_view, std::string_view> names[] = {
      {"float16", "fp16"},   {"half", "fp16"},        {"bfloat16", "bf16"},
      {"float32", "fp32"},   {"float", "fp32"},       {"float64", "fp64"},
      {"tf32", "tf32"},      {"float8e4nv", "fp8e4nv"}, {"float8_e4m3fn", "fp8e4nv"},
      {"float8e5", "fp8e5"}, {"float8_e5m2", "fp8e5"}, {"float8e4b15", "fp8e4b15"},
      {"float8e4b8", "fp8e4b8"}, {"float8_e4m3fnuz", "fp8e4b8"}, {"float8e5b16", "fp8e5b16"},
      {"float8_e5m2fnuz", "fp8e5b16"}, {"int8", "int8"}, {"uint8", "uint8"},
      {"int16", "int16"},    {"int32", "int32"},      {"int64", "int64"},
      {"int1", "int1"},      {"uint32", "uint32"}};
  for (const auto &[spelled, shortName] : names)
    if (name == spelled) return shortName;
  return {};
}
} // namespace

std::string dtypeNameForPath(std::string_view path) { return std::string(dtypeShortName(path)); }

int dtypeBits(std::string_view shortName) {
  if (shortName == "int1") return 1;
  if (shortName == "int8" || shortName == "uint8" || shortName.substr(0, 3) == "fp8") return 8;
  if (shortName == "fp16" || shortName == "bf16" || shortName == "int16") return 16;
  if (shortName == "fp32" || shortName == "tf32" || shortName == "int32" || shortName == "uint32") return 32;
  if (shortName == "fp64" || shortName == "int64") return 64;
  return 0;
}

namespace {

bool isNarrowFloat(std::string_view dtype) {
  return dtype == "fp16" || dtype == "bf16" || dtype.substr(0, 3) == "fp8";
}

class KernelBodyReader {
public:
  KernelBodyReader(const PythonModule &module, KernelSyntax &syntax)
      : tree_(module.tree), index_(module.index), syntax_(syntax), kernel_(syntax.kernel) {}

  void read(NodeId definition) {
    definition_ = definition;
    readParameters(definition);
    readHostDescriptorBlocks();
    NodeId body = tree_.child(definition, Field::Body);
    if (body != kNoNode) readBlock(body);
    finish();
  }

private:
  const SyntaxTree &tree_;
  const eval::ModuleIndex &index_;
  KernelSyntax &syntax_;
  Kernel &kernel_;
  NodeId definition_ = kNoNode;
  std::unordered_map<std::string_view, size_t> paramIndex_;
  // Parameters assigned a tile computed from themselves (`A = A + offsets`):
  // what the name holds from there on.
  std::unordered_map<size_t, Info> reassignedTiles_;
  // The last dot whose result each variable was assigned (sumTarget), and
  // each dot's call, by Kernel::dots index (accumulatorSource).
  std::unordered_map<std::string_view, int> lastDotInto_;
  // The `if` arms on parameters around each place a run-time scalar enters
  // a tile (Info::runtimeScalars bits; the first 32).
  std::vector<std::vector<AccessGuard>> scalarSiteGuards_;
  uint32_t scalarSite() {
    if (scalarSiteGuards_.size() >= 32) return 0;
    scalarSiteGuards_.push_back(guardStack_);
    return 1u << (scalarSiteGuards_.size() - 1);
  }
  std::vector<NodeId> dotCalls_;
  std::unordered_map<std::string_view, Local> locals_;
  std::vector<int> loopStack_;
  struct LoadOrigin {
    int tile; // index in Kernel::tiles
    int loop; // the loop it runs in, -1 for none
  };
  std::vector<LoadOrigin> loadTiles_; // by ordinal: Info::tileLoads bits
  bool loadsUntracked_ = false;       // a load past the 32 tracked ones
  struct StoredInLoop {
    int loop;
    std::string name;
    std::vector<AccessGuard> guards;
  };
  std::vector<StoredInLoop> storedInLoops_; // noteStoredInLoop
  std::vector<AccessGuard> guardStack_; // parameter tests of the enclosing `if` arms
  // The enclosing arms' tests of a constexpr against a literal (`BIAS_TYPE ==
  // "vector"`, `MODE == 2`), as written: (subject, literal).
  std::vector<std::pair<std::string, std::string>> armEqualities_;
  // Per enclosing `if` arm whose condition is decided at run time, the loop
  // depth it sits at: a dot under one inside its own loop is not pipelined;
  // and the parameter tests of its condition's disjunction (any of them
  // holding makes the condition true when the kernel is compiled).
  struct RuntimeArm {
    size_t loops;
    std::vector<AccessGuard> unless;
  };
  std::vector<RuntimeArm> runtimeArms_;
  ParamSet readAnywhere_;
  ParamSet withRole_;
  ParamSet roles_[static_cast<size_t>(ParamUse::Grid) + 1];
  std::vector<Limit> recordedLimits_; // those of kernel_.maskExtents
  int depth_ = 0;
  std::optional<bool> boundsChecked_;
  // @triton.jit helpers of this module read in place at their calls, as
  // Triton inlines them (inlineHelper): the definitions being read, the
  // kernel's own names while paramIndex_ holds a helper's, what the
  // innermost one returns, and which helpers hold a dot.
  std::vector<NodeId> inlining_;
  const std::unordered_map<std::string_view, size_t> *kernelNames_ = nullptr;
  std::optional<Info> returned_;
  std::unordered_map<NodeId, bool> holdsDot_;
  static constexpr size_t kMaxInlineDepth = 3;

  // The kernel's parameters by the names its tiles' dimensions use.
  const std::unordered_map<std::string_view, size_t> &kernelScope() const {
    return kernelNames_ ? *kernelNames_ : paramIndex_;
  }

  bool boundsChecked() {
    if (boundsChecked_) return *boundsChecked_;
    boundsChecked_ = false;
    if (tree_.source().text().find("boundary_check") == std::string::npos) return false;
    for (NodeId node = 0; node < tree_.size(); ++node) {
      if (tree_.kind(node) != NodeKind::KeywordArgument) continue;
      const NodeId name = tree_.child(node, Field::Name);
      if (name != kNoNode && tree_.text(name) == "boundary_check") return *(boundsChecked_ = true);
    }
    return false;
  }

  // ---- host tensor descriptors --------------------------------------------

  // Block shapes of host-side TensorDescriptor parameters, as the configs'
  // pre_hook sets them: `nargs["a_desc"].block_shape = [BLOCK_M, BLOCK_K]`,
  // each dimension a config value (`nargs["BLOCK_M"]`, or a local of the hook
  // assigned from one) or an integer. Read from the module-level functions
  // the autotune list names as `pre_hook=`; the dims are over the kernel's
  // parameters, so every config gives its own block.
  std::unordered_map<std::string, Shape> hostBlocks_;

  void readHostDescriptorBlocks() {
    if (!syntax_.autotune || syntax_.autotune->configs == kNoNode) return;
    std::set<std::string_view> hooks;
    NodeId configs = tree_.unparenthesize(syntax_.autotune->configs);
    if (configs != kNoNode && tree_.kind(configs) == NodeKind::Identifier)
      if (const eval::Binding *binding = index_.visibleBinding(tree_.text(configs), syntax_.autotune->point.position);
          binding && binding->kind == eval::Binding::Kind::Assignment)
        configs = binding->node;
    collectHookNames(configs, hooks, 0);
    for (std::string_view name : hooks) {
      const eval::Binding *binding = index_.visibleBinding(name, syntax_.autotune->point.position);
      if (binding && binding->kind == eval::Binding::Kind::Definition &&
          tree_.kind(binding->node) == NodeKind::FunctionDefinition)
        readHook(binding->node);
    }
  }

  void collectHookNames(NodeId node, std::set<std::string_view> &hooks, int depth) {
    if (node == kNoNode || depth > 64) return;
    if (tree_.kind(node) == NodeKind::KeywordArgument) {
      NodeId name = tree_.child(node, Field::Name);
      NodeId value = tree_.unparenthesize(tree_.child(node, Field::Value));
      if (name != kNoNode && tree_.text(name) == "pre_hook" && value != kNoNode &&
          tree_.kind(value) == NodeKind::Identifier)
        hooks.insert(tree_.text(value));
    }
    for (NodeId child : tree_.children(node)) collectHookNames(child, hooks, depth + 1);
  }

  // `nargs["KEY"]` with `nargs` the hook's first parameter: KEY, else empty.
  std::string hookKey(NodeId node, std::string_view nargs) const {
    node = tree_.unparenthesize(node);
    if (node == kNoNode || tree_.kind(node) != NodeKind::Subscript) return {};
    NodeId object = tree_.unparenthesize(tree_.child(node, Field::Value));
    if (object == kNoNode || tree_.kind(object) != NodeKind::Identifier || tree_.text(object) != nargs) return {};
    for (NodeId child : tree_.children(node)) {
      if (tree_.node(child).field != Field::SubscriptIndex) continue;
      std::string key;
      if (tree_.kind(child) == NodeKind::String && stringLiteralValue(tree_, child, key)) return key;
    }
    return {};
  }

  void readHook(NodeId function) {
    NodeId parameters = tree_.child(function, Field::Parameters);
    NodeId body = tree_.child(function, Field::Body);
    if (parameters == kNoNode || body == kNoNode) return;
    std::string_view nargs;
    for (NodeId parameter : tree_.children(parameters))
      if (tree_.kind(parameter) == NodeKind::Identifier) {
        nargs = tree_.text(parameter);
        break;
      }
    if (nargs.empty()) return;
    std::unordered_map<std::string_view, std::string> fromConfig; // hook local -> config key
    for (NodeId statement : tree_.children(body)) {
      if (tree_.kind(statement) != NodeKind::ExpressionStatement) continue;
      for (NodeId assignment : tree_.children(statement)) {
        if (tree_.kind(assignment) != NodeKind::Assignment) continue;
        NodeId left = tree_.unparenthesize(tree_.child(assignment, Field::Left));
        NodeId right = tree_.unparenthesize(tree_.child(assignment, Field::Right));
        if (left == kNoNode || right == kNoNode) continue;
        if (tree_.kind(left) == NodeKind::Identifier) {
          if (std::string key = hookKey(right, nargs); !key.empty()) fromConfig[tree_.text(left)] = key;
          continue;
        }
        if (tree_.kind(left) != NodeKind::Attribute) continue;
        NodeId attribute = tree_.child(left, Field::AttributeName);
        const std::string descriptor = hookKey(tree_.child(left, Field::Object), nargs);
        if (attribute == kNoNode || tree_.text(attribute) != "block_shape" || descriptor.empty() ||
            !kernel_.findParam(descriptor) || hostBlocks_.count(descriptor))
          continue;
        if (tree_.kind(right) != NodeKind::List && tree_.kind(right) != NodeKind::Tuple) continue;
        Dims dims;
        bool known = true;
        for (NodeId element : tree_.children(right)) {
          if (tree_.kind(element) == NodeKind::Comment) continue;
          NodeId inner = tree_.unparenthesize(element);
          TileDim dim;
          dim.span = tree_.span(inner);
          int64_t number = 0;
          std::string param = hookKey(inner, nargs);
          if (param.empty() && tree_.kind(inner) == NodeKind::Identifier)
            if (auto local = fromConfig.find(tree_.text(inner)); local != fromConfig.end()) param = local->second;
          if (tree_.kind(inner) == NodeKind::Integer && parseIntegerLiteral(tree_.text(inner), number)) {
            dim.text = std::string(tree_.text(inner));
            dim.program = {DimOp{DimOp::Constant, number, {}}};
          } else if (!param.empty() && kernel_.findParam(param)) {
            dim.text = param;
            dim.program = {DimOp{DimOp::Param, 0, param}};
          } else {
            known = false;
            break;
          }
          finishDim(dim);
          dims.push_back(std::move(dim));
        }
        if (known && !dims.empty()) hostBlocks_[descriptor] = makeShape(std::move(dims));
      }
    }
  }

  // ---- parameters ------------------------------------------------------

  std::optional<ScalarValue> literalValue(NodeId node) {
    NodeId value = tree_.unparenthesize(node);
    if (value == kNoNode) return std::nullopt;
    SourceSpan span = tree_.span(value);
    switch (tree_.kind(value)) {
    case NodeKind::Integer: {
      int64_t parsed = 0;
      if (!parseIntegerLiteral(tree_.text(value), parsed)) return std::nullopt;
      return ScalarValue::ofInt(parsed, span);
    }
    case NodeKind::Float: {
      std::string text;
      for (char c : tree_.text(value))
        if (c != '_') text += c;
      return ScalarValue::ofFloat(std::strtod(text.c_str(), nullptr), span);
    }
    case NodeKind::True: return ScalarValue::ofBool(true, span);
    case NodeKind::False: return ScalarValue::ofBool(false, span);
    case NodeKind::None: return ScalarValue::unknown("None", span);
    case NodeKind::String: {
      std::string text;
      if (!stringLiteralValue(tree_, value, text)) return std::nullopt;
      return ScalarValue::ofString(std::move(text), span);
    }
    case NodeKind::UnaryOperator: {
      NodeId op = tree_.child(value, Field::Operator);
      std::optional<ScalarValue> inner = literalValue(tree_.child(value, Field::Argument));
      if (!inner || op == kNoNode || tree_.kind(op) != NodeKind::OpMinus) return std::nullopt;
      if (inner->isInt() && inner->asInt() != INT64_MIN) return ScalarValue::ofInt(-inner->asInt(), span);
      if (inner->isFloat()) return ScalarValue::ofFloat(-inner->asFloat(), span);
      return std::nullopt;
    }
    default: return std::nullopt;
    }
  }

  void readParameters(NodeId definition) {
    NodeId parameters = tree_.child(definition, Field::Parameters);
    if (parameters == kNoNode) return;
    for (NodeId parameter : tree_.children(parameters)) {
      NodeKind kind = tree_.kind(parameter);
      NodeId name = kNoNode, type = kNoNode, value = kNoNode;
      switch (kind) {
      case NodeKind::Identifier: name = parameter; break;
      case NodeKind::TypedParameter:
        name = tree_.childOfKind(parameter, NodeKind::Identifier);
        type = tree_.child(parameter, Field::TypeField);
        break;
      case NodeKind::DefaultParameter:
        name = tree_.child(parameter, Field::Name);
        value = tree_.child(parameter, Field::Value);
        break;
      case NodeKind::TypedDefaultParameter:
        name = tree_.child(parameter, Field::Name);
        type = tree_.child(parameter, Field::TypeField);
        value = tree_.child(parameter, Field::Value);
        break;
      default: continue; // *args, **kwargs, separators
      }
      if (name == kNoNode || tree_.kind(name) != NodeKind::Identifier) continue;
      Param param;
      param.name = std::string(tree_.text(name));
      param.span = tree_.span(parameter);
      if (type != kNoNode) {
        NodeId annotation = tree_.firstChild(type);
        if (annotation == kNoNode) annotation = type;
        param.annotation = std::string(tree_.text(annotation));
        std::string path = index_.canonicalPath(tree_, annotation);
        std::string dtype = dtypeNameForPath(path);
        // A string annotation (`BLOCK: "tl.constexpr"`): Triton takes any
        // annotation whose text holds "constexpr" as one.
        std::string written;
        const bool quoted = stringLiteralValue(tree_, annotation, written);
        if (path == "triton.language.constexpr" || path == "triton.language.core.constexpr" ||
            param.annotation == "constexpr" || param.annotation == "tl.constexpr" ||
            (quoted && written.find("constexpr") != std::string::npos))
          param.kind = ParamKind::Constexpr;
        else if (path == "int" || dtype.substr(0, 3) == "int")
          param.kind = ParamKind::Int;
        else if (path == "float" || dtype.substr(0, 2) == "fp" || dtype == "bf16")
          param.kind = ParamKind::Float;
        else if (path == "bool")
          param.kind = ParamKind::Int;
        else if (!quoted && dtype.empty() && !path.empty())
          // A name another module of the project binds
          // (`from mypkg.triton import tl_constexpr`): the evaluator reads it.
          syntax_.annotationExpressions.emplace_back(kernel_.params.size(), annotation);
      }
      if (value != kNoNode) {
        param.defaultValue = literalValue(value);
        if (!param.defaultValue) syntax_.defaultExpressions.emplace_back(kernel_.params.size(), value);
      }
      if (kernel_.params.size() < kMaxNamedParams) paramIndex_[tree_.text(name)] = kernel_.params.size();
      kernel_.params.push_back(std::move(param));
    }
  }

  void finish() {
    for (DotSite &dot : kernel_.dots)
      for (const StoredInLoop &stored : storedInLoops_)
        if (dot.innerLoop >= 0 && stored.loop == dot.innerLoop && !dot.accumulator.empty() &&
            stored.name == dot.accumulator)
          dot.accumulatorStoresInLoop.push_back(stored.guards);
    for (size_t i = 0; i < kernel_.params.size() && i < kMaxNamedParams; ++i) {
      Param &param = kernel_.params[i];
      for (size_t use = 0; use <= static_cast<size_t>(ParamUse::Grid); ++use)
        if (roles_[use].test(i)) param.uses.insert(static_cast<ParamUse>(use));
      if (readAnywhere_.test(i) && !withRole_.test(i)) param.uses.insert(ParamUse::Arithmetic);
      if (param.kind == ParamKind::Unknown) {
        // An annotation not read here (a name another module binds) is
        // the front end's to read: its use says nothing of what it declares.
        if (looksLikePointerName(param.name))
          param.kind = ParamKind::Pointer;
        else if (param.annotation.empty() &&
                 (param.uses.count(ParamUse::LoopBound) || param.uses.count(ParamUse::Mask) ||
                  param.uses.count(ParamUse::PointerOffset) || param.uses.count(ParamUse::TileExtent)))
          param.kind = ParamKind::Int;
      }
      if (param.uses.count(ParamUse::TileExtent) || looksLikeTileName(param.name))
        kernel_.tileParams.insert(param.name);
    }
  }

  // Roles are gathered as bit sets and written to the parameters once, in finish().
  void addRole(const ParamSet &params, ParamUse use) {
    roles_[static_cast<size_t>(use)] |= params;
    withRole_ |= params;
  }

  void markPointers(const ParamSet &roots) {
    for (size_t i = 0; i < kernel_.params.size() && i < kMaxNamedParams; ++i)
      if (roots.test(i) && kernel_.params[i].kind == ParamKind::Unknown)
        kernel_.params[i].kind = ParamKind::Pointer;
  }

  // ---- helpers -----------------------------------------------------------

  std::string canonical(NodeId callee) const { return index_.canonicalPath(tree_, callee); }

  // The triton.language path a name the module binds once to one stands for
  // (`log = tl.log`, `exp2 = tl.math.exp2`); empty for anything else, and
  // for a name the kernel binds itself.
  std::string languageAlias(NodeId callee) const {
    if (callee == kNoNode || tree_.kind(callee) != NodeKind::Identifier) return {};
    const std::string_view name = tree_.text(callee);
    if (locals_.count(name) || index_.importedNames().count(name)) return {};
    const eval::Binding *binding = index_.visibleBinding(name, UINT32_MAX);
    if (!binding || binding->kind != eval::Binding::Kind::Assignment || binding->node == kNoNode) return {};
    const NodeKind kind = tree_.kind(binding->node);
    if (kind != NodeKind::Attribute && kind != NodeKind::Identifier) return {};
    std::string path = index_.canonicalPath(tree_, binding->node);
    if (std::string_view(path).substr(0, 16) != "triton.language.") return {};
    return path;
  }

  // "arange" for triton.language.arange, else empty.
  std::string_view tritonFunction(const std::string &path) const {
    static constexpr std::string_view prefixes[] = {"triton.language.", "triton.language.core."};
    for (std::string_view prefix : prefixes)
      if (path.size() > prefix.size() && std::string_view(path).substr(0, prefix.size()) == prefix &&
          std::string_view(path).substr(prefix.size()).find('.') == std::string_view::npos)
        return std::string_view(path).substr(prefix.size());
    return {};
  }

  NodeId positionalArgument(NodeId call, size_t position) const { return tree_.positionalArgument(call, position); }
  NodeId keywordArgument(NodeId call, std::string_view name) const { return tree_.keywordArgument(call, name); }
  NodeId argument(NodeId call, size_t position, std::string_view name) const {
    return tree_.callArgument(call, position, name);
  }

  std::string_view dtypeOf(NodeId node) {
    if (node == kNoNode) return {};
    NodeId inner = tree_.unparenthesize(node);
    if (inner == kNoNode) return {};
    if (tree_.kind(inner) == NodeKind::String) {
      std::string text;
      if (stringLiteralValue(tree_, inner, text)) {
        // dot_scaled formats
        if (text == "e4m3") return "fp8e4nv";
        if (text == "e5m2") return "fp8e5";
        if (text == "e2m1") return "fp4e2m1";
        if (text == "bf16") return "bf16";
        if (text == "fp16") return "fp16";
      }
      return {};
    }
    if (tree_.kind(inner) == NodeKind::Attribute) noteDtypeMention(inner);
    return dtypeShortName(canonical(inner));
  }

  // Whether `node` is `<local>.dtype` for a local this kernel assigned.
  bool namesLocalDtype(NodeId node) const {
    NodeId inner = node != kNoNode ? tree_.unparenthesize(node) : kNoNode;
    if (inner == kNoNode || tree_.kind(inner) != NodeKind::Attribute) return false;
    NodeId object = tree_.child(inner, Field::Object);
    NodeId attribute = tree_.child(inner, Field::AttributeName);
    return object != kNoNode && attribute != kNoNode && tree_.text(attribute) == "dtype" &&
           tree_.kind(object) == NodeKind::Identifier && locals_.count(tree_.text(object)) > 0;
  }

  // `y.dtype` of a local whose element type is known (`x.to(acc.dtype)`).
  std::string_view dtypeOfLocal(NodeId node) const {
    NodeId inner = node != kNoNode ? tree_.unparenthesize(node) : kNoNode;
    if (inner == kNoNode || tree_.kind(inner) != NodeKind::Attribute) return {};
    NodeId object = tree_.child(inner, Field::Object);
    NodeId attribute = tree_.child(inner, Field::AttributeName);
    if (object == kNoNode || attribute == kNoNode || tree_.text(attribute) != "dtype" ||
        tree_.kind(object) != NodeKind::Identifier)
      return {};
    auto local = locals_.find(tree_.text(object));
    return local != locals_.end() ? local->second.info.dtype : std::string_view();
  }

  // ---- tile dimensions ---------------------------------------------------

  // Compiles a dimension expression to a postfix program over parameters.
  bool compileDim(NodeId node, std::vector<DimOp> &out, int depth) {
    if (node == kNoNode || depth > 32) return false;
    switch (tree_.kind(node)) {
    case NodeKind::Integer: {
      int64_t value = 0;
      if (!parseIntegerLiteral(tree_.text(node), value)) return false;
      out.push_back({DimOp::Constant, value, {}});
      return true;
    }
    case NodeKind::ParenthesizedExpression: return compileDim(tree_.unparenthesize(node), out, depth + 1);
    case NodeKind::Identifier: {
      std::string_view name = tree_.text(node);
      if (auto param = paramIndex_.find(name); param != paramIndex_.end()) {
        out.push_back({DimOp::Param, 0, kernel_.params[param->second].name});
        return true;
      }
      auto local = locals_.find(name);
      if (local != locals_.end()) {
        if (local->second.assignments != 1 || !local->second.program) return false;
        out.insert(out.end(), local->second.program->begin(), local->second.program->end());
        return true;
      }
      // A module constant; resolved per arch.
      syntax_.dimsReadGlobals = true;
      out.push_back({DimOp::Param, 0, std::string(name)});
      return true;
    }
    case NodeKind::Attribute: {
      // BLOCK.value (constexpr) reads the same number.
      NodeId attribute = tree_.child(node, Field::AttributeName);
      if (attribute != kNoNode && tree_.text(attribute) == "value")
        return compileDim(tree_.child(node, Field::Object), out, depth + 1);
      return false;
    }
    case NodeKind::UnaryOperator: {
      NodeId op = tree_.child(node, Field::Operator);
      if (op == kNoNode) return false;
      if (!compileDim(tree_.child(node, Field::Argument), out, depth + 1)) return false;
      if (tree_.kind(op) == NodeKind::OpMinus) out.push_back({DimOp::Negate, 0, {}});
      else if (tree_.kind(op) != NodeKind::OpPlus) return false;
      return true;
    }
    case NodeKind::BinaryOperator: {
      NodeId op = tree_.child(node, Field::Operator);
      if (op == kNoNode) return false;
      DimOp::Kind kind;
      switch (tree_.kind(op)) {
      case NodeKind::OpPlus: kind = DimOp::Add; break;
      case NodeKind::OpMinus: kind = DimOp::Sub; break;
      case NodeKind::OpStar: kind = DimOp::Mul; break;
      case NodeKind::OpDoubleSlash: kind = DimOp::FloorDiv; break;
      case NodeKind::OpPercent: kind = DimOp::Mod; break;
      case NodeKind::OpPower: kind = DimOp::Pow; break;
      case NodeKind::OpShiftLeft: kind = DimOp::ShiftLeft; break;
      case NodeKind::OpShiftRight: kind = DimOp::ShiftRight; break;
      default: return false;
      }
      if (!compileDim(tree_.child(node, Field::Left), out, depth + 1)) return false;
      if (!compileDim(tree_.child(node, Field::Right), out, depth + 1)) return false;
      out.push_back({kind, 0, {}});
      return true;
    }
    case NodeKind::Call: {
      NodeId callee = tree_.child(node, Field::Function);
      std::string path = canonical(callee);
      DimOp::Kind kind;
      size_t arity;
      if (path == "triton.cdiv" || path == "triton.language.cdiv") kind = DimOp::CeilDiv, arity = 2;
      else if (path == "triton.next_power_of_2" || path == "triton.language.next_power_of_2")
        kind = DimOp::NextPowerOfTwo, arity = 1;
      else if (path == "min" || path == "triton.language.minimum") kind = DimOp::Min, arity = 2;
      else if (path == "max" || path == "triton.language.maximum") kind = DimOp::Max, arity = 2;
      else if (path == "triton.language.constexpr" || path == "int") {
        return compileDim(positionalArgument(node, 0), out, depth + 1);
      } else return false;
      for (size_t i = 0; i < arity; ++i)
        if (!compileDim(positionalArgument(node, i), out, depth + 1)) return false;
      if (positionalArgument(node, arity) != kNoNode) return false;
      out.push_back({kind, 0, {}});
      return true;
    }
    default: return false;
    }
  }

  void finishDim(TileDim &dim) {
    bool constant = true;
    for (const DimOp &op : dim.program) {
      if (op.kind != DimOp::Param) continue;
      constant = false;
      if (kernelScope().count(op.name) &&
          std::find(dim.params.begin(), dim.params.end(), op.name) == dim.params.end())
        dim.params.push_back(op.name);
    }
    if (constant && dim.program.size() == 1) dim.constant = dim.program[0].value;
    else if (constant && !dim.program.empty()) {
      // Fold a constant expression ("2 * 64").
      std::vector<int64_t> stack;
      bool ok = true;
      for (const DimOp &op : dim.program) {
        if (op.kind == DimOp::Constant) { stack.push_back(op.value); continue; }
        if (op.kind == DimOp::Negate) {
          if (stack.empty()) { ok = false; break; }
          stack.back() = -stack.back();
          continue;
        }
        if (op.kind == DimOp::NextPowerOfTwo) {
          if (stack.empty() || stack.back() > (int64_t(1) << 40)) { ok = false; break; }
          int64_t p = 1;
          while (p < stack.back()) p <<= 1;
          stack.back() = p;
          continue;
        }
        if (stack.size() < 2) { ok = false; break; }
        int64_t b = stack.back();
        stack.pop_back();
        int64_t a = stack.back();
        int64_t r = 0;
        switch (op.kind) {
        case DimOp::Add: ok = !__builtin_add_overflow(a, b, &r); break;
        case DimOp::Sub: ok = !__builtin_sub_overflow(a, b, &r); break;
        case DimOp::Mul: ok = !__builtin_mul_overflow(a, b, &r); break;
        case DimOp::FloorDiv: ok = b > 0 && a >= 0; if (ok) r = a / b; break;
        case DimOp::CeilDiv: ok = b > 0 && a >= 0; if (ok) r = (a + b - 1) / b; break;
        case DimOp::Min: r = std::min(a, b); break;
        case DimOp::Max: r = std::max(a, b); break;
        default: ok = false; break;
        }
        if (!ok) break;
        stack.back() = r;
      }
      if (ok && stack.size() == 1) dim.constant = stack[0];
    }
  }

  TileDim makeDim(NodeId node) {
    TileDim dim;
    NodeId inner = tree_.unparenthesize(node);
    if (inner == kNoNode) inner = node;
    dim.text = std::string(tree_.text(inner));
    dim.span = tree_.span(inner);
    if (!compileDim(inner, dim.program, 0)) dim.program.clear();
    finishDim(dim);
    return dim;
  }

  // arange(start, end): end - start.
  TileDim makeRangeDim(NodeId start, NodeId end) {
    if (start == kNoNode) return makeDim(end);
    NodeId startInner = tree_.unparenthesize(start);
    if (startInner != kNoNode && tree_.kind(startInner) == NodeKind::Integer &&
        tree_.text(startInner) == "0")
      return makeDim(end);
    TileDim dim;
    dim.text = std::string(tree_.text(end)) + " - " + std::string(tree_.text(start));
    dim.span = tree_.span(end);
    std::vector<DimOp> program;
    if (compileDim(end, program, 0) && compileDim(start, program, 0)) {
      program.push_back({DimOp::Sub, 0, {}});
      dim.program = std::move(program);
    }
    finishDim(dim);
    return dim;
  }

  // A shape written as (A, B), [A, B], or as separate arguments from `first`.
  Shape shapeFromNode(NodeId node) {
    NodeId inner = tree_.unparenthesize(node);
    if (inner == kNoNode) return nullptr;
    NodeKind kind = tree_.kind(inner);
    if (kind == NodeKind::Tuple || kind == NodeKind::List) {
      std::vector<TileDim> dims;
      for (NodeId element : tree_.children(inner)) {
        if (tree_.kind(element) == NodeKind::Comment) continue;
        dims.push_back(makeDim(element));
      }
      return makeShape(std::move(dims));
    }
    // A single dimension written without a tuple: tl.zeros(BLOCK, ...) is invalid,
    // but reshape(x, N) is a 1-D shape.
    return makeShape({makeDim(inner)});
  }

  // Returns the tile's index in Kernel::tiles, -1 when none is recorded.
  int recordTile(TileSource source, const Shape &shape,
                  std::string_view dtype, NodeId site) {
    if (!shape || shape->empty()) return -1;
    TileShape tile;
    tile.source = source;
    tile.dims = *shape;
    tile.dtype = dtype;
    tile.span = tree_.span(site);
    tile.guards = guardStack_;
    kernel_.tiles.push_back(std::move(tile));
    ParamSet dimParams;
    for (const TileDim &dim : *shape)
      for (const std::string &name : dim.params) {
        auto found = kernelScope().find(name);
        if (found != kernelScope().end()) dimParams.set(found->second);
      }
    addRole(dimParams, ParamUse::TileExtent);
    return static_cast<int>(kernel_.tiles.size()) - 1;
  }

  // A load's tile as the origin of the values computed from it: the load's
  // ordinal among the kernel's loads is its bit.
  void markLoadOrigin(Info &result, int tile) {
    if (tile < 0) return;
    if (loadTiles_.size() >= 32) {
      loadsUntracked_ = true; // past the bits: operand origins unknown from here on
      return;
    }
    result.tileLoads = 1u << loadTiles_.size();
    loadTiles_.push_back({tile, currentLoop()});
  }

  // Loads whose values are shifted or masked with an integer (`(b >> shift)
  // & 0xF`, unpacking quantised weights) hold integers: int32, as packed
  // weights are stored, where no cast or type says otherwise. A dot result
  // or a value cast on the way keeps its own type.
  void markPackedLoads(const Info &operand) {
    if (!operand.dtype.empty() || operand.dotResult || !operand.shape || operand.shape->empty()) return;
    for (size_t bit = 0; bit < loadTiles_.size(); ++bit) {
      if (!(operand.tileLoads & (1u << bit))) continue;
      TileShape &tile = kernel_.tiles[static_cast<size_t>(loadTiles_[bit].tile)];
      if (tile.dtype.empty()) tile.dtype = "int32";
    }
  }

  // ---- expressions ---------------------------------------------------------

  int currentLoop() const { return loopStack_.empty() ? -1 : loopStack_.back(); }

  Info analyze(NodeId node) {
    if (node == kNoNode || depth_ > kMaxDepth) return Info();
    ++depth_;
    Info info = analyzeNode(node);
    --depth_;
    return info;
  }

  void merge(Info &into, const Info &from) {
    into.params |= from.params;
    into.reductions |= from.reductions;
    into.shape = broadcast(into.shape, from.shape);
  }

  // `a < b` (and `b > a`, chains): b limits a tile's extent when the
  // comparison masks an access.
  Info analyzeComparison(NodeId node) {
    std::vector<Info> operands;
    std::vector<NodeId> operandNodes;
    std::vector<NodeKind> ops;
    Info result;
    for (NodeId child : tree_.children(node)) {
      NodeKind kind = tree_.kind(child);
      if (kind == NodeKind::Comment) continue;
      if (SyntaxTree::isOperatorToken(kind)) {
        ops.push_back(kind);
        continue;
      }
      Info part = analyze(child);
      merge(result, part);
      operands.push_back(std::move(part));
      operandNodes.push_back(child);
    }
    result.dtype = "int1";
    if (operands.empty() || ops.size() + 1 != operands.size()) return result;
    result.readableMask = std::all_of(operands.begin(), operands.end(), [](const Info &v) { return axesKnown(v); });
    std::vector<Limit> limits;
    for (size_t i = 0; i < ops.size(); ++i) {
      const bool less = ops[i] == NodeKind::OpLess || ops[i] == NodeKind::OpLessEqual;
      const bool greater = ops[i] == NodeKind::OpGreater || ops[i] == NodeKind::OpGreaterEqual;
      if (!less && !greater) continue;
      const Info &bound = less ? operands[i + 1] : operands[i];
      const Info &index = less ? operands[i] : operands[i + 1];
      Limit limit{boundsOf(bound), tileParamsOf(index), index.shape != nullptr, startsAtProgram(index), {}, bound.params,
                  node};
      // What memory holds, also through arithmetic (`x * stride - dx` of
      // gathered coordinates): values, not a tile's offsets, bound it.
      limit.sizesNothing = index.load != kNoNode || index.decoded || (index.tileLoads != 0 && !index.axes) ||
                           boundsAScalarCoordinate(index, operandNodes[less ? i + 1 : i]);
      if (std::optional<ParamSet> unscaled = boundWithoutCommonStride(index, operandNodes[less ? i + 1 : i])) {
        Bounds only;
        only.add(*unscaled);
        limit.bound = only;
        limit.boundParams = *unscaled;
      }
      if (index.axes)
        for (const AxisOrigin &axis : *index.axes)
          if (axis.arange != kNoNode) limit.aranges.push_back(axis.arange);
      limits.push_back(std::move(limit));
    }
    if (!limits.empty()) result.limits = keepLimits(std::move(limits));
    // An equality test on loaded values (`m != 0`, `ids == expert`) picks
    // elements by what memory holds: as a mask it bounds nothing the
    // parameters in the load's address size.
    const bool equalities = std::all_of(ops.begin(), ops.end(), [](NodeKind op) {
      return op == NodeKind::OpEqual || op == NodeKind::OpNotEqual;
    });
    if (equalities && std::any_of(operands.begin(), operands.end(), boundedByMemory) &&
        std::all_of(operands.begin(), operands.end(),
                    [](const Info &v) { return boundedByMemory(v) || v.params.none(); }))
      result.bounds = keepBounds(boundOf(kDataBit));
    return result;
  }

  // `rows * stride < n_rows * stride`: offsets that step by a stride against
  // a count of rows scaled by the same stride compare rows with `n_rows`; the
  // stride sizes nothing. The bound without it, when the compared offsets'
  // every arange steps by one stride parameter and the bound is that
  // parameter times another parameter.
  // A flat offset compared with a count times the stride of a coordinate
  // each program holds one value of (`b * stride_b + rows * stride_r + ... <
  // n_b * stride_b`, b a program id or a loaded block index): the
  // comparison keeps that coordinate below the count, a guard on the whole
  // tensor; the tile's rows and columns are as wide whatever the count.
  bool boundsAScalarCoordinate(const Info &index, NodeId boundNode) const {
    if (index.scalarStrides.none()) return false;
    NodeId product = tree_.unparenthesize(boundNode);
    if (product == kNoNode || tree_.kind(product) != NodeKind::BinaryOperator) return false;
    NodeId op = tree_.child(product, Field::Operator);
    if (op == kNoNode || tree_.kind(op) != NodeKind::OpStar) return false;
    for (NodeId factor : {tree_.child(product, Field::Left), tree_.child(product, Field::Right)}) {
      const int stride = paramOf(factor);
      if (stride < 0 || !index.scalarStrides.test(static_cast<size_t>(stride))) continue;
      const bool tileAxis = index.axes && std::any_of(index.axes->begin(), index.axes->end(), [&](const AxisOrigin &axis) {
                              return axis.arange != kNoNode && axis.stride == stride;
                            });
      if (!tileAxis) return true;
    }
    return false;
  }

  std::optional<ParamSet> boundWithoutCommonStride(const Info &index, NodeId boundNode) const {
    if (!index.axes) return std::nullopt;
    int stride = -1;
    for (const AxisOrigin &axis : *index.axes) {
      if (axis.arange == kNoNode) continue;
      if (axis.opaque || axis.stride < 0 || (stride >= 0 && axis.stride != stride)) return std::nullopt;
      stride = axis.stride;
    }
    NodeId product = tree_.unparenthesize(boundNode);
    if (stride < 0 || product == kNoNode || tree_.kind(product) != NodeKind::BinaryOperator) return std::nullopt;
    NodeId op = tree_.child(product, Field::Operator);
    if (op == kNoNode || tree_.kind(op) != NodeKind::OpStar) return std::nullopt;
    NodeId left = tree_.unparenthesize(tree_.child(product, Field::Left));
    NodeId right = tree_.unparenthesize(tree_.child(product, Field::Right));
    auto paramOf = [&](NodeId factor) -> int {
      if (factor == kNoNode || tree_.kind(factor) != NodeKind::Identifier) return -2;
      auto found = paramIndex_.find(std::string(tree_.text(factor)));
      return found != paramIndex_.end() ? static_cast<int>(found->second) : -1;
    };
    const int leftParam = paramOf(left), rightParam = paramOf(right);
    int other;
    if (rightParam == stride) other = leftParam;
    else if (leftParam == stride) other = rightParam;
    else return std::nullopt;
    if (other < 0) return std::nullopt; // not a parameter's name: leave the bound as read
    ParamSet unscaled;
    unscaled.set(static_cast<size_t>(other));
    return unscaled;
  }

  // The parameters a tile value's extent reads (its shape's dimensions).
  ParamSet tileParamsOf(const Info &value) const {
    ParamSet out;
    if (!value.shape) return out;
    for (const TileDim &dim : *value.shape)
      for (const std::string &name : dim.params)
        if (auto found = kernelScope().find(name); found != kernelScope().end()) out.set(found->second);
    return out;
  }

  // Whether the offsets of every axis of a value are known: a scalar, or a
  // tile with an origin per dimension, none the reader lost.
  static bool axesKnown(const Info &value) {
    if (!value.shape) return false;
    if (value.shape->empty()) return true;
    if (!value.axes || value.axes->size() != value.shape->size()) return false;
    return std::none_of(value.axes->begin(), value.axes->end(), [](const AxisOrigin &axis) { return axis.opaque; });
  }

  // A vector address (1-D, or 2-D with one axis of extent 1: no arange)
  // whose arange a parameter scales (`s + offs * H`).
  static bool isStridedVector(const Info &address) {
    if (!axesKnown(address) || address.shape->empty() || address.shape->size() > 2) return false;
    const AxisOrigin *along = nullptr;
    for (const AxisOrigin &axis : *address.axes) {
      if (axis.arange == kNoNode) continue;
      if (along) return false; // a 2-D tile
      along = &axis;
    }
    return along && along->stride >= 0;
  }

  // The axis of a 2-D address along which consecutive offsets are adjacent:
  // the one whose arange no parameter scales while a parameter scales the
  // other's (`rows[:, None] * stride + cols[None, :]`: 1); -1 when not known.
  static int contiguousAxisOf(const Info &address) {
    if (!axesKnown(address) || address.shape->size() != 2) return -1;
    int unit = -1;
    for (int i = 0; i < 2; ++i) {
      const AxisOrigin &axis = (*address.axes)[static_cast<size_t>(i)];
      if (axis.arange == kNoNode) return -1;
      if (axis.stride < 0) {
        if (unit >= 0) return -1;
        unit = i;
      }
    }
    return unit;
  }

  // The origins of `a + b` (shift) or `a * b` (no shift), broadcast: an axis
  // with an arange on both sides is lost; a scalar added that a program id
  // or a loop variable moves, scaled by the arange's extent (`pid *
  // BLOCK_M`, `k * BLOCK_K`, a loop over `range(0, K, BLOCK_K)`), walks the
  // arange's tile over the dimension. `scale`: the parameter a scalar factor
  // is (a stride), or -1.
  Axes combineAxes(const Info &a, const Info &b, bool shift, int scale) const {
    if (!a.shape || !b.shape || (a.shape->empty() && b.shape->empty())) return nullptr;
    if ((!a.shape->empty() && !axesKnown(a)) || (!b.shape->empty() && !axesKnown(b))) return nullptr;
    const size_t rank = std::max(a.shape->size(), b.shape->size());
    std::vector<AxisOrigin> out(rank);
    for (size_t i = 0; i < rank; ++i) {
      const AxisOrigin *x = i + a.shape->size() >= rank ? &(*a.axes)[i + a.shape->size() - rank] : nullptr;
      const AxisOrigin *y = i + b.shape->size() >= rank ? &(*b.axes)[i + b.shape->size() - rank] : nullptr;
      if (x && y && x->arange != kNoNode && y->arange != kNoNode) {
        out[i].opaque = true;
        continue;
      }
      out[i] = x && x->arange != kNoNode ? *x : y ? *y : x ? *x : AxisOrigin();
    }
    const Info *scalar = a.shape->empty() ? &a : b.shape->empty() ? &b : nullptr;
    for (AxisOrigin &axis : out) {
      if (axis.arange == kNoNode) continue;
      if (shift && scalar && scalar->sources && (scalar->params & axis.block).any()) axis.sources |= scalar->sources;
      if (!shift && scalar && scale >= 0) axis.stride = scale;
    }
    return keepAxes(std::move(out));
  }

  // Offsets anchored at the end of a dimension and walking down (`n - 1 -
  // (start + tl.arange(0, B))`, `n - (pid + 1) * B + tl.arange(0, B)`): the
  // highest is below the end whatever the tile, so they are inside it at
  // the top (only the low side can leave it, which `offs >= 0` tests).
  void countDownFromAnEnd(NodeKind opKind, const Info &left, const Info &right, NodeId rightNode,
                          Info &result) const {
    const bool scalars = left.shape && left.shape->empty() && right.shape && right.shape->empty();
    // The end is a size: parameters that no program id or loop moves.
    if (opKind == NodeKind::OpMinus && scalars) {
      if (left.params.any() && !left.sources)
        result.belowAnEnd = wholeTilesAtLeastOne(rightNode, result.tilesBelowAnEnd);
      return;
    }
    if (!axesKnown(result) || result.shape->empty()) return;
    std::vector<AxisOrigin> axes = *result.axes;
    bool changed = false;
    for (AxisOrigin &axis : axes) {
      if (axis.arange == kNoNode || axis.wrapped) continue;
      const bool countedDown = opKind == NodeKind::OpMinus && left.belowAnEnd && left.shape && left.shape->empty();
      const Info &scalar = left.shape && left.shape->empty() ? left : right;
      const bool tileBelow = opKind == NodeKind::OpPlus && scalar.shape && scalar.shape->empty() &&
                             axis.block.any() && (axis.block & ~scalar.tilesBelowAnEnd).none();
      if (countedDown || tileBelow) axis.wrapped = changed = true;
    }
    if (changed) result.axes = keepAxes(std::move(axes));
  }

  // Whether `node` is at least 1 (a positive literal) or at least one whole
  // tile of a parameter (`BLOCK`, `(pid + 1) * BLOCK`): those parameters go
  // to `tiles`.
  bool wholeTilesAtLeastOne(NodeId node, ParamSet &tiles) const {
    node = tree_.unparenthesize(node);
    if (node == kNoNode) return false;
    auto positiveLiteral = [&](NodeId n) {
      n = tree_.unparenthesize(n);
      int64_t value = 0;
      return n != kNoNode && tree_.kind(n) == NodeKind::Integer && parseIntegerLiteral(tree_.text(n), value) &&
             value >= 1;
    };
    // `pid + 1`: at least 1 for a non-negative id or counter.
    auto atLeastOne = [&](NodeId n) {
      n = tree_.unparenthesize(n);
      if (positiveLiteral(n)) return true;
      if (n == kNoNode || tree_.kind(n) != NodeKind::BinaryOperator) return false;
      const NodeId op = tree_.child(n, Field::Operator);
      return op != kNoNode && tree_.kind(op) == NodeKind::OpPlus &&
             (positiveLiteral(tree_.child(n, Field::Left)) || positiveLiteral(tree_.child(n, Field::Right)));
    };
    if (positiveLiteral(node)) return true;
    if (const int param = paramOf(node); param >= 0) {
      tiles.set(static_cast<size_t>(param));
      return true;
    }
    if (tree_.kind(node) != NodeKind::BinaryOperator) return false;
    const NodeId op = tree_.child(node, Field::Operator);
    if (op == kNoNode || tree_.kind(op) != NodeKind::OpStar) return false;
    const NodeId a = tree_.child(node, Field::Left), b = tree_.child(node, Field::Right);
    for (auto [factor, count] : {std::pair{a, b}, std::pair{b, a}})
      if (const int param = paramOf(factor); param >= 0 && atLeastOne(count)) {
        tiles.set(static_cast<size_t>(param));
        return true;
      }
    return false;
  }

  // `offs % M`, `offs // 2`, `offs & mask`: inside a range whatever the tile.
  static Axes wrappedAxes(const Info &value) {
    if (!axesKnown(value) || value.shape->empty()) return nullptr;
    std::vector<AxisOrigin> out = *value.axes;
    for (AxisOrigin &axis : out) axis.wrapped = true;
    return keepAxes(std::move(out));
  }

  static void transpose(Info &value) {
    if (value.shape && value.shape->size() == 2) {
      value.shape = makeShape({(*value.shape)[1], (*value.shape)[0]});
      if (value.axes && value.axes->size() == 2) value.axes = keepAxes({(*value.axes)[1], (*value.axes)[0]});
      else value.axes = nullptr;
    } else {
      value.shape = nullptr;
      value.axes = nullptr;
    }
  }

  // The kernel parameter a node names, or -1.
  int paramOf(NodeId node) const {
    node = tree_.unparenthesize(node);
    if (node == kNoNode || tree_.kind(node) != NodeKind::Identifier) return -1;
    auto found = paramIndex_.find(tree_.text(node));
    return found == paramIndex_.end() ? -1 : static_cast<int>(found->second);
  }

  // min(...): any argument's bounds; max(...): one of each argument's.
  static Bounds extremeBound(const std::vector<Info> &arguments, bool minimum) {
    Bounds out = boundsOf(arguments.front());
    for (size_t i = 1; i < arguments.size(); ++i)
      out = minimum ? eitherBound(out, boundsOf(arguments[i])) : bothBound(out, boundsOf(arguments[i]));
    return out;
  }

  // Every bound of the value grows with a program id: an offset per program.
  static bool startsAtProgram(const Info &value) {
    const Bounds bounds = boundsOf(value);
    if (bounds.count == 0) return false;
    for (size_t i = 0; i < bounds.count; ++i)
      if (!bounds.sets[i].test(kProgramBit)) return false;
    return true;
  }

  std::vector<ExtentBound> extentBounds(const Bounds &bounds) const {
    std::vector<ExtentBound> out;
    for (size_t i = 0; i < bounds.count; ++i) {
      ExtentBound bound;
      bound.params = paramNames(bounds.sets[i]);
      bound.program = bounds.sets[i].test(kProgramBit);
      bound.data = bounds.sets[i].test(kDataBit);
      out.push_back(std::move(bound));
    }
    return out;
  }

  std::vector<std::string> paramNames(const ParamSet &set) const {
    std::vector<std::string> names;
    for (size_t i = 0; i < kernel_.params.size() && i < kMaxNamedParams; ++i)
      if (set.test(i)) names.push_back(kernel_.params[i].name);
    return names;
  }

  // The elements of a tuple or list, each analysed; any other value as one.
  std::vector<Info> analyzeElements(NodeId node) {
    std::vector<Info> out;
    NodeId inner = tree_.unparenthesize(node);
    if (inner == kNoNode) return out;
    if (tree_.kind(inner) != NodeKind::Tuple && tree_.kind(inner) != NodeKind::List) {
      out.push_back(analyze(inner));
      return out;
    }
    for (NodeId element : tree_.children(inner))
      if (tree_.kind(element) != NodeKind::Comment) out.push_back(analyze(element));
    return out;
  }

  // A block pointer's or tensor descriptor's shape bounds its block the way a
  // mask does: each dimension the block dimension at its place (the whole
  // block when they do not pair up), at a program's offset when the offset
  // given there is (a descriptor's come with each load: taken as per program).
  void recordDescriptorExtents(NodeId shapeNode, const std::vector<Info> &extents, const std::vector<Info> &offsets,
                               NodeId blockShapeNode) {
    if (shapeNode == kNoNode) return;
    std::vector<Info> block = blockShapeNode != kNoNode ? blockDims(blockShapeNode) : std::vector<Info>{};
    ParamSet wholeBlock;
    for (const Info &dim : block) wholeBlock |= dim.params;
    const bool paired = block.size() == extents.size();
    for (size_t i = 0; i < extents.size(); ++i) {
      if (!extents[i].params.any()) continue;
      const bool programIndexed = offsets.empty() || (offsets.size() == extents.size() && startsAtProgram(offsets[i]));
      Limit limit{boundsOf(extents[i]), paired ? block[i].params : wholeBlock, !block.empty(), programIndexed, {}, {},
                  kNoNode};
      // An offset read from memory (`tl.load(idx + i) * BLOCK`): the block
      // sits where the data says, and the extent there bounds a gathered
      // coordinate, as a mask on gathered indices does.
      limit.sizesNothing = offsets.size() == extents.size() && derivesFromMemory(offsets[i]);
      recordExtent(limit, shapeNode);
    }
  }

  // A value computed from what a load read (`tl.load(idx + i).to(tl.int32) *
  // BLOCK`): its upper bounds all hold the data bit.
  static bool derivesFromMemory(const Info &value) {
    return value.load != kNoNode || value.tileLoads || boundedByMemory(value);
  }

  // A value whose upper bounds all hold the data bit (`m` of `m = tl.load(p)`).
  static bool boundedByMemory(const Info &value) {
    if (!value.bounds || value.bounds->count == 0) return false;
    for (size_t i = 0; i < value.bounds->count; ++i)
      if (!value.bounds->sets[i].test(kDataBit)) return false;
    return true;
  }

  // The parameters of each block dimension, read from the syntax (no roles).
  std::vector<Info> blockDims(NodeId node) {
    std::vector<Info> out;
    Shape shape = shapeFromNode(node);
    if (!shape) return out;
    for (const TileDim &dim : *shape) {
      Info info;
      for (const std::string &name : dim.params)
        if (auto found = kernelScope().find(name); found != kernelScope().end()) info.params.set(found->second);
      out.push_back(info);
    }
    return out;
  }

  // The extents a load's, store's or atomic's mask limits (Kernel::maskExtents).
  void recordMask(const Info &mask, NodeId node) {
    if (node == kNoNode) return;
    if (mask.limits) {
      for (const Limit &limit : *mask.limits) recordExtent(limit, node);
      return;
    }
    if (mask.params.any()) recordExtent({boundsOf(mask), ParamSet(), false, false, {}, {}, kNoNode}, node);
  }

  // One MaskExtent per distinct limit: the loads and stores of a kernel
  // mostly share one mask, and the rules ask only whether an extent exists.
  void recordExtent(const Limit &limit, NodeId node) {
    if (limit.sizesNothing) return;
    for (const Limit &seen : recordedLimits_)
      if (sameLimit(seen, limit)) return;
    recordedLimits_.push_back(limit);
    kernel_.maskExtents.push_back({tree_.span(node), extentBounds(limit.bound), paramNames(limit.tile), limit.tileKnown,
                                   limit.programIndexed});
  }

  static bool sameLimit(const Limit &a, const Limit &b) {
    if (a.tile != b.tile || a.tileKnown != b.tileKnown || a.programIndexed != b.programIndexed ||
        a.bound.count != b.bound.count)
      return false;
    for (size_t i = 0; i < a.bound.count; ++i)
      if (a.bound.sets[i] != b.bound.sets[i]) return false;
    return true;
  }

  Info analyzeChildren(NodeId node) {
    Info info;
    bool first = true;
    for (NodeId child : tree_.children(node)) {
      NodeKind kind = tree_.kind(child);
      if (kind == NodeKind::Comment || SyntaxTree::isOperatorToken(kind)) continue;
      Info part = analyze(child);
      if (first) {
        info.dtype = part.dtype;
        first = false;
      }
      merge(info, part);
    }
    return info;
  }

  Info analyzeNode(NodeId node) {
    Info info;
    switch (tree_.kind(node)) {
    case NodeKind::Integer:
    case NodeKind::Float:
    case NodeKind::True:
    case NodeKind::False:
    case NodeKind::None:
    case NodeKind::String:
    case NodeKind::ConcatenatedString:
      return info;
    case NodeKind::Identifier: {
      std::string_view name = tree_.text(node);
      auto param = paramIndex_.find(name);
      if (param != paramIndex_.end()) {
        // A parameter the kernel made a tile (`A = A + offsets`) is that
        // tile from there on.
        if (auto tile = reassignedTiles_.find(param->second); tile != reassignedTiles_.end()) {
          readAnywhere_.set(param->second);
          return tile->second;
        }
        info.params.set(param->second);
        info.pointerRoots.set(param->second);
        readAnywhere_.set(param->second);
        return info;
      }
      auto local = locals_.find(name);
      if (local != locals_.end()) {
        // A mask assigned again (in an `if` arm, or stepped): which one
        // guards an access depends on the path, which the reader does not join.
        if (local->second.assignments > 1 && local->second.info.readableMask) {
          Info value = local->second.info;
          value.readableMask = false;
          return value;
        }
        return valueForThisArm(local->second);
      }
      return info;
    }
    case NodeKind::ParenthesizedExpression: return analyze(tree_.unparenthesize(node));
    case NodeKind::Attribute: {
      NodeId attribute = tree_.child(node, Field::AttributeName);
      std::string_view name = attribute != kNoNode ? tree_.text(attribute) : "";
      noteDtypeMention(node);
      Info object = analyze(tree_.child(node, Field::Object));
      if (name == "T" && object.shape && object.shape->size() == 2) {
        transpose(object);
        return object;
      }
      // A value's element type is part of the compiled specialisation: what
      // is derived from it (`x_ptr.dtype.element_ty.primitive_bitwidth`) is a
      // compile-time constant, not a run-time use of the parameter.
      if (name == "dtype" || name == "element_ty") {
        Info result;
        result.shape = nullptr;
        return result;
      }
      // A tile's shape is fixed when the kernel compiles: it derives from
      // what sizes the tile, never from the values the tile holds
      // (`tl.sum(tl.exp(x * scale), 0).shape[0]` reads no `scale`).
      // Where the shape is not known (a tuple a helper returns), only its
      // constexpr parameters can size it; a parameter's own `.shape` (a host
      // tensor descriptor's) is the global shape, known at run time.
      if (name == "shape") {
        Info result;
        if (object.shape && !object.shape->empty()) {
          for (const TileDim &dim : *object.shape)
            for (const std::string &param : dim.params)
              if (auto found = kernelScope().find(param); found != kernelScope().end()) result.params.set(found->second);
        } else {
          result.params = namesParameter(tree_.child(node, Field::Object)) ? object.params : constexprOnly(object.params);
        }
        result.shape = nullptr;
        return result;
      }
      // tl.float16 and friends, or an attribute of a module: a constant.
      Info result;
      result.params = object.params;
      result.shape = scalarShape();
      return result;
    }
    case NodeKind::Subscript: return analyzeSubscript(node);
    case NodeKind::Call: return analyzeCall(node);
    case NodeKind::BinaryOperator: {
      NodeId op = tree_.child(node, Field::Operator);
      Info left = analyze(tree_.child(node, Field::Left));
      Info right = analyze(tree_.child(node, Field::Right));
      Info result;
      result.params = left.params | right.params;
      result.shape = broadcast(left.shape, right.shape);
      result.dtype = !left.dtype.empty() ? left.dtype : right.dtype;
      NodeKind opKind = op != kNoNode ? tree_.kind(op) : NodeKind::Other;
      if (opKind == NodeKind::OpPlus) result.pointerRoots = left.pointerRoots | right.pointerRoots;
      else if (opKind == NodeKind::OpMinus) result.pointerRoots = left.pointerRoots;
      result.strideCandidates = left.strideCandidates | right.strideCandidates;
      if ((opKind == NodeKind::OpPlus || opKind == NodeKind::OpMinus) && result.pointerRoots.any())
        commitInnerStrides(result.strideCandidates);
      // Upper bounds, taking the operands for non-negative sizes and offsets.
      if (opKind == NodeKind::OpMinus || opKind == NodeKind::OpSlash || opKind == NodeKind::OpDoubleSlash ||
          opKind == NodeKind::OpShiftRight) {
        if (right.params.any() || right.bounds || left.bounds) result.bounds = keepBounds(boundsOf(left));
      } else if (opKind == NodeKind::OpPercent || opKind == NodeKind::OpAmpersand) {
        result.bounds = keepBounds(eitherBound(boundsOf(left), boundsOf(right)));
      } else if (left.bounds || right.bounds) {
        result.bounds = keepBounds(bothBound(boundsOf(left), boundsOf(right)));
      }
      if (opKind == NodeKind::OpAmpersand) {
        result.limits = bothLimits(left.limits, right.limits);
        result.readableMask = left.readableMask && right.readableMask;
      }
      result.sources = left.sources | right.sources;
      result.reductions = left.reductions | right.reductions;
      result.tileLoads = left.tileLoads | right.tileLoads;
      result.dotResult = left.dotResult || right.dotResult;
      result.runtimeScalars = left.runtimeScalars | right.runtimeScalars;
      if ((left.tileLoads && right.shape && right.shape->empty() && holdsRuntimeValue(right)) ||
          (right.tileLoads && left.shape && left.shape->empty() && holdsRuntimeValue(left)))
        result.runtimeScalars |= scalarSite();
      result.decoded = left.decoded || right.decoded;
      result.perProgramShare = left.perProgramShare || right.perProgramShare ||
                               ((opKind == NodeKind::OpDoubleSlash || opKind == NodeKind::OpSlash) &&
                                countsPrograms(right));
      if (opKind == NodeKind::OpShiftRight || opKind == NodeKind::OpShiftLeft ||
          ((opKind == NodeKind::OpAmpersand || opKind == NodeKind::OpPipe || opKind == NodeKind::OpCaret) &&
           tree_.kind(tree_.unparenthesize(tree_.child(node, Field::Right))) == NodeKind::Integer))
        markPackedLoads(left);
      if ((opKind == NodeKind::OpDoubleSlash || opKind == NodeKind::OpPercent) && left.shape &&
          !left.shape->empty() && left.axes && right.shape && right.shape->empty() && right.params.any())
        result.decoded = true;
      if (opKind == NodeKind::OpPlus || opKind == NodeKind::OpMinus)
        result.axes = combineAxes(left, right, true, -1);
      else if (opKind == NodeKind::OpStar)
        result.axes = combineAxes(left, right, false,
                                  left.shape && left.shape->empty() ? paramOf(tree_.child(node, Field::Left))
                                                                    : paramOf(tree_.child(node, Field::Right)));
      else if ((opKind == NodeKind::OpPercent || opKind == NodeKind::OpDoubleSlash ||
                opKind == NodeKind::OpShiftRight || opKind == NodeKind::OpAmpersand) &&
               right.shape && right.shape->empty())
        result.axes = wrappedAxes(left);
      if (opKind == NodeKind::OpStar) {
        noteInnerStride(tree_.child(node, Field::Left), right, result);
        noteInnerStride(tree_.child(node, Field::Right), left, result);
        auto runtimeScalar = [&](const Info &side) {
          return side.shape && side.shape->empty() && holdsRuntimeValue(side);
        };
        const int leftParam = paramOf(tree_.child(node, Field::Left));
        const int rightParam = paramOf(tree_.child(node, Field::Right));
        if (rightParam >= 0 && runtimeScalar(left)) result.scalarStrides.set(static_cast<size_t>(rightParam));
        if (leftParam >= 0 && runtimeScalar(right)) result.scalarStrides.set(static_cast<size_t>(leftParam));
      } else if (opKind == NodeKind::OpPlus || opKind == NodeKind::OpMinus) {
        result.scalarStrides = left.scalarStrides | right.scalarStrides;
      }
      countDownFromAnEnd(opKind, left, right, tree_.child(node, Field::Right), result);
      return result;
    }
    case NodeKind::UnaryOperator: {
      Info argument = analyze(tree_.child(node, Field::Argument));
      argument.pointerRoots.reset();
      argument.loadLoop = -2;
      argument.axes = nullptr;
      argument.readableMask = false;
      return argument;
    }
    case NodeKind::ComparisonOperator: return analyzeComparison(node);
    case NodeKind::BooleanOperator: {
      Info left = analyze(tree_.child(node, Field::Left));
      Info right = analyze(tree_.child(node, Field::Right));
      Info result;
      merge(result, left);
      merge(result, right);
      result.dtype = "int1";
      NodeId op = tree_.child(node, Field::Operator);
      const bool conjunction = op != kNoNode && tree_.kind(op) == NodeKind::OpAnd;
      result.limits = conjunction ? bothLimits(left.limits, right.limits) : nullptr;
      result.readableMask = conjunction && left.readableMask && right.readableMask;
      result.sources = left.sources | right.sources;
      return result;
    }
    case NodeKind::NotOperator: {
      Info result = analyzeChildren(node);
      result.dtype = "int1";
      return result;
    }
    case NodeKind::ConditionalExpression: {
      // `a if c else b` is at most the larger of a and b.
      std::vector<Info> parts;
      for (NodeId child : tree_.children(node)) {
        NodeKind kind = tree_.kind(child);
        if (kind == NodeKind::Comment || SyntaxTree::isOperatorToken(kind)) continue;
        parts.push_back(analyze(child));
      }
      Info result;
      for (size_t i = 0; i < parts.size(); ++i) {
        if (i == 0) result.dtype = parts[i].dtype;
        merge(result, parts[i]);
      }
      if (parts.size() == 3 && (parts[0].bounds || parts[2].bounds))
        result.bounds = keepBounds(bothBound(boundsOf(parts[0]), boundsOf(parts[2])));
      return result;
    }
    case NodeKind::Tuple:
    case NodeKind::List:
    case NodeKind::ExpressionList: {
      Info result = analyzeChildren(node);
      result.shape = nullptr; // a Python tuple, not a tile
      return result;
    }
    case NodeKind::Lambda:
      return info;
    default: {
      Info result = analyzeChildren(node);
      result.shape = nullptr;
      return result;
    }
    }
  }

  // The constexpr parameters among `params`.
  ParamSet constexprOnly(ParamSet params) const {
    for (size_t i = 0; i < kernel_.params.size() && i < params.size(); ++i)
      if (params.test(i) && !kernel_.params[i].isConstexpr()) params.reset(i);
    return params;
  }

  // Whether `node` is a kernel parameter named as written (not a helper's).
  bool namesParameter(NodeId node) const {
    node = tree_.unparenthesize(node);
    return inlining_.empty() && node != kNoNode && tree_.kind(node) == NodeKind::Identifier &&
           paramIndex_.count(tree_.text(node)) != 0;
  }

  Info analyzeSubscript(NodeId node) {
    Info value = analyze(tree_.child(node, Field::Value));
    std::vector<NodeId> indices;
    for (NodeId child : tree_.children(node))
      if (tree_.node(child).field == Field::SubscriptIndex) indices.push_back(child);
    Info result = value;
    result.loadLoop = value.loadLoop;
    if (!value.shape) {
      for (NodeId index : indices) result.params |= analyze(index).params;
      return result;
    }
    std::vector<TileDim> dims;
    dims.reserve(indices.size() + value.shape->size());
    const bool withAxes = axesKnown(value);
    std::vector<AxisOrigin> axes;
    size_t source = 0;
    bool known = true;
    const NodeId subscripted = tree_.unparenthesize(tree_.child(node, Field::Value));
    const bool ofParam = inlining_.empty() && subscripted != kNoNode &&
                         tree_.kind(subscripted) == NodeKind::Identifier && paramIndex_.count(tree_.text(subscripted)) != 0;
    for (NodeId index : indices) {
      NodeKind kind = tree_.kind(index);
      if (kind == NodeKind::None) {
        if (ofParam) kernel_.takesTileArguments = true;
        dims.push_back(constantDim(1));
        axes.emplace_back();
      } else if (kind == NodeKind::Slice) {
        bool full = true;
        for (NodeId part : tree_.children(index))
          if (tree_.kind(part) != NodeKind::OpColon) full = false;
        if (source < value.shape->size() && full) {
          dims.push_back((*value.shape)[source]);
          if (withAxes) axes.push_back((*value.axes)[source]);
        } else {
          known = false;
        }
        ++source;
      } else if (kind == NodeKind::Ellipsis) {
        known = false;
      } else {
        result.params |= analyze(index).params;
        ++source; // an integer index drops the dimension
      }
    }
    while (source < value.shape->size()) {
      if (withAxes) axes.push_back((*value.axes)[source]);
      dims.push_back((*value.shape)[source++]);
    }
    if (known) result.shape = makeShape(std::move(dims));
    else result.shape = nullptr;
    result.axes = known && withAxes ? keepAxes(std::move(axes)) : nullptr;
    // `(offs_h * stride_h)[:, None]`: the axis the stride scaled is no longer
    // the last one, so it is a row stride, not the contiguous axis's.
    if (!indices.empty() && tree_.kind(indices.back()) == NodeKind::None && !value.shape->empty())
      result.strideCandidates.reset();
    return result;
  }

  // `P == 1`, `1 < P` and the like for a kernel parameter P and an integer.
  std::optional<AccessGuard> parameterComparison(NodeId node, bool whenTrue) const {
    std::optional<AccessGuard> guard =
        comparisonWithLiteral(node, whenTrue, [&](std::string_view name) { return testedParam(name) != nullptr; });
    if (guard) guard->param = testedParam(guard->param)->name;
    return guard;
  }

  // `P op 4` or `4 op P` for a name P that `named` accepts: the guard it is.
  template <typename Named>
  std::optional<AccessGuard> comparisonWithLiteral(NodeId node, bool whenTrue, const Named &named) const {
    Comparison comparison;
    if (!readComparison(tree_, node, comparison)) return std::nullopt;
    const NodeId operands[2] = {comparison.left, comparison.right};
    const NodeKind op = comparison.op;
    if (!comparisonSpelling(op, false)) return std::nullopt;
    for (int side = 0; side < 2; ++side) {
      NodeId name = tree_.unparenthesize(operands[side]);
      NodeId literal = tree_.unparenthesize(operands[1 - side]);
      int64_t value = 0;
      if (name == kNoNode || literal == kNoNode || tree_.kind(name) != NodeKind::Identifier ||
          tree_.kind(literal) != NodeKind::Integer || !parseIntegerLiteral(tree_.text(literal), value) ||
          !named(tree_.text(name)))
        continue;
      // `1 < P` reads `P > 1`.
      return AccessGuard{std::string(tree_.text(name)), whenTrue, comparisonSpelling(op, side == 1), value};
    }
    return std::nullopt;
  }

  // `P`, `not P`, `(P)`, `P == 1` for a kernel parameter P: the test an `if`
  // arm runs under. Anything else is not a guard the rules can evaluate.
  std::optional<AccessGuard> parameterTest(NodeId condition) const {
    bool whenTrue = true;
    while (condition != kNoNode) {
      NodeKind kind = tree_.kind(condition);
      if (kind == NodeKind::ParenthesizedExpression) {
        NodeId inner = kNoNode;
        for (NodeId child : tree_.children(condition))
          if (tree_.kind(child) != NodeKind::Comment) inner = child;
        condition = inner;
      } else if (kind == NodeKind::NotOperator) {
        whenTrue = !whenTrue;
        condition = tree_.child(condition, Field::Argument);
      } else if (kind == NodeKind::Identifier) {
        const Param *param = testedParam(tree_.text(condition));
        if (!param) return std::nullopt;
        return AccessGuard{param->name, whenTrue, {}, 0};
      } else if (kind == NodeKind::ComparisonOperator) {
        return parameterComparison(condition, whenTrue);
      } else {
        return std::nullopt;
      }
    }
    return std::nullopt;
  }

  // The parameter tests of a conjunction (`A and B`, `A & B`, nested), each
  // appended to `out`; tests of other forms are left out.
  void conjunctionTests(NodeId condition, std::vector<AccessGuard> &out) const {
    junctionTests(condition, NodeKind::OpAnd, NodeKind::OpAmpersand, out, 0);
  }

  // The tests of constexpr parameters among the disjuncts of `A or B` (`A |
  // B`, nested): any of them true makes the whole true when Triton compiles
  // it. Nothing for a condition that is not a disjunction.
  void disjunctionTests(NodeId condition, std::vector<AccessGuard> &out) const {
    const NodeId inner = tree_.unparenthesize(condition);
    if (inner == kNoNode || tree_.kind(inner) != NodeKind::BooleanOperator) return;
    std::vector<AccessGuard> tests;
    junctionTests(inner, NodeKind::OpOr, NodeKind::OpPipe, tests, 0);
    for (const AccessGuard &test : tests)
      if (const Param *param = testedParam(test.param); param && param->isConstexpr()) out.push_back(test);
  }

  // The parameter tests joined by `logical` or `bitwise` (nested).
  void junctionTests(NodeId condition, NodeKind logical, NodeKind bitwise, std::vector<AccessGuard> &out,
                     int depth) const {
    condition = tree_.unparenthesize(condition);
    if (condition == kNoNode || depth > 16) return;
    const NodeKind kind = tree_.kind(condition);
    if (kind == NodeKind::BooleanOperator || kind == NodeKind::BinaryOperator) {
      NodeId op = tree_.child(condition, Field::Operator);
      if (op == kNoNode || (tree_.kind(op) != logical && tree_.kind(op) != bitwise)) return;
      junctionTests(tree_.child(condition, Field::Left), logical, bitwise, out, depth + 1);
      junctionTests(tree_.child(condition, Field::Right), logical, bitwise, out, depth + 1);
      return;
    }
    if (std::optional<AccessGuard> guard = parameterTest(condition)) out.push_back(*guard);
  }

  // `stride` times a tile of offsets whose last axis is a real extent (not a
  // broadcast 1): the stride of the contiguous axis once the product is added
  // to a pointer. A tile of loaded values times a parameter (`b_q * scale`)
  // is arithmetic, not an address.
  void noteInnerStride(NodeId stride, const Info &other, Info &product) {
    if (!other.shape || other.shape->empty() || isConstantOne(other.shape->back())) return;
    if (other.tileLoads != 0 || other.load != kNoNode || other.dotResult) return;
    // A constexpr one only on a 2-D tile's last axis (`offs_k[None, :] *
    // stride_k`): times a 1-D tile (`o_t * H`) a constexpr is as often a
    // count of interleaved rows as a stride.
    if (const Param *param = strideParam(stride, other.shape->size() >= 2))
      product.strideCandidates.set(static_cast<size_t>(param - kernel_.params.data()));
  }

  // An integer parameter, or with `constexprToo` a constexpr one
  // (`stride_xk: tl.constexpr`, declared so that Triton specialises a unit
  // stride).
  const Param *strideParam(NodeId node, bool constexprToo) const {
    if (const Param *param = integerParam(node)) return param;
    if (!constexprToo) return nullptr;
    const Param *param = namedParam(node);
    if (!param || param->kind != ParamKind::Constexpr) return nullptr;
    return param;
  }

  void commitInnerStrides(const ParamSet &candidates) {
    if (candidates.none()) return;
    for (size_t i = 0; i < kernel_.params.size() && i < kMaxParams; ++i)
      if (candidates.test(i)) kernel_.innerStrideParams.insert(kernel_.params[i].name);
  }

  // The parameter `node` names, where it is neither constexpr nor a pointer.
  const Param *integerParam(NodeId node) const {
    const Param *param = namedParam(node);
    if (!param || param->kind == ParamKind::Constexpr || param->kind == ParamKind::Pointer) return nullptr;
    return param;
  }

  // The kernel parameter an identifier stands for where it is read (in a
  // helper read in place, the one the call passed for it), or null.
  const Param *namedParam(NodeId node) const {
    node = node != kNoNode ? tree_.unparenthesize(node) : kNoNode;
    if (node == kNoNode || tree_.kind(node) != NodeKind::Identifier) return nullptr;
    return scopedParam(tree_.text(node));
  }

  const Param *scopedParam(std::string_view name) const {
    auto found = paramIndex_.find(name);
    return found == paramIndex_.end() ? nullptr : &kernel_.params[found->second];
  }

  // The kernel parameter an `if` may test by the name `name`: any of the
  // kernel's (also one reassigned since), or in a helper read in place the
  // one its call passed.
  const Param *testedParam(std::string_view name) const {
    return inlining_.empty() ? kernel_.findParam(std::string(name)) : scopedParam(name);
  }

  // The inner stride of a `strides=[...]` list (a constexpr one where the
  // list has two or more): the element at the axis `order` names first (a
  // block pointer's contiguous axis), else the last (a tensor descriptor's,
  // which Triton requires to be 1; an order not written as numbers, chosen
  // by dtype, is taken as row-major, the model's own assumption for a tile).
  void noteInnerStride(NodeId strides, NodeId order) {
    auto elements = [&](NodeId node) {
      std::vector<NodeId> out;
      node = node != kNoNode ? tree_.unparenthesize(node) : kNoNode;
      if (node == kNoNode || (tree_.kind(node) != NodeKind::Tuple && tree_.kind(node) != NodeKind::List)) return out;
      for (NodeId element : tree_.children(node))
        if (tree_.kind(element) != NodeKind::Comment && !SyntaxTree::isOperatorToken(tree_.kind(element)))
          out.push_back(element);
      return out;
    };
    const std::vector<NodeId> strideList = elements(strides), orderList = elements(order);
    if (strideList.empty()) return;
    int64_t fastest = static_cast<int64_t>(strideList.size()) - 1, written = 0;
    if (orderList.size() == strideList.size() && tree_.kind(orderList.front()) == NodeKind::Integer &&
        parseIntegerLiteral(tree_.text(orderList.front()), written) && written >= 0 &&
        written < static_cast<int64_t>(strideList.size()))
      fastest = written;
    if (const Param *param = strideParam(strideList[static_cast<size_t>(fastest)], strideList.size() >= 2))
      kernel_.innerStrideParams.insert(param->name);
  }

  // An expression's text without spaces, for comparing two as written.
  std::string compact(NodeId node) const { return node == kNoNode ? std::string() : withoutBlanks(tree_.text(node)); }

  // Records a load, store or atomic on every pointer the address is based on.
  size_t recordAccess(const Info &address, AccessKind kind, const std::string &atomicOp, NodeId site) {
    const size_t first = kernel_.accesses.size();
    markPointers(address.pointerRoots);
    for (size_t i = 0; i < kernel_.params.size() && i < kMaxNamedParams; ++i) {
      if (!address.pointerRoots.test(i)) continue;
      MemoryAccess access;
      access.pointer = kernel_.params[i].name;
      access.kind = kind;
      access.atomicOp = atomicOp;
      access.span = tree_.span(site);
      access.guards = guardStack_;
      access.addressParams = paramNames(address.params & ~address.pointerRoots);
      if (tree_.kind(site) == NodeKind::Call) {
        const bool isLoad = kind == AccessKind::Load;
        access.addressText = compact(argument(site, 0, "pointer"));
        access.maskText = compact(argument(site, isLoad ? 1 : 2, "mask"));
      }
      kernel_.accesses.push_back(std::move(access));
    }
    ParamSet offsets = address.params & ~address.pointerRoots;
    addRole(offsets, ParamUse::PointerOffset);
    return first;
  }

  // The offsets and the mask of the accesses recorded from `first` on (one
  // per pointer the address is based on): OffsetAxis and MaskCover.
  void describeTile(size_t first, const Info &address, const Info &mask, NodeId maskNode) {
    std::vector<OffsetAxis> walked;
    const bool offsetsKnown = axesKnown(address);
    if (offsetsKnown && !address.shape->empty())
      for (size_t i = 0; i < address.axes->size(); ++i) {
        const AxisOrigin &origin = (*address.axes)[i];
        if (origin.arange == kNoNode || !origin.sources) continue;
        OffsetAxis axis;
        axis.arange = tree_.span(origin.arange);
        axis.block = (*address.shape)[i];
        axis.programWalk = (origin.sources & kProgramSources) != 0;
        const uint32_t loops = origin.sources >> kFirstLoopBit;
        if (loops && (loops & (loops - 1)) == 0) axis.loop = __builtin_ctz(loops);
        axis.wrapped = origin.wrapped;
        if (origin.stride >= 0) axis.stride = kernel_.params[static_cast<size_t>(origin.stride)].name;
        walked.push_back(std::move(axis));
      }
    const NodeId maskValue = tree_.unparenthesize(maskNode);
    const bool hasMask = maskValue != kNoNode && tree_.kind(maskValue) != NodeKind::None;
    std::vector<MaskCover> covers;
    if (hasMask && mask.limits)
      for (const Limit &limit : *mask.limits)
        for (NodeId arange : limit.aranges) {
          MaskCover cover{tree_.span(arange), extentBounds(limit.bound), paramNames(limit.boundParams),
                          limit.comparison != kNoNode ? tree_.span(limit.comparison) : tree_.span(maskNode), false,
                          {}};
          if (offsetsKnown && !address.shape->empty())
            for (const AxisOrigin &origin : *address.axes)
              if (origin.arange == arange) {
                cover.addressed = true;
                if (origin.stride >= 0) cover.addressStride = kernel_.params[static_cast<size_t>(origin.stride)].name;
              }
          covers.push_back(std::move(cover));
        }
    for (size_t i = first; i < kernel_.accesses.size(); ++i) {
      MemoryAccess &access = kernel_.accesses[i];
      access.offsetsKnown = offsetsKnown;
      access.walkedAxes = walked;
      access.hasMask = hasMask;
      access.maskKnown = hasMask && mask.readableMask;
      access.maskCovers = covers;
    }
  }

  // Pointer roots narrowed to the most pointer-like candidates: `X + start`
  // with two parameter terms points into X, not into start.
  ParamSet narrowRoots(const ParamSet &roots) const {
    ParamSet named;
    size_t count = 0, first = kMaxParams;
    for (size_t i = 0; i < kernel_.params.size() && i < kMaxNamedParams; ++i) {
      if (!roots.test(i)) continue;
      ++count;
      if (first == kMaxParams) first = i;
      if (looksLikePointerName(kernel_.params[i].name) ||
          kernel_.params[i].kind == ParamKind::Pointer)
        named.set(i);
    }
    if (count <= 1) return roots;
    if (named.any()) return named;
    ParamSet leftmost;
    leftmost.set(first);
    return leftmost;
  }

  // "a.b.c" as written for an attribute chain of names; empty for anything else.
  std::string dottedChain(NodeId expression) const {
    std::string_view head;
    std::vector<std::string_view> parts;
    if (!eval::attributeChain(tree_, expression, head, parts)) return {};
    std::string dotted(head);
    for (auto part = parts.rbegin(); part != parts.rend(); ++part) (dotted += '.') += *part;
    return dotted;
  }

  // Whether `name` is, where the kernel reads it, a class the module defines.
  bool namesModuleClass(std::string_view name) const {
    if (name.empty() || locals_.count(name)) return false;
    const eval::Binding *binding = index_.visibleBinding(name, UINT32_MAX);
    return binding && binding->kind == eval::Binding::Kind::Definition && binding->node != kNoNode &&
           tree_.kind(binding->node) == NodeKind::ClassDefinition;
  }

  // The root name of an attribute chain (`tl` in tl.math.exp), or empty.
  std::string_view rootName(NodeId expression) const {
    while (expression != kNoNode && tree_.kind(expression) == NodeKind::Attribute)
      expression = tree_.child(expression, Field::Object);
    if (expression == kNoNode || tree_.kind(expression) != NodeKind::Identifier) return {};
    return tree_.text(expression);
  }

  // Arguments written in a call, positional or not.
  size_t writtenArguments(NodeId call) const {
    NodeId list = tree_.child(call, Field::Arguments);
    size_t written = 0;
    if (list != kNoNode)
      for (NodeId argument : tree_.children(list))
        if (tree_.kind(argument) != NodeKind::Comment && !SyntaxTree::isOperatorToken(tree_.kind(argument))) ++written;
    return written;
  }

  // Python builtins and Triton's own functions: not device helpers.
  static bool builtinCall(std::string_view path) {
    static constexpr std::string_view builtins[] = {"min", "max", "int", "float", "range", "len",
                                                    "abs", "print", "isinstance", "bool"};
    return std::find(std::begin(builtins), std::end(builtins), path) != std::end(builtins) ||
           path.substr(0, 7) == "triton.";
  }

  // The source bit of `tl.program_id(axis)`: the axis's own for a literal 0,
  // 1 or 2, kAnyProgramBit otherwise.
  uint32_t programIdBit(NodeId call) const {
    NodeId axis = tree_.unparenthesize(argument(call, 0, "axis"));
    int64_t number = 0;
    return axis != kNoNode && tree_.kind(axis) == NodeKind::Integer && parseIntegerLiteral(tree_.text(axis), number) &&
                   number >= 0 && number < 3
               ? 1u << number
               : kAnyProgramBit;
  }

  // What a value of a module helper derives from: the helper's parameters
  // (bits by position), whether a tl.load's result takes part (the address
  // then sizes nothing: the value is data), and the program ids it reads.
  struct HelperValue {
    std::bitset<kMaxParams> params;
    bool loaded = false;
    uint32_t programs = 0;
    void add(const HelperValue &other) {
      params |= other.params;
      loaded = loaded || other.loaded;
      programs |= other.programs;
    }
  };

  HelperValue helperValueOf(NodeId node, const std::unordered_map<std::string_view, HelperValue> &names,
                            int depth) const {
    HelperValue value;
    node = tree_.unparenthesize(node);
    if (node == kNoNode || depth > kMaxDepth) return value;
    switch (tree_.kind(node)) {
    case NodeKind::Identifier:
      if (auto found = names.find(tree_.text(node)); found != names.end()) value = found->second;
      return value;
    case NodeKind::Lambda:
    case NodeKind::String:
      return value;
    case NodeKind::Call: {
      const std::string callee = canonical(tree_.child(node, Field::Function));
      if (callee == "triton.language.load") {
        value.loaded = true; // its address sizes nothing
        return value;
      }
      if (callee == "triton.language.program_id") {
        value.programs = programIdBit(node);
        return value;
      }
      break;
    }
    default:
      break;
    }
    for (NodeId child : tree_.children(node)) value.add(helperValueOf(child, names, depth + 1));
    return value;
  }

  // Binds every name a statement list assigns (flow-insensitively: each
  // assignment adds to what the name derives from) and collects the values
  // it returns, element by element. False when returns differ in arity or a
  // nested definition makes the walk unsound.
  bool walkHelperBody(NodeId block, std::unordered_map<std::string_view, HelperValue> &names,
                      std::optional<std::vector<HelperValue>> &returned, int depth) const {
    if (depth > kMaxDepth) return false;
    auto bind = [&](NodeId target, const HelperValue &value, auto &self) -> void {
      target = tree_.unparenthesize(target);
      if (target == kNoNode) return;
      if (tree_.kind(target) == NodeKind::Identifier) {
        names[tree_.text(target)].add(value);
        return;
      }
      for (NodeId child : tree_.children(target))
        if (!SyntaxTree::isOperatorToken(tree_.kind(child))) self(child, value, self);
    };
    for (NodeId statement : tree_.children(block)) {
      switch (tree_.kind(statement)) {
      case NodeKind::ExpressionStatement:
        for (NodeId child : tree_.children(statement)) {
          const NodeKind kind = tree_.kind(child);
          if (kind != NodeKind::Assignment && kind != NodeKind::AugmentedAssignment) continue;
          NodeId left = tree_.child(child, Field::Left), right = tree_.child(child, Field::Right);
          if (right == kNoNode) continue; // an annotation alone
          bind(left, helperValueOf(right, names, 0), bind);
        }
        break;
      case NodeKind::ReturnStatement: {
        std::vector<HelperValue> values;
        NodeId value = kNoNode;
        for (NodeId child : tree_.children(statement))
          if (tree_.kind(child) != NodeKind::Comment && !SyntaxTree::isOperatorToken(tree_.kind(child))) value = child;
        value = tree_.unparenthesize(value);
        if (value != kNoNode &&
            (tree_.kind(value) == NodeKind::ExpressionList || tree_.kind(value) == NodeKind::Tuple)) {
          for (NodeId element : tree_.children(value)) {
            const NodeKind kind = tree_.kind(element);
            if (kind == NodeKind::Comment || SyntaxTree::isOperatorToken(kind)) continue;
            if (kind == NodeKind::ListSplat) return false;
            values.push_back(helperValueOf(element, names, 0));
          }
        } else {
          values.push_back(helperValueOf(value, names, 0));
        }
        if (!returned) {
          returned = std::move(values);
        } else {
          if (returned->size() != values.size()) return false;
          for (size_t i = 0; i < values.size(); ++i) (*returned)[i].add(values[i]);
        }
        break;
      }
      case NodeKind::FunctionDefinition:
      case NodeKind::DecoratedDefinition:
      case NodeKind::ClassDefinition:
        return false;
      case NodeKind::ForStatement: {
        bind(tree_.child(statement, Field::Left), helperValueOf(tree_.child(statement, Field::Right), names, 0),
             bind);
        [[fallthrough]];
      }
      default:
        // if/while/with/try and the loop's body: their blocks, conditions ignored.
        for (NodeId child : tree_.children(statement)) {
          const NodeKind kind = tree_.kind(child);
          if (kind == NodeKind::Block) {
            if (!walkHelperBody(child, names, returned, depth + 1)) return false;
          } else if (kind == NodeKind::ElifClause || kind == NodeKind::ElseClause) {
            for (NodeId inner : tree_.children(child))
              if (tree_.kind(inner) == NodeKind::Block && !walkHelperBody(inner, names, returned, depth + 1))
                return false;
          }
        }
        break;
      }
    }
    return true;
  }

  // A call of a helper defined in this module: what each value it returns
  // derives from, in the caller's terms (the arguments given for the
  // parameters it reads; a loaded value is data, as a tl.load's result is).
  // Unpacking then gives each target its own element (`expert, offs, mask =
  // setup(...)`) instead of everything every argument carries.
  void helperReturnedParts(NodeId call, std::string_view name, const std::vector<Info> &positional,
                           const std::vector<std::pair<std::string_view, Info>> &keywords, Info &result) {
    const NodeId definition = moduleHelper(name);
    if (definition == kNoNode) return;
    // The helper's parameters by name, and the caller's argument for each.
    bool splat = false; // *args, **kwargs: arguments do not map by position
    const std::vector<std::string_view> parameters = tree_.positionalParameterNames(definition, &splat);
    if (splat) return;
    if (parameters.size() > kMaxParams) return;
    // Splatted arguments do not map to parameters.
    if (NodeId arguments = tree_.child(call, Field::Arguments); arguments != kNoNode)
      for (NodeId argument : tree_.children(arguments))
        if (tree_.kind(argument) == NodeKind::ListSplat || tree_.kind(argument) == NodeKind::DictionarySplat) return;
    if (positional.size() > parameters.size()) return;
    std::vector<const Info *> given(parameters.size(), nullptr);
    for (size_t i = 0; i < positional.size(); ++i) given[i] = &positional[i];
    for (const auto &[keyword, value] : keywords) {
      auto found = std::find(parameters.begin(), parameters.end(), keyword);
      if (found == parameters.end()) return;
      given[static_cast<size_t>(found - parameters.begin())] = &value;
    }
    std::unordered_map<std::string_view, HelperValue> names;
    for (size_t i = 0; i < parameters.size(); ++i) names[parameters[i]].params.set(i);
    std::optional<std::vector<HelperValue>> returned;
    NodeId body = tree_.child(definition, Field::Body);
    if (body == kNoNode) return;
    // Twice: a name assigned after its use in a loop reaches that use.
    for (int pass = 0; pass < 2; ++pass) {
      returned.reset();
      if (!walkHelperBody(body, names, returned, 0)) return;
    }
    if (!returned || returned->empty()) return;
    std::vector<Info> parts;
    for (const HelperValue &value : *returned) {
      Info part;
      part.shape = nullptr;
      part.sources = value.programs;
      for (size_t i = 0; i < given.size(); ++i) {
        if (!value.params.test(i) || !given[i]) continue;
        part.params |= given[i]->params;
        part.sources |= given[i]->sources;
      }
      // Bounded by data, as a tl.load's result is: its address sizes nothing.
      if (value.loaded) part.bounds = keepBounds(boundOf(kDataBit));
      parts.push_back(std::move(part));
    }
    if (parts.size() > 1) result.parts = keepParts(std::move(parts));
  }

  // `tl.static_assert(LB == 2)` at the top of a helper of this module, given
  // the kernel's own parameter for LB (`skip(i, LB=LB)`): the kernel too
  // compiles only for that value, as if it asserted it itself.
  void helperAssertedValues(NodeId call, std::string_view name) {
    const NodeId definition = moduleHelper(name);
    if (definition == kNoNode) return;
    for (const auto &[parameter, value] : pinnedParameters(definition, 0))
      if (NodeId given = argumentFor(call, definition, parameter); given != kNoNode)
        if (const Param *param = testedParam(tree_.text(given))) kernel_.assertedValues.emplace(param->name, value);
  }

  // The definition of a function of this module called `name`, or kNoNode.
  NodeId moduleHelper(std::string_view name) const {
    const eval::Binding *binding = index_.visibleBinding(name, UINT32_MAX);
    if (!binding || binding->kind != eval::Binding::Kind::Definition || binding->node == kNoNode ||
        tree_.kind(binding->node) != NodeKind::FunctionDefinition)
      return kNoNode;
    return binding->node;
  }

  // The name `call` passes for `parameter` of `definition` (by keyword or by
  // position), or kNoNode when it passes something else or splats.
  NodeId argumentFor(NodeId call, NodeId definition, std::string_view parameter) const {
    bool splat = false;
    const std::vector<std::string_view> parameters = tree_.positionalParameterNames(definition, &splat);
    const NodeId arguments = tree_.child(call, Field::Arguments);
    if (splat || arguments == kNoNode) return kNoNode;
    size_t position = 0;
    for (NodeId argument : tree_.children(arguments)) {
      const NodeKind kind = tree_.kind(argument);
      if (kind == NodeKind::Comment) continue;
      if (kind == NodeKind::ListSplat || kind == NodeKind::DictionarySplat) return kNoNode;
      NodeId value = argument;
      if (kind == NodeKind::KeywordArgument) {
        NodeId keyword = tree_.child(argument, Field::Name);
        if (keyword == kNoNode || tree_.text(keyword) != parameter) continue;
        value = tree_.child(argument, Field::Value);
      } else if (position >= parameters.size() || parameters[position++] != parameter) {
        continue;
      }
      value = tree_.unparenthesize(value);
      return value != kNoNode && tree_.kind(value) == NodeKind::Identifier ? value : kNoNode;
    }
    return kNoNode;
  }

  // The helper's own spelling of `name` (a view into the tree, as the map keys are).
  static std::string_view parameterNamed(const std::vector<std::string_view> &parameters, const std::string &name) {
    return *std::find(parameters.begin(), parameters.end(), name);
  }

  // The values a helper pins its parameters to: its own `tl.static_assert(P
  // == v)`, or P passed on to a helper that pins it (`return not
  // skip_kv(i, LB=LB)`), in the statements its body always runs (not inside
  // an `if` or a loop).
  std::map<std::string_view, int64_t> pinnedParameters(NodeId definition, int depth) {
    std::map<std::string_view, int64_t> pinned;
    const NodeId body = tree_.child(definition, Field::Body);
    if (body == kNoNode || depth > 4) return pinned;
    bool splat = false;
    const std::vector<std::string_view> parameters = tree_.positionalParameterNames(definition, &splat);
    auto isParameter = [&](std::string_view n) {
      return std::find(parameters.begin(), parameters.end(), n) != parameters.end();
    };
    std::vector<NodeId> calls;
    for (NodeId statement : tree_.children(body)) {
      const NodeKind kind = tree_.kind(statement);
      if (kind != NodeKind::ExpressionStatement && kind != NodeKind::ReturnStatement) continue;
      std::vector<NodeId> pending{statement};
      while (!pending.empty() && calls.size() < 256) {
        const NodeId node = pending.back();
        pending.pop_back();
        if (tree_.kind(node) == NodeKind::Call) calls.push_back(node);
        for (NodeId child : tree_.children(node)) pending.push_back(child);
      }
    }
    for (NodeId call : calls) {
      const NodeId callee = tree_.child(call, Field::Function);
      if (canonical(callee) == "triton.language.static_assert") {
        if (std::optional<AccessGuard> test = comparisonWithLiteral(positionalArgument(call, 0), true, isParameter);
            test && test->compare == "==")
          pinned.emplace(parameterNamed(parameters, test->param), test->operand);
        continue;
      }
      if (callee == kNoNode || tree_.kind(callee) != NodeKind::Identifier) continue;
      const NodeId inner = moduleHelper(tree_.text(callee));
      if (inner == kNoNode || inner == definition) continue;
      for (const auto &[parameter, value] : pinnedParameters(inner, depth + 1))
        if (NodeId given = argumentFor(call, inner, parameter); given != kNoNode && isParameter(tree_.text(given)))
          pinned.emplace(tree_.text(given), value);
    }
    return pinned;
  }

  // A helper of the module that computes scalars only from scalars (tile
  // ids from program ids: `pid = tl.program_id(0)`, `tl.cdiv`, `min`,
  // arithmetic; no other call, no tensor), called with scalars: its result,
  // or each part of the tuple it returns, is a scalar moved by the program
  // ids it reads.
  void scalarHelperResult(NodeId call, std::string_view name, const std::vector<Info> &arguments, Info &result) {
    if (writtenArguments(call) != arguments.size()) return; // keyword or splatted arguments
    for (const Info &argument : arguments)
      if (!argument.shape || !argument.shape->empty()) return;
    const NodeId definition = moduleHelper(name);
    if (definition == kNoNode) return;
    NodeId body = tree_.child(definition, Field::Body);
    uint32_t programs = 0;
    bool returnsTuple = false, returns = false;
    if (body == kNoNode || !scalarOnly(body, programs, returns, returnsTuple, 0) || !returns) return;
    result.sources |= programs;
    if (returnsTuple) result.scalarParts = true;
    else result.shape = scalarShape();
  }

  bool scalarOnly(NodeId node, uint32_t &programs, bool &returns, bool &returnsTuple, int depth) const {
    if (depth > kMaxDepth) return false;
    const NodeKind kind = tree_.kind(node);
    if (kind == NodeKind::FunctionDefinition || kind == NodeKind::DecoratedDefinition ||
        kind == NodeKind::Subscript || kind == NodeKind::List || kind == NodeKind::String)
      return false;
    if (kind == NodeKind::ReturnStatement) {
      returns = true;
      for (NodeId child : tree_.children(node)) {
        NodeKind value = tree_.kind(tree_.unparenthesize(child));
        if (value == NodeKind::Tuple || value == NodeKind::ExpressionList) returnsTuple = true;
      }
    }
    if (kind == NodeKind::Call) {
      const std::string path = canonical(tree_.child(node, Field::Function));
      static constexpr std::string_view allowed[] = {
          "triton.language.program_id", "triton.language.num_programs", "triton.language.cdiv", "triton.cdiv",
          "min", "max", "triton.language.minimum", "triton.language.maximum"};
      if (std::find(std::begin(allowed), std::end(allowed), path) == std::end(allowed)) return false;
      if (path == "triton.language.program_id") programs |= programIdBit(node);
      NodeId arguments = tree_.child(node, Field::Arguments);
      return arguments == kNoNode || scalarOnly(arguments, programs, returns, returnsTuple, depth + 1);
    }
    for (NodeId child : tree_.children(node))
      if (!scalarOnly(child, programs, returns, returnsTuple, depth + 1)) return false;
    return true;
  }

  // Whether a helper of this module holds a tl.dot, itself or through the
  // module's helpers it calls.
  bool holdsDot(NodeId definition, int depth) {
    if (auto known = holdsDot_.find(definition); known != holdsDot_.end()) return known->second;
    holdsDot_[definition] = false; // a recursive call holds nothing new
    bool found = false;
    std::vector<NodeId> pending{tree_.child(definition, Field::Body)};
    while (!pending.empty() && !found) {
      const NodeId node = pending.back();
      pending.pop_back();
      if (node == kNoNode) continue;
      const NodeKind kind = tree_.kind(node);
      if (kind == NodeKind::FunctionDefinition || kind == NodeKind::DecoratedDefinition) continue;
      if (kind == NodeKind::Call) {
        const NodeId callee = tree_.child(node, Field::Function);
        const std::string path = canonical(callee);
        if (path == "triton.language.dot" || path == "triton.language.dot_scaled") found = true;
        else if (callee != kNoNode && tree_.kind(callee) == NodeKind::Identifier && depth < 4)
          if (const NodeId inner = moduleHelper(tree_.text(callee)); inner != kNoNode && inner != definition)
            found = holdsDot(inner, depth + 1);
      }
      for (NodeId child : tree_.children(node)) pending.push_back(child);
    }
    holdsDot_[definition] = found;
    return found;
  }

  // Reads a helper of this module that holds a tl.dot where it is called,
  // as Triton compiles it: inlined, its parameters bound to the call's
  // arguments (a kernel parameter passed by name stays that parameter;
  // anything else is a local holding the argument's value). Its loops,
  // loads and dots are then the kernel's, for the tile, dot and resource
  // models. False when the call is not read so (splats, recursion, depth).
  bool inlineHelper(NodeId call, std::string_view name, const std::vector<Info> &positional,
                    const std::vector<std::pair<std::string_view, Info>> &keywords, Info &result) {
    if (inlining_.size() >= kMaxInlineDepth) return false;
    const NodeId definition = moduleHelper(name);
    if (definition == kNoNode || std::find(inlining_.begin(), inlining_.end(), definition) != inlining_.end() ||
        !holdsDot(definition, 0))
      return false;
    const NodeId body = tree_.child(definition, Field::Body);
    const NodeId parameterList = tree_.child(definition, Field::Parameters);
    if (body == kNoNode || parameterList == kNoNode) return false;
    struct Parameter {
      std::string_view name;
      NodeId given = kNoNode;     // the call's argument, else the default
      const Info *info = nullptr; // the argument's value, when the call passes one
    };
    std::vector<Parameter> parameters;
    for (NodeId parameter : tree_.children(parameterList)) {
      const NodeKind kind = tree_.kind(parameter);
      if (kind == NodeKind::PositionalSeparator || kind == NodeKind::Comment || SyntaxTree::isOperatorToken(kind))
        continue;
      const NodeId parameterName = tree_.parameterName(parameter);
      if (parameterName == kNoNode) return false; // *args, **kwargs, a keyword-only marker
      Parameter bound{tree_.text(parameterName)};
      if (kind == NodeKind::DefaultParameter || kind == NodeKind::TypedDefaultParameter)
        bound.given = tree_.child(parameter, Field::Value);
      parameters.push_back(bound);
    }
    const NodeId arguments = tree_.child(call, Field::Arguments);
    if (arguments == kNoNode) return false;
    size_t position = 0;
    for (NodeId argument : tree_.children(arguments)) {
      const NodeKind kind = tree_.kind(argument);
      if (kind == NodeKind::Comment || SyntaxTree::isOperatorToken(kind)) continue;
      if (kind == NodeKind::ListSplat || kind == NodeKind::DictionarySplat) return false;
      if (kind == NodeKind::KeywordArgument) {
        const NodeId keyword = tree_.child(argument, Field::Name);
        if (keyword == kNoNode) return false;
        auto parameter = std::find_if(parameters.begin(), parameters.end(),
                                      [&](const Parameter &p) { return p.name == tree_.text(keyword); });
        auto value = std::find_if(keywords.begin(), keywords.end(),
                                  [&](const auto &k) { return k.first == tree_.text(keyword); });
        if (parameter == parameters.end() || value == keywords.end()) return false;
        parameter->given = tree_.child(argument, Field::Value);
        parameter->info = &value->second;
        continue;
      }
      if (position >= parameters.size() || position >= positional.size()) return false;
      parameters[position].given = argument;
      parameters[position].info = &positional[position];
      ++position;
    }
    std::unordered_map<std::string_view, size_t> names;
    std::unordered_map<std::string_view, Local> values;
    for (const Parameter &parameter : parameters) {
      const NodeId given = parameter.given != kNoNode ? tree_.unparenthesize(parameter.given) : kNoNode;
      if (parameter.info && given != kNoNode && tree_.kind(given) == NodeKind::Identifier)
        if (auto passed = paramIndex_.find(tree_.text(given)); passed != paramIndex_.end()) {
          names.emplace(parameter.name, passed->second);
          continue;
        }
      Local &local = values[parameter.name];
      local.assignments = 1; // its value node stays unset: the names in it are the caller's
      if (parameter.info) local.info = *parameter.info;
      else if (given != kNoNode && isLiteral(given)) local.info = analyze(given);
      else local.info.shape = nullptr; // not passed, no literal default: not known
      std::vector<DimOp> program;
      if (given != kNoNode && local.info.shape && local.info.shape->empty() && compileDim(given, program, 0))
        local.program = std::move(program);
    }
    const auto *outerNames = kernelNames_;
    std::unordered_map<std::string_view, size_t> callerNames = std::move(paramIndex_);
    std::unordered_map<std::string_view, Local> callerLocals = std::move(locals_);
    std::unordered_map<std::string_view, int> callerDots = std::move(lastDotInto_);
    std::unordered_map<size_t, Info> callerTiles = reassignedTiles_; // a helper's own rebinding ends with it
    if (inlining_.empty()) kernelNames_ = &callerNames; // the kernel's own names, while the helper's are read
    paramIndex_ = std::move(names);
    locals_ = std::move(values);
    lastDotInto_.clear();
    std::optional<Info> callerReturned = std::move(returned_);
    returned_.reset();
    inlining_.push_back(definition);
    readBlock(body);
    inlining_.pop_back();
    if (returned_) result = *returned_;
    returned_ = std::move(callerReturned);
    paramIndex_ = std::move(callerNames);
    locals_ = std::move(callerLocals);
    lastDotInto_ = std::move(callerDots);
    reassignedTiles_ = std::move(callerTiles);
    kernelNames_ = outerNames;
    kernel_.inlinedHelpers.insert(std::string(name));
    return true;
  }

  bool isLiteral(NodeId node) const {
    const NodeKind kind = tree_.kind(node);
    return kind == NodeKind::Integer || kind == NodeKind::Float || kind == NodeKind::True ||
           kind == NodeKind::False || kind == NodeKind::None || kind == NodeKind::String;
  }

  // What a helper read in place returns at `statement`: the value, or for
  // `return a, b` each element whole.
  Info returnedValue(NodeId statement) {
    NodeId value = kNoNode;
    for (NodeId child : tree_.children(statement))
      if (tree_.kind(child) != NodeKind::Comment && !SyntaxTree::isOperatorToken(tree_.kind(child))) value = child;
    Info result;
    result.shape = nullptr;
    if (value == kNoNode) return result;
    const NodeId inner = tree_.unparenthesize(value);
    const NodeKind kind = inner != kNoNode ? tree_.kind(inner) : NodeKind::None;
    if (kind != NodeKind::ExpressionList && kind != NodeKind::Tuple) return analyze(value);
    std::vector<Info> parts;
    for (NodeId element : tree_.children(inner)) {
      const NodeKind elementKind = tree_.kind(element);
      if (elementKind == NodeKind::Comment || SyntaxTree::isOperatorToken(elementKind)) continue;
      if (elementKind == NodeKind::ListSplat) return result;
      parts.push_back(analyze(element));
    }
    for (const Info &part : parts) {
      result.params |= part.params;
      result.sources |= part.sources;
    }
    result.parts = keepParts(std::move(parts));
    result.partsExact = true;
    return result;
  }

  Info analyzeCall(NodeId call) {
    NodeId callee = tree_.child(call, Field::Function);
    // tl.<function> is by far the most common call: recognise it without
    // building the dotted path.
    std::string_view function = index_.memberOf(tree_, callee, "triton.language");
    std::string path;
    if (function.empty() && callee != kNoNode && tree_.kind(callee) == NodeKind::Identifier &&
        index_.importedNames().count(tree_.text(callee))) {
      path = canonical(callee); // from triton.language import arange
      function = tritonFunction(path);
    }
    // A module-level alias of a triton.language function (`log = tl.log`).
    std::string aliased = function.empty() ? languageAlias(callee) : std::string();
    if (!aliased.empty()) {
      path = aliased;
      function = tritonFunction(path);
      if (function.empty()) return analyzeElementwise(call, std::string_view(path).substr(path.rfind('.') + 1));
    }
    if (!function.empty()) return analyzeTritonCall(call, function);
    // Math libraries under triton.language (tl.math.exp2, libdevice.tanh
    // imported from triton.language.extra.cuda): element-wise, never helpers.
    if (callee != kNoNode &&
        (tree_.kind(callee) == NodeKind::Attribute ||
         (tree_.kind(callee) == NodeKind::Identifier && index_.importedNames().count(tree_.text(callee))))) {
      if (path.empty()) path = canonical(callee);
      if (std::string_view(path).substr(0, 16) == "triton.language.")
        return analyzeElementwise(call, std::string_view(path).substr(path.rfind('.') + 1));
    }
    std::string_view root = rootName(callee);
    if (callee != kNoNode && tree_.kind(callee) == NodeKind::Attribute) {
      NodeId method = tree_.child(callee, Field::AttributeName);
      NodeId object = tree_.child(callee, Field::Object);
      std::string_view name = method != kNoNode ? tree_.text(method) : "";
      // Functions of modules (math.x, triton.x, tl.math.x) are not tensor
      // methods, nor are a class's static methods (`Mean.forward(...)`).
      const bool tritonCall = root == "tl" || root == "triton";
      const bool importedCall = !tritonCall && index_.importedNames().count(root);
      if (!tritonCall && !importedCall && !namesModuleClass(root)) return analyzeMethodCall(call, object, name);
      // A helper reached through a project module or a class: recorded
      // dotted, for the model to follow (`language.Mean.forward`).
      std::string dotted = dottedChain(callee);
      if (!tritonCall && !dotted.empty() &&
          std::find(kernel_.calledFunctions.begin(), kernel_.calledFunctions.end(), dotted) ==
              kernel_.calledFunctions.end())
        kernel_.calledFunctions.push_back(std::move(dotted));
    }
    if (tree_.kind(callee) == NodeKind::Identifier) {
      path = std::string(root);
      // A function the launch passes as a `tl.constexpr` argument
      // (`y = ACTIVATION(x)`): an epilogue on the tiles it is given, taken as
      // element-wise (no helper of the kernel's to follow).
      bool builtin = builtinCall(root) || paramIndex_.count(root);
      if (!builtin && std::find(kernel_.calledFunctions.begin(), kernel_.calledFunctions.end(), root) ==
                          kernel_.calledFunctions.end())
        kernel_.calledFunctions.emplace_back(root);
    }
    // Other calls (device helpers, builtins): the result derives from the arguments.
    Info result;
    result.shape = nullptr;
    std::vector<Info> arguments;
    std::vector<std::pair<std::string_view, Info>> keywordArguments;
    analyzeArguments(call, result, &arguments, &keywordArguments);
    if (tree_.kind(callee) == NodeKind::Identifier &&
        inlineHelper(call, tree_.text(callee), arguments, keywordArguments, result))
      return result;
    if (tree_.kind(callee) == NodeKind::Identifier) {
      scalarHelperResult(call, tree_.text(callee), arguments, result);
      helperReturnedParts(call, tree_.text(callee), arguments, keywordArguments, result);
      helperAssertedValues(call, tree_.text(callee));
    }
    // A helper given one tile and nothing else (`exp(b_g)`, `sigmoid(x)`,
    // wrappers of math functions, often imported): taken as element-wise,
    // its result of the tile's shape. A helper that reduces needs scratch,
    // which helpersMayNeedScratch reports for the estimates.
    if (!builtinCall(path) && arguments.size() == 1 && writtenArguments(call) == 1 && arguments.front().shape &&
        !arguments.front().shape->empty() && !result.shape) {
      const Info &tile = arguments.front();
      result.shape = tile.shape;
      // What the tile is computed from carries through (`q * exp2(g)`: g's load).
      result.tileLoads = tile.tileLoads;
      result.dotResult = tile.dotResult;
      result.runtimeScalars = tile.runtimeScalars;
    }
    if (path == "min" || path == "max" || path == "int" || path == "float" || path == "bool" ||
        path == "len" || path == "triton.cdiv")
      result.shape = scalarShape();
    // A tuple's or a tile's length is fixed when the kernel compiles.
    if (path == "len") result.params = constexprOnly(result.params);
    if (!arguments.empty()) {
      if (path == "min" || path == "max") result.bounds = keepBounds(extremeBound(arguments, path == "min"));
      else if (path == "triton.cdiv" || path == "int") result.bounds = keepBounds(boundsOf(arguments.front()));
    }
    return result;
  }

  Info analyzeMethodCall(NodeId call, NodeId object, std::string_view name) {
    Info receiver = analyze(object);
    if (name == "to") {
      NodeId target = argument(call, 0, "dtype");
      std::string_view dtype = dtypeOf(target);
      noteCast(dtype, call);
      if (dtype.empty()) {
        // `x.to(w.dtype)` with x and w of one element type (both from pointers
        // of the kernel's type, or both known the same): Triton folds it.
        if (namesLocalDtype(target) && dtypeOfLocal(target) == receiver.dtype) {
          Info same = receiver;
          analyzeArguments(call, same);
          return same;
        }
        dtype = dtypeOfLocal(target);
      }
      Info result = receiver;
      result.dtype = dtype;
      result.pointerRoots.reset();
      result.cast = true;
      analyzeArguments(call, result);
      return result;
    }
    if (name == "load" || name == "store") {
      // Tensor descriptors: desc.load([offsets]), desc.store([offsets], value).
      Info offsets = analyze(positionalArgument(call, 0));
      Info address = receiver;
      address.params |= offsets.params;
      recordAccess(address, name == "load" ? AccessKind::Load : AccessKind::Store, "", call);
      if (name == "store") {
        analyze(positionalArgument(call, 1));
        return Info{};
      }
      Info result;
      result.params = address.params;
      // A descriptor passed in (a host TensorDescriptor) has its block shape
      // set on the host: the configs' pre_hook gives it, else it is not known
      // here (not a scalar).
      result.shape = receiver.shape && receiver.shape->empty() ? nullptr : receiver.shape;
      if (NodeId inner = tree_.unparenthesize(object); !result.shape && inner != kNoNode &&
                                                       tree_.kind(inner) == NodeKind::Identifier)
        if (auto block = hostBlocks_.find(std::string(tree_.text(inner))); block != hostBlocks_.end())
          result.shape = block->second;
      result.loadLoop = currentLoop();
      result.load = call;
      result.bounds = keepBounds(boundOf(kDataBit));
      const int tile = recordTile(TileSource::Load, result.shape, "", call);
      if (tile >= 0) kernel_.tiles[static_cast<size_t>(tile)].viaDescriptor = true;
      markLoadOrigin(result, tile);
      return result;
    }
    if (name == "reshape" || name == "view" || name == "broadcast_to") {
      if (name != "broadcast_to") recordScratchOp(ScratchOpKind::LayoutChange, name, receiver, kNoNode, call);
      Info result = receiver;
      result.pointerRoots.reset();
      NodeId first = positionalArgument(call, 0);
      if (first != kNoNode) {
        NodeId second = positionalArgument(call, 1);
        Shape shape;
        if (second == kNoNode) {
          shape = shapeFromNode(first);
        } else {
          Dims dims;
          for (size_t i = 0; positionalArgument(call, i) != kNoNode; ++i)
            dims.push_back(makeDim(positionalArgument(call, i)));
          shape = makeShape(std::move(dims));
        }
        recordTile(TileSource::Reshape, shape, receiver.dtype, call);
        result.shape = shape;
      }
      result.axes = nullptr;
      analyzeArguments(call, result);
      return result;
    }
    if (name == "trans" || name == "permute") {
      recordScratchOp(ScratchOpKind::LayoutChange, name, receiver, kNoNode, call);
      Info result = receiver;
      transpose(result);
      return result;
    }
    if (name == "sum" || name == "max" || name == "min" || name == "argmax" || name == "argmin") {
      Info result = receiver;
      result.pointerRoots.reset();
      result.loadLoop = -2;
      result.tileLoads = 0;
      result.axes = nullptr;
      recordScratchOp(ScratchOpKind::Reduction, name, receiver, argument(call, 0, "axis"), call);
      result.reductions = lastScratchOpBit();
      reduceShape(result, argument(call, 0, "axis"));
      return result;
    }
    if (name == "cumsum" || name == "cumprod" || isLayoutChange(name))
      recordScratchOp(name.substr(0, 3) == "cum" ? ScratchOpKind::Scan : ScratchOpKind::LayoutChange, name, receiver,
                      kNoNode, call);
    // Other tensor methods keep the shape (x.exp(), x.abs()); unknown
    // objects give unknown shapes.
    Info result = receiver;
    result.pointerRoots.reset();
    result.loadLoop = -2;
    analyzeArguments(call, result);
    return result;
  }

  // The arguments' parameters join `into`; `positional`, when given, gets
  // each positional argument's value.
  void analyzeArguments(NodeId call, Info &into, std::vector<Info> *positional = nullptr,
                        std::vector<std::pair<std::string_view, Info>> *keywords = nullptr) {
    NodeId arguments = tree_.child(call, Field::Arguments);
    if (arguments == kNoNode) return;
    for (NodeId argument : tree_.children(arguments)) {
      if (tree_.kind(argument) == NodeKind::Comment) continue;
      const bool keyword = tree_.kind(argument) == NodeKind::KeywordArgument;
      Info value = analyze(keyword ? tree_.child(argument, Field::Value) : argument);
      into.params |= value.params;
      into.sources |= value.sources;
      if (keyword && keywords)
        if (NodeId name = tree_.child(argument, Field::Name); name != kNoNode)
          keywords->emplace_back(tree_.text(name), value);
      if (positional && !keyword) positional->push_back(std::move(value));
    }
  }

  // Records an operation that can take shared-memory scratch (Kernel::
  // scratchOps): `operand` is its input, `axisNode` its axis argument (a
  // literal, possibly negative; absent or None: every axis).
  void recordScratchOp(ScratchOpKind kind, std::string_view op, const Info &operand, NodeId axisNode, NodeId site) {
    ScratchOp scratch;
    scratch.kind = kind;
    scratch.op = std::string(op);
    scratch.dtype = std::string(operand.dtype);
    scratch.span = tree_.span(site);
    scratch.guards = guardStack_;
    scratch.operandKnown = operand.shape != nullptr;
    if (operand.shape) scratch.operand = *operand.shape;
    if (axisNode != kNoNode && tree_.kind(axisNode) != NodeKind::None) {
      NodeId inner = tree_.unparenthesize(axisNode);
      bool negative = false;
      if (inner != kNoNode && tree_.kind(inner) == NodeKind::UnaryOperator) {
        negative = true;
        inner = tree_.child(inner, Field::Argument);
      }
      int64_t axis = 0;
      const int64_t rank = static_cast<int64_t>(scratch.operand.size());
      if (inner == kNoNode || tree_.kind(inner) != NodeKind::Integer || !parseIntegerLiteral(tree_.text(inner), axis) ||
          (negative ? axis < 1 || axis > rank : axis >= rank)) {
        scratch.operandKnown = false; // an axis read from a parameter, or out of range
      } else {
        scratch.axis = static_cast<int>(negative ? rank - axis : axis);
      }
    }
    kernel_.scratchOps.push_back(std::move(scratch));
  }

  // The bit of the scratch operation recorded last, for Info::reductions.
  uint32_t lastScratchOpBit() const {
    const size_t index = kernel_.scratchOps.size() - 1;
    return index < 32 ? 1u << index : 0;
  }

  // Whether `node` is a literal zero: `0`, `0.0` or `False`.
  bool isLiteralZero(NodeId node) {
    const std::optional<ScalarValue> value = literalValue(node);
    return value && ((value->isBool() && !value->asBool()) || (value->isInt() && value->asInt() == 0) ||
                     (value->isFloat() && value->asFloat() == 0.0));
  }

  // Whether the value `load` gives is used only as the whole test of `if`
  // statements: `if tl.load(p):`, or `keep = tl.load(p)` (the name bound
  // nowhere else in the kernel) and then only `if keep:`.
  bool onlyTestedForTruth(NodeId load) const {
    auto isIfTest = [&](NodeId node) {
      NodeId parent = tree_.parent(node);
      while (parent != kNoNode && tree_.kind(parent) == NodeKind::ParenthesizedExpression) {
        node = parent;
        parent = tree_.parent(parent);
      }
      return parent != kNoNode && tree_.kind(parent) == NodeKind::IfStatement &&
             tree_.child(parent, Field::Condition) == node;
    };
    if (isIfTest(load)) return true;
    NodeId assignment = tree_.parent(load);
    if (assignment == kNoNode || tree_.kind(assignment) != NodeKind::Assignment ||
        tree_.child(assignment, Field::Right) != load || definition_ == kNoNode)
      return false;
    const NodeId target = tree_.child(assignment, Field::Left);
    if (target == kNoNode || tree_.kind(target) != NodeKind::Identifier) return false;
    const std::string_view name = tree_.text(target);
    size_t tests = 0;
    std::vector<NodeId> pending{tree_.child(definition_, Field::Body)};
    while (!pending.empty()) {
      const NodeId node = pending.back();
      pending.pop_back();
      if (node == kNoNode) continue;
      if (tree_.kind(node) == NodeKind::Identifier && tree_.text(node) == name && node != target) {
        if (!isIfTest(node)) return false;
        ++tests;
      }
      for (NodeId child : tree_.children(node)) pending.push_back(child);
    }
    return tests > 0;
  }

  bool resultIsRead(NodeId call) const {
    NodeId parent = tree_.parent(call);
    while (parent != kNoNode && tree_.kind(parent) == NodeKind::ParenthesizedExpression) parent = tree_.parent(parent);
    return parent == kNoNode || tree_.kind(parent) != NodeKind::ExpressionStatement;
  }

  static bool isLayoutChange(std::string_view function) {
    static constexpr std::string_view names[] = {"trans",      "permute", "reshape", "view",  "join",
                                                 "split",      "interleave", "gather", "histogram", "sort",
                                                 "flip",       "topk",    "ravel"};
    return std::find(std::begin(names), std::end(names), function) != std::end(names);
  }

  void reduceShape(Info &result, NodeId axisNode) {
    if (!result.shape) return;
    if (axisNode == kNoNode || tree_.kind(axisNode) == NodeKind::None) {
      result.shape = scalarShape();
      return;
    }
    int64_t axis = 0;
    NodeId inner = tree_.unparenthesize(axisNode);
    bool negative = false;
    if (inner != kNoNode && tree_.kind(inner) == NodeKind::UnaryOperator) {
      negative = true;
      inner = tree_.child(inner, Field::Argument);
    }
    if (inner == kNoNode || tree_.kind(inner) != NodeKind::Integer ||
        !parseIntegerLiteral(tree_.text(inner), axis)) {
      result.shape = nullptr;
      return;
    }
    if (negative) axis = static_cast<int64_t>(result.shape->size()) - axis;
    if (axis < 0 || axis >= static_cast<int64_t>(result.shape->size())) {
      result.shape = nullptr;
      return;
    }
    Dims dims = *result.shape;
    dims.erase(dims.begin() + axis);
    result.shape = makeShape(std::move(dims));
  }

  // An element type named in the kernel (tl.float8e4nv), for the rules that
  // check what the target can compile.
  void noteDtypeMention(NodeId attribute) {
    std::string_view member = index_.memberOf(tree_, attribute, "triton.language");
    if (member.empty()) return;
    char first = member[0];
    if (first != 'f' && first != 'b' && first != 'i' && first != 'u') return;
    std::string dtype = dtypeNameForPath("triton.language." + std::string(member));
    if (dtype.empty()) return;
    SourceSpan span = tree_.span(attribute);
    // A dtype argument may be read twice (as a dtype and as an argument).
    for (const Kernel::DtypeMention &seen : kernel_.dtypeMentions)
      if (seen.span == span) return;
    kernel_.dtypeMentions.push_back({dtype, span});
  }

  void noteCast(std::string_view dtype, NodeId site) {
    if (isNarrowFloat(dtype) && syntax_.castDtype.empty()) {
      syntax_.castDtype = dtype;
      syntax_.castLine = tree_.line(site);
      syntax_.castSpan = tree_.span(site);
    }
  }

  std::vector<TileDim> lastTwo(const std::vector<TileDim> &shape) {
    if (shape.size() <= 2) return shape;
    return {shape[shape.size() - 2], shape[shape.size() - 1]};
  }

  Info analyzeTritonCall(NodeId call, std::string_view function) {
    Info result;
    if (function == "arange") {
      NodeId start = argument(call, 0, "start");
      NodeId end = argument(call, 1, "end");
      if (end == kNoNode) return result;
      result.params = analyze(start).params | analyze(end).params;
      TileDim dim = makeRangeDim(start, end);
      result.shape = makeShape({dim});
      result.dtype = "int32";
      AxisOrigin origin;
      origin.arange = call;
      for (const std::string &name : dim.params)
        if (auto found = kernelScope().find(name); found != kernelScope().end()) origin.block.set(found->second);
      result.axes = keepAxes({origin});
      recordTile(TileSource::Arange, result.shape, "int32", call);
      addRole(result.params, ParamUse::TileExtent);
      return result;
    }
    if (function == "zeros" || function == "full" || function == "empty") {
      NodeId shapeNode = argument(call, 0, "shape");
      NodeId dtypeNode = argument(call, function == "full" ? 2 : 1, "dtype");
      result.shape = shapeNode != kNoNode ? shapeFromNode(shapeNode) : nullptr;
      result.params = analyze(shapeNode).params;
      if (function == "full") result.params |= analyze(argument(call, 1, "value")).params;
      result.dtype = dtypeOf(dtypeNode);
      recordTile(function == "full" ? TileSource::Full : TileSource::Zeros, result.shape,
                 result.dtype, call);
      return result;
    }
    if (function == "zeros_like" || function == "full_like") {
      Info source = analyze(positionalArgument(call, 0));
      result.shape = source.shape;
      result.params = source.params;
      result.dtype = dtypeOf(keywordArgument(call, "dtype"));
      if (result.dtype.empty()) result.dtype = source.dtype;
      return result;
    }
    if (function == "load") {
      NodeId pointer = argument(call, 0, "pointer");
      Info address = analyze(pointer);
      address.pointerRoots = narrowRoots(address.pointerRoots);
      const size_t first = recordAccess(address, AccessKind::Load, "", call);
      if (onlyTestedForTruth(call))
        for (size_t i = first; i < kernel_.accesses.size(); ++i) kernel_.accesses[i].onlyTestedForTruth = true;
      NodeId maskNode = keywordArgument(call, "mask");
      if (maskNode == kNoNode) maskNode = positionalArgument(call, 1);
      Info mask = analyze(maskNode);
      addRole(mask.params, ParamUse::Mask);
      recordMask(mask, maskNode);
      describeTile(first, address, mask, maskNode);
      analyze(keywordArgument(call, "other"));
      result.params = address.params | mask.params;
      result.shape = address.shape;
      result.loadLoop = currentLoop();
      result.load = call;
      result.bounds = keepBounds(boundOf(kDataBit));
      const size_t tilesBefore = kernel_.tiles.size();
      markLoadOrigin(result, recordTile(TileSource::Load, result.shape, "", call));
      if (kernel_.tiles.size() > tilesBefore) {
        kernel_.tiles.back().contiguousAxis = contiguousAxisOf(address);
        kernel_.tiles.back().strided = isStridedVector(address);
        if (!loadsUntracked_ && currentLoop() >= 0)
          for (size_t bit = 0; bit < loadTiles_.size(); ++bit)
            if (address.tileLoads >> bit & 1u && loadTiles_[bit].loop == currentLoop())
              kernel_.tiles.back().addressLoads.push_back(loadTiles_[bit].tile);
      }
      return result;
    }
    if (function == "store") {
      Info address = analyze(argument(call, 0, "pointer"));
      address.pointerRoots = narrowRoots(address.pointerRoots);
      const size_t first = recordAccess(address, AccessKind::Store, "", call);
      const NodeId valueNode = argument(call, 1, "value");
      const Info value = analyze(valueNode);
      if (isLiteralZero(valueNode))
        for (size_t i = first; i < kernel_.accesses.size(); ++i) kernel_.accesses[i].storesZero = true;
      if (!loopStack_.empty()) noteStoredInLoop(valueNode);
      if (const NodeId load = overwrittenLoad(valueNode, call); load != kNoNode) {
        const SourceSpan loadSpan = tree_.span(load);
        for (size_t i = 0; i < kernel_.accesses.size(); ++i)
          if (i >= first || (kernel_.accesses[i].kind == AccessKind::Load && kernel_.accesses[i].span == loadSpan))
            kernel_.accesses[i].idempotentOverwrite = true;
      }
      // A vector stored straight from reductions: each converts to the store's layout.
      if (value.shape && value.shape->size() == 1)
        for (size_t i = 0; i < kernel_.scratchOps.size() && i < 32; ++i)
          if (value.reductions & (1u << i)) kernel_.scratchOps[i].resultStored = true;
      NodeId maskNode = argument(call, 2, "mask");
      Info mask = analyze(maskNode);
      addRole(mask.params, ParamUse::Mask);
      recordMask(mask, maskNode);
      describeTile(first, address, mask, maskNode);
      return result;
    }
    if (function.substr(0, 7) == "atomic_") {
      Info address = analyze(argument(call, 0, "pointer"));
      if (resultIsRead(call)) recordScratchOp(ScratchOpKind::Atomic, function, address, kNoNode, call);
      address.pointerRoots = narrowRoots(address.pointerRoots);
      const size_t first = recordAccess(address, AccessKind::Atomic, std::string(function.substr(7)), call);
      analyze(positionalArgument(call, 1));
      const Info third = analyze(positionalArgument(call, 2));
      NodeId maskNode = keywordArgument(call, "mask");
      Info mask = analyze(maskNode);
      addRole(mask.params, ParamUse::Mask);
      recordMask(mask, maskNode);
      // atomic_add(pointer, val, mask): the third is the mask (atomic_cas's is a value).
      if (maskNode == kNoNode && function != "atomic_cas" && positionalArgument(call, 2) != kNoNode)
        describeTile(first, address, third, positionalArgument(call, 2));
      else
        describeTile(first, address, mask, maskNode);
      result.shape = address.shape;
      return result;
    }
    if (function == "dot" || function == "dot_scaled") return analyzeDot(call, function == "dot_scaled");
    if (function == "make_block_ptr" || function == "make_tensor_descriptor") {
      bool blockPointer = function == "make_block_ptr";
      Info base = analyze(argument(call, 0, "base"));
      NodeId shapeNode = argument(call, 1, "shape");
      const std::vector<Info> extents = analyzeElements(shapeNode);
      Info shapeInfo;
      for (const Info &extent : extents) shapeInfo.params |= extent.params;
      NodeId stridesNode = argument(call, 2, "strides");
      Info strides = analyze(stridesNode);
      // Triton requires a tensor descriptor's last stride to be 1 (the JIT's
      // specialisation makes it the constant 1): the contiguous axis.
      // A block pointer names its contiguous axis first in `order` (`order=(0,
      // 1)` over `strides=(stride_kk, stride_kn)`: stride_kk).
      noteInnerStride(stridesNode, blockPointer ? argument(call, 5, "order") : kNoNode);
      NodeId blockShapeNode = blockPointer ? argument(call, 4, "block_shape") : argument(call, 3, "block_shape");
      std::vector<Info> offsetParts;
      if (blockPointer) offsetParts = analyzeElements(argument(call, 3, "offsets"));
      Info offsets;
      for (const Info &part : offsetParts) offsets.params |= part.params;
      // A block pointer's shape bounds an access only through a load's or
      // store's `boundary_check`: in a file that never passes one, it checks
      // nothing (a tensor descriptor's always does: TMA clips).
      if (!blockPointer || boundsChecked()) {
        addRole(shapeInfo.params, ParamUse::Mask);
        recordDescriptorExtents(shapeNode, extents, offsetParts, blockShapeNode);
      }
      addRole(strides.params | offsets.params, ParamUse::PointerOffset);
      result.pointerRoots = narrowRoots(base.pointerRoots);
      markPointers(result.pointerRoots);
      result.params = base.params | shapeInfo.params | strides.params | offsets.params;
      result.shape = blockShapeNode != kNoNode ? shapeFromNode(blockShapeNode) : nullptr;
      recordTile(TileSource::BlockPointer, result.shape, "", call);
      return result;
    }
    if (function == "advance") {
      Info pointer = analyze(positionalArgument(call, 0));
      Info offsets = analyze(positionalArgument(call, 1));
      addRole(offsets.params, ParamUse::PointerOffset);
      return pointer;
    }
    if (function == "reshape" || function == "view" || function == "broadcast_to") {
      Info source = analyze(positionalArgument(call, 0));
      if (function != "broadcast_to") recordScratchOp(ScratchOpKind::LayoutChange, function, source, kNoNode, call);
      NodeId shapeNode = argument(call, 1, "shape");
      Shape shape = nullptr; // `tl.reshape(x)` without a shape: unknown
      if (shapeNode != kNoNode) {
        NodeId third = positionalArgument(call, 2);
        if (third == kNoNode) {
          shape = shapeFromNode(shapeNode);
        } else {
          Dims dims;
          for (size_t i = 1; positionalArgument(call, i) != kNoNode; ++i)
            dims.push_back(makeDim(positionalArgument(call, i)));
          shape = makeShape(std::move(dims));
        }
        analyze(shapeNode);
      }
      recordTile(TileSource::Reshape, shape, source.dtype, call);
      source.shape = shape;
      source.axes = nullptr;
      source.pointerRoots.reset();
      return source;
    }
    if (function == "trans" || function == "permute") {
      Info source = analyze(positionalArgument(call, 0));
      recordScratchOp(ScratchOpKind::LayoutChange, function, source, kNoNode, call);
      transpose(source);
      return source;
    }
    if (function == "expand_dims") {
      Info source = analyze(positionalArgument(call, 0));
      NodeId axisNode = argument(call, 1, "axis");
      int64_t axis = 0;
      if (source.shape && axisNode != kNoNode && tree_.kind(axisNode) == NodeKind::Integer &&
          parseIntegerLiteral(tree_.text(axisNode), axis) && axis >= 0 &&
          axis <= static_cast<int64_t>(source.shape->size())) {
        Dims dims = *source.shape;
        dims.insert(dims.begin() + axis, constantDim(1));
        source.shape = makeShape(std::move(dims));
      }
      else
        source.shape = nullptr;
      source.axes = nullptr;
      return source;
    }
    if (function == "sum" || function == "max" || function == "min" || function == "argmax" ||
        function == "argmin" || function == "reduce" || function == "xor_sum" || function == "cumsum") {
      Info source = analyze(positionalArgument(call, 0));
      source.pointerRoots.reset();
      source.loadLoop = -2;
      source.tileLoads = 0;
      source.axes = nullptr;
      // Counting a tile of comparisons (`tl.sum(idx != -1)`): at most the
      // tile's size, whatever the compared values were loaded from.
      if ((function == "sum" || function == "cumsum") && source.dtype == "int1" && source.shape) {
        Bounds count;
        count.add(tileParamsOf(source));
        source.bounds = keepBounds(count);
      }
      recordScratchOp(function == "cumsum" ? ScratchOpKind::Scan : ScratchOpKind::Reduction, function, source,
                      argument(call, 1, "axis"), call);
      source.reductions = lastScratchOpBit();
      if (function != "cumsum") reduceShape(source, argument(call, 1, "axis"));
      return source;
    }
    if (function == "cast") {
      Info source = analyze(positionalArgument(call, 0));
      std::string_view dtype = dtypeOf(argument(call, 1, "dtype"));
      noteCast(dtype, call);
      source.dtype = dtype;
      source.pointerRoots.reset();
      source.cast = true;
      return source;
    }
    if (function == "multiple_of" || function == "max_contiguous" || function == "max_constancy") {
      Info source = analyze(positionalArgument(call, 0));
      analyze(positionalArgument(call, 1));
      return source;
    }
    if (function == "program_id" || function == "num_programs" || function == "static_assert" ||
        function == "device_assert" || function == "static_print" || function == "device_print" ||
        function == "debug_barrier") {
      analyzeArguments(call, result);
      // `tl.static_assert(n == 4)`: the one value the kernel compiles for.
      if (function == "static_assert")
        if (std::optional<AccessGuard> test = parameterComparison(positionalArgument(call, 0), true);
            test && test->compare == "==")
          kernel_.assertedValues.emplace(test->param, test->operand);
      if (function == "program_id" || function == "num_programs") {
        result.dtype = "int32";
        result.bounds = keepBounds(boundOf(kProgramBit));
      }
      if (function == "program_id") result.sources = programIdBit(call);
      return result;
    }
    if (function == "cdiv") { // at most its dividend
      std::vector<Info> arguments;
      analyzeArguments(call, result, &arguments);
      if (!arguments.empty()) result.bounds = keepBounds(boundsOf(arguments.front()));
      result.perProgramShare = arguments.size() == 2 && (arguments[0].perProgramShare || countsPrograms(arguments[1]));
      return result;
    }
    if (function == "cumprod" || function == "associative_scan" || isLayoutChange(function)) {
      std::vector<Info> arguments;
      Info result;
      analyzeArguments(call, result, &arguments);
      const bool scan = function == "cumprod" || function == "associative_scan";
      Info operand = arguments.empty() ? Info{} : arguments.front();
      if (arguments.empty()) operand.shape = nullptr;
      recordScratchOp(scan ? ScratchOpKind::Scan : ScratchOpKind::LayoutChange, function, operand,
                      scan ? argument(call, 1, "axis") : kNoNode, call);
      // A scan keeps its operand's shape; a layout change's result is not followed.
      result.shape = scan ? operand.shape : nullptr;
      result.dtype = operand.dtype;
      return result;
    }
    return analyzeElementwise(call, function);
  }

  // Element-wise functions (exp, where, maximum, sigmoid, fma, ...): the
  // broadcast of the tensor arguments.
  Info analyzeElementwise(NodeId call, std::string_view function) {
    Info combined;
    bool first = true;
    std::vector<Info> parts; // tl.minimum's and tl.maximum's, for their bounds
    NodeId arguments = tree_.child(call, Field::Arguments);
    if (arguments != kNoNode)
      for (NodeId argumentNode : tree_.children(arguments)) {
        NodeKind kind = tree_.kind(argumentNode);
        if (kind == NodeKind::Comment) continue;
        if (kind == NodeKind::KeywordArgument) {
          combined.params |= analyze(tree_.child(argumentNode, Field::Value)).params;
          continue;
        }
        Info part = analyze(argumentNode);
        combined.params |= part.params;
        combined.sources |= part.sources;
        // `1 / tl.sqrt(tl.sum(x * x, 1) + eps)` is still the reduced vector.
        combined.reductions |= part.reductions;
        combined.tileLoads |= part.tileLoads;
        combined.dotResult = combined.dotResult || part.dotResult;
        combined.runtimeScalars |= part.runtimeScalars;
        combined.strideCandidates |= part.strideCandidates;
        combined.shape = broadcast(combined.shape, part.shape);
        if (first || combined.dtype.empty()) combined.dtype = part.dtype;
        first = false;
        if (function == "minimum" || function == "maximum" || function == "where") parts.push_back(std::move(part));
      }
    // tl.where(c, a, b) is a or b: at most the larger of their bounds (the
    // condition bounds nothing).
    if (function == "where") {
      combined.dtype = {};
      if (parts.size() == 3) combined.bounds = keepBounds(bothBound(boundsOf(parts[1]), boundsOf(parts[2])));
    }
    if (!parts.empty() && function != "where")
      combined.bounds = keepBounds(extremeBound(parts, function == "minimum"));
    return combined;
  }

  // `acc += tl.dot(a, b)` or `acc = acc + tl.dot(a, b)`: the product is
  // added into the variable it is assigned to.
  bool addsIntoTarget(NodeId call) const {
    NodeId parent = tree_.parent(call);
    if (parent == kNoNode) return false;
    if (tree_.kind(parent) == NodeKind::AugmentedAssignment) return true;
    if (tree_.kind(parent) != NodeKind::BinaryOperator) return false;
    NodeId op = tree_.child(parent, Field::Operator);
    NodeId assignment = tree_.parent(parent);
    if (op == kNoNode || tree_.kind(op) != NodeKind::OpPlus || assignment == kNoNode ||
        tree_.kind(assignment) != NodeKind::Assignment)
      return false;
    NodeId target = tree_.child(assignment, Field::Left);
    if (target == kNoNode || tree_.kind(target) != NodeKind::Identifier) return false;
    for (NodeId operand : {tree_.child(parent, Field::Left), tree_.child(parent, Field::Right)})
      if (operand != kNoNode && tree_.kind(operand) == NodeKind::Identifier && tree_.text(operand) == tree_.text(target))
        return true;
    return false;
  }

  // The variable a dot adds into: its `acc` argument when that is a name, or
  // the target of `acc += tl.dot(...)` / `acc = acc + tl.dot(...)`.
  std::string accumulatorName(NodeId call, NodeId accNode) const {
    NodeId inner = accNode != kNoNode ? tree_.unparenthesize(accNode) : kNoNode;
    if (inner != kNoNode) return tree_.kind(inner) == NodeKind::Identifier ? std::string(tree_.text(inner)) : "";
    if (!addsIntoTarget(call)) return "";
    NodeId parent = tree_.parent(call);
    NodeId assignment = tree_.kind(parent) == NodeKind::AugmentedAssignment ? parent : tree_.parent(parent);
    NodeId target = tree_.child(assignment, Field::Left);
    if (target == kNoNode || tree_.kind(target) != NodeKind::Identifier) return "";
    return std::string(tree_.text(target));
  }

  // A name's value where it is read: the expression last assigned to it (a
  // few names deep), else the node itself.
  NodeId resolvedValue(NodeId node) const {
    node = tree_.unparenthesize(node);
    for (int depth = 0; depth < 4 && node != kNoNode && tree_.kind(node) == NodeKind::Identifier; ++depth) {
      auto local = locals_.find(tree_.text(node));
      if (local == locals_.end() || local->second.value == kNoNode) break;
      node = tree_.unparenthesize(local->second.value);
    }
    return node;
  }

  // The tl.load of `store`'s own address and mask whose value the stored
  // value keeps but for elements replaced by values computed without it:
  // `tl.where(m, v, x)` / `tl.where(m, x, v)`, `tl.maximum(x, v)`,
  // `tl.minimum(x, v)`. kNoNode otherwise.
  NodeId overwrittenLoad(NodeId value, NodeId store) const {
    const NodeId call = resolvedValue(value);
    if (call == kNoNode || tree_.kind(call) != NodeKind::Call) return kNoNode;
    const std::string path = canonical(tree_.child(call, Field::Function));
    const std::string_view function = tritonFunction(path);
    std::vector<NodeId> kept;
    if (function == "where") kept = {argument(call, 1, "x"), argument(call, 2, "y")};
    else if (function == "maximum" || function == "minimum") kept = {argument(call, 0, "x"), argument(call, 1, "y")};
    else return kNoNode;
    const std::string address = compact(argument(store, 0, "pointer"));
    const std::string mask = compact(argument(store, 2, "mask"));
    for (size_t i = 0; i < kept.size(); ++i) {
      const NodeId load = resolvedValue(kept[i]);
      if (load == kNoNode || tree_.kind(load) != NodeKind::Call) continue;
      const std::string loadPath = canonical(tree_.child(load, Field::Function));
      if (tritonFunction(loadPath) != "load" ||
          compact(argument(load, 0, "pointer")) != address || compact(argument(load, 1, "mask")) != mask)
        continue;
      // The replacement must not read the loaded value (or the buffer).
      const std::string other = compact(kept[1 - i]);
      const std::string loaded = compact(kept[i]);
      if (other.empty() || other.find(address) != std::string::npos ||
          (tree_.kind(tree_.unparenthesize(kept[i])) == NodeKind::Identifier && other.find(loaded) != std::string::npos))
        continue;
      return load;
    }
    return kNoNode;
  }

  // The names a value stored inside a loop is written with (`b_h`,
  // `b_h.to(...)`, `tl.trans(b_h)`), each with the innermost loop around the
  // store: a dot of that loop whose accumulator is among them is stored
  // every iteration (a persistent GEMM stores after its inner loop: not this).
  // The names a value stored inside a loop reads, and those the locals it
  // names were last computed from (`c = acc.to(tl.float16)` then
  // `tl.store(p, c)` stores the accumulator).
  void noteStoredInLoop(NodeId node, int depth = 0) {
    node = tree_.unparenthesize(node);
    if (node == kNoNode || depth > 3) return;
    if (tree_.kind(node) == NodeKind::Identifier) {
      storedInLoops_.push_back({loopStack_.back(), std::string(tree_.text(node)), guardStack_});
      if (auto local = locals_.find(tree_.text(node)); local != locals_.end() && local->second.value != kNoNode &&
                                                      local->second.value != node)
        noteStoredInLoop(local->second.value, depth + 1);
      return;
    }
    for (NodeId child : tree_.children(node)) noteStoredInLoop(child, depth);
  }

  // `tl.trans(x)`, `x.trans()`, `x.T`: an operand written as a transposed tile.
  bool writtenTransposed(NodeId node) const {
    node = tree_.unparenthesize(node);
    if (node == kNoNode) return false;
    if (tree_.kind(node) == NodeKind::Attribute) {
      NodeId name = tree_.child(node, Field::AttributeName);
      return name != kNoNode && tree_.text(name) == "T";
    }
    if (tree_.kind(node) != NodeKind::Call) return false;
    NodeId callee = tree_.child(node, Field::Function);
    if (callee == kNoNode) return false;
    const std::string path = canonical(callee);
    if (tritonFunction(path) == "trans") return true;
    NodeId method = tree_.kind(callee) == NodeKind::Attribute ? tree_.child(callee, Field::AttributeName) : kNoNode;
    return path.empty() && method != kNoNode && tree_.text(method) == "trans";
  }

  Info analyzeDot(NodeId call, bool scaled) {
    NodeId aNode = scaled ? argument(call, 0, "lhs") : argument(call, 0, "input");
    NodeId bNode = scaled ? argument(call, 3, "rhs") : argument(call, 1, "other");
    Info a = analyze(aNode);
    Info b = analyze(bNode);
    NodeId accNode = scaled ? argument(call, 6, "acc") : argument(call, 2, "acc");
    Info acc = analyze(accNode);
    if (scaled) {
      analyze(argument(call, 1, "lhs_scale"));
      analyze(argument(call, 4, "rhs_scale"));
    }
    DotSite dot;
    dot.span = tree_.span(call);
    dot.scaled = scaled;
    if (a.shape && a.shape->size() >= 2) dot.a = lastTwo(*a.shape);
    if (b.shape && b.shape->size() >= 2) dot.b = lastTwo(*b.shape);
    if (scaled) {
      dot.inputDtype = dtypeOf(argument(call, 2, "lhs_format"));
      // The formats are strings ("e4m3"): element types named all the same.
      for (NodeId format : {argument(call, 2, "lhs_format"), argument(call, 5, "rhs_format")}) {
        std::string_view dtype = dtypeOf(format);
        if (!dtype.empty()) kernel_.dtypeMentions.push_back({std::string(dtype), tree_.span(format)});
      }
    } else {
      dot.inputDtype = !a.dtype.empty() ? a.dtype : b.dtype;
    }
    std::string_view accDtype = dtypeOf(keywordArgument(call, "out_dtype"));
    if (const Param *outDtype = namedParam(keywordArgument(call, "out_dtype")); accDtype.empty() && outDtype)
      dot.accDtypeParam = outDtype->name;
    if (accDtype.empty()) accDtype = acc.dtype;
    NodeId parent = tree_.parent(call);
    if (accDtype.empty() && parent != kNoNode && tree_.kind(parent) == NodeKind::AugmentedAssignment) {
      NodeId target = tree_.child(parent, Field::Left);
      if (target != kNoNode && tree_.kind(target) == NodeKind::Identifier) {
        auto local = locals_.find(tree_.text(target));
        if (local != locals_.end()) accDtype = local->second.info.dtype;
      }
    }
    dot.accDtype = accDtype;
    // Triton accumulates in int32 only for 8-bit integer inputs.
    if (dot.inputDtype.empty() && accDtype == "int32") dot.inputDtype = "int8";
    dot.loopDepth = static_cast<int>(loopStack_.size());
    dot.outerLoop = loopStack_.empty() ? -1 : loopStack_.front();
    dot.innerLoop = currentLoop();
    dot.accumulates = accNode != kNoNode || addsIntoTarget(call);
    dot.accumulator = accumulatorName(call, accNode);
    int loop = currentLoop();
    dot.aFromLoad = loop >= 0 && a.loadLoop == loop;
    dot.bFromLoad = loop >= 0 && b.loadLoop == loop;
    dot.bTransposed = writtenTransposed(bNode);
    dot.operandsShareLoad =
        dot.bTransposed && dot.aFromLoad && dot.bFromLoad && a.load != kNoNode && a.load == b.load;
    // The loads of the dot's innermost loop (or, outside loops, of none);
    // `before`: a load of an enclosing loop or before the loop takes part.
    auto loadsInLoop = [&](uint32_t bits, bool &before) {
      std::vector<int> tiles;
      for (size_t ordinal = 0; ordinal < loadTiles_.size(); ++ordinal) {
        if (!(bits >> ordinal & 1u)) continue;
        if (loadTiles_[ordinal].loop == loop) tiles.push_back(loadTiles_[ordinal].tile);
        else before = true;
      }
      return tiles;
    };
    dot.aLoads = loadsInLoop(a.tileLoads, dot.aLoadedBefore);
    dot.bLoads = loadsInLoop(b.tileLoads, dot.bLoadedBefore);
    dot.aFromDot = a.dotResult;
    auto scalarGuards = [&](const Info &operand) {
      std::vector<std::vector<AccessGuard>> guards;
      if (operand.tileLoads && !operand.dotResult)
        for (size_t site = 0; site < scalarSiteGuards_.size(); ++site)
          if (operand.runtimeScalars >> site & 1u) guards.push_back(scalarSiteGuards_[site]);
      return guards;
    };
    dot.aRunTimeScalars = scalarGuards(a);
    dot.bRunTimeScalars = scalarGuards(b);
    dot.bFromDot = b.dotResult;
    dot.aStraight = a.load != kNoNode && a.loadLoop == loop;
    dot.bStraight = b.load != kNoNode && b.loadLoop == loop;
    dot.aCast = dot.aStraight && a.cast;
    dot.bCast = dot.bStraight && b.cast;
    dot.tilesBefore = static_cast<int>(kernel_.tiles.size());
    dot.originsKnown = !loadsUntracked_;
    dot.guards = guardStack_;
    dot.underRuntimeTest =
        !loopStack_.empty() && !runtimeArms_.empty() && runtimeArms_.back().loops == loopStack_.size();
    if (dot.underRuntimeTest) dot.runtimeTestUnless = runtimeArms_.back().unless;
    if (dot.a.empty() || dot.b.empty())
      kernel_.notes.push_back(Note("the operand shapes of the " + std::string(scaled ? "tl.dot_scaled" : "tl.dot") +
                                       " at line " + std::to_string(tree_.line(call)) + " are not known",
                                   tree_.span(call)));
    for (int enclosing : loopStack_) kernel_.loops[static_cast<size_t>(enclosing)].containsDot = true;

    ParamSet dims;
    for (const auto *shape : {&dot.a, &dot.b})
      for (const TileDim &dim : *shape)
        for (const std::string &name : dim.params) {
          auto found = kernelScope().find(name);
          if (found != kernelScope().end()) dims.set(found->second);
        }
    addRole(dims, ParamUse::TileExtent);

    Info result;
    result.params = a.params | b.params | acc.params;
    if (!dot.a.empty() && !dot.b.empty())
      result.shape = makeShape({dot.a[0], dot.b[1]});
    else // unknown operands without an accumulator: unknown, never a scalar
      result.shape = accNode != kNoNode ? acc.shape : nullptr;
    result.dtype = !accDtype.empty() ? accDtype : acc.dtype;
    result.dotResult = true;
    dot.accumulatorFrom = accumulatorSource(call, accNode);
    if (std::string_view target = sumTarget(call); !target.empty())
      lastDotInto_[target] = static_cast<int>(kernel_.dots.size());
    dotCalls_.push_back(call);
    kernel_.dots.push_back(std::move(dot));
    return result;
  }

  // The variable a dot's result is assigned to, through a chain of `+`
  // (`b_o = b_o + tl.dot(a, v) + tl.dot(b, w)`, `acc += tl.dot(a, b)`,
  // `acc = tl.dot(a, b, acc)`); empty when none.
  std::string_view sumTarget(NodeId call) const {
    NodeId node = call;
    for (int depth = 0; depth < 16; ++depth) {
      NodeId parent = tree_.parent(node);
      if (parent == kNoNode) return {};
      const NodeKind kind = tree_.kind(parent);
      if (kind == NodeKind::ParenthesizedExpression) {
        node = parent;
        continue;
      }
      if (kind == NodeKind::BinaryOperator) {
        NodeId op = tree_.child(parent, Field::Operator);
        if (op == kNoNode || tree_.kind(op) != NodeKind::OpPlus) return {};
        node = parent;
        continue;
      }
      if ((kind == NodeKind::Assignment || kind == NodeKind::AugmentedAssignment) &&
          tree_.child(parent, Field::Right) == node) {
        NodeId target = tree_.child(parent, Field::Left);
        return target != kNoNode && tree_.kind(target) == NodeKind::Identifier ? tree_.text(target) : std::string_view();
      }
      return {};
    }
    return {};
  }

  // The dot whose result this dot's accumulator input holds (DotSite::
  // accumulatorFrom): the `acc` argument, the target of `+=`, or the other
  // operand of the `+` it is added with: a name a dot's result was assigned
  // to, or a sum holding an earlier dot of the same statement.
  int accumulatorSource(NodeId call, NodeId accNode) const {
    auto producerOf = [&](NodeId value) -> int {
      value = value != kNoNode ? tree_.unparenthesize(value) : kNoNode;
      if (value == kNoNode) return -1;
      if (tree_.kind(value) == NodeKind::Identifier) {
        auto found = lastDotInto_.find(tree_.text(value));
        return found == lastDotInto_.end() ? -1 : found->second;
      }
      for (int index = static_cast<int>(dotCalls_.size()) - 1; index >= 0; --index) {
        NodeId node = dotCalls_[static_cast<size_t>(index)];
        for (int depth = 0; depth < 16 && node != kNoNode; ++depth, node = tree_.parent(node))
          if (node == value) return index;
      }
      // Element-wise arithmetic on a dot's result (`b_o * scale`): the
      // latest dot a name in it was assigned from.
      int latest = -1;
      std::vector<std::pair<NodeId, int>> pending{{value, 0}};
      while (!pending.empty()) {
        auto [node, depth] = pending.back();
        pending.pop_back();
        if (tree_.kind(node) == NodeKind::Identifier) {
          if (auto found = lastDotInto_.find(tree_.text(node)); found != lastDotInto_.end())
            latest = std::max(latest, found->second);
          continue;
        }
        if (depth >= 8 || tree_.kind(node) == NodeKind::Call) continue;
        for (NodeId child : tree_.children(node)) pending.emplace_back(child, depth + 1);
      }
      return latest;
    };
    if (accNode != kNoNode) return producerOf(accNode);
    NodeId node = call;
    while (tree_.parent(node) != kNoNode && tree_.kind(tree_.parent(node)) == NodeKind::ParenthesizedExpression)
      node = tree_.parent(node);
    NodeId parent = tree_.parent(node);
    if (parent == kNoNode) return -1;
    if (tree_.kind(parent) == NodeKind::AugmentedAssignment) return producerOf(tree_.child(parent, Field::Left));
    if (tree_.kind(parent) != NodeKind::BinaryOperator) return -1;
    NodeId op = tree_.child(parent, Field::Operator);
    if (op == kNoNode || tree_.kind(op) != NodeKind::OpPlus) return -1;
    NodeId left = tree_.child(parent, Field::Left);
    return producerOf(left == node ? tree_.child(parent, Field::Right) : left);
  }

  // ---- statements ------------------------------------------------------------

  static constexpr size_t kMaxArmValues = 8;

  // The value of `local` assigned last in an arm the enclosing arms do not
  // exclude: `b_ptrs` set under `if BIAS_TYPE == "vector":` and again under
  // `elif BIAS_TYPE == "matrix":`, read under `if BIAS_TYPE == "vector":`,
  // is the first.
  const Info &valueForThisArm(const Local &local) const {
    auto excluded = [&](const Local::ArmValue &value) {
      for (const auto &[subject, literal] : value.arms)
        for (const auto &[currentSubject, currentLiteral] : armEqualities_)
          if (subject == currentSubject && literal != currentLiteral) return true;
      return false;
    };
    if (armEqualities_.empty() || local.armValues.empty() || !excluded(local.armValues.back())) return local.info;
    for (auto value = local.armValues.rbegin(); value != local.armValues.rend(); ++value)
      if (!excluded(*value)) return value->info;
    return local.info;
  }

  // `SUBJECT == LITERAL` (either way round) for a constexpr parameter and a
  // string or integer literal: the arm's equality, as written.
  std::optional<std::pair<std::string, std::string>> armEquality(NodeId condition) const {
    Comparison comparison;
    if (condition == kNoNode || !readComparison(tree_, tree_.unparenthesize(condition), comparison) ||
        comparison.op != NodeKind::OpEqual)
      return std::nullopt;
    // The literal's value ("s:vector", "i:2"), whatever its quotes.
    auto literal = [&](NodeId node) -> std::optional<std::string> {
      node = tree_.unparenthesize(node);
      std::string text;
      int64_t number = 0;
      if (node != kNoNode && tree_.kind(node) == NodeKind::String && stringLiteralValue(tree_, node, text))
        return "s:" + text;
      if (node != kNoNode && tree_.kind(node) == NodeKind::Integer && parseIntegerLiteral(tree_.text(node), number))
        return "i:" + std::to_string(number);
      return std::nullopt;
    };
    for (auto [subject, value] : {std::pair{comparison.left, comparison.right}, std::pair{comparison.right, comparison.left}}) {
      const int param = paramOf(subject);
      if (param < 0 || !kernel_.params[static_cast<size_t>(param)].isConstexpr()) continue;
      if (std::optional<std::string> written = literal(value))
        return std::pair{std::string(tree_.text(tree_.unparenthesize(subject))), std::move(*written)};
    }
    return std::nullopt;
  }

  void readBlock(NodeId block) {
    for (NodeId statement : tree_.children(block)) readStatement(statement);
  }

  void assign(NodeId target, const Info &info, NodeId valueNode) {
    NodeKind kind = tree_.kind(target);
    if (kind == NodeKind::Identifier) {
      std::string_view name = tree_.text(target);
      if (auto param = paramIndex_.find(name); param != paramIndex_.end()) {
        // Reassigning a parameter keeps its identity (`x_ptr = x_ptr + off`,
        // `n = n // 2`, a value under an `if`), except a value computed
        // without it at the kernel's top level (`T = eos - bos` from loaded
        // sequence offsets): what follows reads that value, not the argument.
        const Param &declared = kernel_.params[param->second];
        if (depth_ != 1 || valueNode == kNoNode || declared.kind == ParamKind::Pointer ||
            declared.kind == ParamKind::Constexpr || param->second >= kMaxNamedParams ||
            info.params.test(param->second)) {
          if (info.shape && !info.shape->empty() && info.params.test(param->second))
            reassignedTiles_[param->second] = info;
          return;
        }
        paramIndex_.erase(param);
      }
      Local &local = locals_[name];
      local.info = info;
      ++local.assignments;
      if (local.armValues.size() >= kMaxArmValues) local.armValues.erase(local.armValues.begin());
      local.armValues.push_back({armEqualities_, info});
      local.value = valueNode;
      local.program.reset();
      if (valueNode != kNoNode && info.shape && info.shape->empty()) {
        std::vector<DimOp> program;
        if (compileDim(valueNode, program, 0)) local.program = std::move(program);
      }
      return;
    }
    if (kind == NodeKind::PatternList || kind == NodeKind::TuplePattern ||
        kind == NodeKind::Tuple || kind == NodeKind::ListPattern ||
        kind == NodeKind::ParenthesizedExpression) {
      // Unpacking: the parts are not tracked one by one (scalars all, when
      // a helper returns tile ids).
      Info part;
      part.params = info.params;
      part.shape = info.scalarParts ? scalarShape() : nullptr;
      if (info.scalarParts) part.sources = info.sources;
      std::vector<NodeId> targets;
      for (NodeId child : tree_.children(target)) {
        const NodeKind childKind = tree_.kind(child);
        if (childKind != NodeKind::Comment && !SyntaxTree::isOperatorToken(childKind)) targets.push_back(child);
      }
      // A module helper's tuple: each target what its own element derives from.
      if (info.parts && info.parts->size() == targets.size()) {
        for (size_t i = 0; i < targets.size(); ++i) {
          Info element = (*info.parts)[i];
          if (!info.partsExact) element.shape = part.shape;
          if (info.scalarParts) element.sources |= info.sources;
          assign(targets[i], element, kNoNode);
        }
        return;
      }
      for (NodeId child : targets) assign(child, part, kNoNode);
    }
  }

  // `a, b = x, y`: each target its own value, when both sides are plain
  // lists of the same length (no splats). False when they are not.
  bool assignPairwise(NodeId left, NodeId right) {
    auto isList = [&](NodeKind kind) {
      return kind == NodeKind::PatternList || kind == NodeKind::TuplePattern || kind == NodeKind::Tuple ||
             kind == NodeKind::ExpressionList;
    };
    if (!isList(tree_.kind(left)) || !isList(tree_.kind(right))) return false;
    auto parts = [&](NodeId node) {
      std::vector<NodeId> out;
      for (NodeId child : tree_.children(node)) {
        NodeKind kind = tree_.kind(child);
        if (kind == NodeKind::Comment || SyntaxTree::isOperatorToken(kind)) continue;
        if (kind == NodeKind::ListSplat || kind == NodeKind::ListSplatPattern) return std::vector<NodeId>{};
        out.push_back(child);
      }
      return out;
    };
    const std::vector<NodeId> targets = parts(left), values = parts(right);
    if (targets.empty() || targets.size() != values.size()) return false;
    std::vector<Info> infos;
    for (NodeId value : values) infos.push_back(analyze(value));
    for (size_t i = 0; i < targets.size(); ++i) assign(targets[i], infos[i], values[i]);
    return true;
  }

  void readStatement(NodeId statement) {
    if (depth_ > kMaxDepth) return;
    ++depth_;
    switch (tree_.kind(statement)) {
    case NodeKind::ExpressionStatement:
      for (NodeId child : tree_.children(statement)) {
        NodeKind kind = tree_.kind(child);
        if (kind == NodeKind::Assignment) {
          NodeId right = tree_.child(child, Field::Right);
          NodeId left = tree_.child(child, Field::Left);
          if (right == kNoNode || left == kNoNode) continue;
          if (assignPairwise(left, right)) continue;
          Info info = analyze(right);
          assign(left, info, right);
        } else if (kind == NodeKind::AugmentedAssignment) {
          NodeId left = tree_.child(child, Field::Left);
          Info right = analyze(tree_.child(child, Field::Right));
          if (left != kNoNode && tree_.kind(left) == NodeKind::Identifier) {
            std::string_view name = tree_.text(left);
            auto local = locals_.find(name);
            if (local != locals_.end()) {
              Info &value = local->second.info;
              value.params |= right.params;
              value.sources |= right.sources;
              value.strideCandidates |= right.strideCandidates;
              if (value.pointerRoots.any()) commitInnerStrides(value.strideCandidates);
              if (!right.shape || !right.shape->empty()) value.axes = nullptr; // `ptrs += offs`: lost
              NodeId op = tree_.child(child, Field::Operator);
              if (op != kNoNode && tree_.text(op) == "&=") {
                value.limits = bothLimits(value.limits, right.limits);
                value.readableMask = value.readableMask && right.readableMask;
              } else {
                value.readableMask = false;
              }
              value.shape = broadcast(value.shape, right.shape);
              value.loadLoop = -2;
              if (std::optional<int64_t> amount = guardedDecrement(child, local->second))
                local->second.decrements.push_back({guardStack_, *amount});
              ++local->second.assignments;
            } else if (paramIndex_.count(name)) {
              readAnywhere_.set(paramIndex_[name]);
              // `out_ptr += offs * stride`: a parameter stepped by a tile of
              // offsets is a pointer.
              commitInnerStrides(right.strideCandidates);
            }
          } else if (left != kNoNode) {
            analyze(left);
          }
        } else if (kind != NodeKind::Comment && kind != NodeKind::String) {
          analyze(child);
        }
      }
      break;
    case NodeKind::ForStatement: readFor(statement); break;
    case NodeKind::WhileStatement: {
      Info condition = analyze(tree_.child(statement, Field::Condition));
      Loop loop;
      loop.span = tree_.span(statement);
      addBoundParams(loop, condition.params);
      // `while i < n and j < m`: it ends when any comparison fails.
      Bounds end;
      if (condition.limits)
        for (const Limit &limit : *condition.limits) end = end.count ? eitherBound(end, limit.bound) : limit.bound;
      loop.endBounds = extentBounds(end.count ? end : boundsOf(condition));
      addRole(condition.params, ParamUse::LoopBound);
      kernel_.loops.push_back(std::move(loop));
      loopStack_.push_back(static_cast<int>(kernel_.loops.size() - 1));
      NodeId body = tree_.child(statement, Field::Body);
      if (body != kNoNode) {
        markAdvances(body, static_cast<int>(kernel_.loops.size() - 1));
        readBlock(body);
      }
      loopStack_.pop_back();
      break;
    }
    case NodeKind::IfStatement: {
      // Each arm runs under its own condition and the negation of the earlier
      // ones, as far as they are plain parameter tests (`if INPLACE:`).
      const size_t outerGuards = guardStack_.size();
      std::vector<AccessGuard> earlier; // negations of the conditions seen so far
      bool runtimeTest = false;
      auto readArm = [&](NodeId condition, NodeId block) {
        std::optional<AccessGuard> guard =
            condition != kNoNode ? parameterTest(condition) : std::nullopt;
        guardStack_.insert(guardStack_.end(), earlier.begin(), earlier.end());
        if (guard) guardStack_.push_back(*guard);
        // `if A and B:` / `if A & B:`: each test holds in the arm (the
        // negation, a disjunction, says nothing of either alone).
        if (!guard && condition != kNoNode) conjunctionTests(condition, guardStack_);
        // An arm after a runtime test runs under it too.
        const bool ownTestAtRunTime = condition != kNoNode && decidedAtRunTime(condition, 0);
        std::vector<AccessGuard> unless;
        if (ownTestAtRunTime && !runtimeTest) disjunctionTests(condition, unless);
        runtimeTest = runtimeTest || ownTestAtRunTime;
        if (runtimeTest) runtimeArms_.push_back({loopStack_.size(), std::move(unless)});
        const std::optional<std::pair<std::string, std::string>> equality = armEquality(condition);
        if (equality) armEqualities_.push_back(*equality);
        if (block != kNoNode) readBlock(block);
        if (equality) armEqualities_.pop_back();
        if (runtimeTest) runtimeArms_.pop_back();
        guardStack_.resize(outerGuards);
        if (guard) earlier.push_back({guard->param, !guard->whenTrue, guard->compare, guard->operand});
      };
      NodeId condition = tree_.child(statement, Field::Condition);
      analyze(condition);
      for (NodeId child : tree_.children(statement)) {
        NodeKind kind = tree_.kind(child);
        if (kind == NodeKind::Block) readArm(condition, child);
        else if (kind == NodeKind::ElifClause) {
          NodeId elifCondition = tree_.child(child, Field::Condition);
          analyze(elifCondition);
          readArm(elifCondition, tree_.child(child, Field::Consequence));
        } else if (kind == NodeKind::ElseClause) {
          readArm(kNoNode, tree_.child(child, Field::Body));
        }
      }
      break;
    }
    case NodeKind::ReturnStatement:
      if (!inlining_.empty()) {
        returned_ = returnedValue(statement);
        break;
      }
      [[fallthrough]];
    case NodeKind::AssertStatement:
      for (NodeId child : tree_.children(statement))
        if (tree_.kind(child) != NodeKind::Comment) analyze(child);
      break;
    case NodeKind::WithStatement:
    case NodeKind::TryStatement:
      for (NodeId child : tree_.children(statement))
        if (tree_.kind(child) == NodeKind::Block) readBlock(child);
      break;
    default:
      break;
    }
    --depth_;
  }

  void addBoundParams(Loop &loop, const ParamSet &params) {
    for (size_t i = 0; i < kernel_.params.size() && i < kMaxNamedParams; ++i)
      if (params.test(i)) loop.boundParams.push_back(kernel_.params[i].name);
  }

  // `range(start, min(start + chunk, n))`: the loop runs at most `chunk`
  // past `start`, whatever `n` and `start` are. Names assigned once are
  // followed (`k_end = tl.minimum(k_start + chunk, n)`, `lo = k_start`), and
  // a start that is a maximum is at least each of its arguments. The bounds
  // of `chunk`, else nullopt.
  std::optional<Bounds> stepsPastStart(NodeId start, NodeId end) {
    std::vector<std::string_view> bases;
    lowerBases(start, bases, 0);
    std::vector<std::pair<std::string_view, NodeId>> forms;
    upperForms(end, forms, 0);
    for (const auto &[base, chunk] : forms) {
      if (std::find(bases.begin(), bases.end(), base) == bases.end()) continue;
      if (tree_.kind(chunk) == NodeKind::Integer) {
        Bounds constant;
        constant.add(std::bitset<kMaxParams>());
        return constant;
      }
      if (tree_.kind(chunk) != NodeKind::Identifier) continue;
      const std::string_view name = tree_.text(chunk);
      if (auto param = paramIndex_.find(name); param != paramIndex_.end()) return boundOf(param->second);
      if (auto local = locals_.find(name); local != locals_.end()) return boundsOf(local->second.info);
    }
    return std::nullopt;
  }

  static constexpr int kMaxFollow = 4;

  // The amount of `n -= 2` inside `if` arms on parameters, when `n` was
  // assigned once before and only lowered so since.
  std::optional<int64_t> guardedDecrement(NodeId augmented, const Local &local) const {
    if (guardStack_.empty() || !local.program || local.assignments != 1 + static_cast<int>(local.decrements.size()))
      return std::nullopt;
    NodeId op = tree_.child(augmented, Field::Operator);
    NodeId right = tree_.unparenthesize(tree_.child(augmented, Field::Right));
    int64_t amount = 0;
    if (op == kNoNode || tree_.text(op) != "-=" || right == kNoNode || tree_.kind(right) != NodeKind::Integer ||
        !parseIntegerLiteral(tree_.text(right), amount) || amount <= 0)
      return std::nullopt;
    return amount;
  }

  // The trip count of `range(n)` / `range(0, n)` for a name assigned once
  // and then lowered under `if` arms: the count before, and the decrements.
  bool decrementedIterations(const std::vector<NodeId> &range, Loop &loop) const {
    if (range.empty() || range.size() > 2) return false;
    if (range.size() == 2) {
      NodeId start = tree_.unparenthesize(range[0]);
      if (start == kNoNode || tree_.kind(start) != NodeKind::Integer || tree_.text(start) != "0") return false;
    }
    NodeId end = tree_.unparenthesize(range.back());
    if (end == kNoNode || tree_.kind(end) != NodeKind::Identifier) return false;
    auto local = locals_.find(tree_.text(end));
    if (local == locals_.end() || local->second.decrements.empty() || !local->second.program ||
        local->second.assignments != 1 + static_cast<int>(local->second.decrements.size()))
      return false;
    loop.iterations = *local->second.program;
    loop.iterationDecrements = local->second.decrements;
    return true;
  }

  // The value a name assigned once holds, else kNoNode.
  NodeId singleValueOf(NodeId name) const {
    if (tree_.kind(name) != NodeKind::Identifier) return kNoNode;
    auto local = locals_.find(tree_.text(name));
    if (local == locals_.end() || local->second.assignments != 1) return kNoNode;
    return tree_.unparenthesize(local->second.value);
  }

  bool callsMinOrMax(NodeId call, bool minimum) {
    if (tree_.kind(call) != NodeKind::Call) return false;
    const std::string callee = canonical(tree_.child(call, Field::Function));
    return minimum ? callee == "triton.language.minimum" || callee == "min"
                   : callee == "triton.language.maximum" || callee == "max";
  }

  // The texts `node` is at least: itself, what a name holds, each argument
  // of a maximum.
  void lowerBases(NodeId node, std::vector<std::string_view> &bases, int depth) {
    node = tree_.unparenthesize(node);
    if (node == kNoNode || depth > kMaxFollow) return;
    bases.push_back(tree_.text(node));
    if (NodeId value = singleValueOf(node); value != kNoNode) lowerBases(value, bases, depth + 1);
    if (callsMinOrMax(node, false))
      if (NodeId arguments = tree_.child(node, Field::Arguments); arguments != kNoNode)
        for (NodeId argument : tree_.children(arguments)) lowerBases(argument, bases, depth + 1);
  }

  // Pairs (base, chunk) with `node` <= base + chunk: a sum, what a name
  // holds, each argument of a minimum.
  void upperForms(NodeId node, std::vector<std::pair<std::string_view, NodeId>> &forms, int depth) {
    node = tree_.unparenthesize(node);
    if (node == kNoNode || depth > kMaxFollow) return;
    if (NodeId value = singleValueOf(node); value != kNoNode) upperForms(value, forms, depth + 1);
    if (callsMinOrMax(node, true)) {
      if (NodeId arguments = tree_.child(node, Field::Arguments); arguments != kNoNode)
        for (NodeId argument : tree_.children(arguments)) upperForms(argument, forms, depth + 1);
      return;
    }
    if (tree_.kind(node) != NodeKind::BinaryOperator) return;
    NodeId op = tree_.child(node, Field::Operator);
    if (op == kNoNode || tree_.kind(op) != NodeKind::OpPlus) return;
    NodeId left = tree_.unparenthesize(tree_.child(node, Field::Left));
    NodeId right = tree_.unparenthesize(tree_.child(node, Field::Right));
    if (left == kNoNode || right == kNoNode) return;
    forms.push_back({tree_.text(left), right});
    forms.push_back({tree_.text(right), left});
  }

  void readFor(NodeId statement) {
    NodeId left = tree_.child(statement, Field::Left);
    NodeId right = tree_.child(statement, Field::Right);
    Loop loop;
    loop.span = tree_.span(statement);
    Info bounds;
    std::vector<Info> rangeArguments; // positional, of a call
    std::vector<NodeId> rangeNodes;
    bool isRange = false; // range(...) or tl.range(...)
    if (right != kNoNode && tree_.kind(right) == NodeKind::Call) {
      std::string path = canonical(tree_.child(right, Field::Function));
      loop.isStaticRange = path == "triton.language.static_range" || path == "static_range";
      isRange = path == "range" || path == "triton.language.range";
      NodeId arguments = tree_.child(right, Field::Arguments);
      if (arguments != kNoNode)
        for (NodeId argument : tree_.children(arguments)) {
          NodeKind kind = tree_.kind(argument);
          if (kind == NodeKind::Comment) continue;
          if (kind == NodeKind::KeywordArgument) {
            // num_stages=, loop_unroll_factor=, ... are not bounds.
            NodeId name = tree_.child(argument, Field::Name);
            NodeId value = tree_.child(argument, Field::Value);
            int64_t stages = 0;
            if (name != kNoNode && tree_.text(name) == "num_stages" && value != kNoNode &&
                tree_.kind(value) == NodeKind::Integer && parseIntegerLiteral(tree_.text(value), stages))
              loop.numStages = stages;
            analyze(value);
            continue;
          }
          rangeArguments.push_back(analyze(argument));
          rangeNodes.push_back(argument);
          bounds.params |= rangeArguments.back().params;
        }
    } else {
      bounds = analyze(right);
    }
    addBoundParams(loop, bounds.params);
    // range(stop) or range(start, stop[, step]): the loop ends at stop.
    const Bounds end = rangeArguments.empty()      ? boundsOf(bounds)
                       : rangeArguments.size() == 1 ? boundsOf(rangeArguments[0])
                                                    : boundsOf(rangeArguments[1]);
    loop.endBounds = extentBounds(end);
    if (rangeNodes.size() >= 2)
      if (std::optional<Bounds> past = stepsPastStart(rangeNodes[0], rangeNodes[1])) {
        std::vector<ExtentBound> more = extentBounds(*past);
        loop.endBounds.insert(loop.endBounds.end(), more.begin(), more.end());
      }
    addRole(bounds.params, ParamUse::LoopBound);
    loop.tiledExtent = tiledExtentOf(rangeNodes);
    if (isRange && !decrementedIterations(rangeNodes, loop)) loop.iterations = iterationsOf(rangeNodes);
    // `range(pid, n_tiles, NUM_SMS)`: a grid-stride loop, each program's
    // share of the tiles, as `range(cdiv(n, BLOCK) // num_programs)` is.
    const bool gridStride = rangeArguments.size() == 3 && (rangeArguments[0].sources & kProgramSources) &&
                            !(rangeArguments[1].sources & kProgramSources);
    loop.perProgramShare = (rangeArguments.size() == 1 && rangeArguments[0].perProgramShare) || gridStride;
    loop.parent = currentLoop();
    kernel_.loops.push_back(std::move(loop));
    int index = static_cast<int>(kernel_.loops.size() - 1);
    Info variable;
    variable.params = bounds.params;
    // A grid-stride loop's variable starts at the program's id: an offset
    // per program, as the id itself is.
    Bounds variableBounds = end;
    if (gridStride)
      for (size_t i = 0; i < variableBounds.count; ++i) variableBounds.sets[i].set(kProgramBit);
    variable.bounds = keepBounds(variableBounds);
    variable.sources = loopBit(index);
    for (const Info &argument : rangeArguments) variable.sources |= argument.sources;
    if (left != kNoNode) assign(left, variable, kNoNode);
    loopStack_.push_back(index);
    NodeId body = tree_.child(statement, Field::Body);
    if (body != kNoNode) {
      markAdvances(body, index);
      readBlock(body);
    }
    loopStack_.pop_back();
  }

  // Whether a condition is decided when the kernel runs rather than when
  // Triton compiles it: it reads a parameter that is not constexpr, a loaded
  // value, a program id, or the variable of a loop Triton does not unroll.
  // Names the reader does not know (module constants) are compile-time.
  bool decidedAtRunTime(NodeId node, int depth) {
    node = tree_.unparenthesize(node);
    if (node == kNoNode || depth > kMaxDepth) return false;
    switch (tree_.kind(node)) {
    case NodeKind::Identifier: {
      const std::string_view name = tree_.text(node);
      if (auto param = paramIndex_.find(name); param != paramIndex_.end())
        return !kernel_.params[param->second].isConstexpr();
      auto local = locals_.find(name);
      return local != locals_.end() && holdsRuntimeValue(local->second.info);
    }
    case NodeKind::Attribute: // `x_ptr.dtype.element_ty`: known when compiling
      return false;
    case NodeKind::Call: {
      const std::string callee = canonical(tree_.child(node, Field::Function));
      if (callee == "triton.language.load" || callee == "triton.language.program_id" ||
          callee == "triton.language.num_programs" || callee.rfind("triton.language.atomic_", 0) == 0)
        return true;
      NodeId arguments = tree_.child(node, Field::Arguments);
      return arguments != kNoNode && decidedAtRunTime(arguments, depth + 1);
    }
    default:
      for (NodeId child : tree_.children(node))
        if (decidedAtRunTime(child, depth + 1)) return true;
      return false;
    }
  }

  // The number of programs (`tl.num_programs(0)`, a local holding it): bounded
  // by the grid, and not a program id.
  static bool countsPrograms(const Info &info) {
    if (!info.bounds || (info.sources & kProgramSources) || !info.shape || !info.shape->empty()) return false;
    for (size_t i = 0; i < info.bounds->count; ++i)
      if (info.bounds->sets[i].test(kProgramBit)) return true;
    return false;
  }

  bool holdsRuntimeValue(const Info &info) const {
    if (info.load != kNoNode || info.tileLoads || (info.sources & kProgramSources)) return true;
    for (uint32_t loops = info.sources >> kFirstLoopBit, loop = 0; loops; loops >>= 1, ++loop)
      if ((loops & 1u) && loop < kernel_.loops.size() && !kernel_.loops[loop].isStaticRange) return true;
    if (info.bounds)
      for (size_t i = 0; i < info.bounds->count; ++i)
        if (info.bounds->sets[i].test(kDataBit) || info.bounds->sets[i].test(kProgramBit)) return true;
    for (size_t i = 0; i < kernel_.params.size() && i < kMaxNamedParams; ++i)
      if (info.params.test(i) && !kernel_.params[i].isConstexpr()) return true;
    return false;
  }

  static uint32_t loopBit(int loop) { return loop >= 0 && loop < 32 - kFirstLoopBit ? 1u << (loop + kFirstLoopBit) : 0; }

  // The trip count of `range(E)`, `range(S, E)`, `range(S, E, T)` as an
  // expression over parameters (T taken as positive); empty when an argument
  // is not one.
  std::vector<DimOp> iterationsOf(const std::vector<NodeId> &range) {
    std::vector<DimOp> count;
    if (range.empty() || range.size() > 3 || !compileDim(range[range.size() == 1 ? 0 : 1], count, 0)) return {};
    if (range.size() >= 2) {
      if (!compileDim(range[0], count, 0)) return {};
      count.push_back({DimOp::Sub, 0, {}});
    }
    if (range.size() == 3) {
      if (!compileDim(range[2], count, 0)) return {};
      count.push_back({DimOp::CeilDiv, 0, {}});
    }
    return count;
  }

  // The kernel parameter a range walks in tiles: `range(0, K, BLOCK_K)`,
  // `range(tl.cdiv(K, BLOCK_K))`, `range((K + BLOCK_K - 1) // BLOCK_K)`
  // (names assigned once followed). A floor division (`K // BLOCK_K`) walks
  // whole tiles only: none.
  std::string tiledExtentOf(const std::vector<NodeId> &range) {
    if (range.empty()) return {};
    // A range from elsewhere (`range(lo, hi, BLOCK)`, a window) walks
    // offsets that are shifted before they are compared: none.
    if (range.size() >= 2) {
      NodeId start = tree_.unparenthesize(range[0]);
      if (start == kNoNode || tree_.kind(start) != NodeKind::Integer || tree_.text(start) != "0") return {};
    }
    if (range.size() == 3) {
      const int param = paramOf(range[1]);
      return param >= 0 ? kernel_.params[static_cast<size_t>(param)].name : std::string();
    }
    NodeId end = tree_.unparenthesize(range.back());
    for (int follow = 0; follow < kMaxFollow && end != kNoNode; ++follow) {
      NodeId value = singleValueOf(end);
      if (value == kNoNode) break;
      end = value;
    }
    if (end == kNoNode) return {};
    NodeId dividend = kNoNode;
    if (tree_.kind(end) == NodeKind::Call) {
      const std::string callee = canonical(tree_.child(end, Field::Function));
      if (callee == "triton.cdiv" || callee == "triton.language.cdiv") dividend = positionalArgument(end, 0);
    } else if (tree_.kind(end) == NodeKind::BinaryOperator) {
      NodeId op = tree_.child(end, Field::Operator);
      NodeId sum = tree_.unparenthesize(tree_.child(end, Field::Left));
      NodeId sumOp = sum != kNoNode && tree_.kind(sum) == NodeKind::BinaryOperator ? tree_.child(sum, Field::Operator)
                                                                                    : kNoNode;
      if (op != kNoNode && tree_.kind(op) == NodeKind::OpDoubleSlash && sumOp != kNoNode &&
          (tree_.kind(sumOp) == NodeKind::OpPlus || tree_.kind(sumOp) == NodeKind::OpMinus)) {
        dividend = sum;
        while (dividend != kNoNode && tree_.kind(dividend) == NodeKind::BinaryOperator)
          dividend = tree_.unparenthesize(tree_.child(dividend, Field::Left));
      }
    }
    const int param = dividend != kNoNode ? paramOf(dividend) : -1;
    return param >= 0 ? kernel_.params[static_cast<size_t>(param)].name : std::string();
  }

  // Offsets and pointers a loop body advances by a tile (`a_ptrs +=
  // BLOCK_K * stride_ak`, `offs_k += BLOCK_K`): marked as moved by the loop
  // before the body is read, since the first loads come before the step.
  // The axis advanced is the one the step's stride scales (the only axis
  // without one when the step names no stride), and the step must read the
  // arange's extent.
  void markAdvances(NodeId block, int loop) {
    for (NodeId statement : tree_.children(block)) {
      NodeKind kind = tree_.kind(statement);
      if (kind == NodeKind::ExpressionStatement) {
        for (NodeId child : tree_.children(statement)) {
          NodeId target = kNoNode, step = kNoNode;
          if (tree_.kind(child) == NodeKind::AugmentedAssignment) {
            NodeId op = tree_.child(child, Field::Operator);
            if (op == kNoNode || tree_.text(op) != "+=") continue; // `-=` walks back towards the start
            target = tree_.child(child, Field::Left);
            step = tree_.child(child, Field::Right);
          } else if (tree_.kind(child) == NodeKind::Assignment) {
            target = tree_.child(child, Field::Left);
            NodeId right = tree_.unparenthesize(tree_.child(child, Field::Right));
            if (target == kNoNode || right == kNoNode || tree_.kind(right) != NodeKind::BinaryOperator) continue;
            NodeId op = tree_.child(right, Field::Operator);
            NodeId base = tree_.unparenthesize(tree_.child(right, Field::Left));
            if (op == kNoNode || tree_.kind(op) != NodeKind::OpPlus || base == kNoNode ||
                tree_.text(base) != tree_.text(target))
              continue;
            step = tree_.child(right, Field::Right);
          }
          if (target != kNoNode && step != kNoNode) markAdvance(target, step, loop);
        }
        continue;
      }
      for (NodeId child : tree_.children(statement)) {
        if (tree_.kind(child) == NodeKind::Block) markAdvances(child, loop);
        else if (tree_.kind(child) == NodeKind::ElifClause || tree_.kind(child) == NodeKind::ElseClause)
          for (NodeId inner : tree_.children(child))
            if (tree_.kind(inner) == NodeKind::Block) markAdvances(inner, loop);
      }
    }
  }

  void markAdvance(NodeId target, NodeId step, int loop) {
    if (tree_.kind(target) != NodeKind::Identifier) return;
    auto local = locals_.find(tree_.text(target));
    if (local == locals_.end() || !axesKnown(local->second.info) || local->second.info.shape->empty()) return;
    ParamSet named;
    collectParams(step, named, 0);
    std::vector<AxisOrigin> axes = *local->second.info.axes;
    int chosen = -1, withoutStride = -1, aranges = 0;
    bool namesAStride = false;
    for (size_t i = 0; i < axes.size(); ++i) {
      if (axes[i].arange == kNoNode) continue;
      ++aranges;
      if (axes[i].stride >= 0 && named.test(static_cast<size_t>(axes[i].stride))) {
        namesAStride = true;
        chosen = chosen == -1 ? static_cast<int>(i) : -2;
      }
      if (axes[i].stride < 0) withoutStride = withoutStride == -1 ? static_cast<int>(i) : -2;
    }
    if (!namesAStride) chosen = aranges == 1 || withoutStride >= 0 ? withoutStride : -1;
    if (chosen < 0 || !(named & axes[static_cast<size_t>(chosen)].block).any()) return;
    axes[static_cast<size_t>(chosen)].sources |= loopBit(loop);
    local->second.info.axes = keepAxes(std::move(axes));
  }

  // The kernel parameters an expression names (syntax only: nothing recorded).
  void collectParams(NodeId node, ParamSet &out, int depth) const {
    if (node == kNoNode || depth > 32) return;
    if (tree_.kind(node) == NodeKind::Identifier) {
      if (auto found = paramIndex_.find(tree_.text(node)); found != paramIndex_.end()) out.set(found->second);
      return;
    }
    for (NodeId child : tree_.children(node)) collectParams(child, out, depth + 1);
  }
};

} // namespace

void readKernelBody(const PythonModule &module, NodeId definition, KernelSyntax &syntax) {
  std::deque<Dims> arena;
  std::deque<Bounds> bounds;
  std::deque<std::vector<Limit>> limits;
  std::deque<std::vector<AxisOrigin>> axes;
  std::deque<std::vector<Info>> parts;
  axesArena = &axes;
  partsArena = &parts;
  shapeArena = &arena;
  boundsArena = &bounds;
  limitsArena = &limits;
  KernelBodyReader reader(module, syntax);
  reader.read(definition);
  shapeArena = nullptr;
  boundsArena = nullptr;
  limitsArena = nullptr;
  axesArena = nullptr;
  partsArena = nullptr;
}

} // namespace btlint::python
