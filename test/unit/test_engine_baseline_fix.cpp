// Baseline keys (kernel of a line, normalised line text) and the fix planner
// and diff writer behind --fix / --diff.
#include "engine/Baseline.h"
#include "engine/FixApplier.h"

#include <gtest/gtest.h>

namespace btlint {
namespace {

TEST(BaselineKernelName, PythonInnermostDefOrNextTopLevelDef) {
  const std::string text = "import triton\n"               // 1
                           "configs = [\n"                  // 2
                           "    triton.Config({}),\n"       // 3
                           "]\n"                            // 4
                           "@triton.autotune(configs, key=[])\n" // 5
                           "@triton.jit\n"                  // 6
                           "def outer(x_ptr,\n"             // 7
                           "          BLOCK):\n"            // 8
                           "    def inner(y):\n"            // 9
                           "        return y\n"             // 10
                           "\n"                             // 11
                           "    return inner(x_ptr)\n"      // 12
                           "async def later():\n"           // 13
                           "    pass\n";                    // 14
  EXPECT_EQ(kernelNameAtLine(text, "k.py", 3), "outer");  // module-level list: the next def
  EXPECT_EQ(kernelNameAtLine(text, "k.py", 5), "outer");  // decorator
  EXPECT_EQ(kernelNameAtLine(text, "k.py", 7), "outer");  // the def line itself
  EXPECT_EQ(kernelNameAtLine(text, "k.py", 8), "outer");  // a continued signature
  EXPECT_EQ(kernelNameAtLine(text, "k.py", 10), "inner"); // innermost
  EXPECT_EQ(kernelNameAtLine(text, "k.py", 11), "inner"); // a blank line inside: the def above it
  EXPECT_EQ(kernelNameAtLine(text, "k.py", 12), "outer");
  EXPECT_EQ(kernelNameAtLine(text, "k.py", 14), "later");
  EXPECT_EQ(kernelNameAtLine("x = 1\ny = [\n  2]\n", "k.py", 2), "");
}

TEST(BaselineKernelName, CudaNearestGlobalFunction) {
  const std::string text = "#include <cuda.h>\n"
                           "__global__ void __launch_bounds__(256) scale(float *x) {\n"
                           "  x[threadIdx.x] *= 2;\n"
                           "}\n"
                           "template <int N>\n"
                           "__global__\n"
                           "void add(float *x) { x[0] += N; }\n";
  EXPECT_EQ(kernelNameAtLine(text, "k.cu", 1), "scale"); // above every kernel: the next one
  EXPECT_EQ(kernelNameAtLine(text, "k.cu", 3), "scale");
  EXPECT_EQ(kernelNameAtLine(text, "k.cuh", 7), "add");
}

TEST(BaselineKernelName, YamlTables) {
  const std::string many = "kernels:\n"
                           "  matmul_kernel:\n"
                           "    - {BLOCK_M: 128}\n"
                           "  \"attention_fwd\":\n"
                           "    configs:\n"
                           "      - {BLOCK_M: 64}\n";
  EXPECT_EQ(kernelNameAtLine(many, "t.yaml", 3), "matmul_kernel");
  EXPECT_EQ(kernelNameAtLine(many, "t.yml", 6), "attention_fwd");
  EXPECT_EQ(kernelNameAtLine(many, "t.yaml", 1), "");
  EXPECT_EQ(kernelNameAtLine("kernel: rms_norm\nconfigs:\n  - {BLOCK: 1}\n", "t.yaml", 3), "rms_norm");
}

TEST(BaselineNormalisedLine, WhiteSpaceCollapsed) {
  const std::string text = "a\n\t  triton.Config( {\"B\":  1},\tnum_warps=6 ),  \r\nlast";
  EXPECT_EQ(normalisedLine(text, 2), "triton.Config( {\"B\": 1}, num_warps=6 ),");
  EXPECT_EQ(normalisedLine(text, 3), "last");
  EXPECT_EQ(normalisedLine(text, 4), "");
}

Diagnostic withFix(const std::string &path, uint32_t line, std::vector<TextEdit> edits, bool safe = true) {
  Diagnostic d;
  d.ruleId = "r";
  d.path = path;
  d.span.line = line;
  d.span.column = 1;
  Fix fix;
  fix.description = "fix";
  fix.safe = safe;
  fix.edits = std::move(edits);
  d.fix = std::move(fix);
  return d;
}

TEST(FixPlanner, SkipsUnsafeOverlappingAndRepeatedFixes) {
  std::vector<Diagnostic> found;
  found.push_back(withFix("a.py", 1, {{10, 20, ""}}));
  found.push_back(withFix("a.py", 1, {{10, 20, ""}}));       // the same fix, another arch
  found.push_back(withFix("a.py", 1, {{15, 25, "x"}}));      // overlaps the first
  found.push_back(withFix("a.py", 2, {{30, 30, ": T"}}));    // an insertion
  found.push_back(withFix("a.py", 2, {{30, 30, ": U"}}));    // a second insertion at the same point
  found.push_back(withFix("a.py", 3, {{40, 41, ""}}, false)); // unsafe
  found.push_back(withFix("b.py", 1, {{0, 1, "y"}}));
  std::vector<FileFixPlan> plans = planFixes(found);
  ASSERT_EQ(plans.size(), 2u);
  EXPECT_EQ(plans[0].path, "a.py");
  ASSERT_EQ(plans[0].edits.size(), 2u);
  EXPECT_EQ(plans[0].edits[0].startByte, 10u);
  EXPECT_EQ(plans[0].edits[1].replacement, ": T");
  EXPECT_EQ(plans[0].fixes.size(), 2u);
  EXPECT_EQ(plans[1].path, "b.py");
}

TEST(FixPlanner, AppliesEditsInOrder) {
  EXPECT_EQ(applyEdits("def k(a, B):", {{7, 7, "x"}, {9, 10, "BLOCK: tl.constexpr"}}), "def k(ax, BLOCK: tl.constexpr):");
  EXPECT_EQ(applyEdits("abc", {}), "abc");
  EXPECT_EQ(applyEdits("abc", {{3, 3, "d"}}), "abcd");
}

TEST(FixDiff, HunksWithContextAndLineNumbers) {
  std::string before;
  for (int i = 1; i <= 20; ++i) before += "line" + std::to_string(i) + "\n";
  // Delete line 3 entirely; change line 18.
  const size_t line3 = before.find("line3\n");
  const size_t line18 = before.find("line18");
  std::vector<TextEdit> edits = {{static_cast<uint32_t>(line3), static_cast<uint32_t>(line3 + 6), ""},
                                 {static_cast<uint32_t>(line18 + 4), static_cast<uint32_t>(line18 + 6), "XVIII"}};
  const std::string after = applyEdits(before, edits);
  const std::string diff = unifiedDiff("./k.py", before, after, edits);
  EXPECT_EQ(diff, "--- a/k.py\n+++ b/k.py\n"
                  "@@ -1,6 +1,5 @@\n line1\n line2\n-line3\n line4\n line5\n line6\n"
                  "@@ -15,6 +14,6 @@\n line15\n line16\n line17\n-line18\n+lineXVIII\n line19\n line20\n");
  EXPECT_EQ(unifiedDiff("k.py", before, before, {}), "");
}

TEST(FixDiff, NoNewlineAtEndOfFile) {
  const std::string before = "a\nb";
  std::vector<TextEdit> edits = {{2, 3, "c"}};
  EXPECT_EQ(unifiedDiff("k.py", before, applyEdits(before, edits), edits),
            "--- a/k.py\n+++ b/k.py\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n"
            "\\ No newline at end of file\n");
}

} // namespace
} // namespace btlint
