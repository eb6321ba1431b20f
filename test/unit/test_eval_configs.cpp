// The config evaluator on config lists written the ways real code writes them.
#include "test_python_support.h"

#include <chrono>

namespace btlint {
namespace {

using python_test::describe;
using python_test::kernelNamed;
using python_test::modelOf;
using python_test::PythonRun;

const char *kKernelTail = R"(
@triton.jit
def kernel(x_ptr, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < N), mask=offs < N)
)";

// A kernel autotuned over `configsExpression`, after `prelude`.
std::string autotuned(const std::string &prelude, const std::string &configsExpression) {
  return "import os\nimport itertools\nimport torch\nimport triton\nimport triton.language as tl\n" +
         prelude + "\n@triton.autotune(configs=" + configsExpression + ", key=['N'])" + kKernelTail;
}

const ConfigList &configsOf(const FileModel &model) {
  const Kernel &kernel = kernelNamed(model, "kernel");
  static const ConfigList none;
  if (!kernel.autotune) {
    ADD_FAILURE() << "kernel has no autotune";
    return none;
  }
  return kernel.autotune->configs;
}

TEST(EvalConfigs, LiteralList) {
  FileModel model = modelOf(autotuned("", R"([
    triton.Config({'BLOCK': 128}, num_warps=4),
    triton.Config({'BLOCK': 256}, num_warps=8, num_stages=2),
])"));
  const ConfigList &list = configsOf(model);
  EXPECT_TRUE(list.complete);
  EXPECT_EQ(python_test::strings(describe(list)), (python_test::Strings{"BLOCK=128 w4", "BLOCK=256 w8 s2"}));
  // Spans point at the literals.
  const Config &second = list.configs[1];
  EXPECT_EQ(second.params.at("BLOCK").span().line, 9u);
  EXPECT_EQ(second.params.at("BLOCK").span().column, 29u);
  EXPECT_EQ(second.paramNameSpans.at("BLOCK").column, 20u);
  EXPECT_EQ(second.numStages->span().line, 9u);
  EXPECT_TRUE(second.literalElement);
  EXPECT_EQ(second.expansion.str(), "config 2 of 2, written at line 9");
  EXPECT_TRUE(second.sourcePath.empty());
}

// `triton.__version__` is the release btlint's resource model follows (3.6.0);
// packaging's versions compare by their release numbers.
TEST(EvalConfigs, TritonVersionChecksReadForTheModelledRelease) {
  FileModel model = modelOf(autotuned(R"(from packaging import version
from pkg_resources import parse_version
TRITON3 = version.parse(triton.__version__) >= version.parse("3.0.0")
TRITON_37 = version.parse(triton.__version__) >= version.parse("3.7")
SAME = parse_version("3.6") == version.Version("3.6.0") and version.parse("3.6.0rc1") < version.parse("3.6.1")

def configs():
    out = [triton.Config({'BLOCK': 64}, num_warps=4)]
    if TRITON3 and SAME:
        out.append(triton.Config({'BLOCK': 128}, num_warps=4))
    if TRITON_37:
        out.append(triton.Config({'BLOCK': 256}, num_warps=4))
    return out
)", "configs()"));
  const ConfigList &list = configsOf(model);
  EXPECT_TRUE(list.complete);
  EXPECT_EQ(python_test::strings(describe(list)), (python_test::Strings{"BLOCK=64 w4", "BLOCK=128 w4"}));
}

TEST(EvalConfigs, ComprehensionWithFilterRecordsTheBindings) {
  FileModel model = modelOf(autotuned("", R"([
    triton.Config({'BLOCK': b}, num_warps=w)
    for b in [64, 128, 256]
    for w in [2, 4]
    if b * w <= 512
])"));
  const ConfigList &list = configsOf(model);
  EXPECT_TRUE(list.complete);
  EXPECT_EQ(python_test::strings(describe(list)), (python_test::Strings{"BLOCK=64 w2", "BLOCK=64 w4", "BLOCK=128 w2", "BLOCK=128 w4", "BLOCK=256 w2"}));
  EXPECT_EQ(list.configs[4].expansion.str(),
            "config 5 of 5, from the comprehension at line 7 with b=256, w=2");
  // The value points at `256` in the list it was taken from.
  EXPECT_EQ(list.configs[4].params.at("BLOCK").span().line, 9u);
  EXPECT_EQ(list.configs[4].params.at("BLOCK").span().column, 24u);
  EXPECT_FALSE(list.configs[4].literalElement);
}

// A filter on outer names is tested once per outer binding (the inner loops
// over literal displays cannot change it): the list, its order and the
// recorded bindings are those of testing every combination.
TEST(EvalConfigs, FilterOnOuterNamesKeepsOrderBindingsAndLimits) {
  FileModel model = modelOf(autotuned("", R"([
    triton.Config({'BLOCK': b, 'K': k}, num_warps=w)
    for b in [512, 64, 128]
    for k in [16, 32]
    for w in [2, 4]
    if b <= 128
])"));
  const ConfigList &list = configsOf(model);
  EXPECT_TRUE(list.complete);
  EXPECT_EQ(python_test::strings(describe(list)),
            (python_test::Strings{"BLOCK=64,K=16 w2", "BLOCK=64,K=16 w4", "BLOCK=64,K=32 w2", "BLOCK=64,K=32 w4",
                                  "BLOCK=128,K=16 w2", "BLOCK=128,K=16 w4", "BLOCK=128,K=32 w2",
                                  "BLOCK=128,K=32 w4"}));
  EXPECT_EQ(list.configs[0].expansion.str(),
            "config 1 of 8, from the comprehension at line 7 with b=64, k=16, w=2");
  // Each config's values point at their own literals; its keys at the dict's.
  const Config &seventh = list.configs[6];
  EXPECT_EQ(seventh.params.at("K").asInt(), 32);
  EXPECT_EQ(seventh.params.at("K").span().line, 10u);
  EXPECT_EQ(seventh.params.at("K").span().column, 19u);
  EXPECT_EQ(seventh.params.at("BLOCK").span().column, 24u);
  EXPECT_EQ(seventh.paramNameSpans.at("K").line, 8u);
  EXPECT_EQ(seventh.paramNameSpans.at("K").column, 32u);

  // A filter that cannot be evaluated marks the list partial, as before.
  FileModel unknown = modelOf(autotuned("", R"([
    triton.Config({'BLOCK': b}, num_warps=w) for b in [64, 128] for w in [2, 4] if b < 'x'
])"));
  EXPECT_FALSE(configsOf(unknown).complete);
  EXPECT_TRUE(configsOf(unknown).configs.empty());
  EXPECT_HAS_SUBSTR(configsOf(unknown).unknownReason, ("the filter at line 8 could not be evaluated"));

  // An empty inner display: no combination, so the filter is never tested.
  FileModel empty = modelOf(autotuned("", R"([
    triton.Config({'BLOCK': b}) for b in [64, 128] for w in [] if b < 'x'
])"));
  EXPECT_TRUE(configsOf(empty).complete);
  EXPECT_TRUE(configsOf(empty).configs.empty());

  // The combinations a rejected binding skips still count against the limit.
  FileModel skipped = modelOf(autotuned(
      "", "[triton.Config({'BLOCK': a}) for a in range(40000) for b in [1, 2, 3] if a < 0]"));
  EXPECT_FALSE(configsOf(skipped).complete);
  EXPECT_HAS_SUBSTR(configsOf(skipped).unknownReason, ("runs more than 100000 iterations"));
}

// filter() with a lambda: kept and dropped by the known condition; a
// condition btlint cannot decide names what it could not read.
TEST(EvalConfigs, FilterWithALambdaSaysWhyItsConditionIsUnknown) {
  FileModel known = modelOf(autotuned("", R"(list(filter(lambda c: c.kwargs['BLOCK'] <= 128,
    [triton.Config({'BLOCK': b}) for b in [64, 128, 256]])))"));
  EXPECT_TRUE(configsOf(known).complete);
  EXPECT_EQ(python_test::strings(describe(configsOf(known))), (python_test::Strings{"BLOCK=64", "BLOCK=128"}));

  FileModel unknown = modelOf(autotuned("from .native import alignment\n", R"(list(filter(
    lambda c: c.kwargs['BLOCK'] <= alignment(), [triton.Config({'BLOCK': b}) for b in [64, 128]])))"));
  EXPECT_FALSE(configsOf(unknown).complete);
  EXPECT_HAS_SUBSTR(configsOf(unknown).unknownReason, ("filter() condition not known: "));
  EXPECT_HAS_SUBSTR(configsOf(unknown).unknownReason, (".native"));
}

TEST(EvalConfigs, ItertoolsProductOverModuleConstantsAndConcatenation) {
  FileModel model = modelOf(autotuned(R"(
BLOCKS = [32, 64]
WARPS = (4, 8)
BASIC = [triton.Config({'BLOCK': b}, num_warps=w) for b, w in itertools.product(BLOCKS, WARPS)]
LARGE = [triton.Config({'BLOCK': 1024}, num_warps=16)]
ALL = BASIC + LARGE
)",
                                      "ALL"));
  const ConfigList &list = configsOf(model);
  EXPECT_TRUE(list.complete) << list.unknownReason;
  EXPECT_EQ(python_test::strings(describe(list)), (python_test::Strings{"BLOCK=32 w4", "BLOCK=32 w8", "BLOCK=64 w4", "BLOCK=64 w8", "BLOCK=1024 w16"}));
  EXPECT_EQ(list.configs[0].expansion.str(), "config 1 of 5, from the comprehension at line 9 with b=32, w=4");
}

TEST(EvalConfigs, HelperFunctionWithArgumentsDefaultsAndLoops) {
  FileModel model = modelOf(autotuned(R"(
def get_configs(stages=3, large=False):
    configs = []
    for block in [128, 256]:
        for warps in [4, 8]:
            if warps == 8 and block < 256:
                continue
            configs.append(triton.Config({'BLOCK': block}, num_warps=warps, num_stages=stages))
    if large:
        configs += [triton.Config({'BLOCK': 4096}, num_warps=32)]
    return configs
)",
                                      "get_configs(stages=2, large=True)"));
  const ConfigList &list = configsOf(model);
  EXPECT_TRUE(list.complete) << list.unknownReason;
  EXPECT_EQ(python_test::strings(describe(list)), (python_test::Strings{"BLOCK=128 w4 s2", "BLOCK=256 w4 s2", "BLOCK=256 w8 s2",
                                          "BLOCK=4096 w32"}));
  EXPECT_EQ(list.configs[2].expansion.str(),
            "config 3 of 4, from the loop at line 10 with block=256, warps=8");
}

TEST(EvalConfigs, GeneratorHelper) {
  FileModel model = modelOf(autotuned(R"(
def configs_gen():
    for b in range(5, 8):
        yield triton.Config({'BLOCK': 2 ** b})
)",
                                      "list(configs_gen())"));
  EXPECT_EQ(python_test::strings(describe(configsOf(model))), (python_test::Strings{"BLOCK=32", "BLOCK=64", "BLOCK=128"}));
}

TEST(EvalConfigs, HelperAndConstantsFromSiblingModules) {
  PythonRun run;
  run.add("pkg/consts.py", "BLOCKS = [128, 256]\n");
  run.add("pkg/utils.py", R"(
import triton
from .consts import BLOCKS

def warps_kernel_configs(warps=(4, 8)):
    return [triton.Config({'BLOCK': b}, num_warps=w) for b in BLOCKS for w in warps]
)");
  run.add("pkg/kernels.py", autotuned("from .utils import warps_kernel_configs\nfrom . import consts",
                                      "warps_kernel_configs() + [triton.Config({'BLOCK': consts.BLOCKS[0] * 2})]"));
  FileModel model = run.model("pkg/kernels.py");
  const ConfigList &list = configsOf(model);
  EXPECT_TRUE(list.complete) << list.unknownReason;
  EXPECT_EQ(python_test::strings(describe(list)), (python_test::Strings{"BLOCK=128 w4", "BLOCK=128 w8", "BLOCK=256 w4", "BLOCK=256 w8", "BLOCK=256"}));
  // Configs written in another module say where.
  EXPECT_EQ(list.configs[0].sourcePath, "pkg/utils.py");
  EXPECT_EQ(list.configs[0].expansion.str(),
            "config 1 of 5, from the comprehension at line 6 of pkg/utils.py with b=128, w=4");
  // A value from a third module points at the config call in the helper's file.
  EXPECT_EQ(list.configs[0].params.at("BLOCK").span().line, 6u);
  EXPECT_TRUE(list.configs[4].sourcePath.empty());
}

TEST(EvalConfigs, ModuleNotInTheRunIsUnknown) {
  FileModel model = modelOf(autotuned("from .missing import get_configs", "get_configs()"));
  const ConfigList &list = configsOf(model);
  EXPECT_FALSE(list.complete);
  EXPECT_HAS_SUBSTR(list.unknownReason, ("module `.missing` is not part of the run"));
  EXPECT_TRUE(list.configs.empty());
}

const char *kArchBranches = R"(
def is_cuda():
    return triton.runtime.driver.active.get_current_target().backend == "cuda"

def is_hopper():
    return torch.cuda.get_device_capability()[0] >= 9

if is_cuda() and is_hopper():
    CONFIGS = [triton.Config({'BLOCK': 256}, num_stages=4)]
elif is_cuda():
    CONFIGS = [triton.Config({'BLOCK': 128}, num_stages=3)]
else:
    CONFIGS = [triton.Config({'BLOCK': 64}, num_stages=1)]
if torch.version.hip is None:
    CONFIGS.append(triton.Config({'BLOCK': 32}))
)";

TEST(EvalConfigs, DeviceBranchesFollowTheTargetArch) {
  PythonRun run;
  run.add("kernels.py", autotuned(kArchBranches, "CONFIGS"));
  EXPECT_EQ(python_test::strings(describe(configsOf(run.model("kernels.py", "sm90")))), (python_test::Strings{"BLOCK=256 s4", "BLOCK=32"}));
  EXPECT_EQ(python_test::strings(describe(configsOf(run.model("kernels.py", "sm80")))), (python_test::Strings{"BLOCK=128 s3", "BLOCK=32"}));
  EXPECT_EQ(python_test::strings(describe(configsOf(run.model("kernels.py", "gfx942")))), (python_test::Strings{"BLOCK=64 s1"}));
}

TEST(EvalConfigs, SharedMemoryProbe) {
  PythonRun run;
  run.add("kernels.py", autotuned(R"(
def big_smem():
    props = torch.cuda.get_device_properties(0)
    return props.shared_memory_per_block_optin >= 200 * 1024
STAGES = 4 if big_smem() else 2
)",
                                  "[triton.Config({'BLOCK': 64}, num_stages=STAGES)]"));
  EXPECT_EQ(python_test::strings(describe(configsOf(run.model("kernels.py", "sm90")))), (python_test::Strings{"BLOCK=64 s4"}));
  EXPECT_EQ(python_test::strings(describe(configsOf(run.model("kernels.py", "sm86")))), (python_test::Strings{"BLOCK=64 s2"}));
}

TEST(EvalConfigs, EnvironmentLookupsTakeTheirDefaultAndSaySo) {
  FileModel model = modelOf(autotuned(R"(
if os.environ.get("EXHAUSTIVE_AUTOTUNE", "0") == "1":
    CONFIGS = [triton.Config({'BLOCK': b}) for b in range(4, 4096)]
elif os.getenv("SINGLE_CONFIG"):
    CONFIGS = [triton.Config({'BLOCK': 1})]
else:
    CONFIGS = [triton.Config({'BLOCK': 128}), triton.Config({'BLOCK': 256})]
)",
                                      "CONFIGS"));
  const ConfigList &list = configsOf(model);
  EXPECT_EQ(python_test::strings(describe(list)), (python_test::Strings{"BLOCK=128", "BLOCK=256"}));
  ASSERT_EQ(list.evaluationNotes.size(), 2u);
  EXPECT_HAS_SUBSTR(list.evaluationNotes[0].text, "environment variable `EXHAUSTIVE_AUTOTUNE` is not read at lint "
                                             "time: took its default '0'");
  EXPECT_HAS_SUBSTR(list.evaluationNotes[1].text, "environment variable `SINGLE_CONFIG` is not read at lint time: "
                                             "took its default None");
}

// Feature probes of triton.language are answered for the modelled release
// (3.6.0 has tensor descriptors, not a made-up name), each with a note.
TEST(EvalConfigs, TritonLanguageFeatureProbesReadForTheModelledRelease) {
  FileModel model = modelOf(autotuned(R"(
HAS_TMA = hasattr(tl, "make_tensor_descriptor")
HAS_FUTURE = hasattr(tl, "no_such_builtin")

def configs():
    out = [triton.Config({'BLOCK': 64}, num_warps=4)]
    if HAS_TMA:
        out.append(triton.Config({'BLOCK': 128}, num_warps=4))
    if HAS_FUTURE:
        out.append(triton.Config({'BLOCK': 256}, num_warps=4))
    return out
)", "configs()"));
  const ConfigList &list = configsOf(model);
  EXPECT_TRUE(list.complete);
  EXPECT_EQ(python_test::strings(describe(list)), (python_test::Strings{"BLOCK=64 w4", "BLOCK=128 w4"}));
  const std::string said = "`hasattr(triton.language, \"make_tensor_descriptor\")` is taken as True";
  bool noted = std::any_of(model.notes.begin(), model.notes.end(),
                           [&](const std::string &note) { return note.find(said) != std::string::npos; });
  for (const Note &note : list.evaluationNotes) noted = noted || note.text.find(said) != std::string::npos;
  EXPECT_TRUE(noted);
}

// An undecided `if` in a function: what every arm that goes on assigns alike
// is known after it; what the arms assign differently, or what an arm without
// an else leaves bound from before, is not.
TEST(EvalConfigs, UndecidedArmsThatAssignAlike) {
  FileModel model = modelOf(autotuned(R"(
def tiles(kind, warps=4):
    depth = 2
    if kind == "video":
        block, stages, depth = 64, 3, 4
    elif kind == "image":
        block, stages = 64, 4
    else:
        raise ValueError(kind)
    if kind == "video":
        warps = 8
    return [triton.Config({'BLOCK': block}, num_stages=stages, num_warps=warps)]
)", "tiles(os.environ['KIND'])"));
  const ConfigList &list = configsOf(model);
  ASSERT_EQ(list.configs.size(), 1u);
  EXPECT_EQ(list.configs[0].params.at("BLOCK").asInt(), 64);
  EXPECT_FALSE(list.configs[0].numStages->isKnown()); // 3 or 4
  EXPECT_FALSE(list.configs[0].numWarps->isKnown());  // 8, or the argument's 4
}

TEST(EvalConfigs, UnknownCallIsUnknownNotGuessed) {
  FileModel model = modelOf(autotuned(R"(
import numpy
CONFIGS = [triton.Config(c) for c in numpy.load("tuned.npy")]
)",
                                      "CONFIGS"));
  const ConfigList &list = configsOf(model);
  EXPECT_FALSE(list.complete);
  EXPECT_HAS_SUBSTR(list.unknownReason, ("numpy.load"));
  EXPECT_TRUE(list.configs.empty());
}

// json.load of a project file is read from disk; a file that is not there
// says so rather than being guessed.
TEST(EvalConfigs, MissingDataFileIsNamed) {
  FileModel model = modelOf(autotuned(R"(
import json
CONFIGS = [triton.Config(c) for c in json.load(open("tuned.json"))]
)",
                                      "CONFIGS"));
  const ConfigList &list = configsOf(model);
  EXPECT_FALSE(list.complete);
  EXPECT_HAS_SUBSTR(list.unknownReason, ("the file `tuned.json` does not exist"));
  EXPECT_TRUE(list.configs.empty());
}

TEST(EvalConfigs, PartlyKnownListKeepsWhatIsKnown) {
  FileModel model = modelOf(autotuned(R"(
from somewhere_else import extra_configs
BASE = [triton.Config({'BLOCK': 64})]
)",
                                      "BASE + [extra_configs()]"));
  const ConfigList &list = configsOf(model);
  EXPECT_FALSE(list.complete);
  EXPECT_HAS_SUBSTR(list.unknownReason, ("config 2 could not be evaluated"));
  EXPECT_EQ(python_test::strings(describe(list)), (python_test::Strings{"BLOCK=64"}));
}

TEST(EvalConfigs, UnknownLoopMakesAppendedListPartial) {
  FileModel model = modelOf(autotuned(R"(
from elsewhere import SIZES
def get_configs():
    configs = [triton.Config({'BLOCK': 16})]
    for size in SIZES:
        configs.append(triton.Config({'BLOCK': size}))
    return configs
)",
                                      "get_configs()"));
  const ConfigList &list = configsOf(model);
  EXPECT_FALSE(list.complete);
  EXPECT_HAS_SUBSTR(list.unknownReason, ("the loop at line 10 could not be evaluated"));
  EXPECT_EQ(python_test::strings(describe(list)), (python_test::Strings{"BLOCK=16"}));
}

TEST(EvalConfigs, AbsurdRangeIsRefusedQuickly) {
  auto start = std::chrono::steady_clock::now();
  FileModel model = modelOf(autotuned("", "[triton.Config({'BLOCK': b}) for b in range(10**9)]"));
  auto elapsed = std::chrono::steady_clock::now() - start;
  const ConfigList &list = configsOf(model);
  EXPECT_FALSE(list.complete);
  EXPECT_HAS_SUBSTR(list.unknownReason, ("range(0, 1000000000) has 1000000000 elements, over the limit"));
  EXPECT_ANY_HAS_SUBSTR(noteTexts(list.evaluationNotes), ("over the limit of 100000"));
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count(), 500);
}

TEST(EvalConfigs, AbsurdNestedComprehensionAndProductAreRefused) {
  FileModel nested = modelOf(autotuned(
      "", "[triton.Config({'BLOCK': a}) for a in range(50000) for b in range(50000) if a == b == -1]"));
  EXPECT_FALSE(configsOf(nested).complete);
  EXPECT_HAS_SUBSTR(configsOf(nested).unknownReason, ("runs more than 100000 iterations"));

  FileModel product = modelOf(autotuned(
      "", "[triton.Config({'BLOCK': a}) for a, b, c in itertools.product(range(1000), range(1000), range(1000))]"));
  EXPECT_FALSE(configsOf(product).complete);
  EXPECT_HAS_SUBSTR(configsOf(product).unknownReason, ("itertools.product at line 7 has more than"));

  FileModel repeated = modelOf(autotuned("", "[triton.Config({'BLOCK': 1})] * 10**12"));
  EXPECT_HAS_SUBSTR(configsOf(repeated).unknownReason, ("list repetition"));

  FileModel loop = modelOf(autotuned(R"(
def forever():
    configs = []
    while True:
        configs.append(triton.Config({'BLOCK': 1}))
    return configs
)",
                                     "forever()"));
  EXPECT_FALSE(configsOf(loop).complete);
}

TEST(EvalConfigs, RecursionStopsAtTheCallDepthLimit) {
  FileModel model = modelOf(autotuned(R"(
def get_configs(n):
    return get_configs(n + 1)
)",
                                      "get_configs(0)"));
  const ConfigList &list = configsOf(model);
  EXPECT_FALSE(list.complete);
  EXPECT_HAS_SUBSTR(list.unknownReason, ("call depth limit of 16 reached calling `get_configs`"));
  EXPECT_ANY_HAS_SUBSTR(noteTexts(list.evaluationNotes), ("recursion?"));
}

TEST(EvalConfigs, SelfReferenceIsUnknown) {
  FileModel model = modelOf(autotuned("A = B\nB = A\n", "A"));
  EXPECT_FALSE(configsOf(model).complete);
}

TEST(EvalConfigs, OptionsInsideTheMetaDict) {
  FileModel model = modelOf(autotuned(
      "", "[triton.Config({'BLOCK': 64, 'num_warps': 8, 'num_stages': 2}), "
          "triton.Config({'BLOCK': 32, 'num_warps': 2}, num_warps=4)]"));
  const ConfigList &list = configsOf(model);
  EXPECT_EQ(python_test::strings(describe(list)), (python_test::Strings{"BLOCK=64 w8 s2", "BLOCK=32 w4"}));
  EXPECT_ANY_HAS_SUBSTR(noteTexts(list.evaluationNotes), ("sets `num_warps` inside the meta-parameter dict"));
}

TEST(EvalConfigs, DictBuiltinKwargsAndSplats) {
  FileModel model = modelOf(autotuned(R"(
BASE = {'BLOCK_M': 64, 'GROUP': 8}
CONFIGS = [triton.Config(dict(BASE, BLOCK_N=n), num_warps=4) for n in (32, 64)]
CONFIGS += [triton.Config({**BASE, 'BLOCK_N': 128})]
)",
                                      "CONFIGS"));
  EXPECT_EQ(python_test::strings(describe(configsOf(model))), (python_test::Strings{"BLOCK_M=64,BLOCK_N=32,GROUP=8 w4", "BLOCK_M=64,BLOCK_N=64,GROUP=8 w4",
                          "BLOCK_M=64,BLOCK_N=128,GROUP=8"}));
}

// Dict displays evaluated again and again in a loop: keys that are distinct
// string literals come from the literal cache; a repeated key, an f-string
// key or a splat keeps the general evaluation, every time.
TEST(EvalConfigs, DictDisplaysInLoopsKeepTheirKeys) {
  FileModel model = modelOf(autotuned(R"(
NAME = 'BLOCK'
EXTRA = {'GROUP': 8}
CONFIGS = [triton.Config({'BLOCK': b, 'BLOCK': 2 * b}) for b in (16, 32)]
CONFIGS += [triton.Config({f'{NAME}': b, 'K': 1}) for b in (16, 32)]
CONFIGS += [triton.Config({'BLOCK': b, **EXTRA}) for b in (16, 32)]
CONFIGS += [triton.Config({'BLOCK': b, 'K': b // 16}) for b in (16, 32)]
)",
                                      "CONFIGS"));
  EXPECT_EQ(python_test::strings(describe(configsOf(model))),
            (python_test::Strings{"BLOCK=32", "BLOCK=64", "BLOCK=16,K=1", "BLOCK=32,K=1", "BLOCK=16,GROUP=8",
                                  "BLOCK=32,GROUP=8", "BLOCK=16,K=1", "BLOCK=32,K=2"}));
  // The key of the last config still points at its literal.
  EXPECT_EQ(configsOf(model).configs[7].paramNameSpans.at("K").line, 12u);
  EXPECT_EQ(configsOf(model).configs[7].paramNameSpans.at("K").column, 40u);
}

TEST(EvalConfigs, DecoratorSeesTheBindingAboveIt) {
  FileModel model = modelOf(R"(
import triton
import triton.language as tl
configs = [triton.Config({'BLOCK': 1})]
@triton.autotune(configs=configs, key=[])
@triton.jit
def first(BLOCK: tl.constexpr):
    pass
configs = [triton.Config({'BLOCK': 2}), triton.Config({'BLOCK': 4})]
@triton.autotune(configs=configs, key=[])
@triton.jit
def second(BLOCK: tl.constexpr):
    pass
)");
  EXPECT_EQ(python_test::strings(describe(kernelNamed(model, "first").autotune->configs)), (python_test::Strings{"BLOCK=1"}));
  EXPECT_EQ(python_test::strings(describe(kernelNamed(model, "second").autotune->configs)), (python_test::Strings{"BLOCK=2", "BLOCK=4"}));
}

TEST(EvalConfigs, ArithmeticAndBuiltins) {
  FileModel model = modelOf(autotuned(R"(
SIZES = sorted({min(2 ** i, 512) for i in range(6, 12)}, reverse=True)
N = len(SIZES) + sum([1, 2]) - abs(-3) + max(1, 2) // 2
FLAGS = any(s > 500 for s in SIZES) and not all(s > 500 for s in SIZES)
)",
                                      "[triton.Config({'BLOCK': s, 'N': N, 'F': FLAGS, 'P': triton.next_power_of_2(300), "
                                      "'C': triton.cdiv(10, 4)}) for i, s in enumerate(SIZES) if i % 2 == 0]"));
  EXPECT_EQ(python_test::strings(describe(configsOf(model))), (python_test::Strings{"BLOCK=512,C=3,F=True,N=5,P=512",
                                                      "BLOCK=128,C=3,F=True,N=5,P=512"}));
}

TEST(EvalConfigs, ConfigCountLimit) {
  EvaluationLimits limits;
  limits.maxConfigs = 3;
  FileModel model = modelOf(autotuned("", "[triton.Config({'BLOCK': b}) for b in range(10)]"), "sm90", limits);
  const ConfigList &list = configsOf(model);
  EXPECT_EQ(list.configs.size(), 3u);
  EXPECT_FALSE(list.complete);
  EXPECT_HAS_SUBSTR(list.unknownReason, ("only the first 3 of 10 configs"));
}

TEST(EvalConfigs, TimeLimitStopsEvaluation) {
  EvaluationLimits limits;
  limits.timePerFile = std::chrono::milliseconds(0);
  FileModel model = modelOf(autotuned(R"(
def slow():
    out = []
    for a in range(90000):
        out.append(a)
    return [triton.Config({'BLOCK': 1})]
)",
                                      "slow()"),
                            "sm90", limits);
  const ConfigList &list = configsOf(model);
  EXPECT_FALSE(list.complete);
  EXPECT_ANY_HAS_SUBSTR(noteTexts(list.evaluationNotes), ("time limit"));
}

TEST(EvalConfigs, AppliedAsACall) {
  FileModel model = modelOf(R"(
import triton
import triton.language as tl
from triton import Config

def _kernel(x_ptr, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 0)

kernel = triton.autotune([Config({'BLOCK': 64}), Config({'BLOCK': 128})], key=['x_ptr'])(triton.jit(_kernel))
)");
  const Kernel &kernel = kernelNamed(model, "_kernel");
  ASSERT_TRUE(kernel.autotune);
  EXPECT_EQ(python_test::strings(describe(kernel.autotune->configs)), (python_test::Strings{"BLOCK=64", "BLOCK=128"}));
  ASSERT_EQ(kernel.autotune->key.size(), 1u);
  EXPECT_EQ(kernel.autotune->key[0].name, "x_ptr");
  EXPECT_EQ(python_test::strings(kernel.decorators), (python_test::Strings{"triton.autotune", "triton.jit"}));
}

TEST(EvalConfigs, CustomDecoratorWrappingAutotune) {
  PythonRun run;
  run.add("pkg/tuner.py", R"(
import triton
def cached_autotune(configs, key, **kwargs):
    def decorator(fn):
        return triton.autotune(configs=configs, key=key, **kwargs)(fn)
    return decorator
)");
  run.add("pkg/kernels.py", R"(
import triton
import triton.language as tl
from .tuner import cached_autotune

@cached_autotune(configs=[triton.Config({'BLOCK': 32}), triton.Config({'BLOCK': 64})], key=['N'])
@triton.jit
def kernel(x_ptr, N, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 0)
)");
  FileModel model = run.model("pkg/kernels.py");
  const Kernel &kernel = kernelNamed(model, "kernel");
  ASSERT_TRUE(kernel.autotune);
  EXPECT_TRUE(kernel.autotune->wrappedByCustomDecorator);
  EXPECT_EQ(python_test::strings(describe(kernel.autotune->configs)), (python_test::Strings{"BLOCK=32", "BLOCK=64"}));
  ASSERT_EQ(kernel.autotune->key.size(), 1u);
  EXPECT_EQ(kernel.autotune->key[0].name, "N");
  EXPECT_ANY_HAS_SUBSTR(noteTexts(kernel.autotune->configs.evaluationNotes), ("decorator `cached_autotune`"));
}

TEST(EvalConfigs, KeysRestoreResetAndPruner) {
  FileModel model = modelOf(R"(
import triton
import triton.language as tl

KEYS = ['M', 'N']

def prune(configs, named_args, **kwargs):
    pruned = []
    for config in configs:
        block_m = config.kwargs['BLOCK_M']
        smem = block_m * config.num_stages * 2
        if block_m <= named_args['M'] and smem < 232448:
            pruned.append(config)
    return pruned

@triton.autotune(configs=[triton.Config({'BLOCK_M': 64}, pre_hook=None)], key=KEYS + ['K'],
                 prune_configs_by={'early_config_prune': prune, 'top_k': 4},
                 reset_to_zero=['out_ptr'], restore_value=('x_ptr',))
@triton.jit
def kernel(x_ptr, out_ptr, M, N, K, BLOCK_M: tl.constexpr):
    pass
)");
  const AutotuneSpec &spec = *kernelNamed(model, "kernel").autotune;
  std::vector<std::string> keys;
  for (const NameRef &ref : spec.key) keys.push_back(ref.name);
  EXPECT_EQ(python_test::strings(keys), (python_test::Strings{"M", "N", "K"}));
  EXPECT_TRUE(spec.keyKnown);
  EXPECT_EQ(spec.key[0].span.line, 5u);  // the literal in KEYS
  EXPECT_EQ(spec.key[2].span.line, 16u); // the literal 'K'
  EXPECT_EQ(spec.keySpan.line, 16u);
  ASSERT_EQ(spec.resetToZero.size(), 1u);
  EXPECT_EQ(spec.resetToZero[0].name, "out_ptr");
  ASSERT_EQ(spec.restoreValue.size(), 1u);
  EXPECT_EQ(spec.restoreValue[0].name, "x_ptr");
  EXPECT_TRUE(spec.hasPruner);
  EXPECT_EQ(spec.prunerName, "prune");
  EXPECT_EQ(python_test::strings(spec.prunerLimits), (python_test::Strings{"BLOCK_M<=M", "smem"}));
  EXPECT_FALSE(spec.hasPrehook);
}

TEST(EvalConfigs, PrunerHelpersAndBuiltConfigs) {
  FileModel model = modelOf(R"(
import triton
import triton.language as tl

def device_limit():
    return get_props().shared_memory_per_block_optin

def over_budget(config):
    return config.num_stages * config.kwargs['BLOCK_M'] * 256 > device_limit()

def prune(configs, named_args, **kwargs):
    return [c for c in configs if not over_budget(c)]

def rebuild(configs, named_args, **kwargs):
    return [triton.Config({'BLOCK_M': c.kwargs['tile'] // 2}, num_warps=c.num_warps) for c in configs]

@triton.autotune(configs=[triton.Config({'BLOCK_M': 64})], key=['M'],
                 prune_configs_by={'early_config_prune': prune})
@triton.jit
def pruned(x_ptr, M, BLOCK_M: tl.constexpr):
    pass

@triton.autotune(configs=[triton.Config({'tile': 64})], key=['M'],
                 prune_configs_by={'early_config_prune': rebuild})
@triton.jit
def rebuilt(x_ptr, M, BLOCK_M: tl.constexpr):
    pass
)");
  const AutotuneSpec &pruned = *kernelNamed(model, "pruned").autotune;
  // The limit is compared two helpers down.
  EXPECT_EQ(python_test::strings(pruned.prunerLimits), (python_test::Strings{"smem"}));
  EXPECT_FALSE(pruned.prunerBuildsConfigs);
  EXPECT_EQ(python_test::strings(pruned.prunerConfigKeys), (python_test::Strings{}));
  const AutotuneSpec &rebuilt = *kernelNamed(model, "rebuilt").autotune;
  EXPECT_TRUE(rebuilt.prunerBuildsConfigs);
  EXPECT_EQ(python_test::strings(rebuilt.prunerConfigKeys), (python_test::Strings{"tile"}));
  EXPECT_TRUE(rebuilt.prunerLimits.empty());
}

TEST(EvalConfigs, UnknownKeyIsMarked) {
  std::string source = autotuned("from elsewhere import KEY", "[triton.Config({'BLOCK': 1})]");
  source.replace(source.find("key=['N']"), 9, "key=KEY");
  FileModel model = modelOf(source);
  const AutotuneSpec &spec = *kernelNamed(model, "kernel").autotune;
  EXPECT_FALSE(spec.keyKnown);
  EXPECT_TRUE(spec.key.empty());
}

} // namespace
} // namespace btlint
