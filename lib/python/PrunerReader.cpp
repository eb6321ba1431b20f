#include "python/PrunerReader.h"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <vector>

namespace btlint::python {

namespace {

struct Keys {
  std::vector<std::string> config;   // meta-parameters read from a config
  std::vector<std::string> argument; // kernel arguments read from named_args
};

class PrunerReader {
public:
  PrunerReader(const SyntaxTree &tree, NodeId definition) : tree_(tree) {
    NodeId parameters = tree_.child(definition, Field::Parameters);
    int position = 0;
    if (parameters != kNoNode)
      for (NodeId parameter : tree_.children(parameters)) {
        NodeId name = tree_.parameterName(parameter);
        if (name == kNoNode) continue;
        // early_config_prune(configs, named_args, **kwargs)
        if (position == 1) namedArgs_ = tree_.text(name);
        ++position;
      }
    body_ = tree_.child(definition, Field::Body);
  }

  PrunerReading read() {
    PrunerReading reading;
    if (body_ == kNoNode) return reading;
    scan(body_, reading);
    // Several returns: no one of them says what the function answers, nor
    // which list a keep test chose (`big = [c for c in configs if ...]`
    // returned only for large shapes).
    if (returns_ != 1) {
      reading.returnComparisons.clear();
      reading.returnPredicates.clear();
      reading.keepComparisons.clear();
      reading.keepPredicates.clear();
    }
    return reading;
  }

private:
  const SyntaxTree &tree_;
  std::string_view namedArgs_;
  NodeId body_ = kNoNode;
  std::unordered_map<std::string_view, Keys> locals_;
  int returns_ = 0;
  int branches_ = 0; // enclosing statements that run on some paths only
  std::unordered_map<std::string_view, std::string> directLocals_; // `B_c = config.kwargs["B_c"]`

  static void addUnique(std::vector<std::string> &list, const std::string &value) {
    if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
  }

  Keys keysOf(NodeId node) {
    Keys keys;
    collect(node, keys);
    return keys;
  }

  void collect(NodeId node, Keys &keys) {
    NodeKind kind = tree_.kind(node);
    if (kind == NodeKind::Subscript) {
      NodeId object = tree_.child(node, Field::Value);
      NodeId key = tree_.child(node, Field::SubscriptIndex);
      std::string name;
      if (key != kNoNode && stringLiteralValue(tree_, key, name)) {
        bool fromArgs = object != kNoNode && tree_.kind(object) == NodeKind::Identifier &&
                        !namedArgs_.empty() && tree_.text(object) == namedArgs_;
        addUnique(fromArgs ? keys.argument : keys.config, name);
        return;
      }
    }
    if (kind == NodeKind::Identifier) {
      auto local = locals_.find(tree_.text(node));
      if (local != locals_.end()) {
        for (const std::string &name : local->second.config) addUnique(keys.config, name);
        for (const std::string &name : local->second.argument) addUnique(keys.argument, name);
      }
      return;
    }
    if (kind == NodeKind::Call) {
      // named_args.get("M") / config.kwargs.get("BLOCK_M")
      NodeId callee = tree_.child(node, Field::Function);
      NodeId arguments = tree_.child(node, Field::Arguments);
      if (callee != kNoNode && tree_.kind(callee) == NodeKind::Attribute && arguments != kNoNode) {
        NodeId method = tree_.child(callee, Field::AttributeName);
        NodeId object = tree_.child(callee, Field::Object);
        NodeId first = tree_.firstChild(arguments);
        std::string name;
        if (method != kNoNode && tree_.text(method) == "get" && first != kNoNode &&
            stringLiteralValue(tree_, first, name)) {
          bool fromArgs = object != kNoNode && tree_.kind(object) == NodeKind::Identifier &&
                          !namedArgs_.empty() && tree_.text(object) == namedArgs_;
          addUnique(fromArgs ? keys.argument : keys.config, name);
          return;
        }
      }
    }
    for (NodeId child : tree_.children(node)) collect(child, keys);
  }

  static bool mentionsLimit(std::string_view text, std::string_view word) {
    std::string lower;
    for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return lower.find(word) != std::string::npos;
  }

  // A `Config(...)` the pruner builds; one given a `pre_hook=` other than
  // None hooks the runs it makes (gemm pruners add `init_to_zero(...)` to
  // their split-K configs).
  void noteConfigCall(NodeId call, PrunerReading &reading) {
    reading.buildsConfigs = true;
    NodeId arguments = tree_.child(call, Field::Arguments);
    if (arguments == kNoNode) return;
    for (NodeId argument : tree_.children(arguments)) {
      if (tree_.kind(argument) != NodeKind::KeywordArgument) continue;
      NodeId name = tree_.child(argument, Field::Name);
      NodeId value = tree_.child(argument, Field::Value);
      if (name != kNoNode && tree_.text(name) == "pre_hook" && value != kNoNode && tree_.kind(value) != NodeKind::None)
        reading.buildsHookedConfigs = true;
    }
  }

  // The config key `node` is, read as it is (`c.kwargs["B_c"]`,
  // `c.kwargs.get("B_c")`, or a local assigned one of those); empty for
  // anything computed from one (`N % B_c`).
  std::string configKeyRead(NodeId node) {
    node = tree_.unparenthesize(node);
    if (node == kNoNode) return {};
    if (tree_.kind(node) == NodeKind::Identifier) {
      auto found = directLocals_.find(tree_.text(node));
      return found != directLocals_.end() ? found->second : std::string();
    }
    if (tree_.kind(node) != NodeKind::Subscript && !(tree_.kind(node) == NodeKind::Call && isGetCall(node))) return {};
    Keys keys;
    collect(node, keys);
    return keys.config.size() == 1 && keys.argument.empty() ? keys.config.front() : std::string();
  }

  // The conjuncts of a test (`a and (b and c)`): comparisons of one config
  // key with an integer, and plain-named calls, each taken as a predicate.
  void readConjuncts(NodeId test, std::vector<PrunerReading::Comparison> &comparisons,
                     std::vector<std::string> &predicates, int depth = 0) {
    test = tree_.unparenthesize(test);
    if (test == kNoNode || depth > 32) return;
    const NodeKind kind = tree_.kind(test);
    if (kind == NodeKind::BooleanOperator) {
      NodeId op = tree_.child(test, Field::Operator);
      if (op == kNoNode || tree_.kind(op) != NodeKind::OpAnd) return;
      readConjuncts(tree_.child(test, Field::Left), comparisons, predicates, depth + 1);
      readConjuncts(tree_.child(test, Field::Right), comparisons, predicates, depth + 1);
      return;
    }
    if (kind == NodeKind::Call) {
      NodeId callee = tree_.child(test, Field::Function);
      if (callee != kNoNode && tree_.kind(callee) == NodeKind::Identifier)
        predicates.emplace_back(tree_.text(callee));
      return;
    }
    Comparison comparison;
    if (!readComparison(tree_, test, comparison)) return;
    const NodeId sides[2] = {comparison.left, comparison.right};
    for (int side = 0; side < 2; ++side) {
      const std::string key = configKeyRead(sides[side]);
      NodeId number = tree_.unparenthesize(sides[1 - side]);
      int64_t value = 0;
      // `0 != B_c` reads as `B_c != 0`.
      const char *op = comparisonSpelling(comparison.op, side == 1);
      if (!op || key.empty() || number == kNoNode || tree_.kind(number) != NodeKind::Integer ||
          !parseIntegerLiteral(tree_.text(number), value))
        continue;
      comparisons.push_back({key, op, value});
      return;
    }
  }

  void scan(NodeId node, PrunerReading &reading) {
    std::set<std::string> &limits = reading.limits;
    NodeKind kind = tree_.kind(node);
    if (kind == NodeKind::ReturnStatement) {
      ++returns_;
      for (NodeId child : tree_.children(node))
        if (tree_.kind(child) != NodeKind::Comment && branches_ == 0)
          readConjuncts(child, reading.returnComparisons, reading.returnPredicates);
    }
    // `[c for c in configs if keep(c)]`: the test of each `if` clause, where
    // the comprehension runs on every path.
    if ((kind == NodeKind::ListComprehension || kind == NodeKind::GeneratorExpression) && branches_ == 0) {
      for (NodeId child : tree_.children(node)) {
        if (tree_.kind(child) != NodeKind::IfClause) continue;
        for (NodeId test : tree_.children(child))
          if (tree_.kind(test) != NodeKind::Comment && !SyntaxTree::isOperatorToken(tree_.kind(test)))
            readConjuncts(test, reading.keepComparisons, reading.keepPredicates);
      }
    }
    // `filter(lambda c: keep(c), configs)`: the lambda's body.
    if (kind == NodeKind::Call) {
      NodeId callee = tree_.child(node, Field::Function);
      NodeId first = tree_.positionalArgument(node, 0);
      first = tree_.unparenthesize(first);
      if (branches_ == 0 && callee != kNoNode && tree_.kind(callee) == NodeKind::Identifier &&
          tree_.text(callee) == "filter" && first != kNoNode && tree_.kind(first) == NodeKind::Lambda)
        readConjuncts(tree_.child(first, Field::Body), reading.keepComparisons, reading.keepPredicates);
    }
    if (kind == NodeKind::Subscript || kind == NodeKind::Call) {
      Keys read;
      if (kind == NodeKind::Subscript || isGetCall(node)) collect(node, read);
      reading.configKeys.insert(read.config.begin(), read.config.end());
    }
    if (kind == NodeKind::Call) {
      NodeId callee = tree_.child(node, Field::Function);
      if (callee != kNoNode && tree_.kind(callee) == NodeKind::Identifier) {
        std::string name(tree_.text(callee));
        if (name == "Config") noteConfigCall(node, reading);
        else if (std::find(reading.helpers.begin(), reading.helpers.end(), name) == reading.helpers.end())
          reading.helpers.push_back(name);
      } else if (callee != kNoNode && tree_.kind(callee) == NodeKind::Attribute) {
        NodeId method = tree_.child(callee, Field::AttributeName);
        if (method != kNoNode && tree_.text(method) == "Config") noteConfigCall(node, reading);
      }
    }
    if (kind == NodeKind::Assignment) {
      NodeId left = tree_.child(node, Field::Left);
      NodeId right = tree_.child(node, Field::Right);
      if (left != kNoNode && right != kNoNode && tree_.kind(left) == NodeKind::Identifier) {
        locals_[tree_.text(left)] = keysOf(right);
        if (std::string key = configKeyRead(right); !key.empty()) directLocals_[tree_.text(left)] = key;
        else directLocals_.erase(tree_.text(left));
      }
      // Unpacking `BLOCK_M, BLOCK_N = kw["BLOCK_M"], kw["BLOCK_N"]`.
      if (left != kNoNode && right != kNoNode &&
          (tree_.kind(left) == NodeKind::PatternList || tree_.kind(left) == NodeKind::TuplePattern)) {
        std::vector<NodeId> targets, values;
        for (NodeId child : tree_.children(left))
          if (tree_.kind(child) == NodeKind::Identifier) targets.push_back(child);
        for (NodeId child : tree_.children(right))
          if (tree_.kind(child) != NodeKind::Comment) values.push_back(child);
        if (targets.size() == values.size())
          for (size_t i = 0; i < targets.size(); ++i) {
            locals_[tree_.text(targets[i])] = keysOf(values[i]);
            if (std::string key = configKeyRead(values[i]); !key.empty()) directLocals_[tree_.text(targets[i])] = key;
            else directLocals_.erase(tree_.text(targets[i]));
          }
      }
    }
    if (kind == NodeKind::Identifier || kind == NodeKind::String) {
      std::string_view text = tree_.text(node);
      if (mentionsLimit(text, "shared") || mentionsLimit(text, "smem") || mentionsLimit(text, "lds"))
        limits.insert("smem");
      if (mentionsLimit(text, "num_regs") || mentionsLimit(text, "register"))
        limits.insert("registers");
    }
    if (kind == NodeKind::ComparisonOperator) {
      std::vector<NodeId> operands;
      for (NodeId child : tree_.children(node))
        if (tree_.node(child).field != Field::Operators && tree_.kind(child) != NodeKind::Comment)
          operands.push_back(child);
      for (size_t i = 0; i + 1 < operands.size(); ++i) {
        Keys left = keysOf(operands[i]);
        Keys right = keysOf(operands[i + 1]);
        const Keys *configSide = nullptr, *argumentSide = nullptr;
        if (!left.config.empty() && !right.argument.empty()) configSide = &left, argumentSide = &right;
        else if (!right.config.empty() && !left.argument.empty()) configSide = &right, argumentSide = &left;
        if (!configSide) continue;
        for (const std::string &tile : configSide->config)
          for (const std::string &size : argumentSide->argument) limits.insert(tile + "<=" + size);
      }
      // `n % block_n == 0`: the configs kept divide the size ("N%BLOCK_N==0").
      if (operands.size() == 2) {
        for (int side = 0; side < 2; ++side) {
          NodeId modulo = tree_.unparenthesize(operands[static_cast<size_t>(side)]);
          NodeId zero = tree_.unparenthesize(operands[static_cast<size_t>(1 - side)]);
          if (modulo == kNoNode || zero == kNoNode || tree_.kind(zero) != NodeKind::Integer ||
              tree_.text(zero) != "0" || tree_.kind(modulo) != NodeKind::BinaryOperator || tree_.text(node).find("==") == std::string_view::npos)
            continue;
          NodeId op = tree_.child(modulo, Field::Operator);
          if (op == kNoNode || tree_.kind(op) != NodeKind::OpPercent) continue;
          Keys size = keysOf(tree_.child(modulo, Field::Left));
          Keys tile = keysOf(tree_.child(modulo, Field::Right));
          for (const std::string &t : tile.config)
            for (const std::string &n : size.argument) limits.insert(n + "%" + t + "==0");
        }
      }
    }
    // What runs only on some paths (an `if` arm, a loop's body, a nested
    // function) chooses the kept configs only there.
    const bool branch = kind == NodeKind::IfStatement || kind == NodeKind::ForStatement ||
                        kind == NodeKind::WhileStatement || kind == NodeKind::TryStatement ||
                        kind == NodeKind::WithStatement || kind == NodeKind::FunctionDefinition ||
                        kind == NodeKind::ConditionalExpression;
    if (branch) ++branches_;
    for (NodeId child : tree_.children(node)) scan(child, reading);
    if (branch) --branches_;
  }

  bool isGetCall(NodeId call) const {
    NodeId callee = tree_.child(call, Field::Function);
    if (callee == kNoNode || tree_.kind(callee) != NodeKind::Attribute) return false;
    NodeId method = tree_.child(callee, Field::AttributeName);
    return method != kNoNode && tree_.text(method) == "get";
  }
};

} // namespace

PrunerReading readPruner(const SyntaxTree &tree, NodeId functionDefinition) {
  if (functionDefinition == kNoNode) return {};
  PrunerReader reader(tree, functionDefinition);
  return reader.read();
}

} // namespace btlint::python
