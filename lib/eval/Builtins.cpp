#include "eval/Builtins.h"

#include "eval/DataFiles.h"
#include "source/Backends.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace btlint::eval {

using python::kNoNode;
using python::NodeId;
using python::NodeKind;

namespace {

constexpr std::string_view kBuiltinNames[] = {
    "range",  "len",      "min",     "max",       "sum",     "abs",   "int",     "float",
    "str",    "bool",     "list",    "tuple",     "set",     "frozenset", "dict", "zip",
    "enumerate", "sorted", "reversed", "any",     "all",     "round", "pow",     "divmod",
    "print",  "isinstance", "filter", "map",      "getattr", "hasattr", "type",  "iter",
    "next",   "repr",     "object",  "super",     "id",      "hex",   "callable", "ValueError",
    "RuntimeError", "NotImplementedError", "AssertionError", "KeyError", "TypeError",
    "ImportError", "Exception", "open", "FileNotFoundError", "OSError", "__import__", "eval"};

// The target device as device queries would report it.
struct DeviceFacts {
  const ArchInfo *arch;
  bool isAmd() const { return arch && arch->vendor == Vendor::Amd; }
  // torch.cuda.get_device_capability(): (9, 0) for sm90; on ROCm the gfx
  // version digits, (9, 4) for gfx942.
  std::pair<int64_t, int64_t> capability() const {
    if (!arch) return {0, 0};
    if (isAmd()) {
      const std::string &name = arch->name; // "gfx942"
      int64_t major = name.size() > 3 && std::isdigit(static_cast<unsigned char>(name[3])) ? name[3] - '0' : 0;
      int64_t minor = name.size() > 4 && std::isdigit(static_cast<unsigned char>(name[4])) ? name[4] - '0' : 0;
      return {major, minor};
    }
    return {arch->computeCapability / 10, arch->computeCapability % 10};
  }
};

// The Triton release btlint's resource model follows (lib/resources):
// `triton.__version__` is answered with it, so that code choosing configs
// or flags by version (`version.parse(triton.__version__) >= ...`) is read
// for the compiler btlint models.
constexpr std::string_view kModelledTritonVersion = "3.6.0";

// `triton.language.__all__` of that release: `hasattr(tl, "make_tensor_descriptor")`,
// a feature probe, is answered for it (sorted, for binary search).
constexpr std::string_view kModelledTritonLanguageNames[] = {
    "PropagateNan",
    "TRITON_MAX_TENSOR_NUMEL",
    "abs",
    "add",
    "advance",
    "arange",
    "argmax",
    "argmin",
    "associative_scan",
    "assume",
    "atomic_add",
    "atomic_and",
    "atomic_cas",
    "atomic_max",
    "atomic_min",
    "atomic_or",
    "atomic_xchg",
    "atomic_xor",
    "bfloat16",
    "bitonic_merge",
    "block_type",
    "broadcast",
    "broadcast_to",
    "cast",
    "cat",
    "cdiv",
    "ceil",
    "clamp",
    "condition",
    "const",
    "constexpr",
    "constexpr_type",
    "cos",
    "cumprod",
    "cumsum",
    "debug_barrier",
    "device_assert",
    "device_print",
    "div_rn",
    "dot",
    "dot_scaled",
    "dtype",
    "erf",
    "exp",
    "exp2",
    "expand_dims",
    "extra",
    "fdiv",
    "flip",
    "float16",
    "float32",
    "float64",
    "float8e4b15",
    "float8e4b8",
    "float8e4nv",
    "float8e5",
    "float8e5b16",
    "floor",
    "fma",
    "full",
    "gather",
    "histogram",
    "inline_asm_elementwise",
    "int1",
    "int16",
    "int32",
    "int64",
    "int8",
    "interleave",
    "join",
    "load",
    "load_tensor_descriptor",
    "log",
    "log2",
    "make_block_ptr",
    "make_tensor_descriptor",
    "map_elementwise",
    "math",
    "max",
    "max_constancy",
    "max_contiguous",
    "maximum",
    "min",
    "minimum",
    "mul",
    "multiple_of",
    "num_programs",
    "pair_uniform_to_normal",
    "permute",
    "philox",
    "philox_impl",
    "pi32_t",
    "pointer_type",
    "program_id",
    "rand",
    "rand4x",
    "randint",
    "randint4x",
    "randn",
    "randn4x",
    "range",
    "ravel",
    "reduce",
    "reduce_or",
    "reshape",
    "rsqrt",
    "sigmoid",
    "sin",
    "slice",
    "softmax",
    "sort",
    "split",
    "sqrt",
    "sqrt_rn",
    "static_assert",
    "static_print",
    "static_range",
    "store",
    "store_tensor_descriptor",
    "sub",
    "sum",
    "swizzle2d",
    "target_info",
    "tensor",
    "tensor_descriptor",
    "topk",
    "trans",
    "tuple",
    "uint16",
    "uint32",
    "uint64",
    "uint8",
    "uint_to_uniform_float",
    "umulhi",
    "view",
    "void",
    "where",
    "xor_sum",
    "zeros",
    "zeros_like"};

// The modules of that release's `triton` package (its .py files and
// extension modules, sorted): an import of another `triton.` path inside
// a `try:` that catches ImportError fails there (a fork's
// `triton.language.extra.tlx`), and the project's fallback is read.
constexpr std::string_view kModelledTritonModules[] = {
    "triton",
    "triton._C",
    "triton._C.libproton.so",
    "triton._C.libtriton.so",
    "triton._filecheck",
    "triton._internal_testing",
    "triton._utils",
    "triton.backends",
    "triton.backends.amd",
    "triton.backends.amd.compiler",
    "triton.backends.amd.driver",
    "triton.backends.compiler",
    "triton.backends.driver",
    "triton.backends.nvidia",
    "triton.backends.nvidia.compiler",
    "triton.backends.nvidia.driver",
    "triton.compiler",
    "triton.compiler.code_generator",
    "triton.compiler.compiler",
    "triton.compiler.errors",
    "triton.compiler.make_launcher",
    "triton.errors",
    "triton.experimental",
    "triton.experimental.gluon",
    "triton.experimental.gluon._compiler",
    "triton.experimental.gluon._runtime",
    "triton.experimental.gluon.amd",
    "triton.experimental.gluon.amd.gfx1250",
    "triton.experimental.gluon.language",
    "triton.experimental.gluon.language._core",
    "triton.experimental.gluon.language._layouts",
    "triton.experimental.gluon.language._math",
    "triton.experimental.gluon.language._semantic",
    "triton.experimental.gluon.language._standard",
    "triton.experimental.gluon.language.amd",
    "triton.experimental.gluon.language.amd._layouts",
    "triton.experimental.gluon.language.amd._ops",
    "triton.experimental.gluon.language.amd.cdna3",
    "triton.experimental.gluon.language.amd.cdna4",
    "triton.experimental.gluon.language.amd.cdna4.async_copy",
    "triton.experimental.gluon.language.amd.gfx1250",
    "triton.experimental.gluon.language.amd.gfx1250.async_copy",
    "triton.experimental.gluon.language.amd.gfx1250.mbarrier",
    "triton.experimental.gluon.language.amd.gfx1250.tdm",
    "triton.experimental.gluon.language.amd.rdna3",
    "triton.experimental.gluon.language.amd.rdna4",
    "triton.experimental.gluon.language.extra",
    "triton.experimental.gluon.language.nvidia",
    "triton.experimental.gluon.language.nvidia.ampere",
    "triton.experimental.gluon.language.nvidia.ampere.async_copy",
    "triton.experimental.gluon.language.nvidia.ampere.mbarrier",
    "triton.experimental.gluon.language.nvidia.blackwell",
    "triton.experimental.gluon.language.nvidia.blackwell.float2",
    "triton.experimental.gluon.language.nvidia.blackwell.tma",
    "triton.experimental.gluon.language.nvidia.hopper",
    "triton.experimental.gluon.language.nvidia.hopper.mbarrier",
    "triton.experimental.gluon.language.nvidia.hopper.tma",
    "triton.experimental.gluon.nvidia",
    "triton.experimental.gluon.nvidia.blackwell",
    "triton.experimental.gluon.nvidia.hopper",
    "triton.knobs",
    "triton.language",
    "triton.language.core",
    "triton.language.extra",
    "triton.language.extra.cuda",
    "triton.language.extra.cuda.gdc",
    "triton.language.extra.cuda.libdevice",
    "triton.language.extra.cuda.utils",
    "triton.language.extra.hip",
    "triton.language.extra.hip.libdevice",
    "triton.language.extra.hip.utils",
    "triton.language.extra.libdevice",
    "triton.language.math",
    "triton.language.random",
    "triton.language.semantic",
    "triton.language.standard",
    "triton.language.target_info",
    "triton.profiler",
    "triton.profiler.context",
    "triton.profiler.flags",
    "triton.profiler.hooks",
    "triton.profiler.hooks.hook",
    "triton.profiler.hooks.instrumentation",
    "triton.profiler.hooks.launch",
    "triton.profiler.language",
    "triton.profiler.mode",
    "triton.profiler.profile",
    "triton.profiler.proton",
    "triton.profiler.scope",
    "triton.profiler.specs",
    "triton.profiler.state",
    "triton.profiler.viewer",
    "triton.runtime",
    "triton.runtime._allocation",
    "triton.runtime._async_compile",
    "triton.runtime.autotuner",
    "triton.runtime.build",
    "triton.runtime.cache",
    "triton.runtime.driver",
    "triton.runtime.errors",
    "triton.runtime.interpreter",
    "triton.runtime.jit",
    "triton.testing",
    "triton.tools",
    "triton.tools.build_extern",
    "triton.tools.compile",
    "triton.tools.disasm",
    "triton.tools.link",
    "triton.tools.mxfp",
    "triton.tools.ragged_tma",
    "triton.tools.tensor_descriptor",
    "triton.tools.triton_to_gluon_translater.translator",
    "triton.tools.triton_to_gluon_translater.translator_helpers"};

// packaging.version.parse("3.0.0"): the release numbers as a tuple, which
// compares as versions do; a pre- or post-release suffix ("3.0.0rc1") ends
// the release. Unknown for text that starts with no number.
std::optional<std::vector<int64_t>> releaseNumbers(std::string_view text) {
  std::vector<int64_t> numbers;
  size_t at = 0;
  if (!text.empty() && (text[0] == 'v' || text[0] == 'V')) at = 1;
  while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) {
    int64_t number = 0;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])))
      number = number * 10 + (text[at++] - '0');
    numbers.push_back(number);
    if (at + 1 < text.size() && text[at] == '.' && std::isdigit(static_cast<unsigned char>(text[at + 1]))) ++at;
    else break;
  }
  if (numbers.empty()) return std::nullopt;
  // Trailing zeros do not count: 3.0 == 3.0.0.
  while (numbers.size() > 1 && numbers.back() == 0) numbers.pop_back();
  return numbers;
}

Value noArch(Origin origin) {
  return Value::unknown("device query with no target arch", origin);
}

std::string pathTail(const std::string &path, std::string_view prefix) {
  return path.substr(prefix.size());
}

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// Accepts the spellings of one library function ("triton.cdiv",
// "triton.language.cdiv").
bool pathIs(const std::string &path, std::initializer_list<std::string_view> names) {
  for (std::string_view name : names)
    if (path == name) return true;
  return false;
}

const Value *argument(CallArguments &arguments, size_t position, std::string_view keyword) {
  if (position < arguments.positional.size()) return &arguments.positional[position];
  return arguments.keyword(keyword);
}

// What torch.finfo / torch.iinfo report for a dtype (PyTorch's
// documented values): projects size tiles from them
// (`CACHE_SECTOR_SIZE // torch.finfo(torch.bfloat16).bits`).
struct TorchNumericInfo {
  std::string_view dtype; // after "torch."
  bool floating;
  int bits;
  double max, min, eps, tiny; // floating types
  int64_t intMax, intMin;      // integer types
};
constexpr TorchNumericInfo kTorchNumericInfo[] = {
    {"float16", true, 16, 65504.0, -65504.0, 0.0009765625, 6.103515625e-05, 0, 0},
    {"half", true, 16, 65504.0, -65504.0, 0.0009765625, 6.103515625e-05, 0, 0},
    {"bfloat16", true, 16, 3.3895313892515355e+38, -3.3895313892515355e+38, 0.0078125, 1.1754943508222875e-38, 0, 0},
    {"float32", true, 32, 3.4028234663852886e+38, -3.4028234663852886e+38, 1.1920928955078125e-07,
     1.1754943508222875e-38, 0, 0},
    {"float", true, 32, 3.4028234663852886e+38, -3.4028234663852886e+38, 1.1920928955078125e-07,
     1.1754943508222875e-38, 0, 0},
    {"float64", true, 64, 1.7976931348623157e+308, -1.7976931348623157e+308, 2.220446049250313e-16,
     2.2250738585072014e-308, 0, 0},
    {"float8_e4m3fn", true, 8, 448.0, -448.0, 0.125, 0.015625, 0, 0},
    {"float8_e5m2", true, 8, 57344.0, -57344.0, 0.25, 6.103515625e-05, 0, 0},
    {"int8", false, 8, 0, 0, 0, 0, INT8_MAX, INT8_MIN},
    {"uint8", false, 8, 0, 0, 0, 0, UINT8_MAX, 0},
    {"int16", false, 16, 0, 0, 0, 0, INT16_MAX, INT16_MIN},
    {"int32", false, 32, 0, 0, 0, 0, INT32_MAX, INT32_MIN},
    {"int64", false, 64, 0, 0, 0, 0, INT64_MAX, INT64_MIN},
};

const TorchNumericInfo *torchNumericInfo(std::string_view dtypePath) {
  if (!startsWith(dtypePath, "torch.")) return nullptr;
  dtypePath.remove_prefix(6);
  for (const TorchNumericInfo &info : kTorchNumericInfo)
    if (info.dtype == dtypePath) return &info;
  return nullptr;
}

} // namespace

bool Builtins::canCall(std::string_view path) {
  static const std::unordered_set<std::string_view> handled = {
      "triton.Config", "triton.runtime.Config", "triton.runtime.autotuner.Config", "triton.cdiv",
      "triton.language.cdiv", "triton.next_power_of_2", "triton.language.next_power_of_2",
      "triton.language.constexpr", "triton.language.core.constexpr", "itertools.product",
      "itertools.chain", "itertools.chain.from_iterable", "os.environ.get", "os.environ.setdefault",
      "os.getenv", "copy.deepcopy", "copy.copy", "torch.cuda.get_device_capability",
      "torch.cuda.get_device_properties", "triton.runtime.driver.active.get_current_target",
      "triton.runtime.driver.active.get_active_torch_device",
      "torch.cuda.is_available", "torch.xpu.is_available", "torch.backends.mps.is_available",
      "torch.cuda.current_device", "triton.runtime.driver.active.get_current_device",
      "torch.cuda.get_device_name", "torch.cuda.is_bf16_supported", "torch.finfo", "torch.iinfo",
      "triton.runtime.driver.active.utils.get_device_properties", "torch.device",
      "torch.are_deterministic_algorithms_enabled", "torch.utils._triton.has_triton", "functools.partial", "torch.cuda.device_count",
      "json.load", "json.loads", "ast.literal_eval", "yaml.safe_load", "yaml.load", "yaml.full_load", "packaging.version.parse",
      "packaging.version.Version", "pkg_resources.parse_version", "sys.path.append", "sys.path.insert",
      "importlib.import_module", "triton.autotune", "triton.runtime.autotune", "triton.runtime.autotuner.autotune"};
  // Loops call the same function over and over: remember the last answer.
  thread_local std::string lastPath;
  thread_local bool lastAnswer = false;
  if (path == lastPath) return lastAnswer;
  lastAnswer = startsWith(path, "builtins.") || startsWith(path, "math.") || handled.count(path) ||
               (startsWith(path, "os.path.") && isOsPathFunction(path.substr(8)));
  lastPath = path;
  return lastAnswer;
}

Value Builtins::uncallable(const std::string &path, Origin origin) {
  if (startsWith(path, "triton.") || startsWith(path, "torch.") || startsWith(path, "os.") ||
      startsWith(path, "itertools.") || startsWith(path, "functools.") ||
      startsWith(path, "numpy.") || startsWith(path, "json.") || startsWith(path, "yaml."))
    return Value::unknown("the call of `" + path + "` is not evaluated", origin);
  return Value::unknown("`" + path + "` is not part of the run", origin);
}

std::string_view Builtins::modelledTritonVersion() { return kModelledTritonVersion; }

bool Builtins::isModelledTritonModule(std::string_view path) {
  return std::binary_search(std::begin(kModelledTritonModules), std::end(kModelledTritonModules), path);
}

bool Builtins::isBuiltinName(std::string_view name) {
  for (std::string_view builtin : kBuiltinNames)
    if (builtin == name) return true;
  return false;
}

std::optional<std::string> Builtins::pythonStr(const Value &value) {
  switch (value.kind()) {
  case ValueKind::String: return value.text();
  case ValueKind::Int:
  case ValueKind::Float:
  case ValueKind::Bool:
  case ValueKind::None:
  case ValueKind::List:
  case ValueKind::Tuple:
  case ValueKind::Dict:
    return value.str();
  default: return std::nullopt;
  }
}

// ---- triton.Config -----------------------------------------------------------

Value Interpreter::makeConfig(CallArguments &arguments, NodeId site, Frame &frame) {
  Origin origin = originOf(*frame.module, site);
  const Value *kwargs = argument(arguments, 0, "kwargs");
  if (!kwargs) return Value::unknown("triton.Config without meta-parameters", origin);
  if (kwargs->isUnknown()) return Value::unknown(kwargs->unknownReason(), origin);
  if (!kwargs->isDict())
    return Value::unknown("the meta-parameters of triton.Config at " +
                              lineText(*frame.module, site) + " are not a dict",
                          origin);
  if (kwargs->dict()->partial)
    return Value::unknown("the meta-parameters of the config at " + lineText(*frame.module, site) +
                              " are not fully known: " + kwargs->dict()->partialReason,
                          origin);
  auto config = std::make_shared<ConfigData>();
  // A dict written in the call is used by nobody else: take it as it is.
  if (kwargs->dict().use_count() == 1 && !arguments.positional.empty() &&
      &arguments.positional[0] == kwargs)
    config->kwargs = arguments.positional[0].dict();
  else
    config->kwargs = std::make_shared<DictData>(*kwargs->dict());
  config->call = origin;
  const python::SyntaxTree &tree = frame.module->tree();
  NodeId parent = tree.parent(site);
  config->writtenInListDisplay = parent != kNoNode && tree.kind(parent) == NodeKind::List;
  if (std::string production = currentProduction(); !production.empty()) {
    config->production = std::make_shared<const std::string>(std::move(production));
    config->productionOrigin = currentProductionOrigin();
  }

  static constexpr std::string_view options[] = {"num_warps", "num_stages", "num_ctas", "maxnreg"};
  Value *fields[] = {&config->numWarps, &config->numStages, &config->numCtas, &config->maxnreg};
  // Compile options are rarely written inside the meta dict: look for them
  // there only when a key starts as one does.
  static const std::string optionInitials = [] {
    std::string initials;
    for (std::string_view option : options)
      if (initials.find(option[0]) == std::string::npos) initials += option[0];
    return initials;
  }();
  bool optionsInDict = false;
  for (const auto &[key, value] : config->kwargs->entries)
    if (key.isString() && !key.text().empty() && optionInitials.find(key.text()[0]) != std::string::npos) {
      optionsInDict = true;
      break;
    }
  for (size_t i = 0; i < 4; ++i) {
    const Value *given = i < 3 ? argument(arguments, i + 1, options[i]) : arguments.keyword(options[i]);
    // Compile options written inside the meta dict are read from there.
    int inDict = optionsInDict ? config->kwargs->findString(options[i]) : -1;
    if (inDict >= 0) {
      if (!given) {
        *fields[i] = config->kwargs->entries[static_cast<size_t>(inDict)].second;
        note("the config at " + lineText(*frame.module, site) + " sets `" +
             std::string(options[i]) + "` inside the meta-parameter dict");
      }
      config->kwargs->entries.erase(config->kwargs->entries.begin() + inDict);
    }
    if (given) *fields[i] = *given;
  }
  if (const Value *preHook = arguments.keyword("pre_hook")) config->hasPreHook = !preHook->isNone();
  return Value::ofConfig(std::move(config), origin);
}

// ---- library attributes ----------------------------------------------------

Value Builtins::externalAttribute(Interpreter &interpreter, const Value &object,
                                  std::string_view name, NodeId site, Frame &frame) {
  Origin origin = interpreter.originOf(*frame.module, site);
  const std::string &objectPath = object.text();
  std::string path;
  path.reserve(objectPath.size() + 1 + name.size());
  path += objectPath;
  path += '.';
  path += name;
  // Most attributes (`triton.Config`, `tl.float16`) are plain library paths:
  // only the objects below have attributes known at lint time.
  const bool special = (!name.empty() && name[0] == '_') || objectPath == "torch.version" ||
                       objectPath == "math" || (!objectPath.empty() && objectPath.back() == ')');
  if (!special) return Value::external(std::move(path), origin);
  DeviceFacts device{interpreter.arch()};
  const ArchInfo *arch = interpreter.arch();

  if (path == "torch.version.hip") {
    if (!arch) return noArch(origin);
    return device.isAmd() ? Value::opaque("HIP version", origin) : Value::none(origin);
  }
  if (path == "torch.version.cuda") {
    if (!arch) return noArch(origin);
    return device.isAmd() ? Value::none(origin) : Value::opaque("CUDA version", origin);
  }
  if (path == "triton.__version__") {
    interpreter.note("`triton.__version__` is taken as " + std::string(kModelledTritonVersion) +
                     ", the Triton release btlint's resource model follows");
    return Value::ofString(std::string(kModelledTritonVersion), origin);
  }
  if (path == "torch.__version__")
    return Value::unknown("the installed library version is not known at lint time", origin);
  if (path == "math.pi") return Value::ofFloat(M_PI, origin);
  if (path == "math.e") return Value::ofFloat(M_E, origin);
  if (path == "math.inf") return Value::ofFloat(INFINITY, origin);

  if (startsWith(objectPath, "torch.finfo(") || startsWith(objectPath, "torch.iinfo(")) {
    const size_t open = objectPath.find('(');
    const TorchNumericInfo *info =
        torchNumericInfo(std::string_view(objectPath).substr(open + 1, objectPath.size() - open - 2));
    if (info && name == "bits") return Value::ofInt(info->bits, origin);
    if (info && !info->floating && (name == "max" || name == "min"))
      return Value::ofInt(name == "max" ? info->intMax : info->intMin, origin);
    if (info && info->floating) {
      if (name == "max") return Value::ofFloat(info->max, origin);
      if (name == "min") return Value::ofFloat(info->min, origin);
      if (name == "eps") return Value::ofFloat(info->eps, origin);
      if (name == "tiny" || name == "smallest_normal") return Value::ofFloat(info->tiny, origin);
    }
    return Value::unknown("`" + objectPath + "." + std::string(name) + "` is not evaluated", origin);
  }
  static const std::string deviceProperties = "torch.cuda.get_device_properties()";
  if (object.text() == deviceProperties) {
    if (!arch) return noArch(origin);
    auto [major, minor] = device.capability();
    if (name == "major") return Value::ofInt(major, origin);
    if (name == "minor") return Value::ofInt(minor, origin);
    if (name == "shared_memory_per_block_optin" || name == "max_shared_memory_per_block_optin")
      return Value::ofInt(arch->maxSharedPerBlockOptIn, origin);
    if (name == "shared_memory_per_block")
      return Value::ofInt(device.isAmd() ? arch->maxSharedPerBlockOptIn : arch->staticSharedLimit, origin);
    if (name == "shared_memory_per_multiprocessor") return Value::ofInt(arch->maxSharedPerSM, origin);
    if (name == "regs_per_multiprocessor") return Value::ofInt(arch->registersPerSM, origin);
    if (name == "warp_size") return Value::ofInt(arch->warpSize, origin);
    if (name == "max_threads_per_multi_processor") return Value::ofInt(arch->maxThreadsPerSM, origin);
    if (name == "multi_processor_count") {
      interpreter.note("the multiprocessor count is that of " + arch->productName +
                       ", the reference product for " + arch->name);
      return Value::ofInt(arch->smCount, origin);
    }
    if (name == "name") return Value::ofString(arch->productName, origin);
    if (name == "gcnArchName")
      return device.isAmd() ? Value::ofString(arch->name, origin)
                            : Value::unknown("gcnArchName on an NVIDIA device", origin);
    return Value::unknown("device property `" + std::string(name) + "` is not known at lint time", origin);
  }
  // The torch device Triton's driver runs on: PyTorch names CUDA and ROCm
  // devices "cuda" alike.
  if (object.text() == "triton.runtime.driver.active.get_active_torch_device()") {
    if (!arch) return noArch(origin);
    if (name == "type") return Value::ofString("cuda", origin);
    if (name == "index") return Value::ofInt(0, origin);
    return Value::unknown("device attribute `" + std::string(name) + "` is not known", origin);
  }
  static const std::string target = "triton.runtime.driver.active.get_current_target()";
  if (object.text() == target) {
    if (!arch) return noArch(origin);
    if (name == "backend") return Value::ofString(device.isAmd() ? "hip" : "cuda", origin);
    if (name == "arch")
      return device.isAmd() ? Value::ofString(arch->name, origin)
                            : Value::ofInt(arch->computeCapability, origin);
    if (name == "warp_size") return Value::ofInt(arch->warpSize, origin);
    return Value::unknown("target attribute `" + std::string(name) + "` is not known", origin);
  }
  return Value::external(path, origin);
}

// ---- library calls -----------------------------------------------------------

namespace {

Value callBuiltin(Interpreter &interpreter, std::string_view name, CallArguments &arguments,
                  NodeId site, Frame &frame);

Value itertoolsProduct(Interpreter &interpreter, CallArguments &arguments, NodeId site,
                       Frame &frame) {
  Origin origin = interpreter.originOf(*frame.module, site);
  int64_t repeat = 1;
  if (const Value *times = arguments.keyword("repeat")) {
    if (!times->isInt()) return Value::unknown("product(repeat=) is not an integer", origin);
    repeat = std::max<int64_t>(0, times->asInt());
  }
  std::vector<std::vector<Value>> pools;
  for (const Value &iterable : arguments.positional) {
    std::vector<Value> items;
    bool partial = false;
    Value failure;
    if (!interpreter.iterate(iterable, site, items, partial, failure)) return failure;
    if (partial) return Value::unknown("product over a list that is not fully known", origin);
    pools.push_back(std::move(items));
  }
  std::vector<std::vector<Value>> repeated;
  for (int64_t r = 0; r < repeat; ++r) repeated.insert(repeated.end(), pools.begin(), pools.end());
  // Size first, so an absurd product costs nothing.
  const size_t limit = interpreter.limits().maxListElements;
  uint64_t total = 1;
  for (const auto &pool : repeated) {
    total *= pool.size();
    if (total > limit) {
      std::string text = "itertools.product at " + interpreter.lineText(*frame.module, site) +
                         " has more than " + std::to_string(limit) + " elements";
      interpreter.note(text);
      return Value::unknown(text, origin);
    }
  }
  std::vector<Value> result;
  result.reserve(total);
  std::vector<size_t> index(repeated.size(), 0);
  if (total > 0) {
    while (true) {
      std::vector<Value> tuple;
      for (size_t i = 0; i < repeated.size(); ++i) tuple.push_back(repeated[i][index[i]]);
      result.push_back(Value::ofTuple(std::move(tuple), origin));
      size_t position = repeated.size();
      while (position > 0) {
        --position;
        if (++index[position] < repeated[position].size()) break;
        index[position] = 0;
        if (position == 0) {
          position = SIZE_MAX;
          break;
        }
      }
      if (position == SIZE_MAX || repeated.empty()) break;
    }
  }
  return Value::ofList(std::move(result), origin);
}

Value environmentLookup(Interpreter &interpreter, CallArguments &arguments, NodeId site,
                        Frame &frame, const char *function) {
  Origin origin = interpreter.originOf(*frame.module, site);
  const Value *variable = argument(arguments, 0, "key");
  if (!variable || !variable->isString())
    return Value::unknown(std::string(function) + " of a name that is not known", origin);
  if (const std::string *declared = interpreter.declaredEnvironment(variable->text()))
    return Value::ofString(*declared, origin);
  const Value *fallback = argument(arguments, 1, "default");
  Value result = fallback ? *fallback : Value::none(origin);
  interpreter.note("environment variable `" + variable->text() +
                   "` is not read at lint time: took its default " + result.str() + " (" +
                   interpreter.lineText(*frame.module, site) + ")", *frame.module, site);
  return result;
}

Value mathFunction(Interpreter &interpreter, const std::string &name, CallArguments &arguments,
                   NodeId site, Frame &frame) {
  Origin origin = interpreter.originOf(*frame.module, site);
  for (const Value &value : arguments.positional)
    if (value.isUnknown()) return value;
  if (name == "prod") {
    if (arguments.positional.empty()) return Value::unknown("math.prod()", origin);
    std::vector<Value> items;
    bool partial = false;
    Value failure;
    if (!interpreter.iterate(arguments.positional[0], site, items, partial, failure)) return failure;
    if (partial) return Value::unknown("math.prod of a list not fully known", origin);
    Value product = Value::ofInt(1, origin);
    for (const Value &item : items)
      product = interpreter.binaryOperation(NodeKind::OpStar, product, item, site, frame);
    return product;
  }
  if (name == "gcd") {
    int64_t result = 0;
    for (const Value &value : arguments.positional) {
      if (!value.isInt()) return Value::unknown("math.gcd of a non-integer", origin);
      int64_t a = std::llabs(result), b = std::llabs(value.asInt());
      while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
      }
      result = a;
    }
    return Value::ofInt(result, origin);
  }
  if (arguments.positional.empty() || !arguments.positional[0].isNumber())
    return Value::unknown("math." + name + " of a non-number", origin);
  double x = arguments.positional[0].asFloat();
  if (name == "ceil" || name == "floor") {
    double r = name == "ceil" ? std::ceil(x) : std::floor(x);
    if (std::fabs(r) > 9.0e18) return Value::unknown("integer overflow", origin);
    return Value::ofInt(static_cast<int64_t>(r), origin);
  }
  if (name == "isqrt") {
    if (!arguments.positional[0].isInt() || x < 0) return Value::unknown("math.isqrt domain", origin);
    int64_t n = arguments.positional[0].asInt();
    int64_t r = static_cast<int64_t>(std::sqrt(static_cast<double>(n)));
    while (r * r > n) --r;
    while ((r + 1) * (r + 1) <= n) ++r;
    return Value::ofInt(r, origin);
  }
  if (name == "log2") return x > 0 ? Value::ofFloat(std::log2(x), origin) : Value::unknown("math domain error", origin);
  if (name == "sqrt") return x >= 0 ? Value::ofFloat(std::sqrt(x), origin) : Value::unknown("math domain error", origin);
  if (name == "log") {
    if (x <= 0) return Value::unknown("math domain error", origin);
    if (arguments.positional.size() > 1 && arguments.positional[1].isNumber())
      return Value::ofFloat(std::log(x) / std::log(arguments.positional[1].asFloat()), origin);
    return Value::ofFloat(std::log(x), origin);
  }
  if (name == "exp") return Value::ofFloat(std::exp(x), origin);
  if (name == "pow" && arguments.positional.size() > 1 && arguments.positional[1].isNumber())
    return Value::ofFloat(std::pow(x, arguments.positional[1].asFloat()), origin);
  return Value::unknown("math." + name + " is not evaluated", origin);
}

Value deepCopy(const Value &value) {
  if (value.isSequence()) {
    auto copy = std::make_shared<Sequence>(*value.sequence());
    for (Value &item : copy->items) item = deepCopy(item);
    return Value::ofSequence(value.kind(), std::move(copy), value.origin());
  }
  if (value.isDict()) {
    auto copy = std::make_shared<DictData>(*value.dict());
    for (auto &entry : copy->entries) entry.second = deepCopy(entry.second);
    return Value::ofDict(std::move(copy), value.origin());
  }
  if (value.isConfig()) {
    auto copy = std::make_shared<ConfigData>(*value.config());
    copy->kwargs = std::make_shared<DictData>(*copy->kwargs);
    return Value::ofConfig(std::move(copy), value.origin());
  }
  return value;
}

} // namespace

Value Builtins::callExternal(Interpreter &interpreter, const std::string &path,
                             CallArguments &arguments, NodeId site, Frame &frame) {
  Origin origin = interpreter.originOf(*frame.module, site);
  const ArchInfo *arch = interpreter.arch();
  DeviceFacts device{arch};

  // `__import__("os")` is `import os` written as a call: the top-level
  // package, or with a non-empty fromlist the named module itself.
  if (path == "builtins.__import__") {
    if (arguments.positional.empty() || !arguments.positional[0].isString())
      return Value::unknown("`__import__` of a module name that is not known", origin);
    const std::string &name = arguments.positional[0].text();
    const Value *fromlist = arguments.keyword("fromlist");
    if (!fromlist && arguments.positional.size() > 3) fromlist = &arguments.positional[3];
    const bool named = fromlist && fromlist->truthiness().value_or(false);
    return interpreter.resolveModulePath(*frame.module, named ? name : name.substr(0, name.find('.')))
        .withOrigin(origin);
  }
  // sys.path.append(folder): where importlib.import_module looks next.
  if (pathIs(path, {"sys.path.append", "sys.path.insert"})) {
    const size_t at = path == "sys.path.append" ? 0 : 1;
    if (arguments.positional.size() > at && arguments.positional[at].isString())
      interpreter.addSysPathFolder(arguments.positional[at].text());
    return Value::none(origin);
  }
  // importlib.import_module("pkg.mod") or (".mod", package="pkg").
  if (path == "importlib.import_module") {
    const Value *name = argument(arguments, 0, "name");
    if (!name || !name->isString()) return Value::unknown("`import_module` of a module name that is not known", origin);
    std::string dotted = name->text();
    if (!dotted.empty() && dotted[0] == '.') {
      const Value *package = argument(arguments, 1, "package");
      if (!package || !package->isString())
        return Value::unknown("`import_module` of a relative name without its package", origin);
      std::string base = package->text();
      size_t level = 0;
      while (level < dotted.size() && dotted[level] == '.') ++level;
      for (size_t up = 1; up < level && !base.empty(); ++up)
        base = base.find('.') == std::string::npos ? std::string() : base.substr(0, base.rfind('.'));
      dotted = base + (level < dotted.size() ? "." + dotted.substr(level) : std::string());
    }
    return interpreter.resolveModulePath(*frame.module, dotted).withOrigin(origin);
  }
  if (startsWith(path, "builtins."))
    return callBuiltin(interpreter, std::string_view(path).substr(9), arguments, site, frame);
  if (path == "ast.literal_eval") return callBuiltin(interpreter, path, arguments, site, frame);
  if (pathIs(path, {"triton.Config", "triton.runtime.Config", "triton.runtime.autotuner.Config"}))
    return interpreter.makeConfig(arguments, site, frame);
  // The decorator triton.autotune(...) returns, as what it was given: a
  // factory of the project's own that builds its list and returns the
  // decorator (`return triton.autotune(configs, key)`) is read through it.
  if (pathIs(path, {"triton.autotune", "triton.runtime.autotune", "triton.runtime.autotuner.autotune"}))
  {
    const Value *configs = argument(arguments, 0, "configs");
    if (!configs) return Value::unknown("triton.autotune without configs", origin);
    const Value *preHook = argument(arguments, 5, "pre_hook");
    const Value *postHook = argument(arguments, 6, "post_hook");
    const bool hooked = (preHook && !preHook->isNone()) || (postHook && !postHook->isNone());
    return autotuneDecorator(*configs, argument(arguments, 1, "key"), argument(arguments, 2, "prune_configs_by"),
                             argument(arguments, 4, "restore_value"), argument(arguments, 3, "reset_to_zero"), hooked,
                             origin);
  }
  if (pathIs(path, {"packaging.version.parse", "packaging.version.Version", "pkg_resources.parse_version"})) {
    const Value *text = argument(arguments, 0, "version");
    if (!text) return Value::unknown("a version needs its text", origin);
    if (text->isUnknown()) return *text;
    const std::optional<std::vector<int64_t>> numbers = text->isString() ? releaseNumbers(text->text()) : std::nullopt;
    if (!numbers) return Value::unknown("not a version: " + text->str(), origin);
    std::vector<Value> items;
    for (int64_t number : *numbers) items.push_back(Value::ofInt(number, origin));
    return Value::ofTuple(std::move(items), origin);
  }
  if (pathIs(path, {"triton.cdiv", "triton.language.cdiv"})) {
    if (arguments.positional.size() != 2) return Value::unknown("cdiv needs two arguments", origin);
    const Value &a = arguments.positional[0], &b = arguments.positional[1];
    if (a.isUnknown()) return a;
    if (b.isUnknown()) return b;
    if (!a.isInt() || !b.isInt() || b.asInt() == 0)
      return Value::unknown("cdiv of non-integers or by zero", origin);
    Value sum = interpreter.binaryOperation(NodeKind::OpPlus, a, Value::ofInt(b.asInt() - 1), site, frame);
    return interpreter.binaryOperation(NodeKind::OpDoubleSlash, sum, b, site, frame).withOrigin(origin);
  }
  if (pathIs(path, {"triton.next_power_of_2", "triton.language.next_power_of_2"})) {
    if (arguments.positional.size() != 1) return Value::unknown("next_power_of_2 needs one argument", origin);
    const Value &n = arguments.positional[0];
    if (n.isUnknown()) return n;
    if (!n.isInt()) return Value::unknown("next_power_of_2 of a non-integer", origin);
    int64_t value = n.asInt();
    if (value > (int64_t(1) << 62)) return Value::unknown("integer overflow", origin);
    int64_t power = 1;
    while (power < value) power <<= 1;
    return Value::ofInt(power, origin);
  }
  if (pathIs(path, {"triton.language.constexpr", "triton.language.core.constexpr"})) {
    if (arguments.positional.size() != 1) return Value::unknown("constexpr needs one argument", origin);
    return arguments.positional[0];
  }
  if (path == "itertools.product") return itertoolsProduct(interpreter, arguments, site, frame);
  if (path == "itertools.chain" || path == "itertools.chain.from_iterable") {
    std::vector<Value> sources(arguments.positional.begin(), arguments.positional.end());
    if (path == "itertools.chain.from_iterable") {
      if (sources.size() != 1) return Value::unknown("chain.from_iterable needs one argument", origin);
      std::vector<Value> outer;
      bool partial = false;
      Value failure;
      if (!interpreter.iterate(sources[0], site, outer, partial, failure)) return failure;
      if (partial) return Value::unknown("chain over a list not fully known", origin);
      sources = std::move(outer);
    }
    auto out = std::make_shared<Sequence>();
    for (const Value &source : sources) {
      std::vector<Value> items;
      bool partial = false;
      Value failure;
      if (!interpreter.iterate(source, site, items, partial, failure)) return failure;
      if (partial) {
        out->partial = true;
        out->partialReason = source.sequence() ? source.sequence()->partialReason : "";
      }
      out->items.insert(out->items.end(), items.begin(), items.end());
      if (out->items.size() > interpreter.limits().maxListElements)
        return Value::unknown("itertools.chain result too large", origin);
    }
    return Value::ofSequence(ValueKind::List, std::move(out), origin);
  }
  if (startsWith(path, "math.")) return mathFunction(interpreter, pathTail(path, "math."), arguments, site, frame);
  if (startsWith(path, "os.path.") && isOsPathFunction(std::string_view(path).substr(8)))
    return osPathFunction(std::string_view(path).substr(8),
                          std::vector<Value>(arguments.positional.begin(), arguments.positional.end()), origin);
  if (pathIs(path, {"json.load", "json.loads", "yaml.safe_load", "yaml.load", "yaml.full_load"})) {
    const Value *source = argument(arguments, 0, path[0] == 'j' ? (path == "json.load" ? "fp" : "s") : "stream");
    if (!source) return Value::unknown(path + "() needs a file or text", origin);
    return loadStructured(*source, path[0] == 'y', origin);
  }
  if (pathIs(path, {"os.environ.get", "os.environ.setdefault"}))
    return environmentLookup(interpreter, arguments, site, frame, "os.environ.get");
  if (path == "os.getenv") return environmentLookup(interpreter, arguments, site, frame, "os.getenv");
  if (pathIs(path, {"copy.deepcopy", "copy.copy"})) {
    if (arguments.positional.empty()) return Value::unknown("copy of nothing", origin);
    return deepCopy(arguments.positional[0]);
  }

  // Device queries resolve from the target arch.
  if (path == "torch.cuda.get_device_capability") {
    if (!arch) return noArch(origin);
    auto [major, minor] = device.capability();
    return Value::ofTuple({Value::ofInt(major, origin), Value::ofInt(minor, origin)}, origin);
  }
  if (path == "torch.cuda.get_device_properties")
    return Value::external("torch.cuda.get_device_properties()", origin);
  if (pathIs(path, {"torch.finfo", "torch.iinfo"})) {
    const Value *dtype = argument(arguments, 0, "type");
    const TorchNumericInfo *info =
        dtype && dtype->kind() == ValueKind::External ? torchNumericInfo(dtype->text()) : nullptr;
    if (!info || info->floating != (path == "torch.finfo"))
      return Value::unknown("`" + path + "` of a type not known at lint time", origin);
    return Value::external(path + "(" + dtype->text() + ")", origin);
  }
  if (path == "triton.runtime.driver.active.get_current_target")
    return Value::external("triton.runtime.driver.active.get_current_target()", origin);
  if (path == "triton.runtime.driver.active.get_active_torch_device")
    return Value::external("triton.runtime.driver.active.get_active_torch_device()", origin);
  if (pathIs(path, {"torch.cuda.is_available"})) {
    if (!arch) return noArch(origin);
    return Value::ofBool(true, origin);
  }
  if (pathIs(path, {"torch.xpu.is_available", "torch.backends.mps.is_available"})) {
    if (!arch) return noArch(origin);
    return Value::ofBool(false, origin); // the target is a CUDA or ROCm GPU
  }
  if (pathIs(path, {"torch.cuda.current_device", "triton.runtime.driver.active.get_current_device"}))
    return Value::ofInt(0, origin);
  if (path == "torch.cuda.device_count") {
    if (!arch) return noArch(origin);
    interpreter.note("`torch.cuda.device_count()` is 1: btlint lints for one GPU of " + arch->name);
    return Value::ofInt(1, origin);
  }
  if (path == "torch.cuda.get_device_name") {
    if (!arch) return noArch(origin);
    interpreter.note("the device name is that of " + arch->productName + ", the reference product for " +
                     arch->name);
    return Value::ofString(arch->productName, origin);
  }
  if (path == "torch.are_deterministic_algorithms_enabled") {
    // A switch of the running program (torch.use_deterministic_algorithms),
    // off unless it turns it on: lint as a program that does not.
    interpreter.note("`torch.are_deterministic_algorithms_enabled()` is not known at lint time: took its default False");
    return Value::ofBool(false, origin);
  }
  if (path == "functools.partial") {
    if (arguments.positional.empty()) return Value::unknown("functools.partial() needs a callable", origin);
    auto partial = std::make_shared<FunctionData>();
    partial->kind = FunctionData::Kind::Partial;
    partial->receiver = arguments.positional[0];
    partial->name = "functools.partial";
    partial->boundPositional.assign(arguments.positional.begin() + 1, arguments.positional.end());
    partial->boundKeywords.assign(arguments.keywords.begin(), arguments.keywords.end());
    return Value::ofFunction(std::move(partial), origin);
  }
  if (path == "torch.utils._triton.has_triton") {
    // The guard around a module's Triton code: btlint lints that code.
    interpreter.note("`has_triton()` is taken as True: btlint reads the Triton code it guards");
    return Value::ofBool(true, origin);
  }
  if (path == "torch.cuda.is_bf16_supported") {
    if (!arch) return noArch(origin);
    return Value::ofBool(arch->supportsBf16, origin);
  }
  if (path == "triton.runtime.driver.active.utils.get_device_properties") {
    if (!arch) return noArch(origin);
    auto dict = std::make_shared<DictData>();
    dict->set(Value::ofString("max_shared_mem"), Value::ofInt(arch->maxSharedPerBlockOptIn, origin));
    dict->set(Value::ofString("multiprocessor_count"), Value::ofInt(arch->smCount, origin));
    dict->set(Value::ofString("warpSize"), Value::ofInt(arch->warpSize, origin));
    dict->partial = true; // clock rates and bus width are not known
    dict->partialReason = "clock rates and memory bus width are not known at lint time";
    return Value::ofDict(std::move(dict), origin);
  }
  if (path == "torch.device") return Value::opaque("torch.device", origin);
  return uncallable(path, origin);
}

namespace {

int64_t roundHalfEven(double x) {
  double floorValue = std::floor(x);
  double difference = x - floorValue;
  if (difference > 0.5) return static_cast<int64_t>(floorValue) + 1;
  if (difference < 0.5) return static_cast<int64_t>(floorValue);
  int64_t even = static_cast<int64_t>(floorValue);
  return even % 2 == 0 ? even : even + 1;
}

std::optional<int64_t> parseIntText(std::string text, int base) {
  size_t start = text.find_first_not_of(" \t\n");
  size_t end = text.find_last_not_of(" \t\n");
  if (start == std::string::npos) return std::nullopt;
  text = text.substr(start, end - start + 1);
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    text = text.substr(1);
  }
  if (base == 0) base = 10;
  int64_t value = 0;
  if (text.empty()) return std::nullopt;
  for (char c : text) {
    if (c == '_') continue;
    int digit = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                : std::isalpha(static_cast<unsigned char>(c)) ? (std::tolower(c) - 'a' + 10)
                                                               : 99;
    if (digit >= base) return std::nullopt;
    if (__builtin_mul_overflow(value, base, &value) || __builtin_add_overflow(value, digit, &value))
      return std::nullopt;
  }
  return negative ? -value : value;
}

// The value of `text` when it is one Python literal of a scalar (`False`,
// `None`, `128`, `0.5`, `'ieee'`): what `eval` of a setting read from the
// environment with a literal default gives. Anything else would run code,
// which btlint never does: nullopt.
std::optional<Value> scalarLiteral(const std::string &text, Origin origin) {
  const size_t start = text.find_first_not_of(" \t\n");
  if (start == std::string::npos) return std::nullopt;
  const std::string literal = text.substr(start, text.find_last_not_of(" \t\n") - start + 1);
  if (literal == "True" || literal == "False") return Value::ofBool(literal == "True", origin);
  if (literal == "None") return Value::none(origin);
  const char quote = literal.front();
  if ((quote == '\'' || quote == '"') && literal.size() >= 2 && literal.back() == quote &&
      literal.find_first_of(std::string("\\") + quote, 1) == literal.size() - 1)
    return Value::ofString(literal.substr(1, literal.size() - 2), origin);
  const bool digits = std::isdigit(static_cast<unsigned char>(literal.front())) ||
                      ((literal.front() == '-' || literal.front() == '+') && literal.size() > 1);
  if (!digits) return std::nullopt;
  if (std::optional<int64_t> integer = parseIntText(literal, 10)) return Value::ofInt(*integer, origin);
  char *end = nullptr;
  const double number = std::strtod(literal.c_str(), &end);
  if (end && *end == '\0') return Value::ofFloat(number, origin);
  return std::nullopt;
}

// Sorts items by key values; false when an order is not known.
bool sortValues(Interpreter &interpreter, std::vector<Value> &items, const Value *key,
                bool reverse, NodeId site, Frame &frame) {
  std::vector<std::pair<Value, Value>> keyed;
  for (Value &item : items) {
    Value sortKey = item;
    if (key && !key->isNone()) {
      CallArguments call;
      call.positional.push_back(item);
      sortKey = interpreter.callValue(*key, call, site, frame);
      if (sortKey.isUnknown()) return false;
    }
    keyed.emplace_back(std::move(sortKey), std::move(item));
  }
  bool failed = false;
  std::stable_sort(keyed.begin(), keyed.end(), [&](const auto &a, const auto &b) {
    if (failed) return false;
    Value less = interpreter.compare(reverse ? NodeKind::OpGreater : NodeKind::OpLess, a.first,
                                     b.first, site, frame);
    if (!less.isBool()) {
      failed = true;
      return false;
    }
    return less.asBool();
  });
  if (failed) return false;
  items.clear();
  for (auto &entry : keyed) items.push_back(std::move(entry.second));
  return true;
}

Value minMax(Interpreter &interpreter, bool isMax, CallArguments &arguments, NodeId site,
             Frame &frame) {
  Origin origin = interpreter.originOf(*frame.module, site);
  std::vector<Value> items;
  if (arguments.positional.size() == 1) {
    bool partial = false;
    Value failure;
    if (!interpreter.iterate(arguments.positional[0], site, items, partial, failure)) return failure;
    if (partial) return Value::unknown("min/max of a list not fully known", origin);
  } else {
    items.assign(arguments.positional.begin(), arguments.positional.end());
  }
  if (items.empty()) {
    if (const Value *fallback = arguments.keyword("default")) return *fallback;
    return Value::unknown("min/max of an empty sequence", origin);
  }
  const Value *key = arguments.keyword("key");
  Value best = items[0];
  Value bestKey = best;
  if (key) {
    CallArguments call;
    call.positional.push_back(best);
    bestKey = interpreter.callValue(*key, call, site, frame);
  }
  for (size_t i = 1; i < items.size(); ++i) {
    Value candidateKey = items[i];
    if (key) {
      CallArguments call;
      call.positional.push_back(items[i]);
      candidateKey = interpreter.callValue(*key, call, site, frame);
    }
    Value better = interpreter.compare(isMax ? NodeKind::OpGreater : NodeKind::OpLess,
                                       candidateKey, bestKey, site, frame);
    if (!better.isBool()) return better.isUnknown() ? better : Value::unknown("min/max order not known", origin);
    if (better.asBool()) {
      best = items[i];
      bestKey = candidateKey;
    }
  }
  return best;
}

Value callBuiltin(Interpreter &interpreter, std::string_view name, CallArguments &arguments,
                  NodeId site, Frame &frame) {
  Origin origin = interpreter.originOf(*frame.module, site);
  auto &args = arguments.positional;
  auto iterateArgument = [&](size_t index, std::vector<Value> &items, Value &failure) -> bool {
    bool partial = false;
    if (index >= args.size()) {
      failure = Value::unknown(std::string(name) + "() is missing an argument", origin);
      return false;
    }
    if (!interpreter.iterate(args[index], site, items, partial, failure)) return false;
    if (partial) {
      failure = Value::unknown(std::string(name) + "() of a list that is not fully known", origin);
      return false;
    }
    return true;
  };

  if (name == "range") {
    int64_t bounds[3] = {0, 0, 1};
    if (args.empty() || args.size() > 3) return Value::unknown("range() with a wrong number of arguments", origin);
    for (const Value &value : args) {
      if (value.isUnknown()) return value;
      if (!value.isInt() && !value.isBool()) return Value::unknown("range() of a non-integer", origin);
    }
    if (args.size() == 1) {
      bounds[1] = args[0].asInt();
    } else {
      bounds[0] = args[0].asInt();
      bounds[1] = args[1].asInt();
      if (args.size() == 3) bounds[2] = args[2].asInt();
    }
    if (bounds[2] == 0) return Value::unknown("range() step is zero", origin);
    return Value::ofRange({bounds[0], bounds[1], bounds[2]}, origin);
  }
  if (name == "open") {
    const Value *path = argument(arguments, 0, "file");
    const Value *mode = argument(arguments, 1, "mode");
    if (!path) return Value::unknown("open() needs a path", origin);
    return openProjectFile(frame.module->path(), *path, mode ? *mode : Value::none(), origin);
  }
  if (name == "len") {
    if (args.size() != 1) return Value::unknown("len() needs one argument", origin);
    const Value &value = args[0];
    if (value.isUnknown()) return value;
    if (value.isSequence()) {
      if (value.sequence()->partial) return Value::unknown("len() of a list not fully known", origin);
      return Value::ofInt(static_cast<int64_t>(value.sequence()->items.size()), origin);
    }
    if (value.isDict()) {
      if (value.dict()->partial) return Value::unknown("len() of a dict not fully known", origin);
      return Value::ofInt(static_cast<int64_t>(value.dict()->entries.size()), origin);
    }
    if (value.isString()) return Value::ofInt(static_cast<int64_t>(value.text().size()), origin);
    if (value.kind() == ValueKind::Range) return Value::ofInt(value.range().size(), origin);
    return Value::unknown(std::string("len() of ") + value.typeName(), origin);
  }
  if (name == "min" || name == "max") return minMax(interpreter, name == "max", arguments, site, frame);
  if (name == "sum") {
    std::vector<Value> items;
    Value failure;
    if (!iterateArgument(0, items, failure)) return failure;
    Value total = args.size() > 1 ? args[1] : Value::ofInt(0, origin);
    if (const Value *start = arguments.keyword("start")) total = *start;
    for (const Value &item : items) total = interpreter.binaryOperation(NodeKind::OpPlus, total, item, site, frame);
    return total.isKnown() ? total.withOrigin(origin) : total;
  }
  if (name == "abs") {
    if (args.size() != 1) return Value::unknown("abs() needs one argument", origin);
    if (args[0].isInt()) {
      if (args[0].asInt() == INT64_MIN) return Value::unknown("integer overflow", origin);
      return Value::ofInt(std::llabs(args[0].asInt()), args[0].origin());
    }
    if (args[0].isFloat()) return Value::ofFloat(std::fabs(args[0].asFloat()), args[0].origin());
    return args[0].isUnknown() ? args[0] : Value::unknown("abs() of a non-number", origin);
  }
  if (name == "round") {
    if (args.empty()) return Value::unknown("round() needs an argument", origin);
    if (args[0].isUnknown()) return args[0];
    if (args[0].isInt()) return args[0];
    if (!args[0].isFloat()) return Value::unknown("round() of a non-number", origin);
    if (args.size() > 1 && !args[1].isNone()) {
      if (!args[1].isInt()) return Value::unknown("round() digits not an integer", origin);
      double scale = std::pow(10.0, static_cast<double>(args[1].asInt()));
      return Value::ofFloat(static_cast<double>(roundHalfEven(args[0].asFloat() * scale)) / scale, origin);
    }
    return Value::ofInt(roundHalfEven(args[0].asFloat()), origin);
  }
  if (name == "pow") {
    if (args.size() != 2) return Value::unknown("pow() with a modulus is not evaluated", origin);
    return interpreter.binaryOperation(NodeKind::OpPower, args[0], args[1], site, frame);
  }
  if (name == "divmod") {
    if (args.size() != 2) return Value::unknown("divmod() needs two arguments", origin);
    Value quotient = interpreter.binaryOperation(NodeKind::OpDoubleSlash, args[0], args[1], site, frame);
    Value remainder = interpreter.binaryOperation(NodeKind::OpPercent, args[0], args[1], site, frame);
    if (quotient.isUnknown()) return quotient;
    return Value::ofTuple({quotient, remainder}, origin);
  }
  if (name == "int") {
    if (args.empty()) return Value::ofInt(0, origin);
    const Value &value = args[0];
    if (value.isUnknown()) return value;
    if (value.isInt() || value.isBool()) return Value::ofInt(value.asInt(), value.origin());
    if (value.isFloat()) {
      double truncated = std::trunc(value.asFloat());
      if (!std::isfinite(truncated) || std::fabs(truncated) > 9.0e18)
        return Value::unknown("int() of a float out of range", origin);
      return Value::ofInt(static_cast<int64_t>(truncated), value.origin());
    }
    if (value.isString()) {
      int base = 10;
      if (args.size() > 1 && args[1].isInt()) base = static_cast<int>(args[1].asInt());
      std::optional<int64_t> parsed = parseIntText(value.text(), base);
      if (!parsed) return Value::unknown("int() of " + value.str() + " fails", origin);
      return Value::ofInt(*parsed, value.origin());
    }
    return Value::unknown(std::string("int() of ") + value.typeName(), origin);
  }
  if (name == "eval" || name == "ast.literal_eval") {
    if (args.empty()) return Value::unknown(std::string(name) + "() is missing an argument", origin);
    if (args[0].isUnknown()) return args[0];
    if (!args[0].isString()) return Value::unknown(std::string(name) + "() of " + args[0].typeName(), origin);
    if (std::optional<Value> literal = scalarLiteral(args[0].text(), args[0].origin())) return *literal;
    return Value::unknown("`" + std::string(name) + "` of " + args[0].str() +
                              " is not evaluated: only a literal is read, code is never run",
                          origin);
  }
  if (name == "float") {
    if (args.empty()) return Value::ofFloat(0.0, origin);
    const Value &value = args[0];
    if (value.isUnknown()) return value;
    if (value.isNumber()) return Value::ofFloat(value.asFloat(), value.origin());
    if (value.isString()) {
      const char *begin = value.text().c_str();
      char *end = nullptr;
      double parsed = std::strtod(begin, &end);
      while (end && (*end == ' ' || *end == '\n' || *end == '\t')) ++end;
      if (end == begin || (end && *end != '\0'))
        return Value::unknown("float() of " + value.str() + " fails", origin);
      return Value::ofFloat(parsed, value.origin());
    }
    return Value::unknown(std::string("float() of ") + value.typeName(), origin);
  }
  if (name == "str") {
    if (args.empty()) return Value::ofString("", origin);
    if (args[0].isUnknown()) return args[0];
    std::optional<std::string> text = Builtins::pythonStr(args[0]);
    if (!text) return Value::unknown(std::string("str() of ") + args[0].typeName(), origin);
    return Value::ofString(*text, args[0].origin());
  }
  if (name == "repr") {
    if (args.size() != 1 || args[0].isUnknown() || args[0].isExternal() ||
        args[0].kind() == ValueKind::Opaque)
      return Value::unknown("repr() not evaluated", origin);
    return Value::ofString(args[0].str(), origin);
  }
  if (name == "bool") {
    if (args.empty()) return Value::ofBool(false, origin);
    std::optional<bool> truth = args[0].truthiness();
    if (!truth) return args[0].isUnknown() ? args[0] : Value::unknown("truth value not known", origin);
    return Value::ofBool(*truth, origin);
  }
  if (name == "list" || name == "tuple" || name == "set" || name == "frozenset" || name == "sorted" ||
      name == "reversed") {
    std::vector<Value> items;
    bool partial = false;
    if (!args.empty()) {
      Value failure;
      if (!interpreter.iterate(args[0], site, items, partial, failure)) return failure;
    }
    if (partial && (name == "sorted" || name == "reversed"))
      return Value::unknown(std::string(name) + "() of a list not fully known", origin);
    if (name == "sorted") {
      const Value *reverse = arguments.keyword("reverse");
      bool descending = reverse && reverse->truthiness().value_or(false);
      if (!sortValues(interpreter, items, arguments.keyword("key"), descending, site, frame))
        return Value::unknown("sorted() order is not known", origin);
    }
    if (name == "reversed") std::reverse(items.begin(), items.end());
    auto sequence = std::make_shared<Sequence>();
    sequence->items = std::move(items);
    sequence->partial = partial;
    if (partial && !args.empty() && args[0].isSequence()) sequence->partialReason = args[0].sequence()->partialReason;
    ValueKind kind = name == "tuple" ? ValueKind::Tuple
                     : (name == "set" || name == "frozenset") ? ValueKind::Set
                                                              : ValueKind::List;
    if (kind == ValueKind::Set) {
      dropEqualDuplicates(sequence->items);
    }
    return Value::ofSequence(kind, std::move(sequence), origin);
  }
  if (name == "dict") {
    auto dict = std::make_shared<DictData>();
    if (!args.empty()) {
      if (args[0].isDict()) {
        *dict = *args[0].dict();
      } else {
        std::vector<Value> pairs;
        Value failure;
        if (!iterateArgument(0, pairs, failure)) return failure;
        for (const Value &pair : pairs) {
          if (!pair.isSequence() || pair.sequence()->items.size() != 2)
            return Value::unknown("dict() of items that are not pairs", origin);
          dict->set(pair.sequence()->items[0], pair.sequence()->items[1]);
        }
      }
    }
    for (size_t i = 0; i < arguments.keywords.size(); ++i)
      dict->set(Value::ofString(arguments.keywords[i].first, arguments.keywordNameOrigins[i]),
                arguments.keywords[i].second);
    return Value::ofDict(std::move(dict), origin);
  }
  if (name == "zip") {
    std::vector<std::vector<Value>> columns;
    for (size_t i = 0; i < args.size(); ++i) {
      std::vector<Value> items;
      Value failure;
      if (!iterateArgument(i, items, failure)) return failure;
      columns.push_back(std::move(items));
    }
    size_t rows = columns.empty() ? 0 : SIZE_MAX;
    for (const auto &column : columns) rows = std::min(rows, column.size());
    std::vector<Value> result;
    for (size_t row = 0; row < rows; ++row) {
      std::vector<Value> tuple;
      for (const auto &column : columns) tuple.push_back(column[row]);
      result.push_back(Value::ofTuple(std::move(tuple), origin));
    }
    return Value::ofList(std::move(result), origin);
  }
  if (name == "enumerate") {
    std::vector<Value> items;
    Value failure;
    if (!iterateArgument(0, items, failure)) return failure;
    int64_t start = 0;
    const Value *startValue = args.size() > 1 ? &args[1] : arguments.keyword("start");
    if (startValue) {
      if (!startValue->isInt()) return Value::unknown("enumerate() start is not an integer", origin);
      start = startValue->asInt();
    }
    std::vector<Value> result;
    for (size_t i = 0; i < items.size(); ++i)
      result.push_back(Value::ofTuple({Value::ofInt(start + static_cast<int64_t>(i), origin), items[i]}, origin));
    return Value::ofList(std::move(result), origin);
  }
  if (name == "any" || name == "all") {
    std::vector<Value> items;
    Value failure;
    if (!iterateArgument(0, items, failure)) return failure;
    bool wantAny = name == "any";
    bool sawUnknown = false;
    for (const Value &item : items) {
      std::optional<bool> truth = item.truthiness();
      if (!truth) {
        sawUnknown = true;
        continue;
      }
      if (*truth == wantAny) return Value::ofBool(wantAny, origin);
    }
    if (sawUnknown) return Value::unknown(std::string(name) + "() over values not all known", origin);
    return Value::ofBool(!wantAny, origin);
  }
  if (name == "filter" || name == "map") {
    if (args.size() < 2) return Value::unknown(std::string(name) + "() needs two arguments", origin);
    std::vector<Value> items;
    Value failure;
    if (!iterateArgument(1, items, failure)) return failure;
    std::vector<Value> result;
    for (const Value &item : items) {
      Value mapped = item;
      if (!(name == "filter" && args[0].isNone())) {
        CallArguments call;
        call.positional.push_back(item);
        mapped = interpreter.callValue(args[0], call, site, frame);
      }
      if (name == "map") {
        result.push_back(mapped);
        continue;
      }
      std::optional<bool> keep = mapped.truthiness();
      if (!keep)
        return Value::unknown(mapped.isUnknown() && !mapped.unknownReason().empty()
                                  ? "filter() condition not known: " + mapped.unknownReason()
                                  : "filter() condition not known",
                              origin);
      if (*keep) result.push_back(item);
    }
    return Value::ofList(std::move(result), origin);
  }
  if (name == "print") return Value::none(origin);
  if (name == "type" && args.size() == 1 && args[0].kind() == ValueKind::Instance && args[0].object()->cls)
    return Value::ofObject(args[0].object()->cls, origin); // type(self).attribute = ...
  if (name == "isinstance") {
    if (args.size() != 2) return Value::unknown("isinstance() needs two arguments", origin);
    const Value &value = args[0];
    if (value.isUnknown()) return value;
    std::vector<Value> types;
    if (args[1].kind() == ValueKind::Tuple)
      types = args[1].sequence()->items;
    else
      types.push_back(args[1]);
    for (const Value &type : types) {
      if (type.kind() == ValueKind::Class) { // an instance of the class or a subclass of it
        if (value.kind() != ValueKind::Instance || !value.object()->cls) return Value::ofBool(false, origin);
        std::vector<ObjectPtr> pending{value.object()->cls};
        for (size_t i = 0; i < pending.size() && i < 64; ++i) {
          if (pending[i] == type.object()) return Value::ofBool(true, origin);
          for (const Value &base : pending[i]->bases)
            if (base.kind() == ValueKind::Class) pending.push_back(base.object());
        }
        continue;
      }
      if (!type.isExternal() || !startsWith(type.text(), "builtins."))
        return Value::unknown("isinstance() against a type that is not a builtin", origin);
      std::string typeName = type.text().substr(9);
      std::string valueType = value.typeName();
      if (typeName == valueType || (typeName == "int" && valueType == "bool"))
        return Value::ofBool(true, origin);
    }
    return Value::ofBool(false, origin);
  }
  if (name == "getattr") {
    if (args.size() < 2 || !args[1].isString()) return Value::unknown("getattr() not evaluated", origin);
    Value attribute = interpreter.attributeOf(args[0], args[1].text(), site, frame);
    if (attribute.isUnknown() && args.size() > 2) return Value::unknown(attribute.unknownReason(), origin);
    return attribute;
  }
  if (name == "hasattr") {
    if (args.size() != 2 || !args[1].isString()) return Value::unknown("hasattr() not evaluated", origin);
    const Value &object = args[0];
    if (object.isUnknown()) return object;
    // A device probe (`hasattr(torch, "npu")`): vendors' PyTorch plugins add
    // their namespace, which the PyTorch of an NVIDIA or AMD target lacks.
    if (object.isExternal() && object.text() == "torch")
      if (const ForeignBackend *backend = backendOfTorchDevice(args[1].text())) {
        const ArchInfo *arch = interpreter.arch();
        if (!arch) return noArch(origin);
        interpreter.note("`torch." + args[1].text() + "` comes from the " + backend->vendor +
                             " PyTorch plugin: taken as absent for " + arch->name + " (" +
                             interpreter.lineText(*frame.module, site) + ")",
                         *frame.module, site);
        return Value::ofBool(false, origin);
      }
    // Triton's language module as the modelled release has it.
    if (object.isExternal() && object.text() == "triton.language") {
      const bool has = std::binary_search(std::begin(kModelledTritonLanguageNames),
                                          std::end(kModelledTritonLanguageNames), std::string_view(args[1].text()));
      interpreter.note("`hasattr(triton.language, \"" + args[1].text() + "\")` is taken as " +
                           (has ? "True" : "False") + ", as in Triton " + std::string(kModelledTritonVersion) +
                           ", the release btlint's resource model follows (" +
                           interpreter.lineText(*frame.module, site) + ")",
                       *frame.module, site);
      return Value::ofBool(has, origin);
    }
    // A library object's attributes depend on the version installed.
    if (object.isExternal())
      return Value::unknown("whether `" + object.text() + "` has `" + args[1].text() +
                                "` depends on the installed library",
                            origin);
    if (object.kind() == ValueKind::Module) {
      bool found = false;
      const ModuleState &target = *object.module();
      interpreter.moduleGlobal(target, args[1].text(), UINT32_MAX, found); // as an importer sees it
      return Value::ofBool(found, origin);
    }
    if (object.kind() == ValueKind::Class || object.kind() == ValueKind::Instance) {
      if (std::optional<bool> has = interpreter.hasAttribute(object, args[1].text())) return Value::ofBool(*has, origin);
      return Value::unknown("hasattr(): " + interpreter.attributeOf(object, args[1].text(), site, frame).unknownReason(),
                            origin);
    }
    if (object.kind() == ValueKind::Config) {
      Value attribute = interpreter.attributeOf(object, args[1].text(), site, frame);
      return Value::ofBool(attribute.isKnown(), origin);
    }
    if (object.kind() == ValueKind::Function || object.kind() == ValueKind::Kernel ||
        object.kind() == ValueKind::Opaque)
      return Value::unknown("hasattr() on " + std::string(object.typeName()) + " is not evaluated", origin);
    return Value::ofBool(Builtins::hasMethod(object, args[1].text()), origin); // plain data
  }
  if (name == "callable") {
    if (args.size() != 1) return Value::unknown("callable() needs one argument", origin);
    switch (args[0].kind()) {
    case ValueKind::Unknown: return args[0];
    case ValueKind::Function:
    case ValueKind::Kernel:
    case ValueKind::Class: return Value::ofBool(true, origin);
    case ValueKind::Instance: return Value::unknown("callable() on an instance is not evaluated", origin);
    case ValueKind::External:
    case ValueKind::Opaque:
    case ValueKind::Module: return Value::unknown("callable() on " + std::string(args[0].typeName()) + " is not evaluated", origin);
    default: return Value::ofBool(false, origin); // data: None, numbers, strings, containers, configs
    }
  }
  return Value::unknown("builtin `" + std::string(name) + "` is not evaluated", origin);
}

} // namespace

// ---- methods ------------------------------------------------------------------

bool Builtins::hasMethod(const Value &object, std::string_view name) {
  static constexpr std::string_view listMethods[] = {"append", "extend", "insert", "pop", "remove",
                                                     "index", "count", "copy", "sort", "reverse", "clear"};
  static constexpr std::string_view dictMethods[] = {"get", "items", "keys", "values", "copy",
                                                     "update", "setdefault", "pop"};
  static constexpr std::string_view stringMethods[] = {
      "lower", "upper", "strip", "lstrip", "rstrip", "split", "startswith",
      "endswith", "replace", "join", "format", "isdigit"};
  static constexpr std::string_view setMethods[] = {"add", "update", "copy", "discard"};
  auto among = [&](auto &list) {
    for (std::string_view method : list)
      if (method == name) return true;
    return false;
  };
  switch (object.kind()) {
  case ValueKind::List: return among(listMethods);
  case ValueKind::Tuple: return name == "index" || name == "count";
  case ValueKind::Set: return among(setMethods);
  case ValueKind::Dict: return among(dictMethods);
  case ValueKind::String: return among(stringMethods);
  case ValueKind::Config: return name == "all_kwargs";
  case ValueKind::Instance: return name == "read" && openedFilePath(object);
  default: return false;
  }
}

Value Builtins::callMethod(Interpreter &interpreter, const Value &receiver, std::string_view method,
                           CallArguments &arguments, NodeId site, Frame &frame) {
  Origin origin = interpreter.originOf(*frame.module, site);
  auto &args = arguments.positional;
  const size_t limit = interpreter.limits().maxListElements;
  if (method == "read" && openedFilePath(receiver)) return readOpenedFile(receiver, origin);

  if (receiver.kind() == ValueKind::List || receiver.kind() == ValueKind::Tuple ||
      receiver.kind() == ValueKind::Set) {
    Sequence &sequence = *receiver.sequence();
    auto &items = sequence.items;
    if (method == "append" || method == "add") {
      if (args.size() != 1) return Value::unknown("append() needs one argument", origin);
      if (items.size() >= limit) {
        std::string text = "list grown at " + interpreter.lineText(*frame.module, site) +
                           " beyond " + std::to_string(limit) + " elements";
        interpreter.note(text);
        sequence.partial = true;
        sequence.partialReason = text;
        return Value::none(origin);
      }
      if (method == "add")
        for (const Value &item : items) {
          std::optional<bool> equal = valuesEqual(item, args[0]);
          if (equal && *equal) return Value::none(origin);
        }
      items.push_back(args[0]);
      return Value::none(origin);
    }
    if (method == "extend" || method == "update") {
      if (args.size() != 1) return Value::unknown("extend() needs one argument", origin);
      std::vector<Value> more;
      bool partial = false;
      Value failure;
      if (!interpreter.iterate(args[0], site, more, partial, failure)) {
        sequence.partial = true;
        sequence.partialReason = failure.unknownReason();
        return Value::none(origin);
      }
      if (items.size() + more.size() > limit) {
        sequence.partial = true;
        sequence.partialReason = "list grown beyond the size limit";
        return Value::none(origin);
      }
      items.insert(items.end(), more.begin(), more.end());
      if (partial) {
        sequence.partial = true;
        sequence.partialReason = args[0].isSequence() ? args[0].sequence()->partialReason : "";
      }
      return Value::none(origin);
    }
    if (method == "insert") {
      if (args.size() != 2 || !args[0].isInt()) return Value::unknown("insert() not evaluated", origin);
      int64_t position = args[0].asInt();
      int64_t size = static_cast<int64_t>(items.size());
      if (position < 0) position = std::max<int64_t>(0, position + size);
      position = std::min(position, size);
      items.insert(items.begin() + position, args[1]);
      return Value::none(origin);
    }
    if (method == "pop") {
      if (items.empty() || sequence.partial) return Value::unknown("pop() of a list not known", origin);
      int64_t position = args.empty() ? -1 : (args[0].isInt() ? args[0].asInt() : INT64_MIN);
      int64_t size = static_cast<int64_t>(items.size());
      if (position < 0 && position != INT64_MIN) position += size;
      if (position < 0 || position >= size) return Value::unknown("pop() index not known", origin);
      Value removed = items[static_cast<size_t>(position)];
      items.erase(items.begin() + position);
      return removed;
    }
    if (method == "remove" || method == "discard" || method == "index" || method == "count") {
      if (args.size() != 1) return Value::unknown(std::string(method) + "() needs one argument", origin);
      int64_t count = 0;
      for (size_t i = 0; i < items.size(); ++i) {
        std::optional<bool> equal = valuesEqual(items[i], args[0]);
        if (!equal) return Value::unknown(std::string(method) + "() comparison not known", origin);
        if (!*equal) continue;
        if (method == "remove" || method == "discard") {
          items.erase(items.begin() + static_cast<std::ptrdiff_t>(i));
          return Value::none(origin);
        }
        if (method == "index") return Value::ofInt(static_cast<int64_t>(i), origin);
        ++count;
      }
      if (method == "count") return Value::ofInt(count, origin);
      if (method == "discard") return Value::none(origin);
      return Value::unknown(std::string(method) + "(): value not in the list", origin);
    }
    if (method == "copy") {
      auto copy = std::make_shared<Sequence>(sequence);
      return Value::ofSequence(receiver.kind(), std::move(copy), origin);
    }
    if (method == "sort") {
      const Value *reverse = arguments.keyword("reverse");
      bool descending = reverse && reverse->truthiness().value_or(false);
      if (sequence.partial || !sortValues(interpreter, items, arguments.keyword("key"), descending, site, frame)) {
        sequence.partial = true;
        sequence.partialReason = "sort() order is not known";
      }
      return Value::none(origin);
    }
    if (method == "reverse") {
      std::reverse(items.begin(), items.end());
      return Value::none(origin);
    }
    if (method == "clear") {
      items.clear();
      sequence.partial = false;
      return Value::none(origin);
    }
  }
  if (receiver.isDict()) {
    DictData &dict = *receiver.dict();
    if (method == "get" || method == "pop" || method == "setdefault") {
      if (args.empty()) return Value::unknown(std::string(method) + "() needs a key", origin);
      if (args[0].isUnknown()) return args[0];
      int index = dict.find(args[0]);
      if (index >= 0) {
        Value found = dict.entries[static_cast<size_t>(index)].second;
        if (method == "pop") dict.entries.erase(dict.entries.begin() + index);
        return found;
      }
      if (dict.partial) return Value::unknown("key " + args[0].str() + " not among the known entries", origin);
      Value fallback = args.size() > 1 ? args[1] : Value::none(origin);
      if (method == "pop" && args.size() < 2) return Value::unknown("pop() of a missing key", origin);
      if (method == "setdefault") dict.set(args[0], fallback);
      return fallback;
    }
    if (method == "items" || method == "keys" || method == "values") {
      auto sequence = std::make_shared<Sequence>();
      for (const auto &[key, value] : dict.entries) {
        if (method == "items")
          sequence->items.push_back(Value::ofTuple({key, value}, origin));
        else
          sequence->items.push_back(method == "keys" ? key : value);
      }
      sequence->partial = dict.partial;
      sequence->partialReason = dict.partialReason;
      return Value::ofSequence(ValueKind::List, std::move(sequence), origin);
    }
    if (method == "copy") return Value::ofDict(std::make_shared<DictData>(dict), origin);
    if (method == "update") {
      if (!args.empty()) {
        if (!args[0].isDict()) {
          dict.partial = true;
          dict.partialReason = "update() with a value that is not a known dict";
        } else {
          for (const auto &[key, value] : args[0].dict()->entries) dict.set(key, value);
          if (args[0].dict()->partial) dict.partial = true;
        }
      }
      for (size_t i = 0; i < arguments.keywords.size(); ++i)
        dict.set(Value::ofString(arguments.keywords[i].first, arguments.keywordNameOrigins[i]),
                 arguments.keywords[i].second);
      return Value::none(origin);
    }
  }
  if (receiver.isString()) {
    const std::string &text = receiver.text();
    if (method == "lower" || method == "upper") {
      std::string out = text;
      for (char &c : out) c = static_cast<char>(method == "lower" ? std::tolower(c) : std::toupper(c));
      return Value::ofString(std::move(out), receiver.origin());
    }
    if (method == "strip" || method == "lstrip" || method == "rstrip") {
      std::string characters = " \t\n\r";
      if (!args.empty() && args[0].isString()) characters = args[0].text();
      size_t start = method == "rstrip" ? 0 : text.find_first_not_of(characters);
      if (start == std::string::npos) return Value::ofString("", receiver.origin());
      size_t end = method == "lstrip" ? text.size() : text.find_last_not_of(characters) + 1;
      return Value::ofString(text.substr(start, end - start), receiver.origin());
    }
    if (method == "startswith" || method == "endswith") {
      if (args.size() != 1 || !args[0].isString()) return Value::unknown("startswith() not evaluated", origin);
      const std::string &affix = args[0].text();
      bool result = affix.size() <= text.size() &&
                    (method == "startswith" ? text.compare(0, affix.size(), affix) == 0
                                            : text.compare(text.size() - affix.size(), affix.size(), affix) == 0);
      return Value::ofBool(result, origin);
    }
    if (method == "isdigit") {
      bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
      return Value::ofBool(digits, origin);
    }
    if (method == "split") {
      std::vector<Value> parts;
      if (args.empty() || args[0].isNone()) {
        size_t i = 0;
        while (i < text.size()) {
          while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
          size_t start = i;
          while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
          if (i > start) parts.push_back(Value::ofString(text.substr(start, i - start), origin));
        }
      } else {
        if (!args[0].isString() || args[0].text().empty()) return Value::unknown("split() separator not known", origin);
        const std::string &separator = args[0].text();
        size_t start = 0;
        while (true) {
          size_t found = text.find(separator, start);
          parts.push_back(Value::ofString(text.substr(start, found - start), origin));
          if (found == std::string::npos) break;
          start = found + separator.size();
        }
      }
      return Value::ofList(std::move(parts), origin);
    }
    if (method == "replace") {
      if (args.size() < 2 || !args[0].isString() || !args[1].isString() || args[0].text().empty())
        return Value::unknown("replace() not evaluated", origin);
      std::string out;
      size_t start = 0;
      while (true) {
        size_t found = text.find(args[0].text(), start);
        out += text.substr(start, found - start);
        if (found == std::string::npos) break;
        out += args[1].text();
        start = found + args[0].text().size();
      }
      return Value::ofString(std::move(out), origin);
    }
    if (method == "join") {
      std::vector<Value> items;
      bool partial = false;
      Value failure;
      if (args.size() != 1 || !interpreter.iterate(args[0], site, items, partial, failure) || partial)
        return Value::unknown("join() of values not known", origin);
      std::string out;
      for (size_t i = 0; i < items.size(); ++i) {
        if (!items[i].isString()) return Value::unknown("join() of a non-string", origin);
        if (i) out += text;
        out += items[i].text();
      }
      return Value::ofString(std::move(out), origin);
    }
    if (method == "format") {
      // Positional "{}" and "{0}" fields and named "{name}" fields, no specs.
      std::string out;
      size_t next = 0;
      for (size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '{' && i + 1 < text.size() && text[i + 1] == '{') { out += '{'; ++i; continue; }
        if (c == '}' && i + 1 < text.size() && text[i + 1] == '}') { out += '}'; ++i; continue; }
        if (c != '{') { out += c; continue; }
        size_t close = text.find('}', i);
        if (close == std::string::npos) return Value::unknown("format() string malformed", origin);
        std::string field = text.substr(i + 1, close - i - 1);
        if (field.find_first_of(":!") != std::string::npos) return Value::unknown("format() spec not evaluated", origin);
        const Value *value = nullptr;
        if (field.empty()) {
          if (next < args.size()) value = &args[next++];
        } else if (std::all_of(field.begin(), field.end(), [](char d) { return std::isdigit(static_cast<unsigned char>(d)); })) {
          size_t index = static_cast<size_t>(std::stoul(field));
          if (index < args.size()) value = &args[index];
        } else {
          value = arguments.keyword(field);
        }
        if (!value) return Value::unknown("format() field `" + field + "` not given", origin);
        std::optional<std::string> rendered = pythonStr(*value);
        if (!rendered) return Value::unknown("format() of a value not known", origin);
        out += *rendered;
        i = close;
      }
      return Value::ofString(std::move(out), origin);
    }
  }
  if (receiver.isConfig() && method == "all_kwargs") {
    const ConfigData &config = *receiver.config();
    auto dict = std::make_shared<DictData>(*config.kwargs);
    const std::pair<const char *, const Value *> options[] = {
        {"num_warps", &config.numWarps}, {"num_stages", &config.numStages},
        {"num_ctas", &config.numCtas}, {"maxnreg", &config.maxnreg}};
    for (const auto &[key, value] : options)
      if (!value->isNone()) dict->set(Value::ofString(key), *value);
    return Value::ofDict(std::move(dict), origin);
  }
  return Value::unknown("method `" + std::string(method) + "` of " + receiver.typeName() +
                            " is not evaluated",
                        origin);
}

} // namespace btlint::eval
