// One walk over a parsed module: kernels and their decorators (also applied
// as calls), launch sites with their grids, do_bench calls, and host-clock
// timing around launches.
#include "python/KernelBodyReader.h"
#include "python/PythonParsedFile.h"
#include "source/LineKeys.h"

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <unordered_set>

namespace btlint::python {

namespace {

enum class DecoratorKind { Jit, Autotune, Heuristics, Other };

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}
bool endsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

DecoratorKind classifyDecorator(std::string_view path) {
  if (!startsWith(path, "triton.")) return DecoratorKind::Other;
  if (endsWith(path, ".jit")) return DecoratorKind::Jit;
  if (endsWith(path, ".autotune")) return DecoratorKind::Autotune;
  if (endsWith(path, ".heuristics")) return DecoratorKind::Heuristics;
  return DecoratorKind::Other;
}

struct TimingEvent {
  enum Kind { Timer, Sync, Launch, Call } kind;
  NodeId node;
  std::string name; // Timer: the clock; Call: the callee name
};

struct LaunchCandidate {
  LaunchSyntax syntax;
  NodeId call = kNoNode;
  bool gridLooksLikeGrid = false;
  std::string kernelBaseName;
};

// An applied decorator chain: triton.autotune(...)(triton.jit(fn)).
struct AppliedChain {
  std::vector<std::pair<DecoratorKind, NodeId>> decorators; // outermost first; node: the call
  std::string target;                                      // the function it is applied to
  std::string assignedName;                                // `name = chain`, if any
  EvaluationPoint point;
  NodeId statement = kNoNode;
  // The conditions of the `if` blocks the statement sits in, innermost
  // first, up to its function (the first arm only: an `elif`/`else` arm's
  // condition is the negation of others, not read).
  std::vector<NodeId> conditions;
};

class ModuleReader {
public:
  explicit ModuleReader(PythonParsedFile &file)
      : file_(file), tree_(file.module.tree), index_(file.module.index) {}

  void read() {
    if (tree_.empty()) return;
    for (const auto &[local, path] : index_.importedNames())
      if (startsWith(path, "triton")) file_.hasTritonImport = true;
    walk(tree_.root(), kNoNode);
    attachAppliedChains();
    attachConfigReplacements();
    finishLaunches();
    finishTiming();
  }

private:
  PythonParsedFile &file_;
  const SyntaxTree &tree_;
  const eval::ModuleIndex &index_;
  // While a grid function is read: the names its body binds from the config.
  std::vector<std::string_view> metaAliases_;
  std::unordered_map<std::string_view, std::vector<NodeId>> definitionsByName_;
  std::unordered_set<NodeId> consumedCalls_;
  std::vector<AppliedChain> chains_;
  std::vector<LaunchCandidate> candidates_;
  std::unordered_map<NodeId, std::vector<TimingEvent>> eventsByFunction_;

  std::string canonical(NodeId node) const { return index_.canonicalPath(tree_, node); }

  NodeId firstExpression(NodeId node) const {
    for (NodeId child : tree_.children(node))
      if (tree_.kind(child) != NodeKind::Comment) return child;
    return kNoNode;
  }

  NodeId positionalArgument(NodeId call, size_t position) const { return tree_.positionalArgument(call, position); }
  NodeId keywordArgument(NodeId call, std::string_view name) const { return tree_.keywordArgument(call, name); }
  NodeId argument(NodeId call, size_t position, std::string_view name) const {
    return tree_.callArgument(call, position, name);
  }

  // Whether `function` (a name) is called inside a `for` or `while` loop
  // written before `call`'s statement in the same block: a warm-up done by
  // hand (`while elapsed < warmup_ms: fn()`) before the timing call. For a
  // lambda whose body is a call, the loop makes that same call.
  // Whether a `for` loop around `call` (inside `function`) repeats it
  // unchanged: its variable is `_` or never read in its body. `count` gets
  // the count of `range(count)`, or the default of the function's parameter
  // it names (`rounds=5`), when there is one.
  bool repeatingLoopCount(NodeId call, NodeId function, NodeId &count) const {
    for (NodeId node = tree_.parent(call); node != kNoNode && node != function; node = tree_.parent(node)) {
      if (tree_.kind(node) != NodeKind::ForStatement) continue;
      NodeId target = tree_.child(node, Field::Left);
      NodeId body = tree_.child(node, Field::Body);
      if (target == kNoNode || body == kNoNode || tree_.kind(target) != NodeKind::Identifier) return false;
      const std::string_view variable = tree_.text(target);
      if (variable != "_" && readsName(body, variable)) return false;
      NodeId iterable = tree_.unparenthesize(tree_.child(node, Field::Right));
      if (iterable != kNoNode && tree_.kind(iterable) == NodeKind::Call &&
          tree_.text(tree_.child(iterable, Field::Function)) == "range") {
        NodeId arguments = tree_.child(iterable, Field::Arguments);
        std::vector<NodeId> positional;
        if (arguments != kNoNode)
          for (NodeId argument : tree_.children(arguments))
            if (tree_.kind(argument) != NodeKind::Comment) positional.push_back(argument);
        if (positional.size() == 1) count = parameterDefaultOr(positional[0], function);
      }
      return true;
    }
    return false;
  }

  bool readsName(NodeId node, std::string_view name) const {
    const std::vector<std::string_view> names = tree_.identifiersUnder(node);
    return std::find(names.begin(), names.end(), name) != names.end();
  }

  // A name that is a parameter of `function` with a default: the default;
  // else `node` itself.
  NodeId parameterDefaultOr(NodeId node, NodeId function) const {
    node = tree_.unparenthesize(node);
    if (node == kNoNode || function == kNoNode || tree_.kind(node) != NodeKind::Identifier) return node;
    NodeId parameters = tree_.child(function, Field::Parameters);
    if (parameters == kNoNode) return node;
    for (NodeId parameter : tree_.children(parameters)) {
      if (tree_.kind(parameter) != NodeKind::DefaultParameter && tree_.kind(parameter) != NodeKind::TypedDefaultParameter)
        continue;
      NodeId name = tree_.child(parameter, Field::Name);
      if (name != kNoNode && tree_.text(name) == tree_.text(node)) {
        NodeId value = tree_.child(parameter, Field::Value);
        return value != kNoNode ? value : node;
      }
    }
    return node;
  }

  bool calledInLoopBefore(NodeId call, NodeId function) const {
    function = tree_.unparenthesize(function);
    if (function == kNoNode) return false;
    NodeId timedCall = kNoNode;
    if (tree_.kind(function) == NodeKind::Lambda) {
      timedCall = tree_.unparenthesize(tree_.child(function, Field::Body));
      if (timedCall == kNoNode || tree_.kind(timedCall) != NodeKind::Call) return false;
    } else if (tree_.kind(function) != NodeKind::Identifier) {
      return false;
    }
    const std::string_view name = tree_.text(function);
    NodeId statement = call;
    while (statement != kNoNode && tree_.parent(statement) != kNoNode &&
           tree_.kind(tree_.parent(statement)) != NodeKind::Block && tree_.kind(tree_.parent(statement)) != NodeKind::Module)
      statement = tree_.parent(statement);
    if (statement == kNoNode || tree_.parent(statement) == kNoNode) return false;
    for (NodeId sibling : tree_.children(tree_.parent(statement))) {
      if (sibling == statement) return false;
      const NodeKind kind = tree_.kind(sibling);
      if (kind != NodeKind::ForStatement && kind != NodeKind::WhileStatement) continue;
      std::vector<NodeId> pending{tree_.child(sibling, Field::Body)};
      while (!pending.empty()) {
        const NodeId node = pending.back();
        pending.pop_back();
        if (node == kNoNode) continue;
        if (tree_.kind(node) == NodeKind::Call) {
          const NodeId callee = tree_.child(node, Field::Function);
          if (timedCall != kNoNode ? withoutBlanks(tree_.text(node)) == withoutBlanks(tree_.text(timedCall))
                                   : callee != kNoNode && tree_.kind(callee) == NodeKind::Identifier &&
                                         tree_.text(callee) == name)
            return true;
        }
        for (NodeId child : tree_.children(node)) pending.push_back(child);
      }
    }
    return false;
  }

  // ---- the walk ----------------------------------------------------------

  // Pre-order over the subtree with an explicit stack: expressions nest
  // thousands deep in generated or hostile code, and recursion per level
  // overflowed the stack (ASan's larger frames hit it at 3000 levels).
  void walk(NodeId root, NodeId function) {
    std::vector<NodeId> pending{root};
    while (!pending.empty()) {
      NodeId node = pending.back();
      pending.pop_back();
      if (!visit(node, function)) continue;
      // Children pushed last first, so that the first is walked next.
      const size_t first = pending.size();
      for (NodeId child : tree_.children(node)) pending.push_back(child);
      std::reverse(pending.begin() + static_cast<std::ptrdiff_t>(first), pending.end());
    }
  }

  // Reads what `node` itself declares or calls; true when its children are
  // still to be walked.
  bool visit(NodeId node, NodeId function) {
    switch (tree_.kind(node)) {
    case NodeKind::DecoratedDefinition: {
      NodeId definition = tree_.child(node, Field::Definition);
      if (definition != kNoNode && tree_.kind(definition) == NodeKind::FunctionDefinition) {
        recordDefinition(definition);
        if (readDecoratedKernel(node, definition, function)) return false;
        for (NodeId child : tree_.children(node))
          if (tree_.kind(child) == NodeKind::Decorator) walk(child, function);
        walkBody(definition);
        return false;
      }
      return true;
    }
    case NodeKind::FunctionDefinition:
      recordDefinition(node);
      walkBody(node);
      return false;
    case NodeKind::Call:
      readCall(node, function);
      break;
    case NodeKind::ImportStatement:
    case NodeKind::ImportFromStatement:
      readImportedModules(node);
      return false;
    case NodeKind::Assignment: {
      // kernel.configs = [...]: a launcher swapping the autotuned list.
      NodeId left = tree_.child(node, Field::Left);
      if (left != kNoNode && tree_.kind(left) == NodeKind::Attribute) {
        NodeId attribute = tree_.child(left, Field::AttributeName);
        NodeId object = tree_.child(left, Field::Object);
        if (attribute != kNoNode && object != kNoNode && tree_.text(attribute) == "configs") {
          std::string_view owner = tree_.text(object);
          configsReplaced_.emplace_back(std::string(owner.substr(owner.rfind('.') + 1)), node);
        }
      }
      break;
    }
    default:
      break;
    }
    return true;
  }

  // The top-level package of every absolute import ("jax_triton" for
  // `import jax_triton as jt`, "triton" for `from triton.language import x`).
  void readImportedModules(NodeId statement) {
    auto addRoot = [&](const std::string &path) {
      if (path.empty() || path[0] == '.') return;
      file_.importedModules.insert(path.substr(0, path.find('.')));
    };
    if (tree_.kind(statement) == NodeKind::ImportFromStatement) {
      addRoot(eval::importSourceModule(tree_, statement));
      return;
    }
    for (NodeId child : tree_.children(statement)) {
      if (tree_.node(child).field != Field::Name) continue;
      NodeId dotted = tree_.kind(child) == NodeKind::AliasedImport ? tree_.child(child, Field::Name) : child;
      if (dotted != kNoNode && tree_.kind(dotted) == NodeKind::DottedName)
        addRoot(eval::dottedNameText(tree_, dotted));
    }
  }

  void walkBody(NodeId definition) {
    NodeId body = tree_.child(definition, Field::Body);
    if (body != kNoNode) walk(body, definition);
  }

  void recordDefinition(NodeId definition) {
    NodeId name = tree_.child(definition, Field::Name);
    if (name != kNoNode) definitionsByName_[tree_.text(name)].push_back(definition);
  }

  // ---- kernels -----------------------------------------------------------

  void readDtypeComment(KernelSyntax &syntax, NodeId outer) {
    const SourceFile &source = tree_.source();
    std::string_view text(source.text());
    static constexpr std::string_view marker = "btlint: dtype=";
    auto take = [&](size_t at) {
      size_t start = at + marker.size();
      size_t end = start;
      while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
        ++end;
      syntax.dtypeComment = std::string(text.substr(start, end - start));
      syntax.dtypeCommentLine = source.lineColumn(static_cast<uint32_t>(at)).first;
      syntax.dtypeCommentSpan = source.span(static_cast<uint32_t>(at), static_cast<uint32_t>(end));
    };
    // Comment lines right above the definition, then the definition itself.
    uint32_t firstLine = tree_.line(outer);
    for (uint32_t line = firstLine; line-- > 1;) {
      std::string_view lineText = source.lineText(line);
      size_t first = lineText.find_first_not_of(" \t");
      if (first == std::string_view::npos || lineText[first] != '#') break;
      size_t found = lineText.find(marker);
      if (found != std::string_view::npos) {
        take(static_cast<size_t>(lineText.data() - text.data()) + found);
        return;
      }
    }
    const SyntaxNode &region = tree_.node(outer);
    std::string_view body = text.substr(region.startByte, region.endByte - region.startByte);
    size_t found = body.find(marker);
    if (found != std::string_view::npos) take(region.startByte + found);
  }

  void readHeuristics(KernelSyntax &syntax, NodeId call, EvaluationPoint point) {
    NodeId values = argument(call, 0, "values");
    syntax.heuristics.push_back({values, point});
    const NodeId dict = heuristicsDict(values, 0);
    if (dict == kNoNode) {
      syntax.kernel.notes.push_back(Note("the heuristics at line " + std::to_string(tree_.line(call)) +
                                             " are not written as a dict",
                                         tree_.span(call)));
      return;
    }
    for (NodeId pair : tree_.children(dict)) {
      if (tree_.kind(pair) != NodeKind::Pair) continue;
      NodeId key = tree_.child(pair, Field::Key);
      NodeId value = tree_.child(pair, Field::Value);
      std::string name;
      if (key == kNoNode || !stringLiteralValue(tree_, key, name)) continue;
      Heuristic heuristic;
      heuristic.param = name;
      heuristic.span = tree_.span(pair);
      if (value != kNoNode) {
        heuristic.text = std::string(tree_.text(value));
        collectArgsReads(value, heuristic.readsArgs);
        heuristic.takesRemainder = takesRemainder(value);
      }
      syntax.kernel.heuristics.push_back(std::move(heuristic));
    }
  }

  // The dict literal a `@triton.heuristics(...)` argument stands for: written
  // in place, a module-level name assigned one, or a call of a function of
  // the module whose one `return` gives one (`get_heuristics()` returning
  // `{"EVEN_K": lambda args: args["K"] % args["BLOCK_K"] == 0}`).
  NodeId heuristicsDict(NodeId values, int depth) const {
    const NodeId node = tree_.unparenthesize(values);
    if (node == kNoNode || depth > 4) return kNoNode;
    switch (tree_.kind(node)) {
    case NodeKind::Dictionary: return node;
    case NodeKind::Identifier: {
      const eval::Binding *binding = index_.visibleBinding(tree_.text(node), tree_.node(node).startByte);
      return binding && binding->kind == eval::Binding::Kind::Assignment ? heuristicsDict(binding->node, depth + 1)
                                                                         : kNoNode;
    }
    case NodeKind::Call: {
      const NodeId callee = tree_.child(node, Field::Function);
      if (callee == kNoNode || tree_.kind(callee) != NodeKind::Identifier) return kNoNode;
      const eval::Binding *binding = index_.visibleBinding(tree_.text(callee), tree_.node(node).startByte);
      if (!binding || binding->kind != eval::Binding::Kind::Definition) return kNoNode;
      NodeId definition = binding->node;
      if (definition != kNoNode && tree_.kind(definition) == NodeKind::DecoratedDefinition)
        definition = tree_.child(definition, Field::Definition);
      if (definition == kNoNode || tree_.kind(definition) != NodeKind::FunctionDefinition) return kNoNode;
      const NodeId body = tree_.child(definition, Field::Body);
      std::vector<NodeId> returns;
      std::vector<NodeId> pending{body};
      while (!pending.empty()) {
        const NodeId at = pending.back();
        pending.pop_back();
        if (at == kNoNode) continue;
        const NodeKind kind = tree_.kind(at);
        if (kind == NodeKind::ReturnStatement) returns.push_back(at);
        if (kind == NodeKind::FunctionDefinition || kind == NodeKind::ClassDefinition || kind == NodeKind::Lambda)
          continue;
        for (NodeId child : tree_.children(at)) pending.push_back(child);
      }
      if (returns.size() != 1) return kNoNode;
      NodeId returned = tree_.unparenthesize(firstExpression(returns.front()));
      if (returned != kNoNode && tree_.kind(returned) == NodeKind::Identifier)
        returned = lastAssignmentBefore(body, tree_.text(returned), tree_.node(returns.front()).startByte);
      return heuristicsDict(returned, depth + 1);
    }
    default: return kNoNode;
    }
  }

  // Whether `value` computes a remainder: a `%` in it, or in the body of a
  // function defined at the top of this module that it calls.
  bool takesRemainder(NodeId value) const {
    if (tree_.text(value).find('%') != std::string_view::npos) return true;
    std::vector<NodeId> pending{value};
    while (!pending.empty()) {
      const NodeId node = pending.back();
      pending.pop_back();
      if (tree_.kind(node) == NodeKind::Call) {
        const NodeId callee = tree_.child(node, Field::Function);
        if (callee != kNoNode && tree_.kind(callee) == NodeKind::Identifier)
          for (NodeId statement : tree_.children(tree_.root())) {
            NodeId definition = statement;
            if (tree_.kind(definition) == NodeKind::DecoratedDefinition)
              definition = tree_.child(definition, Field::Definition);
            if (definition == kNoNode || tree_.kind(definition) != NodeKind::FunctionDefinition) continue;
            const NodeId name = tree_.child(definition, Field::Name);
            if (name != kNoNode && tree_.text(name) == tree_.text(callee) &&
                tree_.text(definition).find('%') != std::string_view::npos)
              return true;
          }
      }
      for (NodeId child : tree_.children(node)) pending.push_back(child);
    }
    return false;
  }

  // Keys read as args["N"] in a heuristic lambda.
  void collectArgsReads(NodeId value, std::vector<std::string> &out) {
    std::string_view argsName;
    if (tree_.kind(value) == NodeKind::Lambda) {
      NodeId parameters = tree_.child(value, Field::Parameters);
      NodeId first = parameters != kNoNode ? firstExpression(parameters) : kNoNode;
      if (first != kNoNode && tree_.kind(first) == NodeKind::Identifier) argsName = tree_.text(first);
    }
    collectMetaKeys(value, argsName, out);
  }

  void collectMetaKeys(NodeId node, std::string_view metaName, std::vector<std::string> &out) {
    if (tree_.kind(node) == NodeKind::Subscript && !metaName.empty()) {
      NodeId object = tree_.child(node, Field::Value);
      NodeId key = tree_.child(node, Field::SubscriptIndex);
      std::string name;
      if (object != kNoNode && tree_.kind(object) == NodeKind::Identifier &&
          tree_.text(object) == metaName && key != kNoNode && stringLiteralValue(tree_, key, name) &&
          std::find(out.begin(), out.end(), name) == out.end())
        out.push_back(name);
    }
    for (NodeId child : tree_.children(node)) collectMetaKeys(child, metaName, out);
  }

  KernelSyntax &newKernel(NodeId definition, NodeId outer, EvaluationPoint point) {
    file_.kernels.emplace_back();
    KernelSyntax &syntax = file_.kernels.back();
    syntax.definition = definition;
    syntax.point = point;
    Kernel &kernel = syntax.kernel;
    NodeId name = tree_.child(definition, Field::Name);
    kernel.name = name != kNoNode ? std::string(tree_.text(name)) : "<kernel>";
    kernel.language = Language::Python;
    kernel.span = tree_.span(outer);
    kernel.nameSpan = name != kNoNode ? tree_.span(name) : kernel.span;
    for (NodeId up = tree_.parent(outer); up != kNoNode; up = tree_.parent(up)) {
      const NodeKind kind = tree_.kind(up);
      if (kind == NodeKind::FunctionDefinition) break;
      if (kind != NodeKind::ClassDefinition) continue;
      const NodeId className = tree_.child(up, Field::Name);
      if (className != kNoNode) kernel.className = std::string(tree_.text(className));
      break;
    }
    readDtypeComment(syntax, outer);
    return syntax;
  }

  // Whether the function's own body (not a function or class nested in it)
  // calls a triton.language function that exists only in compiled Triton
  // code: outside @triton.jit, `tl.program_id` or `tl.load` raise.
  bool callsDeviceOnlyLanguage(NodeId definition) const {
    static constexpr std::string_view deviceOnly[] = {
        "program_id", "num_programs", "load",       "store",      "arange",     "dot",
        "make_block_ptr", "atomic_add", "atomic_cas", "atomic_xchg", "atomic_max", "atomic_min"};
    std::vector<NodeId> pending{tree_.child(definition, Field::Body)};
    while (!pending.empty()) {
      const NodeId node = pending.back();
      pending.pop_back();
      if (node == kNoNode) continue;
      const NodeKind kind = tree_.kind(node);
      if (kind == NodeKind::FunctionDefinition || kind == NodeKind::ClassDefinition ||
          kind == NodeKind::DecoratedDefinition || kind == NodeKind::Lambda)
        continue;
      if (kind == NodeKind::Call) {
        const NodeId callee = tree_.child(node, Field::Function);
        if (callee != kNoNode && tree_.kind(callee) == NodeKind::Attribute) {
          const std::string_view member = index_.memberOf(tree_, callee, "triton.language");
          for (std::string_view name : deviceOnly)
            if (member == name) return true;
        }
      }
      for (NodeId child : tree_.children(node)) pending.push_back(child);
    }
    return false;
  }

  bool readDecoratedKernel(NodeId decorated, NodeId definition, NodeId function) {
    struct Decorator {
      DecoratorKind kind;
      NodeId expression;
      NodeId call; // kNoNode when written without arguments
      std::string path;
    };
    std::vector<Decorator> decorators;
    bool isKernel = false;
    for (NodeId child : tree_.children(decorated)) {
      if (tree_.kind(child) != NodeKind::Decorator) continue;
      NodeId expression = firstExpression(child);
      if (expression == kNoNode) continue;
      NodeId callee = tree_.kind(expression) == NodeKind::Call ? tree_.child(expression, Field::Function)
                                                                : expression;
      std::string path = canonical(callee);
      DecoratorKind kind = classifyDecorator(path);
      if (kind != DecoratorKind::Other) isKernel = true;
      decorators.push_back({kind, expression,
                            tree_.kind(expression) == NodeKind::Call ? expression : kNoNode,
                            path.empty() ? std::string(tree_.text(callee)) : path});
    }
    // A decorator of the project's own (`@triton_jit()`, bound in another
    // module to something that applies triton.jit) on a function whose body
    // calls what only compiled Triton code can call: Triton's JIT compiles it,
    // whatever the decorator's name.
    if (!isKernel && !decorators.empty() && callsDeviceOnlyLanguage(definition)) isKernel = true;
    if (!isKernel) return false;
    EvaluationPoint point{tree_.node(decorated).startByte, function};
    KernelSyntax &syntax = newKernel(definition, decorated, point);
    for (const Decorator &decorator : decorators) {
      syntax.kernel.decorators.push_back(decorator.path);
      switch (decorator.kind) {
      case DecoratorKind::Jit:
        if (decorator.call != kNoNode) syntax.jitCall = decorator.call;
        break;
      case DecoratorKind::Autotune:
        if (decorator.call != kNoNode) syntax.autotune = tritonAutotuneArguments(tree_, decorator.call, point);
        break;
      case DecoratorKind::Heuristics:
        if (decorator.call != kNoNode) readHeuristics(syntax, decorator.call, point);
        break;
      case DecoratorKind::Other:
        syntax.otherDecorators.push_back(decorator.expression);
        break;
      }
    }
    // A project decorator under @triton.jit gives it the function to compile;
    // over a body with no statement of its own (a docstring, `pass`), that
    // function is built elsewhere (a template in the docstring, rendered).
    const auto jit = std::find_if(decorators.begin(), decorators.end(),
                                  [](const Decorator &d) { return d.kind == DecoratorKind::Jit; });
    if (jit != decorators.end() &&
        std::any_of(jit + 1, decorators.end(), [](const Decorator &d) { return d.kind == DecoratorKind::Other; }) &&
        bodyOnlyDocumented(definition))
      syntax.kernel.bodyGeneratedByDecorator = true;
    readKernelBody(file_.module, definition, syntax);
    return true;
  }

  // Whether a function's body holds nothing but a docstring, `pass` or `...`.
  bool bodyOnlyDocumented(NodeId definition) const {
    const NodeId body = tree_.child(definition, Field::Body);
    if (body == kNoNode) return false;
    for (NodeId statement : tree_.children(body)) {
      const NodeKind kind = tree_.kind(statement);
      if (kind == NodeKind::Comment || kind == NodeKind::PassStatement) continue;
      if (kind == NodeKind::ExpressionStatement) {
        const NodeId expression = firstExpression(statement);
        if (expression != kNoNode &&
            (tree_.kind(expression) == NodeKind::String || tree_.kind(expression) == NodeKind::Ellipsis))
          continue;
      }
      return false;
    }
    return true;
  }

  // ---- calls ---------------------------------------------------------------

  void readCall(NodeId call, NodeId function) {
    if (consumedCalls_.count(call)) return;
    NodeId callee = tree_.child(call, Field::Function);
    if (callee == kNoNode) return;
    NodeKind calleeKind = tree_.kind(callee);
    if (calleeKind == NodeKind::Subscript) {
      readLaunch(call, callee, function);
      return;
    }
    if (calleeKind == NodeKind::Call) {
      if (readAppliedChain(call, function)) return;
    }
    // Build the dotted path only for names that can matter here.
    std::string_view lastName;
    if (calleeKind == NodeKind::Attribute) {
      NodeId attribute = tree_.child(callee, Field::AttributeName);
      if (attribute != kNoNode) lastName = tree_.text(attribute);
    } else if (calleeKind == NodeKind::Identifier) {
      lastName = tree_.text(callee);
    }
    static constexpr std::string_view interesting[] = {
        "jit", "do_bench", "do_bench_cudagraph", "time", "perf_counter", "monotonic",
        "perf_counter_ns", "time_ns", "monotonic_ns"};
    bool wanted = calleeKind == NodeKind::Identifier && index_.importedNames().count(lastName);
    for (std::string_view name : interesting) wanted = wanted || lastName == name;
    std::string path = wanted ? canonical(callee) : std::string();
    if (classifyDecorator(path) == DecoratorKind::Jit && readAppliedChain(call, function)) return;
    if (startsWith(path, "triton.") &&
        (endsWith(path, "testing.do_bench") || endsWith(path, "testing.do_bench_cudagraph"))) {
      BenchSyntax bench;
      bench.call.function = path;
      bench.call.span = tree_.span(call);
      bool cudagraph = endsWith(path, "cudagraph");
      bench.warmup = cudagraph ? kNoNode : argument(call, 1, "warmup");
      bench.rep = argument(call, cudagraph ? 1 : 2, "rep");
      bench.call.warmedByHand = calledInLoopBefore(call, argument(call, 0, "fn"));
      bench.call.repeatedInRounds = repeatingLoopCount(call, function, bench.rounds);
      bench.point = {tree_.node(call).startByte, function};
      file_.benchCalls.push_back(std::move(bench));
      return;
    }
    static constexpr std::string_view clocks[] = {"time.time", "time.perf_counter", "time.monotonic",
                                                  "time.perf_counter_ns", "time.time_ns",
                                                  "time.monotonic_ns"};
    for (std::string_view clock : clocks)
      if (path == clock) {
        eventsByFunction_[function].push_back({TimingEvent::Timer, call, path});
        return;
      }
    if (calleeKind == NodeKind::Attribute) {
      NodeId method = tree_.child(callee, Field::AttributeName);
      std::string_view name = method != kNoNode ? tree_.text(method) : "";
      // These wait for the GPU before the host clock is read again (torch's,
      // CuPy's `cp.cuda.runtime.deviceSynchronize()` and `cp.asnumpy`,
      // cuda-python's, JAX's `block_until_ready`).
      static constexpr std::string_view waits[] = {
          "synchronize", "item", "cpu", "tolist", "numpy", "elapsed_time", "deviceSynchronize",
          "streamSynchronize", "cudaDeviceSynchronize", "cudaStreamSynchronize", "cuCtxSynchronize",
          "cuStreamSynchronize", "asnumpy", "block_until_ready"};
      if (std::find(std::begin(waits), std::end(waits), name) != std::end(waits)) {
        eventsByFunction_[function].push_back({TimingEvent::Sync, call, std::string(name)});
        return;
      }
    }
    if (calleeKind == NodeKind::Identifier)
      eventsByFunction_[function].push_back({TimingEvent::Call, call, std::string(tree_.text(callee))});
  }

  bool readAppliedChain(NodeId call, NodeId function) {
    AppliedChain chain;
    NodeId node = call;
    for (int guard = 0; guard < 16; ++guard) {
      NodeId callee = tree_.child(node, Field::Function);
      if (callee == kNoNode) return false;
      NodeId target;
      if (tree_.kind(callee) == NodeKind::Call) {
        DecoratorKind kind = classifyDecorator(canonical(tree_.child(callee, Field::Function)));
        target = positionalArgument(node, 0);
        // `kernel = project_autotune(...)(kernel)`: a decorator of the
        // project's own applied by hand, read as the same decorator written
        // with `@` (a candidate autotune wrapper), when it is applied alone.
        if (kind == DecoratorKind::Other &&
            (guard != 0 || target == kNoNode || tree_.kind(target) != NodeKind::Identifier))
          return false;
        chain.decorators.emplace_back(kind, callee);
      } else if (classifyDecorator(canonical(callee)) == DecoratorKind::Jit) {
        chain.decorators.emplace_back(DecoratorKind::Jit, node);
        target = positionalArgument(node, 0);
      } else {
        return false;
      }
      if (target == kNoNode) return false;
      if (tree_.kind(target) == NodeKind::Identifier) {
        chain.target = std::string(tree_.text(target));
        break;
      }
      if (tree_.kind(target) != NodeKind::Call) return false;
      node = target;
    }
    if (chain.target.empty()) return false;
    // Mark the inner calls so the walk does not read them again.
    for (const auto &[kind, decoratorCall] : chain.decorators)
      if (kind != DecoratorKind::Other) consumedCalls_.insert(decoratorCall);
    NodeId statement = call;
    while (statement != kNoNode && tree_.kind(statement) != NodeKind::ExpressionStatement)
      statement = tree_.parent(statement);
    chain.statement = statement;
    for (NodeId outer = statement == kNoNode ? kNoNode : tree_.parent(statement);
         outer != kNoNode && tree_.kind(outer) != NodeKind::FunctionDefinition; outer = tree_.parent(outer))
      if (tree_.kind(outer) == NodeKind::Block && tree_.parent(outer) != kNoNode &&
          tree_.kind(tree_.parent(outer)) == NodeKind::IfStatement)
        if (NodeId condition = tree_.child(tree_.parent(outer), Field::Condition); condition != kNoNode)
          chain.conditions.push_back(condition);
    NodeId parent = tree_.parent(call);
    if (parent != kNoNode && tree_.kind(parent) == NodeKind::Assignment) {
      NodeId left = tree_.child(parent, Field::Left);
      if (left != kNoNode && tree_.kind(left) == NodeKind::Identifier)
        chain.assignedName = std::string(tree_.text(left));
    }
    chain.point = {tree_.node(call).startByte, function};
    chains_.push_back(std::move(chain));
    return true;
  }

  void attachAppliedChains() {
    std::unordered_map<std::string, size_t> kernelByName;
    for (size_t i = 0; i < file_.kernels.size(); ++i) kernelByName[file_.kernels[i].kernel.name] = i;
    for (const AppliedChain &chain : chains_) {
      size_t index = SIZE_MAX;
      auto known = kernelByName.find(chain.target);
      const bool targetIsKernel = known != kernelByName.end();
      if (targetIsKernel) {
        index = known->second;
      } else {
        bool hasJit = std::any_of(chain.decorators.begin(), chain.decorators.end(),
                                  [](const auto &d) { return d.first == DecoratorKind::Jit; });
        auto definitions = definitionsByName_.find(chain.target);
        if (!hasJit || definitions == definitionsByName_.end()) continue;
        NodeId definition = kNoNode;
        for (NodeId candidate : definitions->second)
          if (tree_.node(candidate).startByte < chain.point.position) definition = candidate;
        if (definition == kNoNode) continue;
        NodeId parent = tree_.parent(definition);
        if (parent != kNoNode && tree_.kind(parent) == NodeKind::DecoratedDefinition) continue;
        KernelSyntax &syntax = newKernel(definition, definition, chain.point);
        readKernelBody(file_.module, definition, syntax);
        index = file_.kernels.size() - 1;
        kernelByName[syntax.kernel.name] = index;
      }
      // Every `triton.autotune(...)(fn)` makes a new autotuner object with its
      // own configs: a second one over a function that already has a list
      // is a kernel object of its own, bound to the name it is assigned to.
      // So is one assigned to a new name over a kernel defined with none
      // (`fast_add = triton.autotune(...)(add)`): `add` stays plain.
      const bool autotunes = std::any_of(chain.decorators.begin(), chain.decorators.end(),
                                         [](const auto &d) { return d.first == DecoratorKind::Autotune; });
      const bool toNewName = targetIsKernel && !chain.assignedName.empty() &&
                             chain.assignedName != file_.kernels[index].kernel.name;
      if (autotunes && (file_.kernels[index].autotune || toNewName)) {
        KernelSyntax copy = file_.kernels[index];
        copy.kernel.overAnAutotunedKernel = copy.autotune.has_value();
        copy.autotune.reset();
        copy.kernel.reapplied = true;
        copy.kernel.boundNames.clear();
        copy.kernel.decorators.erase(std::remove_if(copy.kernel.decorators.begin(), copy.kernel.decorators.end(),
                                                    [](const std::string &path) { return path == "triton.autotune"; }),
                                     copy.kernel.decorators.end());
        file_.kernels.push_back(std::move(copy));
        index = file_.kernels.size() - 1;
      }
      KernelSyntax &syntax = file_.kernels[index];
      for (const auto &[kind, call] : chain.decorators) {
        std::string path = canonical(tree_.child(call, Field::Function));
        syntax.kernel.decorators.push_back(path);
        if (kind == DecoratorKind::Other)
          syntax.otherDecorators.push_back(call);
        else if (kind == DecoratorKind::Autotune && !syntax.autotune) {
          syntax.autotune = tritonAutotuneArguments(tree_, call, chain.point);
          syntax.autotune->appliedUnder = chain.conditions;
        }
        else if (kind == DecoratorKind::Heuristics)
          readHeuristics(syntax, call, chain.point);
        else if (kind == DecoratorKind::Jit && positionalArgument(call, 0) != kNoNode &&
                 keywordArgument(call, "do_not_specialize") != kNoNode)
          syntax.jitCall = call;
      }
      if (!chain.assignedName.empty() && (chain.assignedName != syntax.kernel.name || syntax.kernel.reapplied)) {
        kernelByName[chain.assignedName] = index;
        syntax.kernel.boundNames.push_back(chain.assignedName);
      }
    }
  }

  // ---- launches --------------------------------------------------------------

  // The expression a name stands for where it is used: its last simple
  // assignment or definition in the enclosing functions, else at module level.
  NodeId resolveName(std::string_view name, NodeId function, uint32_t position) const {
    for (NodeId scope = function; scope != kNoNode;) {
      NodeId body = tree_.child(scope, Field::Body);
      NodeId found = kNoNode;
      if (body != kNoNode) findDefinition(body, name, position, found);
      if (found != kNoNode) return found;
      NodeId parent = tree_.parent(scope);
      while (parent != kNoNode && tree_.kind(parent) != NodeKind::FunctionDefinition)
        parent = tree_.parent(parent);
      scope = parent;
    }
    const eval::Binding *binding = index_.visibleBinding(name, UINT32_MAX);
    if (!binding) return kNoNode;
    if (binding->kind == eval::Binding::Kind::Assignment ||
        binding->kind == eval::Binding::Kind::Definition)
      return binding->node;
    return kNoNode;
  }

  void findDefinition(NodeId block, std::string_view name, uint32_t position, NodeId &found) const {
    for (NodeId statement : tree_.children(block)) {
      const SyntaxNode &node = tree_.node(statement);
      if (node.startByte >= position) return;
      NodeKind kind = tree_.kind(statement);
      if (kind == NodeKind::ExpressionStatement) {
        NodeId inner = firstExpression(statement);
        if (inner != kNoNode && tree_.kind(inner) == NodeKind::Assignment) {
          NodeId left = tree_.child(inner, Field::Left);
          NodeId right = tree_.child(inner, Field::Right);
          if (left != kNoNode && right != kNoNode && tree_.kind(left) == NodeKind::Identifier &&
              tree_.text(left) == name)
            found = right;
        }
      } else if (kind == NodeKind::FunctionDefinition || kind == NodeKind::DecoratedDefinition) {
        NodeId definition = kind == NodeKind::DecoratedDefinition ? tree_.child(statement, Field::Definition)
                                                                  : statement;
        NodeId defName = definition != kNoNode ? tree_.child(definition, Field::Name) : kNoNode;
        if (defName != kNoNode && tree_.text(defName) == name) found = definition;
      } else if (kind != NodeKind::ClassDefinition) {
        for (NodeId child : tree_.children(statement)) {
          NodeKind childKind = tree_.kind(child);
          NodeId inner = childKind == NodeKind::Block ? child : tree_.childOfKind(child, NodeKind::Block);
          if (inner != kNoNode && (childKind == NodeKind::Block || childKind == NodeKind::ElseClause ||
                                   childKind == NodeKind::ElifClause))
            findDefinition(inner, name, position, found);
        }
      }
    }
  }

  // Walks a grid expression: names it reads, META keys, divisors.
  void readGridExpression(NodeId node, std::string_view metaName, LaunchSyntax &launch,
                          NodeId skipName = kNoNode) {
    LaunchSite &site = launch.site;
    switch (tree_.kind(node)) {
    case NodeKind::Identifier: {
      std::string_view name = tree_.text(node);
      if (node != skipName && name != metaName &&
          std::find(site.gridNames.begin(), site.gridNames.end(), name) == site.gridNames.end())
        site.gridNames.emplace_back(name);
      return;
    }
    case NodeKind::Subscript: {
      NodeId object = tree_.child(node, Field::Value);
      NodeId key = tree_.child(node, Field::SubscriptIndex);
      std::string keyName;
      if (!metaName.empty() && object != kNoNode && tree_.kind(object) == NodeKind::Identifier &&
          tree_.text(object) == metaName && key != kNoNode && stringLiteralValue(tree_, key, keyName)) {
        site.gridReadsMeta = true;
        if (std::find(site.gridMetaKeys.begin(), site.gridMetaKeys.end(), keyName) == site.gridMetaKeys.end())
          site.gridMetaKeys.push_back(keyName);
        return;
      }
      break;
    }
    case NodeKind::Attribute: {
      NodeId object = tree_.child(node, Field::Object);
      if (object != kNoNode && tree_.kind(object) == NodeKind::Identifier && tree_.text(object) == metaName) {
        site.gridReadsMeta = true;
        return;
      }
      // triton.cdiv, x.shape: only the root object is a name read.
      if (object != kNoNode) readGridExpression(object, metaName, launch, skipName);
      return;
    }
    case NodeKind::Call: {
      NodeId callee = tree_.child(node, Field::Function);
      std::string path = canonical(callee);
      if (path == "triton.cdiv" || path == "triton.language.cdiv" || path == "cdiv" ||
          endsWith(path, ".cdiv")) {
        NodeId divisor = positionalArgument(node, 1);
        if (divisor != kNoNode) addDivisor(divisor, metaName, launch, positionalArgument(node, 0));
      }
      // The callee (triton.cdiv, a helper) names code, not data: skip it,
      // unless it is a method of a value (x.size(0)).
      NodeId arguments = tree_.child(node, Field::Arguments);
      if (callee != kNoNode && tree_.kind(callee) == NodeKind::Attribute && !rootIsImport(callee))
        readGridExpression(tree_.child(callee, Field::Object), metaName, launch, skipName);
      if (arguments != kNoNode) readGridExpression(arguments, metaName, launch, skipName);
      return;
    }
    case NodeKind::BinaryOperator: {
      NodeId op = tree_.child(node, Field::Operator);
      if (op != kNoNode && tree_.kind(op) == NodeKind::OpDoubleSlash) {
        NodeId divisor = tree_.child(node, Field::Right);
        if (divisor != kNoNode) addDivisor(divisor, metaName, launch, ceilingDividend(node));
      }
      break;
    }
    case NodeKind::KeywordArgument: {
      NodeId value = tree_.child(node, Field::Value);
      if (value != kNoNode) readGridExpression(value, metaName, launch, skipName);
      return;
    }
    case NodeKind::Lambda:
    case NodeKind::String:
      return;
    default:
      break;
    }
    for (NodeId child : tree_.children(node)) readGridExpression(child, metaName, launch, skipName);
  }

  // Whether an attribute chain starts at an imported name (a module or a
  // library function), as in triton.cdiv or math.ceil.
  bool rootIsImport(NodeId attribute) const {
    NodeId root = attribute;
    while (root != kNoNode && tree_.kind(root) == NodeKind::Attribute) root = tree_.child(root, Field::Object);
    if (root == kNoNode || tree_.kind(root) != NodeKind::Identifier) return false;
    std::string name(tree_.text(root));
    return index_.importedNames().count(name) || name == "tl" || name == "triton";
  }

  // `(M + B - 1) // B`: the `M` of a floor division that rounds up; kNoNode
  // for any other `//` (which rounds down).
  NodeId ceilingDividend(NodeId division) const {
    NodeId divisor = tree_.unparenthesize(tree_.child(division, Field::Right));
    NodeId minus = tree_.unparenthesize(tree_.child(division, Field::Left));
    auto isOp = [&](NodeId node, NodeKind kind) {
      NodeId op = node != kNoNode && tree_.kind(node) == NodeKind::BinaryOperator ? tree_.child(node, Field::Operator)
                                                                                   : kNoNode;
      return op != kNoNode && tree_.kind(op) == kind;
    };
    if (divisor == kNoNode || !isOp(minus, NodeKind::OpMinus)) return kNoNode;
    NodeId one = tree_.unparenthesize(tree_.child(minus, Field::Right));
    NodeId plus = tree_.unparenthesize(tree_.child(minus, Field::Left));
    if (one == kNoNode || tree_.text(one) != "1" || !isOp(plus, NodeKind::OpPlus)) return kNoNode;
    NodeId added = tree_.unparenthesize(tree_.child(plus, Field::Right));
    if (added == kNoNode || tree_.text(added) != tree_.text(divisor)) return kNoNode;
    return tree_.child(plus, Field::Left);
  }

  // `dividend`: what a ceiling division divides (kNoNode: the division
  // rounds down, or is not read).
  void addDivisor(NodeId divisor, std::string_view metaName, LaunchSyntax &launch, NodeId dividend = kNoNode) {
    NodeId inner = tree_.unparenthesize(divisor);
    if (inner == kNoNode) return;
    GridDivisor entry;
    entry.text = std::string(tree_.text(inner));
    entry.span = tree_.span(inner);
    if (NodeId name = tree_.unparenthesize(dividend); name != kNoNode) {
      entry.roundsUp = true;
      if (tree_.kind(name) == NodeKind::Identifier) entry.dividend = std::string(tree_.text(name));
      std::string key;
      if (tree_.kind(inner) == NodeKind::Subscript) {
        NodeId object = tree_.child(inner, Field::Value);
        NodeId index = tree_.child(inner, Field::SubscriptIndex);
        if (object != kNoNode && tree_.text(object) == metaName && index != kNoNode)
          stringLiteralValue(tree_, index, key);
      } else if (tree_.kind(inner) == NodeKind::Attribute) {
        NodeId object = tree_.child(inner, Field::Object);
        NodeId attribute = tree_.child(inner, Field::AttributeName);
        if (object != kNoNode && tree_.text(object) == metaName && attribute != kNoNode)
          key = std::string(tree_.text(attribute));
      } else if (tree_.kind(inner) == NodeKind::Identifier &&
                 std::find(metaAliases_.begin(), metaAliases_.end(), tree_.text(inner)) != metaAliases_.end()) {
        key = std::string(tree_.text(inner)); // `BLOCK_M = META["BLOCK_M"]` above the return
      }
      entry.metaKey = key;
    }
    LaunchSyntax probe;
    readGridExpression(inner, metaName, probe);
    entry.readsMeta = probe.site.gridReadsMeta;
    // `BLOCK = META["BLOCK"]` above the return: the name is the config's value.
    if (!entry.readsMeta && tree_.kind(inner) == NodeKind::Identifier)
      entry.readsMeta = std::find(metaAliases_.begin(), metaAliases_.end(), tree_.text(inner)) != metaAliases_.end();
    int64_t literal = 0;
    if (tree_.kind(inner) == NodeKind::Integer && parseIntegerLiteral(tree_.text(inner), literal))
      entry.value = ScalarValue::ofInt(literal, entry.span);
    launch.site.gridDivisors.push_back(std::move(entry));
    launch.divisorNodes.push_back(inner);
  }

  // Names a grid function's body binds from the config (`BLOCK_N =
  // META["BLOCK_N"]`, `bm = META["BLOCK_M"] * 2`), at its top level.
  std::vector<std::string_view> metaAliasesIn(NodeId body, std::string_view metaName) {
    std::vector<std::string_view> aliases;
    if (metaName.empty()) return aliases;
    for (NodeId statement : tree_.children(body)) {
      if (tree_.kind(statement) != NodeKind::ExpressionStatement) continue;
      NodeId assignment = tree_.firstChild(statement);
      if (assignment == kNoNode || tree_.kind(assignment) != NodeKind::Assignment) continue;
      NodeId left = tree_.child(assignment, Field::Left);
      NodeId right = tree_.child(assignment, Field::Right);
      if (left == kNoNode || right == kNoNode || tree_.kind(left) != NodeKind::Identifier) continue;
      LaunchSyntax probe;
      readGridExpression(right, metaName, probe);
      if (probe.site.gridReadsMeta) aliases.push_back(tree_.text(left));
    }
    return aliases;
  }

  std::string_view firstParameterName(NodeId parameters) const {
    if (parameters == kNoNode) return {};
    for (NodeId parameter : tree_.children(parameters))
      if (NodeId name = tree_.parameterName(parameter); name != kNoNode) return tree_.text(name);
    return {};
  }

  void readGrid(const std::vector<NodeId> &indices, NodeId function, uint32_t position,
                LaunchCandidate &candidate) {
    LaunchSyntax &launch = candidate.syntax;
    LaunchSite &site = launch.site;
    const SyntaxNode &first = tree_.node(indices.front());
    const SyntaxNode &last = tree_.node(indices.back());
    site.gridSpan = tree_.source().span(first.startByte, last.endByte);
    site.gridText = std::string(tree_.source().text().substr(first.startByte, last.endByte - first.startByte));
    if (indices.size() > 1) {
      site.gridKind = GridKind::Tuple;
      candidate.gridLooksLikeGrid = true;
      for (NodeId index : indices) readGridExpression(index, {}, launch);
      return;
    }
    NodeId grid = tree_.unparenthesize(indices.front());
    if (grid == kNoNode) return;
    NodeId resolved = grid;
    if (tree_.kind(grid) == NodeKind::Identifier) {
      std::string_view name = tree_.text(grid);
      std::string lower;
      for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      candidate.gridLooksLikeGrid = lower.find("grid") != std::string::npos;
      NodeId definition = resolveName(name, function, position);
      resolved = definition != kNoNode ? tree_.unparenthesize(definition) : kNoNode;
      if (resolved == kNoNode) {
        site.gridKind = GridKind::Unknown;
        site.gridNames.emplace_back(name);
        return;
      }
    }
    switch (tree_.kind(resolved)) {
    case NodeKind::Lambda: {
      site.gridKind = GridKind::Lambda;
      candidate.gridLooksLikeGrid = true;
      std::string_view meta = firstParameterName(tree_.child(resolved, Field::Parameters));
      NodeId body = tree_.child(resolved, Field::Body);
      if (body != kNoNode) readGridExpression(body, meta, launch);
      break;
    }
    case NodeKind::FunctionDefinition: {
      site.gridKind = GridKind::Function;
      candidate.gridLooksLikeGrid = true;
      std::string_view meta = firstParameterName(tree_.child(resolved, Field::Parameters));
      NodeId body = tree_.child(resolved, Field::Body);
      if (body == kNoNode) break;
      metaAliases_ = metaAliasesIn(body, meta);
      readGridExpression(body, meta, launch);
      metaAliases_.clear();
      break;
    }
    case NodeKind::Tuple:
    case NodeKind::List:
    case NodeKind::ExpressionList:
      site.gridKind = GridKind::Tuple;
      candidate.gridLooksLikeGrid = true;
      readGridExpression(resolved, {}, launch);
      break;
    default:
      site.gridKind = GridKind::Unknown;
      readGridExpression(resolved, {}, launch);
      break;
    }
  }

  // The kernel a launch subscripts: itself, or the kernel PyTorch's
  // `torch.library.wrap_triton(kernel)` (formerly `capture_triton`) wraps so
  // that torch.compile can trace the launch; the launch is the kernel's own.
  NodeId launchedKernelOf(NodeId expression) const {
    if (expression == kNoNode || tree_.kind(expression) != NodeKind::Call) return expression;
    NodeId callee = tree_.child(expression, Field::Function);
    if (callee == kNoNode) return expression;
    std::string_view name = tree_.text(callee);
    name = name.substr(name.rfind('.') == std::string_view::npos ? 0 : name.rfind('.') + 1);
    if (name != "wrap_triton" && name != "capture_triton") return expression;
    NodeId arguments = tree_.child(expression, Field::Arguments);
    if (arguments == kNoNode) return expression;
    NodeId only = kNoNode;
    for (NodeId argument : tree_.children(arguments)) {
      if (tree_.kind(argument) == NodeKind::Comment) continue;
      if (only != kNoNode) return expression;
      only = argument;
    }
    return only == kNoNode ? expression : only;
  }

  void readLaunch(NodeId call, NodeId subscript, NodeId function) {
    NodeId kernelExpression = launchedKernelOf(tree_.child(subscript, Field::Value));
    if (kernelExpression == kNoNode) return;
    NodeKind kind = tree_.kind(kernelExpression);
    if (kind != NodeKind::Identifier && kind != NodeKind::Attribute) return;
    std::vector<NodeId> indices;
    for (NodeId child : tree_.children(subscript))
      if (tree_.node(child).field == Field::SubscriptIndex) indices.push_back(child);
    if (indices.empty()) return;

    LaunchCandidate candidate;
    candidate.call = call;
    LaunchSyntax &launch = candidate.syntax;
    LaunchSite &site = launch.site;
    site.kernel = std::string(tree_.text(kernelExpression));
    candidate.kernelBaseName = site.kernel.substr(site.kernel.rfind('.') + 1);
    site.span = tree_.span(call);
    launch.point = {tree_.node(call).startByte, function};
    if (function != kNoNode) {
      NodeId name = tree_.child(function, Field::Name);
      if (name != kNoNode) site.enclosingFunction = std::string(tree_.text(name));
    }
    readGrid(indices, function, tree_.node(call).startByte, candidate);
    if (function != kNoNode) {
      NodeId body = tree_.child(function, Field::Body);
      if (body != kNoNode) readGuards(body, tree_.node(call).startByte, site.guards);
    }

    NodeId arguments = tree_.child(call, Field::Arguments);
    size_t position = 0;
    if (arguments != kNoNode && tree_.kind(arguments) == NodeKind::ArgumentList) {
      for (NodeId argumentNode : tree_.children(arguments)) {
        NodeKind argumentKind = tree_.kind(argumentNode);
        if (argumentKind == NodeKind::Comment) continue;
        LaunchArgument entry;
        NodeId value = argumentNode;
        if (argumentKind == NodeKind::KeywordArgument) {
          NodeId name = tree_.child(argumentNode, Field::Name);
          value = tree_.child(argumentNode, Field::Value);
          if (name == kNoNode || value == kNoNode) continue;
          entry.name = std::string(tree_.text(name));
        } else if (argumentKind == NodeKind::ListSplat) {
          // `*strides`: as many positions as the tuple it unpacks holds, when
          // the launching function shows it (`(s0, s1, s2) if c else (0, 0,
          // 0)`); otherwise no later positional argument has a known place.
          const NodeId operand = tree_.firstChild(argumentNode);
          std::vector<NodeId> elements;
          const std::optional<size_t> length = splatLength(operand, function, tree_.node(call).startByte, elements, 0);
          const size_t count = length ? *length : 1;
          for (size_t i = 0; i < count; ++i) {
            LaunchArgument element;
            element.position = position == LaunchArgument::kUnknownPosition ? position : position++;
            const NodeId written = i < elements.size() ? elements[i] : kNoNode;
            element.text = written != kNoNode ? std::string(tree_.text(written))
                           : length           ? std::string(tree_.text(operand)) + "[" + std::to_string(i) + "]"
                                              : std::string(tree_.text(argumentNode));
            element.span = tree_.span(argumentNode);
            element.value = ScalarValue::unknown("unpacked argument");
            site.arguments.push_back(std::move(element));
            launch.argumentValues.push_back(kNoNode);
          }
          if (!length) position = LaunchArgument::kUnknownPosition;
          continue;
        } else if (argumentKind == NodeKind::DictionarySplat) {
          entry.position = LaunchArgument::kUnknownPosition;
          entry.text = std::string(tree_.text(argumentNode));
          entry.span = tree_.span(argumentNode);
          entry.value = ScalarValue::unknown("unpacked argument");
          site.arguments.push_back(std::move(entry));
          launch.argumentValues.push_back(kNoNode);
          continue;
        } else {
          entry.position = position == LaunchArgument::kUnknownPosition ? position : position++;
        }
        entry.text = std::string(tree_.text(value));
        entry.span = tree_.span(value);
        if (function != kNoNode && tree_.kind(value) == NodeKind::Identifier)
          if (NodeId body = tree_.child(function, Field::Body); body != kNoNode) {
            std::optional<size_t> element;
            if (NodeId assigned = lastAssignmentBefore(body, tree_.text(value), tree_.node(call).startByte, &element);
                assigned != kNoNode)
              entry.definitionText = std::string(tree_.text(assigned)) +
                                     (element ? "[" + std::to_string(*element) + "]" : std::string());
            const std::vector<NodeId> possible =
                possibleAssignmentsBefore(body, tree_.text(value), tree_.node(call).startByte);
            if (possible.size() > 1)
              for (NodeId text : possible) entry.armDefinitionTexts.emplace_back(tree_.text(text));
          }
        if (function != kNoNode && tree_.kind(value) == NodeKind::BinaryOperator)
          if (NodeId body = tree_.child(function, Field::Body); body != kNoNode)
            collectNameDefinitions(body, value, tree_.node(call).startByte, 0, entry.nameDefinitions);
        entry.elementType =
            hostElementType(value, function, tree_.node(call).startByte, 0, &entry.elementTypeAlternatives);
        site.arguments.push_back(std::move(entry));
        launch.argumentValues.push_back(value);
      }
    }
    eventsByFunction_[function].push_back({TimingEvent::Launch, call, candidate.kernelBaseName});
    // `kernel = bk_major if trans_b else bn_major` before `kernel[grid](...)`,
    // or `kernel = ...` in each arm of an `if` before it: the call launches
    // one of them, each with these arguments.
    std::vector<std::string> aliased;
    if (kind == NodeKind::Identifier && function != kNoNode)
      if (NodeId body = tree_.child(function, Field::Body); body != kNoNode) {
        std::vector<NodeId> values =
            possibleAssignmentsBefore(body, tree_.text(kernelExpression), tree_.node(call).startByte);
        if (values.empty())
          values.push_back(lastAssignmentBefore(body, tree_.text(kernelExpression), tree_.node(call).startByte));
        for (NodeId assigned : values)
          if (!kernelsNamedBy(assigned, aliased, 0)) {
            aliased.clear();
            break;
          }
      }
    for (size_t i = 1; i < aliased.size(); ++i) {
      LaunchCandidate alternative = candidate;
      alternative.syntax.site.kernel = aliased[i];
      alternative.kernelBaseName = aliased[i].substr(aliased[i].rfind('.') + 1);
      candidates_.push_back(std::move(alternative));
    }
    if (!aliased.empty()) {
      candidate.syntax.site.kernel = aliased.front();
      candidate.kernelBaseName = aliased.front().substr(aliased.front().rfind('.') + 1);
    }
    candidates_.push_back(std::move(candidate));
  }

  // The kernel names an alias is assigned: `a`, `mod.a`, or each arm of `a
  // if c else b` (nested too). False for anything else.
  bool kernelsNamedBy(NodeId value, std::vector<std::string> &names, int depth) const {
    value = value != kNoNode ? tree_.unparenthesize(value) : kNoNode;
    if (value == kNoNode || depth > 4) return false;
    const NodeKind kind = tree_.kind(value);
    if (kind == NodeKind::Identifier || kind == NodeKind::Attribute) {
      names.emplace_back(tree_.text(value));
      return true;
    }
    if (kind != NodeKind::ConditionalExpression) return false;
    std::vector<NodeId> parts; // value, condition, alternative
    for (NodeId child : tree_.children(value))
      if (tree_.kind(child) != NodeKind::Comment && !SyntaxTree::isOperatorToken(tree_.kind(child)))
        parts.push_back(child);
    return parts.size() == 3 && kernelsNamedBy(parts[0], names, depth + 1) &&
           kernelsNamedBy(parts[2], names, depth + 1);
  }

  void finishLaunches() {
    std::unordered_set<std::string> kernelNames;
    for (const KernelSyntax &syntax : file_.kernels) kernelNames.insert(syntax.kernel.name);
    for (const AppliedChain &chain : chains_)
      if (!chain.assignedName.empty()) kernelNames.insert(chain.assignedName);
    for (LaunchCandidate &candidate : candidates_) {
      bool accepted = candidate.gridLooksLikeGrid || kernelNames.count(candidate.kernelBaseName);
      if (accepted) file_.launches.push_back(std::move(candidate.syntax));
      else rejectedLaunches_.insert(candidate.call);
    }
  }

  std::unordered_set<NodeId> rejectedLaunches_;
  std::vector<std::pair<std::string, NodeId>> configsReplaced_;

  void attachConfigReplacements() {
    for (const auto &[name, assignment] : configsReplaced_)
      for (KernelSyntax &syntax : file_.kernels)
        if (syntax.kernel.name == name) syntax.kernel.configsReplacedAt.push_back(tree_.span(assignment));
  }

  // ---- guards before a launch -------------------------------------------------

  // `block`: the launching function's body, where a name the condition
  // compares with (`alignment = 256; assert K % alignment == 0`) is looked up.
  void readGuard(NodeId condition, std::vector<LaunchGuard> &guards, NodeId block) {
    condition = tree_.unparenthesize(condition);
    if (condition == kNoNode) return;
    if (tree_.kind(condition) == NodeKind::BooleanOperator) {
      NodeId op = tree_.child(condition, Field::Operator);
      if (op == kNoNode || tree_.kind(op) != NodeKind::OpAnd) return;
      readGuard(tree_.child(condition, Field::Left), guards, block);
      readGuard(tree_.child(condition, Field::Right), guards, block);
      return;
    }
    Comparison comparison;
    if (!readComparison(tree_, condition, comparison)) return;
    const NodeId operands[2] = {comparison.left, comparison.right};
    const NodeKind op = comparison.op;
    const uint32_t position = tree_.node(condition).startByte;
    // An integer literal, or a name last assigned one before the assert.
    auto integer = [&](NodeId node, int64_t &value) {
      node = tree_.unparenthesize(node);
      if (node != kNoNode && tree_.kind(node) == NodeKind::Identifier && block != kNoNode)
        node = tree_.unparenthesize(lastAssignmentBefore(block, tree_.text(node), position));
      return node != kNoNode && tree_.kind(node) == NodeKind::Integer &&
             parseIntegerLiteral(tree_.text(node), value);
    };
    if (!comparisonSpelling(op, false)) return;
    LaunchGuard guard;
    guard.span = tree_.span(condition);
    int64_t value = 0;
    NodeId named = kNoNode;
    if (integer(operands[1], value)) {
      named = operands[0];
      guard.op = comparisonSpelling(op, false);
    } else if (integer(operands[0], value)) {
      named = operands[1];
      guard.op = comparisonSpelling(op, true); // 16 <= x reads x >= 16
    } else {
      return;
    }
    guard.value = value;
    // name % k == 0
    NodeId inner = tree_.unparenthesize(named);
    if (op == NodeKind::OpEqual && value == 0 && inner != kNoNode &&
        tree_.kind(inner) == NodeKind::BinaryOperator) {
      NodeId binary = tree_.child(inner, Field::Operator);
      int64_t divisor = 0;
      if (binary == kNoNode || tree_.kind(binary) != NodeKind::OpPercent ||
          !integer(tree_.child(inner, Field::Right), divisor))
        return;
      guard.op = "%==0";
      guard.value = divisor;
      inner = tree_.unparenthesize(tree_.child(inner, Field::Left));
    }
    if (inner == kNoNode) return;
    guard.name = std::string(tree_.text(inner));
    guards.push_back(std::move(guard));
  }

  // Asserts on the way from the function's start to `position`.
  // Calls `visit` with each statement that ends before `position`, in
  // order: those of `block`, then of the blocks of it that hold `position`
  // (the arms the code at `position` runs in), not entering definitions.
  template <typename Visit> void forEachStatementBefore(NodeId block, uint32_t position, Visit &&visit) const {
    for (NodeId statement : tree_.children(block)) {
      const SyntaxNode &node = tree_.node(statement);
      if (node.startByte >= position) return;
      if (node.endByte <= position) {
        visit(statement);
        continue;
      }
      NodeKind kind = tree_.kind(statement);
      if (kind == NodeKind::FunctionDefinition || kind == NodeKind::DecoratedDefinition ||
          kind == NodeKind::ClassDefinition)
        return;
      for (NodeId child : tree_.children(statement)) {
        NodeId inner = tree_.kind(child) == NodeKind::Block ? child : tree_.childOfKind(child, NodeKind::Block);
        if (inner == kNoNode) continue;
        const SyntaxNode &innerNode = tree_.node(inner);
        if (innerNode.startByte <= position && position <= innerNode.endByte)
          forEachStatementBefore(inner, position, visit);
      }
      return;
    }
  }

  // The value last assigned to `name` by a plain `name = value` (or a chain,
  // `a = name = value`) before `position`, on the way to it.
  // The definitions of the names `expression` reads, and of the names
  // those read, as the function last assigned them before `position`.
  void collectNameDefinitions(NodeId body, NodeId expression, uint32_t position, int depth,
                              std::vector<std::pair<std::string, std::string>> &into) const {
    if (expression == kNoNode || depth > 1 || into.size() >= 8) return;
    if (tree_.kind(expression) == NodeKind::Identifier) {
      const std::string_view name = tree_.text(expression);
      for (const auto &known : into)
        if (known.first == name) return;
      NodeId assigned = lastAssignmentBefore(body, name, position);
      if (assigned == kNoNode) return;
      into.emplace_back(std::string(name), std::string(tree_.text(assigned)));
      collectNameDefinitions(body, assigned, position, depth + 1, into);
      return;
    }
    if (tree_.kind(expression) == NodeKind::Call || tree_.kind(expression) == NodeKind::Attribute) return;
    for (NodeId child : tree_.children(expression)) collectNameDefinitions(body, child, position, depth, into);
  }

  // How many values `*operand` unpacks at `before` in `function`: a tuple or
  // list written out, a name the function last assigned one (in every arm
  // of an `if` alike), or a conditional whose arms hold as many; nullopt
  // otherwise. `elements`: the values written out, when one literal is.
  std::optional<size_t> splatLength(NodeId operand, NodeId function, uint32_t before, std::vector<NodeId> &elements,
                                    int depth) const {
    operand = tree_.unparenthesize(operand);
    if (operand == kNoNode || depth > 4) return std::nullopt;
    const NodeKind kind = tree_.kind(operand);
    if (kind == NodeKind::Tuple || kind == NodeKind::List) {
      elements.clear();
      for (NodeId child : tree_.children(operand)) {
        const NodeKind childKind = tree_.kind(child);
        if (childKind == NodeKind::Comment || SyntaxTree::isOperatorToken(childKind) || childKind == NodeKind::Other)
          continue;
        if (childKind == NodeKind::ListSplat) return std::nullopt;
        elements.push_back(child);
      }
      return elements.size();
    }
    if (kind == NodeKind::ConditionalExpression) {
      // `value if condition else other`: the first and the third part.
      std::vector<NodeId> parts;
      for (NodeId child : tree_.children(operand))
        if (tree_.kind(child) != NodeKind::Comment && !SyntaxTree::isOperatorToken(tree_.kind(child)))
          parts.push_back(child);
      if (parts.size() != 3) return std::nullopt;
      std::vector<NodeId> ignored;
      const std::optional<size_t> first = splatLength(parts[0], function, before, ignored, depth + 1);
      const std::optional<size_t> second = splatLength(parts[2], function, before, ignored, depth + 1);
      elements.clear();
      if (!first || !second || *first != *second) return std::nullopt;
      return first;
    }
    if (kind != NodeKind::Identifier || function == kNoNode) return std::nullopt;
    const NodeId body = tree_.child(function, Field::Body);
    if (body == kNoNode) return std::nullopt;
    std::vector<NodeId> assigned = possibleAssignmentsBefore(body, tree_.text(operand), before);
    if (assigned.empty()) assigned.push_back(lastAssignmentBefore(body, tree_.text(operand), before));
    std::optional<size_t> length;
    std::vector<NodeId> written;
    for (NodeId value : assigned) {
      std::vector<NodeId> armElements;
      const std::optional<size_t> arm = splatLength(value, function, before, armElements, depth + 1);
      if (!arm || (length && *length != *arm)) return std::nullopt;
      length = arm;
      written = assigned.size() == 1 ? armElements : std::vector<NodeId>{};
    }
    elements = written;
    return length;
  }

  // The value last assigned to `name` in `block` before `position`. A tuple
  // target takes its element of a written tuple (`a, b = x, y`); unpacking
  // anything else (`BLOCK, warps = settings(n)`) gives the whole value and,
  // where `unpackedElement` asks for it, the element's position; otherwise it
  // is not a definition of `name`.
  NodeId lastAssignmentBefore(NodeId block, std::string_view name, uint32_t position,
                              std::optional<size_t> *unpackedElement = nullptr) const {
    NodeId found = kNoNode;
    forEachStatementBefore(block, position, [&](NodeId statement) {
      if (tree_.kind(statement) != NodeKind::ExpressionStatement) return;
      NodeId assignment = tree_.firstChild(statement);
      bool assigns = false;
      std::optional<size_t> element;
      NodeId value = kNoNode;
      for (; assignment != kNoNode && tree_.kind(assignment) == NodeKind::Assignment;
           assignment = tree_.child(assignment, Field::Right)) {
        NodeId left = tree_.child(assignment, Field::Left);
        if (left != kNoNode && tree_.kind(left) == NodeKind::Identifier && tree_.text(left) == name) assigns = true;
        if (left != kNoNode && (tree_.kind(left) == NodeKind::PatternList || tree_.kind(left) == NodeKind::TuplePattern)) {
          size_t index = 0;
          bool starred = false; // `a, *rest = ...`: positions after the star are not the value's
          for (NodeId target : tree_.children(left)) {
            if (tree_.kind(target) == NodeKind::Comment) continue;
            starred = starred || tree_.kind(target) == NodeKind::ListSplatPattern;
            if (!starred && tree_.kind(target) == NodeKind::Identifier && tree_.text(target) == name) element = index;
            ++index;
          }
        }
        value = tree_.child(assignment, Field::Right);
      }
      if (value == kNoNode) return;
      if (assigns) {
        found = value;
        if (unpackedElement) unpackedElement->reset();
      } else if (element && (tree_.kind(value) == NodeKind::ExpressionList || tree_.kind(value) == NodeKind::Tuple)) {
        size_t index = 0;
        for (NodeId item : tree_.children(value)) {
          if (tree_.kind(item) == NodeKind::Comment) continue;
          if (index++ == *element) found = item;
        }
        if (unpackedElement) unpackedElement->reset();
      } else if (element && unpackedElement) {
        found = value;
        *unpackedElement = element;
      }
    });
    return found;
  }

  // Each value `name` may hold at `position`: the last plain assignment on
  // the way there; where an `if` after it assigns the name in its arms,
  // each arm's value (with the earlier ones, unless every arm and an else
  // assign it). Empty when nothing assigns it.
  std::vector<NodeId> possibleAssignmentsBefore(NodeId block, std::string_view name, uint32_t position) const {
    std::vector<NodeId> values;
    forEachStatementBefore(block, position, [&](NodeId statement) {
      const SyntaxNode &node = tree_.node(statement);
      if (tree_.text(statement).find(name) == std::string_view::npos) return; // cannot assign it
      if (tree_.kind(statement) == NodeKind::ExpressionStatement) {
        const NodeId value = lastAssignmentBefore(block, name, node.endByte);
        if (value != kNoNode && tree_.node(value).startByte >= node.startByte) values = {value};
        return;
      }
      if (tree_.kind(statement) != NodeKind::IfStatement) return;
      std::vector<NodeId> arms;
      bool everyArm = true, hasElse = false;
      auto arm = [&](NodeId armBlock) {
        const NodeId value = armBlock != kNoNode ? lastAssignmentBefore(armBlock, name, tree_.node(armBlock).endByte)
                                                 : kNoNode;
        if (value != kNoNode) arms.push_back(value);
        else everyArm = false;
      };
      arm(tree_.child(statement, Field::Consequence));
      for (NodeId child : tree_.children(statement)) {
        if (tree_.kind(child) == NodeKind::ElifClause) arm(tree_.child(child, Field::Consequence));
        if (tree_.kind(child) == NodeKind::ElseClause) {
          hasElse = true;
          arm(tree_.child(child, Field::Body));
        }
      }
      if (arms.empty()) return;
      if (!everyArm || !hasElse) arms.insert(arms.end(), values.begin(), values.end());
      values = std::move(arms);
    });
    return values;
  }

  // ---- element types of host tensors -------------------------------------------

  static constexpr int kMaxHostTypeDepth = 6;

  // The element type a `dtype` expression names ("torch.float16" -> "fp16").
  std::string dtypeNamed(NodeId node) const {
    node = tree_.unparenthesize(node);
    if (node == kNoNode || (tree_.kind(node) != NodeKind::Attribute && tree_.kind(node) != NodeKind::Identifier))
      return {};
    const std::string path = canonical(node);
    return path.rfind("torch.", 0) == 0 ? dtypeNameForPath(path) : std::string();
  }

  // The element type of the tensor `value` evaluates to in `function` at
  // `before`, as the code shows it; empty when it does not. Views, slices
  // and copies keep their source's type; factories and casts name theirs; a
  // parameter of `function` takes the type every call of it in the module
  // passes (all calls must agree); an assert before `before` that allows
  // the tensor types of one width (`assert a.dtype in [torch.int8,
  // torch.float8_e4m3fn]`) gives the first, and says so in `alternatives`.
  std::string hostElementType(NodeId value, NodeId function, uint32_t before, int depth,
                              std::string *alternatives = nullptr) {
    value = tree_.unparenthesize(value);
    if (value == kNoNode || depth > kMaxHostTypeDepth) return {};
    switch (tree_.kind(value)) {
    case NodeKind::Subscript:
      return hostElementType(tree_.child(value, Field::Value), function, before, depth + 1, alternatives);
    case NodeKind::Identifier: {
      const std::string_view name = tree_.text(value);
      if (function == kNoNode) return {};
      if (NodeId body = tree_.child(function, Field::Body); body != kNoNode) {
        if (NodeId assigned = lastAssignmentBefore(body, name, before); assigned != kNoNode)
          return hostElementType(assigned, function, tree_.node(assigned).startByte, depth + 1, alternatives);
        uint32_t assertLine = 0;
        const std::vector<std::string> allowed = assertedElementTypes(body, name, before, depth + 1, assertLine);
        if (!allowed.empty()) {
          const int bits = dtypeBits(allowed.front());
          const bool oneWidth = bits > 0 && std::all_of(allowed.begin(), allowed.end(), [&](const std::string &t) {
            return dtypeBits(t) == bits;
          });
          if (!oneWidth) return {};
          if (allowed.size() > 1 && alternatives) {
            std::string listed;
            for (size_t i = 0; i < allowed.size(); ++i)
              listed += (i == 0 ? "" : i + 1 == allowed.size() ? " or " : ", ") + allowed[i];
            *alternatives = listed + " (the assert at line " + std::to_string(assertLine) + "; " +
                            std::to_string(bits / 8) + (bits == 8 ? " byte" : " bytes") + " either way)";
          }
          return allowed.front();
        }
      }
      return parameterElementType(function, name, depth + 1);
    }
    case NodeKind::Call:
      break;
    default:
      return {};
    }
    NodeId callee = tree_.child(value, Field::Function);
    if (callee == kNoNode) return {};
    if (tree_.kind(callee) == NodeKind::Attribute) {
      NodeId method = tree_.child(callee, Field::AttributeName);
      NodeId object = tree_.child(callee, Field::Object);
      const std::string_view name = method != kNoNode ? tree_.text(method) : std::string_view();
      const std::string path = canonical(callee);
      if (path.rfind("torch.", 0) == 0) {
        // Factories: the dtype they are given, else (for *_like) their model's.
        static constexpr std::string_view factories[] = {
            "torch.empty", "torch.zeros", "torch.ones", "torch.full", "torch.rand", "torch.randn",
            "torch.randint", "torch.empty_strided", "torch.tensor", "torch.arange", "torch.empty_like",
            "torch.zeros_like", "torch.ones_like", "torch.full_like", "torch.rand_like", "torch.randn_like"};
        if (std::find(std::begin(factories), std::end(factories), path) == std::end(factories)) return {};
        if (NodeId dtype = keywordArgument(value, "dtype"); dtype != kNoNode) return dtypeNamed(dtype);
        if (path.size() > 5 && path.compare(path.size() - 5, 5, "_like") == 0)
          return hostElementType(positionalArgument(value, 0), function, before, depth + 1);
        return {};
      }
      // Casts.
      static const std::pair<std::string_view, std::string_view> casts[] = {
          {"half", "fp16"}, {"float", "fp32"}, {"bfloat16", "bf16"}, {"double", "fp64"},
          {"int", "int32"}, {"long", "int64"}, {"short", "int16"},  {"char", "int8"},
          {"byte", "uint8"}, {"bool", "int1"}};
      const bool noArguments = positionalArgument(value, 0) == kNoNode && keywordArgument(value, "dtype") == kNoNode;
      for (const auto &[method, type] : casts)
        if (name == method && noArguments) return std::string(type);
      if (name == "to" || name == "type") {
        if (NodeId dtype = keywordArgument(value, "dtype"); dtype != kNoNode) return dtypeNamed(dtype);
        for (size_t position : {0, 1})
          if (std::string named = dtypeNamed(positionalArgument(value, position)); !named.empty()) return named;
        // `.to(device)`, `.to("cuda")`, `.to(x.device)` keep the type; `.to(other)`
        // may take another tensor's (or a dtype held in a variable).
        NodeId target = tree_.unparenthesize(positionalArgument(value, 0));
        const bool keepsType =
            target == kNoNode || tree_.kind(target) == NodeKind::String ||
            (tree_.kind(target) == NodeKind::Attribute && tree_.child(target, Field::AttributeName) != kNoNode &&
             tree_.text(tree_.child(target, Field::AttributeName)) == "device") ||
            (tree_.kind(target) == NodeKind::Identifier && tree_.text(target).find("device") != std::string_view::npos);
        return keepsType ? hostElementType(object, function, before, depth + 1, alternatives) : std::string();
      }
      if (name == "view") {
        // `x.view(torch.int8)` reinterprets; `x.view(M, K)` keeps the type.
        if (std::string named = dtypeNamed(positionalArgument(value, 0)); !named.empty()) return named;
        if (NodeId dtype = keywordArgument(value, "dtype"); dtype != kNoNode) return dtypeNamed(dtype);
        return hostElementType(object, function, before, depth + 1, alternatives);
      }
      static constexpr std::string_view keeping[] = {
          "reshape", "contiguous", "transpose", "t", "T", "permute", "flatten", "expand", "expand_as",
          "squeeze", "unsqueeze", "narrow", "clone", "detach", "repeat", "view_as", "reshape_as",
          "as_strided", "unflatten", "movedim", "mT", "cuda", "slice"};
      if (std::find(std::begin(keeping), std::end(keeping), name) != std::end(keeping))
        return hostElementType(object, function, before, depth + 1, alternatives);
    }
    return {};
  }

  // The element types the asserts before `before` allow for the tensor
  // `name` (`assert x.dtype == torch.float16`, `x.dtype in (torch.int8,
  // torch.uint8)`, `x.dtype == w.dtype` with w's allowed), in the order
  // written, those of every assert that says; empty when none says.
  // `assertLine` gets the line of the last assert read.
  std::vector<std::string> assertedElementTypes(NodeId body, std::string_view name, uint32_t before, int depth,
                                                uint32_t &assertLine) {
    std::vector<std::string> allowed;
    bool constrained = false;
    if (depth > kMaxHostTypeDepth) return allowed;
    auto dtypeOf = [&](NodeId node, std::string_view &tensor) {
      node = tree_.unparenthesize(node);
      if (node == kNoNode || tree_.kind(node) != NodeKind::Attribute) return false;
      const NodeId object = tree_.unparenthesize(tree_.child(node, Field::Object));
      const NodeId attribute = tree_.child(node, Field::AttributeName);
      if (object == kNoNode || attribute == kNoNode || tree_.kind(object) != NodeKind::Identifier ||
          tree_.text(attribute) != "dtype")
        return false;
      tensor = tree_.text(object);
      return true;
    };
    auto narrow = [&](std::vector<std::string> types, NodeId where) {
      if (types.empty()) return;
      if (constrained) {
        std::vector<std::string> kept;
        for (const std::string &type : allowed)
          if (std::find(types.begin(), types.end(), type) != types.end()) kept.push_back(type);
        types = std::move(kept);
      }
      allowed = std::move(types);
      constrained = true;
      assertLine = tree_.span(where).line;
    };
    std::function<void(NodeId)> read = [&](NodeId condition) {
      condition = tree_.unparenthesize(condition);
      if (condition == kNoNode) return;
      if (tree_.kind(condition) == NodeKind::BooleanOperator) {
        const NodeId op = tree_.child(condition, Field::Operator);
        if (op == kNoNode || tree_.kind(op) != NodeKind::OpAnd) return;
        read(tree_.child(condition, Field::Left));
        read(tree_.child(condition, Field::Right));
        return;
      }
      Comparison comparison;
      if (!readComparison(tree_, condition, comparison)) return;
      std::string_view left, right;
      const bool leftIs = dtypeOf(comparison.left, left) && left == name;
      const bool rightIs = dtypeOf(comparison.right, right) && right == name;
      if (!leftIs && !rightIs) return;
      const NodeId other = leftIs ? comparison.right : comparison.left;
      std::vector<std::string> types;
      if (comparison.op == NodeKind::OpEqual) {
        std::string_view tensor;
        if (std::string named = dtypeNamed(other); !named.empty()) types.push_back(std::move(named));
        else if (dtypeOf(other, tensor) && tensor != name) {
          uint32_t line = 0;
          types = assertedElementTypes(body, tensor, before, depth + 1, line);
        }
      } else if (comparison.op == NodeKind::OpIn && leftIs) {
        const NodeId listed = tree_.unparenthesize(other);
        if (listed == kNoNode || (tree_.kind(listed) != NodeKind::List && tree_.kind(listed) != NodeKind::Tuple &&
                                  tree_.kind(listed) != NodeKind::Set))
          return;
        for (NodeId element : tree_.children(listed)) {
          if (tree_.kind(element) == NodeKind::Comment) continue;
          std::string named = dtypeNamed(element);
          if (named.empty()) return; // a type btlint does not name: the assert says nothing it can use
          if (std::find(types.begin(), types.end(), named) == types.end()) types.push_back(std::move(named));
        }
      }
      narrow(std::move(types), condition);
    };
    forEachStatementBefore(body, before, [&](NodeId statement) {
      if (tree_.kind(statement) == NodeKind::AssertStatement) read(firstExpression(statement));
    });
    return allowed;
  }

  // Calls in the module by the name they call (identifiers only), found once.
  std::unordered_map<std::string_view, std::vector<NodeId>> callsByName_;
  bool callsIndexed_ = false;

  // The element type every call of `function` in the module passes for its
  // parameter `name` (positionally or by keyword); empty when a call passes
  // none we can read, or two calls disagree.
  std::string parameterElementType(NodeId function, std::string_view name, int depth) {
    if (depth > kMaxHostTypeDepth || tree_.kind(function) != NodeKind::FunctionDefinition) return {};
    NodeId functionName = tree_.child(function, Field::Name);
    if (functionName == kNoNode) return {};
    // Past `*args` or a keyword-only marker, positions no longer map.
    const std::vector<std::string_view> names = tree_.positionalParameterNames(function);
    auto named = std::find(names.begin(), names.end(), name);
    if (named == names.end()) return {};
    const size_t position = static_cast<size_t>(named - names.begin());
    if (!callsIndexed_) {
      callsIndexed_ = true;
      for (NodeId node = 0; node < tree_.size(); ++node) {
        if (tree_.kind(node) != NodeKind::Call) continue;
        NodeId callee = tree_.child(node, Field::Function);
        if (callee != kNoNode && tree_.kind(callee) == NodeKind::Identifier)
          callsByName_[tree_.text(callee)].push_back(node);
      }
    }
    auto calls = callsByName_.find(tree_.text(functionName));
    if (calls == callsByName_.end() || calls->second.empty()) return {};
    std::string agreed;
    for (NodeId call : calls->second) {
      NodeId given = keywordArgument(call, name);
      if (given == kNoNode) given = positionalArgument(call, position);
      if (given == kNoNode) return {};
      NodeId caller = tree_.parent(call);
      while (caller != kNoNode && tree_.kind(caller) != NodeKind::FunctionDefinition) caller = tree_.parent(caller);
      const std::string type = hostElementType(given, caller, tree_.node(call).startByte, depth + 1);
      if (type.empty() || (!agreed.empty() && type != agreed)) return {};
      agreed = type;
    }
    return agreed;
  }

  void readGuards(NodeId block, uint32_t position, std::vector<LaunchGuard> &guards) {
    forEachStatementBefore(block, position, [&](NodeId statement) {
      if (tree_.kind(statement) != NodeKind::AssertStatement) return;
      NodeId condition = firstExpression(statement);
      if (condition != kNoNode) readGuard(condition, guards, block);
    });
  }

  // ---- host timing -------------------------------------------------------------

  void finishTiming() {
    // Functions of this file that launch a kernel, directly.
    std::unordered_set<std::string> launching;
    for (const auto &[function, events] : eventsByFunction_) {
      if (function == kNoNode) continue;
      for (const TimingEvent &event : events)
        if (event.kind == TimingEvent::Launch && !rejectedLaunches_.count(event.node)) {
          NodeId name = tree_.child(function, Field::Name);
          if (name != kNoNode) launching.emplace(tree_.text(name));
          break;
        }
    }
    for (auto &[function, events] : eventsByFunction_) {
      std::sort(events.begin(), events.end(), [&](const TimingEvent &a, const TimingEvent &b) {
        return tree_.node(a.node).startByte < tree_.node(b.node).startByte;
      });
      const TimingEvent *openTimer = nullptr;
      bool launched = false, synced = false;
      for (const TimingEvent &event : events) {
        switch (event.kind) {
        case TimingEvent::Timer:
          if (openTimer && launched && !synced) {
            BenchSyntax bench;
            bench.call.function = openTimer->name;
            bench.call.span = tree_.source().span(tree_.node(openTimer->node).startByte,
                                                  tree_.node(event.node).endByte);
            bench.call.hostClockWithoutSync = true;
            bench.point = {tree_.node(openTimer->node).startByte, function};
            file_.benchCalls.push_back(std::move(bench));
          }
          openTimer = &event;
          launched = synced = false;
          break;
        case TimingEvent::Sync: synced = true; break;
        case TimingEvent::Launch:
          if (!rejectedLaunches_.count(event.node)) launched = true;
          break;
        case TimingEvent::Call:
          if (launching.count(event.name)) launched = true;
          break;
        }
      }
    }
  }
};

} // namespace

AutotuneSyntax tritonAutotuneArguments(const SyntaxTree &tree, NodeId call, EvaluationPoint point) {
  AutotuneSyntax autotune;
  autotune.call = call;
  autotune.point = point;
  autotune.configs = tree.callArgument(call, 0, "configs");
  autotune.key = tree.callArgument(call, 1, "key");
  autotune.pruneConfigsBy = tree.callArgument(call, 2, "prune_configs_by");
  autotune.resetToZero = tree.callArgument(call, 3, "reset_to_zero");
  autotune.restoreValue = tree.callArgument(call, 4, "restore_value");
  auto given = [&](NodeId node) { return node != kNoNode && tree.kind(node) != NodeKind::None; };
  autotune.hasHook = given(tree.callArgument(call, 5, "pre_hook")) || given(tree.callArgument(call, 6, "post_hook"));
  return autotune;
}

void readModule(PythonParsedFile &file) {
  ModuleReader reader(file);
  reader.read();
}

} // namespace btlint::python
