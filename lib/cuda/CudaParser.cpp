#include "cuda/CudaParser.h"
#include "cuda/CudaBuiltinHeaders.h"
#include "cuda/CudaCompileCommands.h"
#include "cuda/CudaModelExtractor.h"
#include "cuda/IncludedKernelCode.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Driver/CreateInvocationFromArgs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <set>
#include <tuple>

namespace btlint::cuda {
namespace {

// Beyond this many errors in one file the rest are summarised in one problem:
// a file that does not compile at all would otherwise drown the report.
constexpr size_t kMaxProblemsPerFile = 20;

// Whether the type a misplaced `restrict` was written on is spelt through a
// typedef or alias (`uint32_t`, `half`), which nvcc's front end accepts.
bool restrictOnTypedef(const clang::Diagnostic &info) {
  if (info.getNumArgs() < 1 || info.getArgKind(0) != clang::DiagnosticsEngine::ak_qualtype) return false;
  const clang::QualType type = clang::QualType::getFromOpaquePtr(reinterpret_cast<void *>(info.getRawArg(0)));
  return !type.isNull() && type->getAs<clang::TypedefType>() != nullptr;
}

// Collects the compiler's errors as parse problems located in the main file;
// an error inside an included file is reported at the #include that brought
// it in. Warnings are ignored: btlint reports only what stops a parse.
class ProblemCollector : public clang::DiagnosticConsumer {
public:
  ProblemCollector(const SourceFile &source, bool builtinHeaders)
      : source_(source), builtinHeaders_(builtinHeaders) {}

  void BeginSourceFile(const clang::LangOptions &languageOptions, const clang::Preprocessor *) override {
    languageOptions_ = &languageOptions;
  }
  void EndSourceFile() override { languageOptions_ = nullptr; }

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level == clang::DiagnosticsEngine::Note && clashPending_) {
      // The note that follows a redefinition names the earlier declaration.
      if (info.getID() == clang::diag::note_previous_definition && info.hasSourceManager() &&
          onlyImplicitlyIncluded(info.getSourceManager(), info.getLocation()))
        clashPending_.reset();
      return;
    }
    if (level == clang::DiagnosticsEngine::Note && targetPending_) {
      noteOnTargetMismatch(info);
      return;
    }
    commitClash();
    commitTargetMismatch();
    if (level < clang::DiagnosticsEngine::Error) return;
    // asm("mov.u32 %0, %smid;" : "=r"(id)): nvcc hands the text to ptxas,
    // which reads PTX's special registers; Clang wants %% before them.
    if (info.getID() == clang::diag::err_asm_invalid_escape) return;
    // btlint's own declarations have no device overloads of host library
    // functions; a call from device code would be an artefact of them.
    if (builtinHeaders_ && (info.getID() == clang::diag::err_ref_bad_target ||
                            info.getID() == clang::diag::err_ref_bad_target_global_initializer))
      return;
    // A call to a __device__ function in a branch that only the device pass
    // compiles (`#ifdef __CUDA_ARCH__ ... __trap(); #else throw ...`),
    // also through a macro defined there, inside a host function: nvcc never
    // compiles a host function's body for the device, and its host pass
    // takes the other branch. Clang's device parse reads both.
    if ((info.getID() == clang::diag::err_ovl_no_viable_function_in_call ||
         info.getID() == clang::diag::err_ref_bad_target) &&
        info.hasSourceManager() && inDeviceOnlyBranch(info.getSourceManager(), info.getLocation()))
      return;
    // A __shared__ object with a constructor (cuda::barrier): nvcc warns and
    // skips the initialisation, Clang stops. The code builds with nvcc.
    if (info.getID() == clang::diag::err_shared_var_init) return;
    // A dependent name used as a type without `typename` where only a type
    // fits (`make_tensor<T::InputT>(...)`): nvcc's front end accepts it,
    // Clang reports it and goes on with the type.
    if (info.getID() == clang::diag::err_typename_missing ||
        info.getID() == clang::diag::err_typename_missing_template)
      return;
    // Arithmetic on `void *` (`ptr + bytes` on what an accessor returns):
    // nvcc's front end, like GCC, takes it as byte arithmetic and warns
    // (#1143-D); Clang's C++ mode stops. Clang drops the one expression.
    if (info.getID() == clang::diag::err_typecheck_pointer_arith_void_type) return;
    // `uint32_t __restrict__ *p`, `half __restrict__ (*p)[8]`: restrict
    // written on the element type. nvcc's front end accepts it when that type
    // is spelt through a typedef (and rejects `float __restrict__ *p`);
    // Clang reports both, then drops the qualifier.
    if (info.getID() == clang::diag::err_typecheck_invalid_restrict_not_pointer && restrictOnTypedef(info)) return;
    // A function template written as a partial specialisation
    // (`template <int N> void vec_cast<float, half, N>(...)`): ill-formed
    // C++ that nvcc 13 compiles; Clang drops the declaration and calls reach
    // the primary template, which is what the analysis needs.
    if (info.getID() == clang::diag::err_function_template_partial_spec) return;
    // A member of a dependent base named without `this->` (CuTe's
    // `make_fragment_A(...)` inside `ThrMMA`, whose base is the template
    // argument `TiledMMA`): nvcc's front end accepts it; Clang reports it,
    // then uses the member it found, as nvcc does.
    if (info.getID() == clang::diag::err_found_in_dependent_base) return;
    // A member template of a dependent object called without `template`
    // (`tile.store<4>(out)`, `Cast<T>::cast<8>(x)`), or `template` before a
    // name that is no template (`tile.template store_128b(out)`): nvcc's
    // front end accepts the first and warns on the second (#946-D); Clang
    // drops the one expression.
    // Clang then reads the `<` as a comparison: what it reports next on
    // that line (an overloaded function not called) follows from it.
    const bool templateKeyword =
        info.getID() == clang::diag::err_template_kw_missing ||
        ((info.getID() == clang::diag::err_bound_member_function ||
          info.getID() == clang::diag::err_ovl_unresolvable) &&
         nameBeforeAngle(info)) ||
        (info.getID() == clang::diag::err_template_kw_refers_to_non_template && info.getNumArgs() >= 2 &&
         (info.getArgKind(1) == clang::DiagnosticsEngine::ak_uint ||
          info.getArgKind(1) == clang::DiagnosticsEngine::ak_sint) &&
         info.getRawArg(1) == 1);
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const auto line = lineOf(info.getSourceManager(), info.getSourceManager().getExpansionLoc(info.getLocation()));
      if (templateKeyword) templateKeywordLines_.insert(line);
      if (templateKeyword || templateKeywordLines_.count(line)) return;
    } else if (templateKeyword) {
      return;
    }
    // A kernel launched from device code (dynamic parallelism) builds only
    // with relocatable device code (`-rdc=true`, CMake's
    // CUDA_SEPARABLE_COMPILATION), which such a project's build passes;
    // Clang without -fgpu-rdc reports the launch and keeps the rest.
    if (info.getID() == clang::diag::err_cuda_device_kernel_launch_require_rdc) return;
    // `UNROLL 4` with `#define UNROLL #pragma unroll`: nvcc reads the
    // expansion as the line `#pragma unroll 4`; Clang, given the pragma
    // operator, sees a stray `4` and recovers by ending a statement there.
    if (info.getID() == clang::diag::err_expected_semi_after_expr && info.hasSourceManager() &&
        pragmaMacroLines_.count(lineOf(info.getSourceManager(), info.getLocation())))
      return;
    llvm::SmallString<256> text;
    info.FormatDiagnostic(text);
    ParseProblem problem;
    const bool asmConstraint = info.getID() == clang::diag::err_asm_invalid_output_constraint ||
                               info.getID() == clang::diag::err_asm_invalid_input_constraint ||
                               info.getID() == clang::diag::err_asm_invalid_lvalue_in_output;
    problem.message = std::string(text);
    problem.errorDirective = info.getID() == clang::diag::err_pp_hash_error;
    if (info.hasSourceManager() && info.getLocation().isValid())
      locate(info.getSourceManager(), info.getLocation(), problem);
    else
      problem.message = "compiler: " + problem.message;
    if (info.getID() == clang::diag::err_pp_file_not_found) {
      const std::string header = info.getNumArgs() > 0 && info.getArgKind(0) == clang::DiagnosticsEngine::ak_std_string
                                     ? info.getArgStdStr(0)
                                     : std::string();
      if (missingHeaders_.insert(header).second && missingHeaders_.size() == 1) {
        firstMissing_ = problem;
        firstMissingName_ = header;
      }
    }
    // nvcc checks the operands of a template's inline asm, and the members
    // its body names on the class being defined (`m.set_slice3x3(...)` in
    // `Matrix<T, 4, 4>`, which Clang looks up at once), only where the body
    // is instantiated: judged once the translation unit is read.
    const bool memberLookup = info.getID() == clang::diag::err_no_member && info.getNumArgs() >= 2 &&
                              info.getArgKind(1) == clang::DiagnosticsEngine::ak_declcontext && [&] {
                                const auto *in = reinterpret_cast<const clang::DeclContext *>(info.getRawArg(1));
                                return in && in->isRecord() && in->isDependentContext();
                              }();
    if ((asmConstraint || memberLookup) && info.hasSourceManager()) {
      pendingTemplateErrors_.push_back({info.getLocation(), std::move(problem)});
      return;
    }
    // Judged by the notes that follow: see noteOnTargetMismatch.
    if (info.getID() == clang::diag::err_ovl_no_viable_function_in_call ||
        info.getID() == clang::diag::err_ovl_no_viable_function_in_init ||
        info.getID() == clang::diag::err_ovl_no_viable_member_function_in_call ||
        info.getID() == clang::diag::err_ovl_no_viable_object_call) {
      targetPending_ = TargetMismatch{std::move(problem), info.hasSourceManager() ? info.getLocation()
                                                                                  : clang::SourceLocation()};
      return;
    }
    // Judged when its note arrives: see onlyImplicitlyIncluded.
    if (info.getID() == clang::diag::err_redefinition_different_typedef ||
        info.getID() == clang::diag::err_redefinition) {
      clashPending_ = std::move(problem);
      return;
    }
    keep(std::move(problem));
  }

  // Keeps the errors held back by HandleDiagnostic unless they lie in the
  // body of a template (a function template, a member function of a class
  // template or of one of its partial specializations) that nothing
  // instantiates: no instantiation of that body is required from code
  // outside such bodies (Clang instantiates a callee a template names with
  // non-dependent arguments at once; nvcc waits until the caller is
  // instantiated), nor from the body of a template that is.
  void judgeHeldTemplateErrors(clang::ASTContext &context) {
    commitTargetMismatch(); // the last diagnostic may still wait for notes
    if (pendingTemplateErrors_.empty()) return;
    struct TemplateBodies : clang::RecursiveASTVisitor<TemplateBodies> {
      bool shouldVisitTemplateInstantiations() const { return true; }
      std::vector<std::pair<const clang::FunctionDecl *, clang::SourceRange>> patterns;
      // Each instantiated body: the pattern it comes from, and where it was required.
      std::vector<std::pair<const clang::FunctionDecl *, clang::SourceLocation>> instantiations;
      bool VisitFunctionDecl(clang::FunctionDecl *function) {
        if (!function->doesThisDeclarationHaveABody()) return true;
        if (function->isTemplated()) {
          patterns.emplace_back(function->getCanonicalDecl(), function->getBody()->getSourceRange());
        } else if (function->isTemplateInstantiation()) {
          if (const clang::FunctionDecl *pattern = function->getTemplateInstantiationPattern())
            instantiations.emplace_back(pattern->getCanonicalDecl(), function->getPointOfInstantiation());
        }
        return true;
      }
    } bodies;
    bodies.TraverseDecl(context.getTranslationUnitDecl());
    const clang::SourceManager &sm = context.getSourceManager();
    // Each body as the file and offsets of its expansion, sorted: a place
    // lies in a body when it is in that file between them. Looked up by
    // binary search (template libraries have tens of thousands of bodies).
    struct Span {
      clang::FileID file;
      unsigned begin = 0, end = 0;
      size_t pattern = 0;
    };
    std::vector<Span> spans;
    spans.reserve(bodies.patterns.size());
    for (size_t i = 0; i < bodies.patterns.size(); ++i) {
      const auto begin = sm.getDecomposedExpansionLoc(bodies.patterns[i].second.getBegin());
      const auto end = sm.getDecomposedExpansionLoc(bodies.patterns[i].second.getEnd());
      if (begin.first.isValid() && begin.first == end.first) spans.push_back({begin.first, begin.second, end.second, i});
    }
    std::sort(spans.begin(), spans.end(), [](const Span &a, const Span &b) {
      return a.file == b.file ? a.begin < b.begin : a.file < b.file;
    });
    // The bodies holding `at`: the nearest starting before it, and the few
    // before that which still reach it (a lambda's body inside a function's).
    auto holders = [&](clang::SourceLocation at) {
      std::vector<size_t> found;
      if (at.isInvalid()) return found;
      const auto [file, offset] = sm.getDecomposedExpansionLoc(at);
      auto after = std::upper_bound(spans.begin(), spans.end(), std::make_pair(file, offset),
                                    [](const std::pair<clang::FileID, unsigned> &place, const Span &span) {
                                      return place.first == span.file ? place.second < span.begin
                                                                      : place.first < span.file;
                                    });
      for (int looked = 0; after != spans.begin() && looked < 64; ++looked) {
        --after;
        if (after->file != file) break;
        if (after->end >= offset) found.push_back(after->pattern);
      }
      return found;
    };
    std::unordered_map<const clang::FunctionDecl *, std::vector<size_t>> instantiationsOf;
    std::vector<std::vector<size_t>> requiredIn(bodies.instantiations.size());
    for (size_t k = 0; k < bodies.instantiations.size(); ++k) {
      instantiationsOf[bodies.instantiations[k].first].push_back(k);
      requiredIn[k] = holders(bodies.instantiations[k].second);
    }
    // Dead until an instantiation of the body is required from live code
    // (an explicit one, or one whose place Clang did not keep, is live).
    std::vector<bool> dead(bodies.patterns.size(), true);
    for (bool changed = true; changed;) {
      changed = false;
      for (size_t i = 0; i < bodies.patterns.size(); ++i) {
        if (!dead[i]) continue;
        auto found = instantiationsOf.find(bodies.patterns[i].first);
        if (found == instantiationsOf.end()) continue;
        for (size_t k : found->second) {
          const bool fromDeadBody = std::any_of(requiredIn[k].begin(), requiredIn[k].end(),
                                                [&](size_t j) { return static_cast<bool>(dead[j]); });
          if (!fromDeadBody) {
            dead[i] = false;
            changed = true;
            break;
          }
        }
      }
    }
    for (HeldTemplateError &held : pendingTemplateErrors_) {
      const std::vector<size_t> in = holders(held.at);
      const bool latent =
          std::any_of(in.begin(), in.end(), [&](size_t i) { return dead[i] || held.inAnyTemplate; });
      if (!latent) keep(std::move(held.problem));
    }
    pendingTemplateErrors_.clear();
  }

  // The branches of conditionals on __CUDA_ARCH__ that the device pass
  // takes, as byte ranges of their files (a branch still open ends at the
  // end of the file).
  void noteDeviceOnlyBranch(clang::FileID file, unsigned begin, unsigned end) {
    deviceOnlyBranches_.push_back({file, begin, end});
  }
  bool inDeviceOnlyBranch(const clang::SourceManager &sm, clang::SourceLocation where) const {
    if (where.isInvalid()) return false;
    const auto [file, offset] = sm.getDecomposedLoc(sm.getSpellingLoc(where));
    return std::any_of(deviceOnlyBranches_.begin(), deviceOnlyBranches_.end(), [&](const DeviceOnlyBranch &branch) {
      return branch.file == file && branch.begin <= offset && offset < branch.end;
    });
  }

  // The lines (file, line) where a macro holding a pragma expands.
  void notePragmaMacroExpansion(const clang::SourceManager &sm, clang::SourceLocation at) {
    pragmaMacroLines_.insert(lineOf(sm, at));
  }

  // `guessedFlags`: the flags are btlint's guess, not the build's. A header
  // they do not find makes every error after it a consequence: the file gets
  // one problem, at most a warning, that names the first missing header and
  // how to give btlint the build's flags.
  std::vector<ParseProblem> takeProblems(bool guessedFlags) {
    commitClash();
    commitTargetMismatch();
    for (HeldTemplateError &held : pendingTemplateErrors_) keep(std::move(held.problem)); // no translation unit to judge them by
    pendingTemplateErrors_.clear();
    return summarisedProblems(guessedFlags);
  }

private:
  // Whether the name a diagnostic points at is followed by `<` in the
  // source: `.SubtractLeft<VEC_SIZE>(...)` read as a comparison.
  bool nameBeforeAngle(const clang::Diagnostic &info) const {
    if (!info.hasSourceManager() || !languageOptions_ || info.getLocation().isInvalid()) return false;
    const clang::SourceManager &sm = info.getSourceManager();
    const clang::SourceLocation at = sm.getExpansionLoc(info.getLocation());
    const clang::SourceLocation end = clang::Lexer::getLocForEndOfToken(at, 0, sm, *languageOptions_);
    if (end.isInvalid()) return false;
    bool invalid = false;
    const char *text = sm.getCharacterData(end, &invalid);
    if (invalid || !text) return false;
    while (*text == ' ' || *text == '\t') ++text;
    return *text == '<';
  }

  static std::pair<clang::FileID, unsigned> lineOf(const clang::SourceManager &sm, clang::SourceLocation at) {
    const clang::SourceLocation file = sm.getExpansionLoc(at);
    return {sm.getFileID(file), sm.getExpansionLineNumber(file)};
  }

  void keep(ParseProblem problem) {
    auto key = std::make_tuple(problem.span.line, problem.span.column, problem.message);
    if (!seen_.insert(key).second) return;
    if (problems_.size() >= kMaxProblemsPerFile) {
      ++dropped_;
      return;
    }
    problems_.push_back(std::move(problem));
  }

  // A call with no viable candidate where one is not viable only for being
  // for the other side (a __device__ constructor named in host code), in a
  // template's body or instantiation: nvcc does not check the host/device
  // side of calls in templates (CUTLASS's host_precompute building a
  // CUTLASS_DEVICE ProblemInfo) and compiles the file; outside a template
  // it rejects the call as Clang does.
  void noteOnTargetMismatch(const clang::Diagnostic &info) {
    llvm::SmallString<128> text;
    info.FormatDiagnostic(text);
    const llvm::StringRef note = text;
    if (info.getID() == clang::diag::note_ovl_candidate_bad_target) {
      targetPending_->otherSide = true;
    } else if (note.starts_with("in instantiation of")) {
      targetPending_->inInstantiation = true;
    }
  }

  void commitTargetMismatch() {
    if (!targetPending_) return;
    TargetMismatch pending = std::move(*targetPending_);
    targetPending_.reset();
    if (!pending.otherSide) {
      keep(std::move(pending.problem));
    } else if (!pending.inInstantiation) {
      // Checked where Clang read a template's body: judged once the
      // translation unit is read, dropped if it lies in any template body.
      pendingTemplateErrors_.push_back({pending.at, std::move(pending.problem), /*inAnyTemplate=*/true});
    }
  }

  void commitClash() {
    if (clashPending_) keep(std::move(*clashPending_));
    clashPending_.reset();
  }

public:
  // Whether `where` lies in a header that nothing the file includes brought
  // in: only the headers the compiler includes by itself (Clang's CUDA
  // wrapper, which includes cuda.h and <stdint.h>; btlint's own
  // declarations). nvcc's implicit headers declare neither, so a file that
  // declares its own uint64_t or CUtensorMap (NVRTC-style sources) builds
  // with nvcc; the clash is an artefact of parsing with Clang. A header the
  // file names in an #include of its own counts as brought in, also when
  // the implicit headers had included it first.
  bool onlyImplicitlyIncluded(const clang::SourceManager &sm, clang::SourceLocation where) const {
    if (where.isInvalid()) return false;
    const clang::FileID mainFile = sm.getMainFileID();
    for (clang::FileID file = sm.getFileID(sm.getFileLoc(where)); file.isValid();) {
      if (file == mainFile) return false;
      if (auto entry = sm.getFileEntryRefForID(file); entry && namedByTheFile_.count(&entry->getFileEntry()))
        return false;
      const clang::SourceLocation include = sm.getIncludeLoc(file);
      if (include.isInvalid()) return true; // reached the command line's -include
      file = sm.getFileID(include);
    }
    return true;
  }
  // A header an #include of the file (or of a header it includes) names.
  void namedByTheFile(const clang::SourceManager &sm, clang::SourceLocation directive, const clang::FileEntry &header) {
    if (!onlyImplicitlyIncluded(sm, directive)) namedByTheFile_.insert(&header);
  }

private:

  // Headers a PyTorch C++ extension's build takes from the torch install
  // (torch.utils.cpp_extension adds its include folders): never part of the
  // project's tree.
  static bool fromTorchInstall(const std::string &header) {
    for (std::string_view prefix : {"torch/", "ATen/", "c10/", "caffe2/", "pybind11/"})
      if (header.rfind(prefix, 0) == 0) return true;
    return header == "Python.h";
  }

  std::vector<ParseProblem> summarisedProblems(bool guessedFlags) {
    if (guessedFlags && !missingHeaders_.empty()) {
      ParseProblem summary = firstMissing_;
      const size_t others = missingHeaders_.size() - 1;
      const bool torchOnly = std::all_of(missingHeaders_.begin(), missingHeaders_.end(), fromTorchInstall);
      summary.message = "`" + firstMissingName_ + "` not found" +
                        (others == 0 ? std::string()
                                     : " (and " + std::to_string(others) + " other header" + (others == 1 ? "" : "s") +
                                           ")") +
                        ": the file is analysed only as far as it parses without " + (others == 0 ? "it" : "them");
      if (torchOnly) {
        // A PyTorch extension: the headers come with torch, not with the
        // project; the kernels are read all the same. Said, not failed.
        summary.notes.push_back("PyTorch's C++ headers: a torch install provides them when the extension is "
                                "built; pass -p BUILD_DIR with a compile_commands.json that names torch's include "
                                "folders to read the file whole");
        summary.severityCap = Severity::Note;
        return {std::move(summary)};
      }
      summary.notes.push_back("btlint guessed the include folders from the project's layout (include/, csrc/, "
                              "src/, vendored include/ folders); pass -p BUILD_DIR with the build's "
                              "compile_commands.json (CMake: -DCMAKE_EXPORT_COMPILE_COMMANDS=ON) for its flags");
      summary.severityCap = Severity::Warning;
      return {std::move(summary)};
    }
    if (dropped_ > 0) {
      ParseProblem summary;
      summary.span = problems_.back().span;
      summary.message = std::to_string(dropped_) + " more compiler error" + (dropped_ == 1 ? "" : "s") +
                        " in this file (btlint shows the first " + std::to_string(kMaxProblemsPerFile) + ")";
      problems_.push_back(std::move(summary));
    }
    return std::move(problems_);
  }

  void locate(const clang::SourceManager &sm, clang::SourceLocation where, ParseProblem &problem) const {
    const clang::SourceLocation fileLocation = sm.getFileLoc(where);
    const clang::FileID mainFile = sm.getMainFileID();
    clang::FileID file = sm.getFileID(fileLocation);
    if (file == mainFile) {
      problem.span = spanOfToken(sm, fileLocation);
      return;
    }
    const clang::PresumedLoc presumed = sm.getPresumedLoc(fileLocation);
    if (presumed.isValid()) {
      // A project header is named from the file's folder, as the file's own
      // #include names it; one elsewhere (`../x.cuh`) from the folder btlint
      // runs in, as findings' paths are (else the project's top); others by
      // the path the compiler found.
      llvm::SmallString<256> normalized(presumed.getFilename());
      llvm::sys::path::remove_dots(normalized, /*remove_dot_dot=*/true);
      llvm::StringRef name = normalized;
      if (auto main = sm.getFileEntryRefForID(mainFile)) {
        const llvm::StringRef folder = llvm::sys::path::parent_path(main->getName());
        if (llvm::StringRef below = pathBelow(name, folder); !below.empty()) {
          name = below;
        } else {
          if (projectTop_.empty()) {
            llvm::SmallString<256> cwd;
            const bool underCwd = !llvm::sys::fs::current_path(cwd) && !pathBelow(folder, cwd).empty();
            projectTop_ = underCwd ? std::string(cwd) : projectTopFolder(folder);
          }
          if (llvm::StringRef belowTop = pathBelow(name, projectTop_); !belowTop.empty()) name = belowTop;
        }
      }
      problem.message = "in " + name.str() + ":" + std::to_string(presumed.getLine()) + ":" +
                        std::to_string(presumed.getColumn()) + ": " + problem.message;
    }
    clang::SourceLocation include = sm.getIncludeLoc(file);
    while (include.isValid() && sm.getFileID(include) != mainFile) include = sm.getIncludeLoc(sm.getFileID(include));
    if (include.isValid()) problem.span = spanOfToken(sm, include);
  }

  SourceSpan spanOfToken(const clang::SourceManager &sm, clang::SourceLocation location) const {
    const unsigned offset = sm.getFileOffset(location);
    unsigned length = 0;
    if (languageOptions_) length = clang::Lexer::MeasureTokenLength(location, sm, *languageOptions_);
    const unsigned size = static_cast<unsigned>(source_.text().size());
    return source_.span(std::min(offset, size), std::min(offset + length, size));
  }

  const SourceFile &source_;
  bool builtinHeaders_;
  const clang::LangOptions *languageOptions_ = nullptr;
  std::vector<ParseProblem> problems_;
  std::set<std::tuple<uint32_t, uint32_t, std::string>> seen_;
  size_t dropped_ = 0;
  std::set<std::string> missingHeaders_; // headers not found, by name as written
  mutable std::string projectTop_;        // found when a header outside the file's folder is named
  ParseProblem firstMissing_;
  std::string firstMissingName_;
  std::optional<ParseProblem> clashPending_; // a redefinition waiting for its note
  struct TargetMismatch {
    ParseProblem problem;
    clang::SourceLocation at;
    bool otherSide = false;        // a candidate not viable only for being for the other side
    bool inInstantiation = false;  // reached while instantiating a template
  };
  std::optional<TargetMismatch> targetPending_; // a call with no viable candidate, waiting for its notes
  std::set<const clang::FileEntry *> namedByTheFile_;
  std::set<std::pair<clang::FileID, unsigned>> pragmaMacroLines_;
  struct DeviceOnlyBranch {
    clang::FileID file;
    unsigned begin = 0, end = 0;
  };
  std::vector<DeviceOnlyBranch> deviceOnlyBranches_;
  std::set<std::pair<clang::FileID, unsigned>> templateKeywordLines_; // where a missing `template` was forgiven
  struct HeldTemplateError {
    clang::SourceLocation at;
    ParseProblem problem;
    bool inAnyTemplate = false; // dropped inside any template body, not only one nothing instantiates
  };
  std::vector<HeldTemplateError> pendingTemplateErrors_;
};

// Tells the collector which headers the file's own #include lines name.
class IncludeWatcher : public clang::PPCallbacks {
public:
  IncludeWatcher(const clang::SourceManager &sm, ProblemCollector &problems) : sm_(sm), problems_(problems) {}
  void InclusionDirective(clang::SourceLocation hash, const clang::Token &, llvm::StringRef, bool,
                          clang::CharSourceRange, clang::OptionalFileEntryRef file, llvm::StringRef,
                          llvm::StringRef, const clang::Module *, bool, clang::SrcMgr::CharacteristicKind) override {
    if (file) problems_.namedByTheFile(sm_, hash, file->getFileEntry());
  }

private:
  const clang::SourceManager &sm_;
  ProblemCollector &problems_;
};

// Notices code outside system headers that tests __CUDA_ARCH__ (or one of
// its feature macros): only then can the model differ between GPU archs.
class ArchMacroWatcher : public clang::PPCallbacks {
public:
  ArchMacroWatcher(const clang::SourceManager &sm, bool &readsCudaArch) : sm_(sm), readsCudaArch_(readsCudaArch) {}

  void MacroExpands(const clang::Token &name, const clang::MacroDefinition &, clang::SourceRange range,
                    const clang::MacroArgs *) override {
    note(name, range.getBegin());
  }
  void Defined(const clang::Token &name, const clang::MacroDefinition &, clang::SourceRange range) override {
    note(name, range.getBegin());
  }
  void Ifdef(clang::SourceLocation location, const clang::Token &name, const clang::MacroDefinition &) override {
    note(name, location);
  }
  void Ifndef(clang::SourceLocation location, const clang::Token &name, const clang::MacroDefinition &) override {
    note(name, location);
  }
  void Elifdef(clang::SourceLocation location, const clang::Token &name, const clang::MacroDefinition &) override {
    note(name, location);
  }
  void Elifndef(clang::SourceLocation location, const clang::Token &name,
                const clang::MacroDefinition &) override {
    note(name, location);
  }

private:
  void note(const clang::Token &name, clang::SourceLocation location) {
    if (readsCudaArch_ || !name.getIdentifierInfo()) return;
    if (!name.getIdentifierInfo()->getName().starts_with("__CUDA_ARCH")) return;
    if (location.isValid() && sm_.isInSystemHeader(sm_.getExpansionLoc(location))) return;
    readsCudaArch_ = true;
  }

  const clang::SourceManager &sm_;
  bool &readsCudaArch_;
};

// Tells the collector which branches of conditionals on __CUDA_ARCH__
// (`#ifdef __CUDA_ARCH__`, `#if __CUDA_ARCH__ >= 800`, the `#else` of an
// `#ifndef __CUDA_ARCH__`) the device pass takes: code only nvcc's device
// pass reads.
class DeviceBranchWatcher : public clang::PPCallbacks {
public:
  DeviceBranchWatcher(const clang::SourceManager &sm, const clang::LangOptions &options, ProblemCollector &problems)
      : sm_(sm), options_(options), problems_(problems) {}

  void If(clang::SourceLocation at, clang::SourceRange condition, ConditionValueKind value) override {
    open_.push_back({});
    branch(at, mentionsArch(condition), value == CVK_True);
  }
  void Elif(clang::SourceLocation at, clang::SourceRange condition, ConditionValueKind value,
            clang::SourceLocation) override {
    branch(at, mentionsArch(condition), value == CVK_True);
  }
  void Ifdef(clang::SourceLocation at, const clang::Token &name, const clang::MacroDefinition &macro) override {
    open_.push_back({});
    branch(at, isArch(name), static_cast<bool>(macro));
  }
  void Ifndef(clang::SourceLocation at, const clang::Token &name, const clang::MacroDefinition &macro) override {
    open_.push_back({});
    branch(at, isArch(name), !macro);
  }
  void Elifdef(clang::SourceLocation at, const clang::Token &name, const clang::MacroDefinition &macro) override {
    branch(at, isArch(name), static_cast<bool>(macro));
  }
  void Elifndef(clang::SourceLocation at, const clang::Token &name, const clang::MacroDefinition &macro) override {
    branch(at, isArch(name), !macro);
  }
  void Else(clang::SourceLocation at, clang::SourceLocation) override {
    if (!open_.empty()) branch(at, false, !open_.back().taken);
  }
  void Endif(clang::SourceLocation at, clang::SourceLocation) override {
    if (open_.empty()) return;
    close(at);
    open_.pop_back();
  }
  void EndOfMainFile() override {
    while (!open_.empty()) {
      if (open_.back().start.isValid()) {
        const auto [file, offset] = sm_.getDecomposedLoc(open_.back().start);
        problems_.noteDeviceOnlyBranch(file, offset, ~0u);
      }
      open_.pop_back();
    }
  }

private:
  struct Conditional {
    bool arch = false;             // a condition so far read __CUDA_ARCH__
    bool taken = false;            // a branch so far was taken
    clang::SourceLocation start;   // the taken branch on __CUDA_ARCH__ now open
  };

  // A branch starts at `at`: it is device-only when it is taken and the
  // conditional's conditions so far read __CUDA_ARCH__.
  void branch(clang::SourceLocation at, bool arch, bool taken) {
    if (open_.empty()) return;
    close(at);
    Conditional &conditional = open_.back();
    conditional.arch = conditional.arch || arch;
    if (taken && conditional.arch) conditional.start = at;
    conditional.taken = conditional.taken || taken;
  }
  void close(clang::SourceLocation at) {
    Conditional &conditional = open_.back();
    if (conditional.start.isInvalid()) return;
    const auto [file, begin] = sm_.getDecomposedLoc(conditional.start);
    const auto [endFile, end] = sm_.getDecomposedLoc(at);
    problems_.noteDeviceOnlyBranch(file, begin, endFile == file ? end : ~0u);
    conditional.start = clang::SourceLocation();
  }
  static bool isArch(const clang::Token &name) {
    return name.getIdentifierInfo() && name.getIdentifierInfo()->getName().starts_with("__CUDA_ARCH");
  }
  bool mentionsArch(clang::SourceRange condition) const {
    const llvm::StringRef text =
        clang::Lexer::getSourceText(clang::CharSourceRange::getCharRange(condition), sm_, options_);
    return text.contains("__CUDA_ARCH");
  }

  const clang::SourceManager &sm_;
  const clang::LangOptions &options_;
  ProblemCollector &problems_;
  std::vector<Conditional> open_;
};

// `#define UNROLL_OUTER #pragma unroll 1`, then `UNROLL_OUTER for (...)`: nvcc
// preprocesses to a file and reads it again, where the expansion starts a
// line and is a pragma; Clang sees a stray `#`. An object-like macro whose
// body starts with `# pragma` is redefined as the `_Pragma("...")` operator,
// which means the same in both.
class PragmaMacroRewriter : public clang::PPCallbacks {
public:
  PragmaMacroRewriter(clang::Preprocessor &pp, ProblemCollector &problems) : pp_(pp), problems_(problems) {}

  void MacroExpands(const clang::Token &name, const clang::MacroDefinition &definition, clang::SourceRange,
                    const clang::MacroArgs *) override {
    if (rewritten_.count(definition.getMacroInfo()))
      problems_.notePragmaMacroExpansion(pp_.getSourceManager(), name.getLocation());
  }

  void MacroDefined(const clang::Token &, const clang::MacroDirective *directive) override {
    // The callback hands the directive as const; its MacroInfo is the
    // preprocessor's own, which it lets a callback change before first use.
    clang::MacroInfo *info = const_cast<clang::MacroDirective *>(directive)->getMacroInfo();
    if (!info || !info->isObjectLike() || info->getNumTokens() < 3) return;
    llvm::ArrayRef<clang::Token> body = info->tokens();
    if (!body[0].is(clang::tok::hash) || !body[1].getIdentifierInfo() ||
        body[1].getIdentifierInfo()->getName() != "pragma")
      return;
    std::string text;
    for (const clang::Token &token : body.drop_front(2)) {
      if (!text.empty() && token.hasLeadingSpace()) text += ' ';
      text += pp_.getSpelling(token);
    }
    std::string literal = "\"";
    for (char c : text) {
      if (c == '"' || c == '\\') literal += '\\';
      literal += c;
    }
    literal += '"';
    const clang::SourceLocation at = body[0].getLocation();
    clang::Token pragma, open, string, close;
    pragma.startToken();
    pragma.setKind(clang::tok::identifier);
    pragma.setIdentifierInfo(pp_.getIdentifierInfo("_Pragma"));
    pragma.setLocation(at);
    pragma.setFlag(clang::Token::LeadingSpace);
    open.startToken();
    open.setKind(clang::tok::l_paren);
    open.setLocation(at);
    string.startToken();
    pp_.CreateString(literal, string, at, at);
    string.setKind(clang::tok::string_literal);
    close.startToken();
    close.setKind(clang::tok::r_paren);
    close.setLocation(at);
    info->setTokens({pragma, open, string, close}, pp_.getPreprocessorAllocator());
    rewritten_.insert(info);
  }

private:
  clang::Preprocessor &pp_;
  ProblemCollector &problems_;
  std::set<const clang::MacroInfo *> rewritten_;
};

// nvcc accepts inline asm operands written without the comma between them
// (`: "r"(addr) "r"(v.x), ...`); Clang stops at the second constraint. The
// text Clang parses gets the comma in place of a blank before that
// constraint, so every offset and line stays where the file has it; a pair
// with no blank between them is left as written.
std::string withAsmOperandCommas(llvm::StringRef text) {
  clang::LangOptions options;
  options.CPlusPlus = options.CPlusPlus11 = options.CUDA = true;
  clang::Lexer lexer(clang::SourceLocation::getFromRawEncoding(1), options, text.begin(), text.begin(), text.end());
  std::vector<clang::Token> tokens;
  clang::Token token;
  do {
    lexer.LexFromRawLexer(token);
    tokens.push_back(token);
  } while (token.isNot(clang::tok::eof));
  const auto offsetOf = [](const clang::Token &t) { return t.getLocation().getRawEncoding() - 1; };
  const auto isIdentifier = [](const clang::Token &t, std::initializer_list<llvm::StringRef> names) {
    if (!t.is(clang::tok::raw_identifier)) return false;
    for (llvm::StringRef name : names)
      if (t.getRawIdentifier() == name) return true;
    return false;
  };
  std::string fixed;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (!isIdentifier(tokens[i], {"asm", "__asm__", "__asm"})) continue;
    size_t at = i + 1;
    while (at < tokens.size() && isIdentifier(tokens[at], {"volatile", "__volatile__", "goto", "inline"})) ++at;
    if (at >= tokens.size() || !tokens[at].is(clang::tok::l_paren)) continue;
    int depth = 0, colons = 0;
    for (; at < tokens.size() && !tokens[at].is(clang::tok::eof); ++at) {
      const clang::Token &t = tokens[at];
      if (t.isOneOf(clang::tok::l_paren, clang::tok::l_square, clang::tok::l_brace)) ++depth;
      if (t.isOneOf(clang::tok::r_paren, clang::tok::r_square, clang::tok::r_brace) && --depth == 0) break;
      if (depth == 1 && t.is(clang::tok::colon)) ++colons;
      if (depth == 1 && t.is(clang::tok::coloncolon)) colons += 2;
      // An operand's `)` closing back to the statement's level, then a
      // constraint string: outputs and inputs only.
      if (depth != 1 || !t.is(clang::tok::r_paren) || colons < 1 || colons > 2) continue;
      const clang::Token &next = tokens[at + 1];
      if (!next.is(clang::tok::string_literal)) continue;
      const unsigned from = offsetOf(t) + 1, to = offsetOf(next);
      for (unsigned c = from; c < to; ++c) {
        if (text[c] != ' ' && text[c] != '\t') continue;
        if (fixed.empty()) fixed = text.str();
        fixed[c] = ',';
        break;
      }
    }
    i = at;
  }
  return fixed;
}

class ModelConsumer : public clang::ASTConsumer {
public:
  ModelConsumer(const SourceFile &source, FileModel &model, CudaStage &stage, ProblemCollector &problems)
      : source_(source), model_(model), stage_(stage), problems_(problems) {}
  void HandleTranslationUnit(clang::ASTContext &context) override {
    stage_ = CudaStage::ReadingKernels;
    problems_.judgeHeldTemplateErrors(context);
    extractCudaModel(context, source_, model_);
  }

private:
  const SourceFile &source_;
  FileModel &model_;
  CudaStage &stage_;
  ProblemCollector &problems_;
};

class ModelAction : public clang::ASTFrontendAction {
public:
  ModelAction(const SourceFile &source, FileModel &model, bool &readsCudaArch, CudaStage &stage,
              ProblemCollector &problems)
      : source_(source), model_(model), readsCudaArch_(readsCudaArch), stage_(stage), problems_(problems) {}

protected:
  bool BeginSourceFileAction(clang::CompilerInstance &compiler) override {
    compiler.getPreprocessor().addPPCallbacks(
        std::make_unique<ArchMacroWatcher>(compiler.getSourceManager(), readsCudaArch_));
    compiler.getPreprocessor().addPPCallbacks(std::make_unique<IncludeWatcher>(compiler.getSourceManager(), problems_));
    compiler.getPreprocessor().addPPCallbacks(
        std::make_unique<DeviceBranchWatcher>(compiler.getSourceManager(), compiler.getLangOpts(), problems_));
    compiler.getPreprocessor().addPPCallbacks(std::make_unique<PragmaMacroRewriter>(compiler.getPreprocessor(), problems_));
    return true;
  }
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<ModelConsumer>(source_, model_, stage_, problems_);
  }

private:
  const SourceFile &source_;
  FileModel &model_;
  bool &readsCudaArch_;
  CudaStage &stage_;
  ProblemCollector &problems_;
};

// A file system without the files of installed CUDA toolkits: a file whose
// real path lies in a toolkit's folder (one holding include/cuda_runtime.h
// next to nvvm/, as NVIDIA's installers lay it out) does not exist. Only
// files that exist are looked up, so header search misses stay cheap.
class ToolkitHidingFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  explicit ToolkitHidingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base)
      : ProxyFileSystem(std::move(base)) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &path) override {
    llvm::ErrorOr<llvm::vfs::Status> found = ProxyFileSystem::status(path);
    if (found && found->isRegularFile() && hidden(path)) return std::make_error_code(std::errc::no_such_file_or_directory);
    return found;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &path) override {
    if (hidden(path)) return std::make_error_code(std::errc::no_such_file_or_directory);
    return ProxyFileSystem::openFileForRead(path);
  }

private:
  bool hidden(const llvm::Twine &path) {
    llvm::SmallString<256> real;
    if (ProxyFileSystem::getRealPath(path, real)) return false;
    for (llvm::StringRef folder = llvm::sys::path::parent_path(real); !folder.empty() && folder != "/";
         folder = llvm::sys::path::parent_path(folder)) {
      auto [entry, inserted] = toolkitRoot_.try_emplace(folder, false);
      if (inserted) {
        llvm::SmallString<256> header(folder), nvvm(folder);
        llvm::sys::path::append(header, "include", "cuda_runtime.h");
        llvm::sys::path::append(nvvm, "nvvm");
        entry->second = llvm::sys::fs::exists(header) && llvm::sys::fs::is_directory(nvvm);
      }
      if (entry->second) return true;
    }
    return false;
  }

  llvm::StringMap<bool> toolkitRoot_;
};

// Where the parse finds Clang's headers: the resource folder's include/.
std::string clangHeaderFolder() { return std::string(kClangResourceDir) + "/include"; }

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fileSystemFor(const ParseCommand &command) {
  // A physical file system of our own, so the working directory is per parse
  // and not the process's.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> physical = llvm::vfs::createPhysicalFileSystem();
  if (!command.workingDirectory.empty()) (void)physical->setCurrentWorkingDirectory(command.workingDirectory);
  // btlint's in-memory headers: the minimal declarations without a toolkit,
  // the nvcc compatibility header with one. Without a toolkit, toolkit files
  // that the search path still reaches (a toolkit linked into
  // /usr/local/include, -I/usr/local/cuda/include from a build) are hidden:
  // mixed with btlint's declarations they would only produce errors.
  if (command.usesBuiltinHeaders) physical = llvm::makeIntrusiveRefCnt<ToolkitHidingFileSystem>(physical);
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(physical);
  auto builtins = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  const auto serve = [&](llvm::StringRef folder, const std::vector<HeaderFile> &files) {
    for (const auto &[name, text] : files) {
      llvm::SmallString<128> path(folder);
      llvm::sys::path::append(path, name);
      builtins->addFile(path, 0, llvm::MemoryBuffer::getMemBuffer(text, path, /*RequiresNullTerminator=*/false));
    }
  };
  serve(kBuiltinHeaderDir, builtinHeaderFiles());
  serve(clangHeaderFolder(), clangResourceHeaderFiles());
  overlay->pushOverlay(builtins);
  return overlay;
}

// The driver puts Clang's header folder (stddef.h, ...) on the search path as
// <resource dir>/include, which the parse serves from memory; Debian's Clang
// instead names /usr/include/clang/VERSION/include when that folder is not on
// disk. Whatever the driver named, the folder searched is the one in memory.
void useClangHeadersFromMemory(clang::HeaderSearchOptions &search) {
  const std::string ours = clangHeaderFolder();
  for (clang::HeaderSearchOptions::Entry &entry : search.UserEntries) {
    if (entry.Group != clang::frontend::System) continue;
    llvm::StringRef path = llvm::StringRef(entry.Path).rtrim('/');
    if (!path.consume_back("/include")) continue;
    const llvm::StringRef version = llvm::sys::path::filename(path);
    if (llvm::sys::path::filename(llvm::sys::path::parent_path(path)) == "clang" &&
        (version == CLANG_VERSION_STRING || version == CLANG_VERSION_MAJOR_STRING))
      entry.Path = ours;
  }
}

} // namespace

const char *cudaStageName(CudaStage stage) {
  switch (stage) {
  case CudaStage::SettingUp: return "setting up the compiler for";
  case CudaStage::Parsing: return "parsing";
  case CudaStage::ReadingKernels: return "reading the kernels of";
  }
  return "parsing";
}

CudaParseOutcome parseCudaFile(const ParseCommand &command, const SourceFile &source,
                               const std::string &absolutePath, FileModel &model, CudaStage &stage) {
  stage = CudaStage::SettingUp;
  CudaParseOutcome outcome;
  ProblemCollector problems(source, command.usesBuiltinHeaders);
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fileSystem = fileSystemFor(command);

  std::vector<const char *> arguments;
  for (const std::string &argument : command.arguments) arguments.push_back(argument.c_str());
  clang::DiagnosticOptions driverDiagnosticOptions;
  clang::CreateInvocationOptions invocationOptions;
  invocationOptions.Diags = clang::CompilerInstance::createDiagnostics(*fileSystem, driverDiagnosticOptions,
                                                                       &problems, /*ShouldOwnClient=*/false);
  invocationOptions.VFS = fileSystem;
  invocationOptions.RecoverOnError = true;
  std::shared_ptr<clang::CompilerInvocation> invocation = clang::createInvocation(arguments, invocationOptions);
  if (!invocation) {
    model.parseProblems = problems.takeProblems(!command.fromDatabase);
    ParseProblem failure;
    failure.message = "could not set up the compiler for this file (" + command.origin + ")";
    model.parseProblems.push_back(std::move(failure));
    return outcome;
  }
  useClangHeadersFromMemory(invocation->getHeaderSearchOpts());
  // The engine's text (BOM removed) is what spans index into; parse exactly it.
  const std::string withCommas = withAsmOperandCommas(source.text());
  invocation->getPreprocessorOpts().addRemappedFile(
      absolutePath,
      llvm::MemoryBuffer::getMemBufferCopy(withCommas.empty() ? llvm::StringRef(source.text()) : withCommas,
                                           absolutePath)
          .release());
  invocation->getFrontendOpts().DisableFree = false;
  // No "N errors generated" line on stderr: the errors are reported as findings.
  invocation->getDiagnosticOpts().ShowCarets = false;

  clang::CompilerInstance compiler(std::move(invocation));
  compiler.setVirtualFileSystem(fileSystem);
  compiler.createDiagnostics(&problems, /*ShouldOwnClient=*/false);
  // A missing header must not end the parse: what follows still counts.
  compiler.getDiagnostics().setFatalsAsError(true);
  compiler.getDiagnostics().setIgnoreAllWarnings(true);
  ModelAction action(source, model, outcome.readsCudaArch, stage, problems);
  stage = CudaStage::Parsing;
  compiler.ExecuteAction(action);
  model.parseProblems = problems.takeProblems(!command.fromDatabase);
  if (!model.parseProblems.empty() && !command.buildDefinesNotGiven.empty()) {
    // The build may need them: `use of undeclared identifier 'tma'` where a
    // header declares it only under -DKITTENS_HOPPER.
    std::string names, yaml;
    for (size_t i = 0; i < command.buildDefinesNotGiven.size() && i < 6; ++i) {
      names += (i ? ", " : "") + command.buildDefinesNotGiven[i];
      yaml += (i ? ", " : "") + command.buildDefinesNotGiven[i] + ": 1";
    }
    if (command.buildDefinesNotGiven.size() > 6)
      names += " and " + std::to_string(command.buildDefinesNotGiven.size() - 6) + " more";
    model.parseProblems.front().notes.push_back(
        "the project's build files (" + command.buildDefinesFile + ") define " + names +
        ", which this parse was not given: where the build sets them, say so in .btlint.yaml (`cuda: {defines: {" +
        yaml + "}}`) or pass -p with the build's compile_commands.json");
  }
  model.buildTargets = command.buildTargets;
  model.buildTargetsFile = command.buildTargetsFile;
  return outcome;
}

} // namespace btlint::cuda
