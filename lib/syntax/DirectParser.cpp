#include "syntax/DirectParser.h"

#include <array>
#include <cstring>

#include <llvm/ADT/SmallVector.h>

namespace btlint::python {

namespace {

// Thrown for any syntax this parser does not read; the file then goes to tree-sitter.
struct NeedsTreeSitter {};
thread_local int giveUpLine = 0; // where in this file the last parse gave up (for the agreement tool)
[[noreturn]] void giveUpAt(int line) {
  giveUpLine = line;
  throw NeedsTreeSitter{};
}
#define giveUp() giveUpAt(__LINE__)
// Whether this thread's last parse read a form that tree-sitter-python reads
// unlike Python or rejects (see directParserReadUnlikeTreeSitter).
thread_local bool readUnlikeTreeSitter = false;

// ---- tokens ---------------------------------------------------------------

enum class T : uint8_t { Name, Keyword, Integer, Float, String, Op, Newline, Indent, Dedent, End };

enum class K : uint8_t {
  None_, False_, True_, And, As, Assert, Async, Await, Break, Class, Continue, Def, Del, Elif,
  Else, Except, Finally, For, From, Global, If, Import, In, Is, Lambda, Nonlocal, Not, Or, Pass,
  Raise, Return, Try, While, With, Yield,
  // soft keywords: identifiers unless a statement starts with them
  Print, Exec, Match, Type, Case,
};

enum class O : uint8_t {
  LParen, RParen, LBracket, RBracket, LBrace, RBrace, Comma, Colon, Semicolon, Dot, Ellipsis,
  Assign, Arrow, Walrus, At, Plus, Minus, Star, Slash, DoubleSlash, Percent, Power, ShiftLeft,
  ShiftRight, Amp, Pipe, Caret, Tilde, Less, LessEq, Eq, NotEq, LtGt, GreaterEq, Greater,
  AugAssign, Bang,
};

struct Token {
  uint32_t start = 0, end = 0;
  T type = T::End;
  uint8_t code = 0; // K for keywords, O for operators
  bool fstring = false;
  K keyword() const { return static_cast<K>(code); }
  O op() const { return static_cast<O>(code); }
  bool is(O o) const { return type == T::Op && code == static_cast<uint8_t>(o); }
  bool is(K k) const { return type == T::Keyword && code == static_cast<uint8_t>(k); }
  bool softKeyword() const { return type == T::Keyword && code >= static_cast<uint8_t>(K::Print); }
};

bool keywordOf(std::string_view word, K &out) {
  // Most names are not keywords: the first letter and the length rule most out.
  auto is = [&](std::string_view text, K k) {
    if (word != text) return false;
    out = k;
    return true;
  };
  switch (word[0]) {
  case 'F': return is("False", K::False_);
  case 'N': return is("None", K::None_);
  case 'T': return is("True", K::True_);
  case 'a':
    return is("and", K::And) || is("as", K::As) || is("assert", K::Assert) || is("async", K::Async) ||
           is("await", K::Await);
  case 'b': return is("break", K::Break);
  case 'c': return is("class", K::Class) || is("continue", K::Continue) || is("case", K::Case);
  case 'd': return is("def", K::Def) || is("del", K::Del);
  case 'e': return is("elif", K::Elif) || is("else", K::Else) || is("except", K::Except) || is("exec", K::Exec);
  case 'f': return is("finally", K::Finally) || is("for", K::For) || is("from", K::From);
  case 'g': return is("global", K::Global);
  case 'i': return is("if", K::If) || is("import", K::Import) || is("in", K::In) || is("is", K::Is);
  case 'l': return is("lambda", K::Lambda);
  case 'm': return is("match", K::Match);
  case 'n': return is("nonlocal", K::Nonlocal) || is("not", K::Not);
  case 'o': return is("or", K::Or);
  case 'p': return is("pass", K::Pass) || is("print", K::Print);
  case 'r': return is("raise", K::Raise) || is("return", K::Return);
  case 't': return is("try", K::Try) || is("type", K::Type);
  case 'w': return is("while", K::While) || is("with", K::With);
  case 'y': return is("yield", K::Yield);
  default: return false;
  }
}

bool isNameStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
// Every character of every name goes through this: one table lookup.
constexpr std::array<bool, 256> kNameChars = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 256; ++c)
    table[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (c >= '0' && c <= '9');
  return table;
}();
bool isNameChar(char c) { return kNameChars[static_cast<unsigned char>(c)]; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isHex(char c) { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool isStringPrefix(char c) {
  switch (c) {
  case 'r': case 'R': case 'b': case 'B': case 'u': case 'U': case 'f': case 'F': return true;
  default: return false;
  }
}

// Whether the string literal whose quote is at `quote` has an f prefix.
bool formatPrefixBefore(std::string_view s, uint32_t quote) {
  bool format = false;
  uint32_t start = quote;
  while (start > 0 && quote - start < 2 && isStringPrefix(s[start - 1])) {
    --start;
    format = format || s[start] == 'f' || s[start] == 'F';
  }
  return format;
}

// The end of the string literal whose opening quote is at `quote`. Strings
// nested in an f-string's interpolations are skipped whole, with their own
// quotes: since Python 3.12 (PEP 701) they may reuse the outer quote.
uint32_t stringEnd(std::string_view s, uint32_t quote, uint32_t end, bool format) {
  char q = s[quote];
  bool triple = quote + 2 < end && s[quote + 1] == q && s[quote + 2] == q;
  uint32_t i = quote + (triple ? 3 : 1);
  int braces = 0;
  while (true) {
    if (i >= end) giveUp();
    char c = s[i];
    if (c == '\\') {
      // Raw strings keep the backslash; either way an escaped quote does
      // not close the string. A brace after it still opens an interpolation.
      if (i + 1 < end && s[i + 1] != '{' && s[i + 1] != '}') i += 2;
      else ++i;
      continue;
    }
    if (c == '\n' && !triple) giveUp();
    if (format) {
      if (braces == 0) {
        if (c == '{' || c == '}') {
          if (i + 1 < end && s[i + 1] == c) {
            i += 2;
            continue;
          }
          if (c == '}') giveUp();
          ++braces;
          ++i;
          continue;
        }
      } else {
        if (c == '{') ++braces;
        else if (c == '}') --braces;
        else if (c == '"' || c == '\'') {
          i = stringEnd(s, i, end, formatPrefixBefore(s, i));
          continue;
        }
        ++i;
        continue;
      }
    }
    if (c == q) {
      if (!triple) return i + 1;
      if (i + 2 < end && s[i + 1] == q && s[i + 2] == q) return i + 3;
    }
    ++i;
  }
}

// Splits source text into tokens with Python's layout tokens (NEWLINE, INDENT,
// DEDENT). Zero-width layout tokens sit where tree-sitter-python's scanner puts
// them: a NEWLINE right after the line's last token or trailing comment, a
// DEDENT after the comment lines that are still indented as deep as the block
// it closes (tree-sitter keeps those inside the block).
class Lexer {
public:
  Lexer(std::string_view text, uint32_t begin, uint32_t end, bool insideBrackets)
      : s_(text), pos_(begin), end_(end), depth_(insideBrackets ? 1 : 0), nested_(insideBrackets) {}

  void run(std::vector<Token> &out) {
    out_ = &out;
    if (!nested_) lineStart(true);
    while (true) {
      if (pos_ >= end_) {
        if (nested_) break;
        if (depth_ > 0) giveUp();
        if (lineHasTokens_) emit(T::Newline, lastEnd_, lastEnd_);
        while (indents_.size() > 1) {
          emit(T::Dedent, lastEnd_, lastEnd_);
          indents_.pop_back();
        }
        break;
      }
      char c = s_[pos_];
      if (c == ' ' || c == '\t' || c == '\f') {
        ++pos_;
        continue;
      }
      if (c == '\\') {
        if (pos_ + 1 < end_ && s_[pos_ + 1] == '\n') {
          pos_ += 2;
          continue;
        }
        if (pos_ + 2 < end_ && s_[pos_ + 1] == '\r' && s_[pos_ + 2] == '\n') {
          pos_ += 3;
          continue;
        }
        giveUp();
      }
      if (c == '#') {
        if (nested_) giveUp();
        while (pos_ < end_ && s_[pos_] != '\n') ++pos_;
        if (depth_ == 0) lastEnd_ = pos_; // a trailing comment: NEWLINE comes after it
        continue;
      }
      if (c == '\r') {
        if (pos_ + 1 < end_ && s_[pos_ + 1] == '\n') {
          ++pos_;
          continue;
        }
        giveUp();
      }
      if (c == '\n') {
        ++pos_;
        if (depth_ > 0) {
          if (!nested_) continuationLineCheck();
          continue;
        }
        emit(T::Newline, lastEnd_, lastEnd_);
        lineStart(false);
        continue;
      }
      token();
    }
    emit(T::End, end_, end_);
  }

private:
  struct CommentLine {
    uint32_t indent, end;
  };

  [[gnu::always_inline]] void emit(T type, uint32_t start, uint32_t end, uint8_t code = 0, bool fstring = false) {
    Token token;
    token.start = start;
    token.end = end;
    token.type = type;
    token.code = code;
    token.fstring = fstring;
    out_->push_back(token);
  }

  // Inside brackets a line indented less than the enclosing block can make
  // tree-sitter-python's scanner close the block (where no closing bracket
  // may follow the previous token), which it then reports as a syntax error.
  // Such lines go to tree-sitter, so that both parsers agree.
  void continuationLineCheck() const {
    uint32_t i = pos_;
    while (true) {
      uint32_t indent = 0;
      while (i < end_ && (s_[i] == ' ' || s_[i] == '\t' || s_[i] == '\f' || s_[i] == '\r')) {
        indent = s_[i] == ' ' ? indent + 1 : s_[i] == '\t' ? indent + 8 : 0;
        ++i;
      }
      if (i >= end_) return;
      if (s_[i] == '\n') {
        ++i;
        continue;
      }
      if (indent < indents_.back()) giveUp();
      return;
    }
  }

  // At the start of a physical line outside brackets: skips blank and comment
  // lines, then emits INDENT or DEDENTs for the next code line.
  void lineStart(bool startOfFile) {
    comments_.clear();
    uint32_t indent = 0;
    bool atEnd = false;
    while (true) {
      indent = 0;
      uint32_t i = pos_;
      while (i < end_) {
        char c = s_[i];
        if (c == ' ') ++indent;
        else if (c == '\t') indent += 8;
        else if (c == '\f' || c == '\r') indent = 0;
        else break;
        ++i;
      }
      if (i >= end_) {
        atEnd = true;
        pos_ = i;
        break;
      }
      if (s_[i] == '\n') {
        pos_ = i + 1;
        continue;
      }
      if (s_[i] == '#') {
        while (i < end_ && s_[i] != '\n') ++i;
        comments_.push_back({indent, i});
        pos_ = i < end_ ? i + 1 : i;
        continue;
      }
      if (s_[i] == '\\') giveUp();
      pos_ = i;
      break;
    }
    lineHasTokens_ = false;
    if (atEnd) indent = 0;
    if (startOfFile) {
      if (indent != 0) giveUp();
      return;
    }
    if (indent > indents_.back()) {
      if (indent > 0xffff) giveUp();
      emit(T::Indent, lastEnd_, lastEnd_);
      indents_.push_back(indent);
    } else if (indent < indents_.back()) {
      uint32_t at = lastEnd_;
      size_t next = 0;
      while (indents_.back() > indent) {
        while (next < comments_.size() && comments_[next].indent >= indents_.back())
          at = comments_[next++].end;
        emit(T::Dedent, at, at);
        indents_.pop_back();
      }
      if (indents_.back() != indent) giveUp();
    }
  }

  void token() {
    uint32_t start = pos_;
    char c = s_[pos_];
    if (isNameStart(c)) {
      uint32_t i = pos_ + 1;
      while (i < end_ && isNameChar(s_[i])) ++i;
      if (i < end_ && (s_[i] == '"' || s_[i] == '\'') && i - pos_ <= 3) {
        bool prefix = true;
        for (uint32_t j = pos_; j < i; ++j) prefix = prefix && isStringPrefix(s_[j]);
        if (prefix) {
          string(start, i);
          return;
        }
      }
      if (i < end_ && static_cast<unsigned char>(s_[i]) >= 0x80) giveUp();
      K keyword;
      if (keywordOf(s_.substr(pos_, i - pos_), keyword))
        emit(T::Keyword, start, i, static_cast<uint8_t>(keyword));
      else
        emit(T::Name, start, i);
      pos_ = i;
      finishToken();
      return;
    }
    if (c == '"' || c == '\'') {
      string(start, start);
      return;
    }
    if (isDigit(c) || (c == '.' && pos_ + 1 < end_ && isDigit(s_[pos_ + 1]))) {
      number();
      return;
    }
    if (static_cast<unsigned char>(c) >= 0x80) giveUp();
    operatorToken();
  }

  void finishToken() {
    lineHasTokens_ = true;
    lastEnd_ = out_->back().end;
  }

  void number() {
    uint32_t i = pos_;
    bool isFloat = false;
    if (s_[i] == '0' && i + 1 < end_ &&
        (s_[i + 1] == 'x' || s_[i + 1] == 'X' || s_[i + 1] == 'o' || s_[i + 1] == 'O' ||
         s_[i + 1] == 'b' || s_[i + 1] == 'B')) {
      char base = static_cast<char>(s_[i + 1] | 0x20);
      i += 2;
      uint32_t digits = i;
      auto isDigitOfBase = [&](char c) {
        return base == 'x' ? isHex(c) : base == 'o' ? (c >= '0' && c <= '7') : (c == '0' || c == '1');
      };
      while (i < end_ && (isDigitOfBase(s_[i]) || s_[i] == '_')) ++i;
      if (i == digits) giveUp(); // 0x, 0o, 0b without digits
      if (i < end_ && (s_[i] == 'l' || s_[i] == 'L')) ++i;
    } else {
      while (i < end_ && (isDigit(s_[i]) || s_[i] == '_')) ++i;
      if (i < end_ && s_[i] == '.' && !(i + 1 < end_ && s_[i + 1] == '.')) {
        isFloat = true;
        ++i;
        while (i < end_ && (isDigit(s_[i]) || s_[i] == '_')) ++i;
      }
      if (i < end_ && (s_[i] == 'e' || s_[i] == 'E')) {
        uint32_t j = i + 1;
        if (j < end_ && (s_[j] == '+' || s_[j] == '-')) ++j;
        if (j < end_ && isDigit(s_[j])) {
          isFloat = true;
          i = j;
          while (i < end_ && (isDigit(s_[i]) || s_[i] == '_')) ++i;
        }
      }
      if (i < end_ && (s_[i] == 'j' || s_[i] == 'J')) ++i;
      else if (!isFloat && i < end_ && (s_[i] == 'l' || s_[i] == 'L')) ++i;
    }
    if (i < end_ && isNameChar(s_[i])) giveUp();
    // An underscore only between two digits (tree-sitter and Python differ on the rest).
    for (uint32_t k = pos_; k < i; ++k)
      if (s_[k] == '_' && !(k > pos_ && isHex(s_[k - 1]) && k + 1 < i && isHex(s_[k + 1]))) giveUp();
    emit(isFloat ? T::Float : T::Integer, pos_, i);
    pos_ = i;
    finishToken();
  }

  // A string literal whose quote is at `quote` (prefix letters from `start`).
  void string(uint32_t start, uint32_t quote) {
    bool format = false;
    for (uint32_t j = start; j < quote; ++j) format = format || s_[j] == 'f' || s_[j] == 'F';
    uint32_t end = skipString(quote, format);
    emit(T::String, start, end, 0, format);
    pos_ = end;
    finishToken();
  }

  uint32_t skipString(uint32_t quote, bool format) { return stringEnd(s_, quote, end_, format); }

  void operatorToken() {
    char c = s_[pos_];
    char next = pos_ + 1 < end_ ? s_[pos_ + 1] : '\0';
    char third = pos_ + 2 < end_ ? s_[pos_ + 2] : '\0';
    switch (c) {
    case '(': ++depth_; return op(O::LParen, 1);
    case '[': ++depth_; return op(O::LBracket, 1);
    case '{': ++depth_; return op(O::LBrace, 1);
    case ')': case ']': case '}':
      if (depth_ == 0 || (nested_ && depth_ == 1)) giveUp();
      --depth_;
      return op(c == ')' ? O::RParen : c == ']' ? O::RBracket : O::RBrace, 1);
    case ',': return op(O::Comma, 1);
    case ';': return op(O::Semicolon, 1);
    case ':': return next == '=' ? op(O::Walrus, 2) : op(O::Colon, 1);
    case '.': return next == '.' && third == '.' ? op(O::Ellipsis, 3) : op(O::Dot, 1);
    case '=': return next == '=' ? op(O::Eq, 2) : op(O::Assign, 1);
    case '!': return next == '=' ? op(O::NotEq, 2) : op(O::Bang, 1);
    case '~': return op(O::Tilde, 1);
    case '-':
      if (next == '>') return op(O::Arrow, 2);
      return next == '=' ? op(O::AugAssign, 2) : op(O::Minus, 1);
    case '+': case '%': case '@': case '&': case '|': case '^':
      if (next == '=') return op(O::AugAssign, 2);
      return op(c == '+' ? O::Plus : c == '%' ? O::Percent : c == '@' ? O::At : c == '&' ? O::Amp
                : c == '|' ? O::Pipe : O::Caret, 1);
    case '*': case '/':
      if (next == c) return third == '=' ? op(O::AugAssign, 3) : op(c == '*' ? O::Power : O::DoubleSlash, 2);
      if (next == '=') return op(O::AugAssign, 2);
      return op(c == '*' ? O::Star : O::Slash, 1);
    case '<': case '>':
      if (next == c) return third == '=' ? op(O::AugAssign, 3) : op(c == '<' ? O::ShiftLeft : O::ShiftRight, 2);
      if (next == '=') return op(c == '<' ? O::LessEq : O::GreaterEq, 2);
      if (c == '<' && next == '>') return op(O::LtGt, 2);
      return op(c == '<' ? O::Less : O::Greater, 1);
    default: giveUp();
    }
  }

  void op(O o, uint32_t length) {
    emit(T::Op, pos_, pos_ + length, static_cast<uint8_t>(o));
    pos_ += length;
    finishToken();
  }

  std::string_view s_;
  uint32_t pos_, end_;
  int depth_;
  bool nested_;
  std::vector<Token> *out_ = nullptr;
  std::vector<uint32_t> indents_{0};
  std::vector<CommentLine> comments_;
  bool lineHasTokens_ = false;
  uint32_t lastEnd_ = 0;
};

// ---- tree under construction ----------------------------------------------

constexpr uint32_t kNil = 0xffffffffu;

struct BuildNode {
  uint32_t start, end;
  uint32_t first = kNil, last = kNil, next = kNil;
  NodeKind kind;
  Field field = Field::None;
};

NodeKind operatorKind(O o) {
  switch (o) {
  case O::Plus: return NodeKind::OpPlus;
  case O::Minus: return NodeKind::OpMinus;
  case O::Star: return NodeKind::OpStar;
  case O::Slash: return NodeKind::OpSlash;
  case O::DoubleSlash: return NodeKind::OpDoubleSlash;
  case O::Percent: return NodeKind::OpPercent;
  case O::Power: return NodeKind::OpPower;
  case O::At: return NodeKind::OpAt;
  case O::ShiftLeft: return NodeKind::OpShiftLeft;
  case O::ShiftRight: return NodeKind::OpShiftRight;
  case O::Amp: return NodeKind::OpAmpersand;
  case O::Pipe: return NodeKind::OpPipe;
  case O::Caret: return NodeKind::OpCaret;
  case O::Tilde: return NodeKind::OpTilde;
  case O::Less: return NodeKind::OpLess;
  case O::LessEq: return NodeKind::OpLessEqual;
  case O::Eq: return NodeKind::OpEqual;
  case O::NotEq: case O::LtGt: return NodeKind::OpNotEqual;
  case O::GreaterEq: return NodeKind::OpGreaterEqual;
  case O::Greater: return NodeKind::OpGreater;
  case O::AugAssign: return NodeKind::OpAugmented;
  case O::Colon: return NodeKind::OpColon;
  default: return NodeKind::Other;
  }
}

constexpr int kMaxDepth = 400;
// Below SyntaxTree's nesting limit (5000), which the tree-sitter path reports.
constexpr uint32_t kMaxTreeDepth = 4000;

class Parser {
public:
  Parser(std::string_view text, std::vector<BuildNode> &pool, std::vector<Token> tokens)
      : s_(text), pool_(pool), tokens_(std::move(tokens)) {}

  void parseModule(uint32_t module) {
    while (peek().type != T::End) statement(module);
  }

  // The expression part of an f-string interpolation: all tokens.
  uint32_t fExpression() {
    uint32_t node = expressions();
    if (peek().type != T::End) giveUp();
    return node;
  }

private:
  // ---- token access ----
  const Token &peek(size_t ahead = 0) const {
    size_t i = index_ + ahead;
    return i < tokens_.size() ? tokens_[i] : tokens_.back();
  }
  const Token &take() {
    const Token &token = tokens_[index_];
    if (index_ + 1 < tokens_.size()) ++index_;
    return token;
  }
  bool at(O o) const { return peek().is(o); }
  bool at(K k) const { return peek().is(k); }
  const Token &expect(O o) {
    if (!at(o)) giveUp();
    return take();
  }
  const Token &expect(K k) {
    if (!at(k)) giveUp();
    return take();
  }

  // ---- nodes ----
  [[gnu::always_inline]] uint32_t make(NodeKind kind, uint32_t start, uint32_t end) {
    BuildNode node;
    node.start = start;
    node.end = end;
    node.kind = kind;
    pool_.push_back(node);
    return static_cast<uint32_t>(pool_.size() - 1);
  }
  [[gnu::always_inline]] uint32_t leaf(NodeKind kind, const Token &token) { return make(kind, token.start, token.end); }
  void add(uint32_t parent, uint32_t child, Field field = Field::None) {
    BuildNode &p = pool_[parent];
    pool_[child].field = field != Field::None && childrenHaveFields(p.kind) ? field : Field::None;
    if (p.last == kNil) p.first = child;
    else pool_[p.last].next = child;
    p.last = child;
  }
  uint32_t startOf(uint32_t node) const { return pool_[node].start; }
  uint32_t endOf(uint32_t node) const { return pool_[node].end; }
  void extend(uint32_t node, uint32_t end) { pool_[node].end = end; }
  NodeKind kindOf(uint32_t node) const { return pool_[node].kind; }
  // New node that starts where `first` does, with `first` as its first child.
  uint32_t wrap(NodeKind kind, uint32_t first, Field field = Field::None) {
    uint32_t node = make(kind, startOf(first), endOf(first));
    add(node, first, field);
    return node;
  }

  struct DepthGuard {
    Parser &parser;
    explicit DepthGuard(Parser &p) : parser(p) {
      if (++parser.depth_ > kMaxDepth) giveUp();
    }
    ~DepthGuard() { --parser.depth_; }
  };

  // Whether `token` ends an item after `*name`.
  static bool endsSplatItem(const Token &token) {
    return token.is(O::Comma) || token.is(O::RBracket) || token.is(O::RBrace) || token.is(O::RParen) ||
           token.is(O::Assign) || token.is(O::Semicolon) || token.is(O::Colon) || token.is(K::In) ||
           token.type == T::Newline || token.type == T::End;
  }

  // `*name` followed by a separator. tree-sitter reads `*a.b` or `*f(x)` in
  // lists, sets and bare tuples as an attribute or call whose object is the
  // splat `*a`, unlike Python; only the plain form reads the same both ways.
  uint32_t plainSplat() {
    const Token &star = take();
    if (peek().type != T::Name || !endsSplatItem(peek(1))) giveUp();
    uint32_t name = leaf(NodeKind::Identifier, take());
    uint32_t splat = make(NodeKind::ListSplat, star.start, endOf(name));
    add(splat, name);
    return splat;
  }

  // `*operand` in a bare tuple, list or set (`return dx, *[None] * 10`,
  // `[*paths, *glob.glob(p)]`): Python splats the whole `bitwise_or` after
  // the star. tree-sitter reads that only for some operands and reports a
  // syntax error or another tree for others; this parser reads it as Python
  // does, a plain `*name` the way both do.
  uint32_t starredItem() {
    if (peek(1).type == T::Name && endsSplatItem(peek(2))) return plainSplat();
    const Token &star = take();
    uint32_t operand = bitwiseOr();
    readUnlikeTreeSitter = true;
    uint32_t splat = make(NodeKind::ListSplat, star.start, endOf(operand));
    add(splat, operand);
    return splat;
  }

  // ---- statements ----
  void statement(uint32_t parent) {
    DepthGuard guard(*this);
    const Token &token = peek();
    if (token.type == T::Keyword) {
      switch (token.keyword()) {
      case K::If: return ifStatement(parent);
      case K::For: return forStatement(parent);
      case K::While: return whileStatement(parent);
      case K::Try: return tryStatement(parent);
      case K::With: return withStatement(parent);
      case K::Def: return add(parent, functionDefinition());
      case K::Class: return add(parent, classDefinition());
      case K::Async: return asyncStatement(parent);
      default: break;
      }
    }
    if (token.is(O::At)) return decorated(parent);
    simpleStatements(parent);
  }

  // async def / with / for: the statement's node starts at `async`.
  void asyncStatement(uint32_t parent) {
    const uint32_t start = take().start;
    if (at(K::Def)) return add(parent, startAt(functionDefinition(), start));
    if (at(K::With)) return withStatement(parent, start);
    if (at(K::For)) return forStatement(parent, start);
    giveUp();
  }

  uint32_t startAt(uint32_t node, uint32_t start) {
    pool_[node].start = start;
    return node;
  }

  // One line of simple statements; returns where its NEWLINE is.
  uint32_t simpleStatements(uint32_t parent) {
    while (true) {
      add(parent, simpleStatement());
      if (at(O::Semicolon)) {
        take();
        if (peek().type == T::Newline) break;
        continue;
      }
      break;
    }
    if (peek().type != T::Newline) giveUp();
    return take().start;
  }

  uint32_t simpleStatement() {
    const Token &token = peek();
    if (token.type == T::Keyword) {
      switch (token.keyword()) {
      case K::Pass: return leaf(NodeKind::PassStatement, take());
      case K::Break: return leaf(NodeKind::BreakStatement, take());
      case K::Continue: return leaf(NodeKind::ContinueStatement, take());
      case K::Return: {
        uint32_t node = leaf(NodeKind::ReturnStatement, take());
        if (!endOfStatement()) {
          uint32_t value = expressions();
          add(node, value);
          extend(node, endOf(value));
        }
        return node;
      }
      case K::Del: {
        uint32_t node = leaf(NodeKind::DeleteStatement, take());
        uint32_t value = expressions();
        add(node, value);
        extend(node, endOf(value));
        return node;
      }
      case K::Raise: {
        uint32_t node = leaf(NodeKind::RaiseStatement, take());
        if (!endOfStatement() && !at(K::From)) {
          uint32_t value = expressions();
          add(node, value);
          extend(node, endOf(value));
        }
        if (at(K::From)) {
          take();
          uint32_t cause = expression();
          add(node, cause, Field::Other);
          extend(node, endOf(cause));
        }
        return node;
      }
      case K::Assert: {
        uint32_t node = leaf(NodeKind::AssertStatement, take());
        while (true) {
          uint32_t value = expression();
          add(node, value);
          extend(node, endOf(value));
          if (!at(O::Comma)) break;
          take();
        }
        return node;
      }
      case K::Global: case K::Nonlocal: {
        NodeKind kind = token.keyword() == K::Global ? NodeKind::GlobalStatement : NodeKind::Other;
        uint32_t node = leaf(kind, take());
        while (true) {
          uint32_t name = identifier();
          add(node, name);
          extend(node, endOf(name));
          if (!at(O::Comma)) break;
          take();
        }
        return node;
      }
      case K::Import: return importStatement();
      case K::From: return fromImport();
      case K::Type:
        if ((peek(1).type == T::Name || peek(1).softKeyword()) && (peek(2).is(O::Assign) || peek(2).is(O::LBracket)))
          return typeAlias();
        softKeywordStatementCheck();
        // tree-sitter reads `type(self).x = y` as a type alias.
        if (assignsAtTopLevel()) readUnlikeTreeSitter = true;
        break;
      case K::Print: case K::Exec: case K::Match: case K::Case:
        softKeywordStatementCheck();
        break;
      default: break;
      }
    }
    return expressionStatement();
  }

  bool endOfStatement() const { return peek().type == T::Newline || at(O::Semicolon); }

  // A statement that starts with print, exec, match, type or case is one of
  // Python 2's statements or a match/type statement unless the next token
  // continues an expression.
  void softKeywordStatementCheck() {
    const Token &next = peek(1);
    if (next.type == T::Name || next.type == T::Integer || next.type == T::Float ||
        next.type == T::String || (next.type == T::Keyword && !next.is(K::In) && !next.is(K::If) &&
                                   !next.is(K::Is) && !next.is(K::And) && !next.is(K::Or) &&
                                   !next.is(K::Not) && !next.is(K::For)))
      giveUp();
    if (next.is(O::ShiftRight) || next.is(O::Minus) || next.is(O::Star) || next.is(O::LBrace) ||
        next.is(O::Tilde))
      giveUp();
    // match (x): / match [a, b]: ... end with a colon at the top level.
    int depth = 0;
    for (size_t i = index_ + 1; i < tokens_.size(); ++i) {
      const Token &token = tokens_[i];
      if (token.type == T::Newline || token.type == T::End) {
        if (i > 0 && tokens_[i - 1].is(O::Colon)) giveUp();
        break;
      }
      if (token.is(O::LParen) || token.is(O::LBracket) || token.is(O::LBrace)) ++depth;
      if (token.is(O::RParen) || token.is(O::RBracket) || token.is(O::RBrace)) --depth;
      if (depth == 0 && token.is(O::Colon) && i + 1 < tokens_.size() &&
          tokens_[i + 1].type == T::Newline)
        giveUp();
    }
  }

  // Whether the statement that starts here has an `=` outside brackets.
  bool assignsAtTopLevel() const {
    int depth = 0;
    for (size_t i = index_; i < tokens_.size(); ++i) {
      const Token &token = tokens_[i];
      if (token.type == T::Newline || token.type == T::End || (depth == 0 && token.is(O::Semicolon))) return false;
      if (token.is(O::LParen) || token.is(O::LBracket) || token.is(O::LBrace)) ++depth;
      if (token.is(O::RParen) || token.is(O::RBracket) || token.is(O::RBrace)) --depth;
      if (depth == 0 && token.is(O::Assign)) return true;
    }
    return false;
  }

  uint32_t identifier() {
    const Token &token = peek();
    if (token.type == T::Name || token.softKeyword()) return leaf(NodeKind::Identifier, take());
    giveUp();
  }

  uint32_t dottedName() {
    uint32_t first = identifier();
    uint32_t node = wrap(NodeKind::DottedName, first);
    while (at(O::Dot)) {
      take();
      uint32_t part = identifier();
      add(node, part);
      extend(node, endOf(part));
    }
    return node;
  }

  // name or `name as alias` in an import list.
  uint32_t importName() {
    uint32_t name = dottedName();
    if (!at(K::As)) return name;
    take();
    uint32_t node = wrap(NodeKind::AliasedImport, name, Field::Name);
    uint32_t alias = identifier();
    add(node, alias, Field::Alias);
    extend(node, endOf(alias));
    return node;
  }

  uint32_t importStatement() {
    uint32_t node = leaf(NodeKind::ImportStatement, take());
    while (true) {
      uint32_t name = importName();
      add(node, name, Field::Name);
      extend(node, endOf(name));
      if (!at(O::Comma)) break;
      extend(node, take().end);
      if (endOfStatement()) break;
    }
    return node;
  }

  uint32_t fromImport() {
    const Token &from = take();
    bool future = peek().type == T::Name && s_.substr(peek().start, peek().end - peek().start) == "__future__";
    uint32_t node = make(future ? NodeKind::FutureImportStatement : NodeKind::ImportFromStatement,
                         from.start, from.end);
    if (future) {
      take();
    } else if (at(O::Dot) || at(O::Ellipsis)) {
      uint32_t prefix = make(NodeKind::ImportPrefix, peek().start, peek().end);
      while (at(O::Dot) || at(O::Ellipsis)) extend(prefix, take().end);
      uint32_t relative = wrap(NodeKind::RelativeImport, prefix);
      if (!at(K::Import)) {
        uint32_t name = dottedName();
        add(relative, name);
        extend(relative, endOf(name));
      }
      add(node, relative, Field::ModuleName);
    } else {
      add(node, dottedName(), Field::ModuleName);
    }
    extend(node, expect(K::Import).end);
    if (!future && at(O::Star)) {
      uint32_t wildcard = leaf(NodeKind::WildcardImport, take());
      add(node, wildcard);
      extend(node, endOf(wildcard));
      return node;
    }
    bool parenthesized = at(O::LParen);
    if (parenthesized) take();
    while (true) {
      uint32_t name = importName();
      add(node, name, Field::Name);
      extend(node, endOf(name));
      if (!at(O::Comma)) break;
      extend(node, take().end);
      if (parenthesized ? at(O::RParen) : endOfStatement()) break;
    }
    if (parenthesized) extend(node, expect(O::RParen).end);
    return node;
  }

  uint32_t expressionStatement() {
    uint32_t statement = make(NodeKind::ExpressionStatement, peek().start, peek().start);
    if (at(K::Yield)) {
      uint32_t value = yieldExpression();
      add(statement, value);
      extend(statement, endOf(value));
      return statement;
    }
    ItemList items = commaItems();
    if (at(O::Assign) || at(O::AugAssign) || (at(O::Colon) && items.single())) {
      uint32_t node = assignmentFrom(items);
      add(statement, node);
      extend(statement, endOf(node));
      return statement;
    }
    // `a, b,` as a statement: tree-sitter may carry the trailing comma on
    // into the next line's statement; such lines go to tree-sitter.
    if (items.trailingComma) giveUp();
    for (uint32_t item : items.nodes) add(statement, item);
    extend(statement, items.end);
    return statement;
  }

  // Comma-separated expressions or *splats, as the two sides of an assignment.
  struct ItemList {
    // Most lists hold one item (the right side of `x = ...`): no allocation.
    llvm::SmallVector<uint32_t, 4> nodes;
    bool trailingComma = false;
    uint32_t end = 0;
    bool single() const { return nodes.size() == 1 && !trailingComma; }
  };

  // Comma-separated items: expressions (or, for `targets`, the operands a
  // for loop assigns to) and plain `*name` splats, with a trailing comma.
  ItemList commaItems(bool targets = false) {
    ItemList items;
    while (true) {
      uint32_t item = at(O::Star) ? (targets ? plainSplat() : starredItem()) : targets ? bitwiseOr() : expression();
      items.nodes.push_back(item);
      items.end = endOf(item);
      items.trailingComma = false;
      if (!at(O::Comma)) break;
      items.end = take().end;
      items.trailingComma = true;
      if (!startsExpression(peek())) break;
    }
    return items;
  }

  static bool startsExpression(const Token &token) {
    switch (token.type) {
    case T::Name: case T::Integer: case T::Float: case T::String: return true;
    case T::Keyword:
      switch (token.keyword()) {
      case K::None_: case K::False_: case K::True_: case K::Lambda: case K::Not: case K::Await:
      case K::Print: case K::Exec: case K::Match: case K::Type: case K::Case:
        return true;
      default: return false;
      }
    case T::Op:
      switch (token.op()) {
      case O::LParen: case O::LBracket: case O::LBrace: case O::Minus: case O::Plus: case O::Tilde:
      case O::Star: case O::Ellipsis:
        return true;
      default: return false;
      }
    default: return false;
    }
  }

  uint32_t itemsNode(const ItemList &items, NodeKind listKind) {
    if (items.single()) return items.nodes[0];
    uint32_t node = make(listKind, startOf(items.nodes[0]), items.end);
    for (uint32_t item : items.nodes) add(node, item);
    return node;
  }

  // Turns expression nodes into the pattern nodes tree-sitter reads for
  // assignment targets.
  void toPattern(uint32_t node) {
    BuildNode &n = pool_[node];
    switch (n.kind) {
    case NodeKind::Identifier: case NodeKind::Attribute: case NodeKind::Subscript: return;
    case NodeKind::Tuple: n.kind = NodeKind::TuplePattern; break;
    case NodeKind::List: n.kind = NodeKind::ListPattern; break;
    case NodeKind::ExpressionList: n.kind = NodeKind::PatternList; break;
    case NodeKind::PatternList: break;
    case NodeKind::ListSplat: {
      n.kind = NodeKind::ListSplatPattern;
      NodeKind inner = kindOf(n.first);
      if (inner != NodeKind::Identifier && inner != NodeKind::Attribute && inner != NodeKind::Subscript)
        giveUp();
      return;
    }
    default: giveUp();
    }
    for (uint32_t child = pool_[node].first; child != kNil; child = pool_[child].next) toPattern(child);
  }

  uint32_t patternFrom(const ItemList &items) {
    uint32_t node = itemsNode(items, NodeKind::PatternList);
    toPattern(node);
    return node;
  }

  uint32_t assignmentFrom(const ItemList &left) {
    // x += 1 takes one target; an annotation one name, attribute or subscript.
    if ((at(O::AugAssign) || at(O::Colon)) && (!left.single() || kindOf(left.nodes[0]) == NodeKind::ListSplat))
      giveUp();
    uint32_t target = patternFrom(left);
    if (at(O::AugAssign)) {
      uint32_t node = wrap(NodeKind::AugmentedAssignment, target, Field::Left);
      add(node, leaf(NodeKind::OpAugmented, take()), Field::Operator);
      uint32_t right = rightHandSide();
      add(node, right, Field::Right);
      extend(node, endOf(right));
      return node;
    }
    uint32_t node = wrap(NodeKind::Assignment, target, Field::Left);
    if (at(O::Colon)) {
      take();
      uint32_t type = typeNode();
      add(node, type, Field::TypeField);
      extend(node, endOf(type));
      if (!at(O::Assign)) return node;
    }
    expect(O::Assign);
    uint32_t right = rightHandSide();
    add(node, right, Field::Right);
    extend(node, endOf(right));
    return node;
  }

  uint32_t rightHandSide() {
    if (at(K::Yield)) return yieldExpression();
    ItemList items = commaItems();
    if (at(O::Assign) || at(O::AugAssign)) return assignmentFrom(items);
    return itemsNode(items, NodeKind::ExpressionList);
  }

  uint32_t yieldExpression() {
    uint32_t node = leaf(NodeKind::Yield, take());
    if (at(K::From)) {
      take();
      uint32_t value = expression();
      add(node, value);
      extend(node, endOf(value));
    } else if (startsExpression(peek())) {
      uint32_t value = expressions();
      add(node, value);
      extend(node, endOf(value));
    }
    return node;
  }

  // _expressions: an expression, or several as an expression_list.
  uint32_t expressions() { return itemsNode(commaItems(), NodeKind::ExpressionList); }

  // ---- compound statements ----
  // The block after a compound statement's ':'.
  uint32_t suite() {
    if (peek().type != T::Newline) {
      uint32_t block = make(NodeKind::Block, peek().start, peek().start);
      uint32_t end = simpleStatements(block);
      extend(block, end);
      return block;
    }
    take();
    if (peek().type != T::Indent) giveUp();
    take();
    uint32_t block = make(NodeKind::Block, peek().start, peek().start);
    while (peek().type != T::Dedent) {
      if (peek().type == T::End) giveUp();
      statement(block);
    }
    extend(block, take().start);
    return block;
  }

  // ':' and the block after it, as the last child of `node` (in `field`).
  void colonSuite(uint32_t node, Field field = Field::None) {
    expect(O::Colon);
    uint32_t block = suite();
    add(node, block, field);
    extend(node, endOf(block));
  }

  void ifStatement(uint32_t parent) {
    uint32_t node = leaf(NodeKind::IfStatement, take());
    add(node, expression(), Field::Condition);
    colonSuite(node, Field::Consequence);
    while (at(K::Elif)) {
      uint32_t clause = leaf(NodeKind::ElifClause, take());
      add(clause, expression(), Field::Condition);
      colonSuite(clause, Field::Consequence);
      add(node, clause, Field::Alternative);
      extend(node, endOf(clause));
    }
    optionalElse(node);
    add(parent, node);
  }

  uint32_t elseClause() {
    uint32_t clause = leaf(NodeKind::ElseClause, take());
    colonSuite(clause, Field::Body);
    return clause;
  }

  // The `else:` of an if, for or while statement, when there is one.
  void optionalElse(uint32_t node) {
    if (!at(K::Else)) return;
    uint32_t clause = elseClause();
    add(node, clause, Field::Alternative);
    extend(node, endOf(clause));
  }

  // Targets of a for loop or comprehension: pattern or pattern_list.
  uint32_t targets() { return patternFrom(commaItems(true)); }

  // `asyncStart`: where the `async` before it starts, or kNil.
  void forStatement(uint32_t parent, uint32_t asyncStart = kNil) {
    uint32_t node = leaf(NodeKind::ForStatement, take());
    if (asyncStart != kNil) startAt(node, asyncStart);
    add(node, targets(), Field::Left);
    expect(K::In);
    add(node, expressions(), Field::Right);
    colonSuite(node, Field::Body);
    optionalElse(node);
    add(parent, node);
  }

  void whileStatement(uint32_t parent) {
    uint32_t node = leaf(NodeKind::WhileStatement, take());
    add(node, expression(), Field::Condition);
    colonSuite(node, Field::Body);
    optionalElse(node);
    add(parent, node);
  }

  // `expression as target` (with items, except clauses).
  uint32_t maybeAsPattern(uint32_t value) {
    if (!at(K::As)) return value;
    take();
    uint32_t node = wrap(NodeKind::Other, value);
    uint32_t targetValue = expression();
    uint32_t target = wrap(NodeKind::Other, targetValue);
    add(node, target, Field::Alias);
    extend(node, endOf(target));
    return node;
  }

  void tryStatement(uint32_t parent) {
    uint32_t node = leaf(NodeKind::TryStatement, take());
    colonSuite(node, Field::Body);
    bool handlers = false;
    while (at(K::Except)) {
      handlers = true;
      uint32_t clause = leaf(NodeKind::ExceptClause, take());
      if (at(O::Star)) giveUp(); // except*
      if (!at(O::Colon)) {
        uint32_t value = maybeAsPattern(expression());
        if (at(O::Comma)) giveUp(); // Python 2's `except E, e`
        add(clause, value, Field::Value);
      }
      colonSuite(clause);
      add(node, clause);
      extend(node, endOf(clause));
    }
    if (handlers && at(K::Else)) {
      uint32_t clause = elseClause();
      add(node, clause);
      extend(node, endOf(clause));
    }
    if (at(K::Finally)) {
      uint32_t clause = leaf(NodeKind::FinallyClause, take());
      colonSuite(clause);
      add(node, clause);
      extend(node, endOf(clause));
    } else if (!handlers) {
      giveUp();
    }
    add(parent, node);
  }

  void withStatement(uint32_t parent, uint32_t asyncStart = kNil) {
    uint32_t node = leaf(NodeKind::WithStatement, take());
    if (asyncStart != kNil) startAt(node, asyncStart);
    if (at(O::LParen)) giveUp(); // parenthesized with items: tree-sitter reads them several ways
    uint32_t clause = make(NodeKind::Other, peek().start, peek().start);
    while (true) {
      const uint32_t expressionNode = expression();
      uint32_t value = maybeAsPattern(expressionNode);
      // `with a if c else b as x:` binds the whole conditional, as Python
      // reads it; tree-sitter binds `b as x` inside the conditional.
      if (value != expressionNode && kindOf(expressionNode) == NodeKind::ConditionalExpression)
        readUnlikeTreeSitter = true;
      uint32_t item = wrap(NodeKind::Other, value, Field::Value);
      add(clause, item);
      extend(clause, endOf(item));
      if (!at(O::Comma)) break;
      extend(clause, take().end);
      if (at(O::Colon)) break;
    }
    add(node, clause);
    colonSuite(node, Field::Body);
    add(parent, node);
  }

  uint32_t functionDefinition() {
    uint32_t node = leaf(NodeKind::FunctionDefinition, take());
    add(node, identifier(), Field::Name);
    if (at(O::LBracket)) add(node, typeParameters(), Field::Other); // def f[T](...) (PEP 695)
    const Token &open = expect(O::LParen);
    uint32_t parameters = make(NodeKind::Parameters, open.start, open.end);
    parameterList(parameters, true);
    extend(parameters, expect(O::RParen).end);
    add(node, parameters, Field::Parameters);
    if (at(O::Arrow)) {
      take();
      add(node, typeNode(), Field::ReturnType);
    }
    colonSuite(node, Field::Body);
    return node;
  }

  uint32_t classDefinition() {
    uint32_t node = leaf(NodeKind::ClassDefinition, take());
    add(node, identifier(), Field::Name);
    if (at(O::LBracket)) add(node, typeParameters(), Field::Other); // class C[T] (PEP 695)
    if (at(O::LParen)) add(node, argumentList(take()), Field::Other);
    colonSuite(node, Field::Body);
    return node;
  }

  void decorated(uint32_t parent) {
    uint32_t node = make(NodeKind::DecoratedDefinition, peek().start, peek().start);
    while (at(O::At)) {
      uint32_t decorator = leaf(NodeKind::Decorator, take());
      add(decorator, expression());
      if (peek().type != T::Newline) giveUp();
      extend(decorator, take().start);
      add(node, decorator);
    }
    uint32_t definition;
    if (at(K::Def)) definition = functionDefinition();
    else if (at(K::Class)) definition = classDefinition();
    else if (at(K::Async) && peek(1).is(K::Def)) {
      const uint32_t start = take().start;
      definition = startAt(functionDefinition(), start);
    } else {
      giveUp();
    }
    add(node, definition, Field::Definition);
    extend(node, endOf(definition));
    add(parent, node);
  }

  // Parameters of a def (typed) or a lambda (untyped), up to ')' or ':'.
  void parameterList(uint32_t parent, bool typed) {
    while (!(typed ? at(O::RParen) : at(O::Colon))) {
      uint32_t parameter;
      if (at(O::Star) || at(O::Power)) {
        bool dict = at(O::Power);
        const Token &star = take();
        if (!dict && (at(O::Comma) || at(O::RParen) || at(O::Colon))) {
          parameter = leaf(NodeKind::KeywordSeparator, star);
        } else {
          uint32_t name = identifier();
          parameter = make(dict ? NodeKind::DictionarySplatPattern : NodeKind::ListSplatPattern, star.start,
                           endOf(name));
          add(parameter, name);
          if (typed && at(O::Colon)) {
            take();
            parameter = wrap(NodeKind::TypedParameter, parameter);
            uint32_t type = typeNode();
            add(parameter, type, Field::TypeField);
            extend(parameter, endOf(type));
          }
        }
      } else if (at(O::Slash)) {
        parameter = leaf(NodeKind::PositionalSeparator, take());
      } else {
        uint32_t name = identifier();
        parameter = name;
        if (typed && at(O::Colon)) {
          take();
          uint32_t type = typeNode();
          if (at(O::Assign)) {
            take();
            parameter = wrap(NodeKind::TypedDefaultParameter, name, Field::Name);
            add(parameter, type, Field::TypeField);
            uint32_t value = expression();
            add(parameter, value, Field::Value);
            extend(parameter, endOf(value));
          } else {
            parameter = wrap(NodeKind::TypedParameter, name);
            add(parameter, type, Field::TypeField);
            extend(parameter, endOf(type));
          }
        } else if (at(O::Assign)) {
          take();
          parameter = wrap(NodeKind::DefaultParameter, name, Field::Name);
          uint32_t value = expression();
          add(parameter, value, Field::Value);
          extend(parameter, endOf(value));
        }
      }
      add(parent, parameter);
      extend(parent, endOf(parameter));
      if (!at(O::Comma)) break;
      extend(parent, take().end);
    }
  }

  // A type annotation: `type` around an expression, or tree-sitter's generic
  // type for Name[...] and its union with one more type (Name[...] | None).
  uint32_t typeNode() {
    DepthGuard guard(*this);
    uint32_t inner;
    if ((at(O::Star) || at(O::Power)) && peek(1).type == T::Name) {
      // *Ts, **P: tree-sitter's splat_type (PEP 646 and 695).
      const Token &star = take();
      uint32_t name = identifier();
      inner = make(NodeKind::Other, star.start, endOf(name));
      add(inner, name);
      endOfType();
      return wrap(NodeKind::Type, inner);
    }
    if (!startsGeneric()) return wrap(NodeKind::Type, expression());
    inner = genericType();
    if (at(O::Pipe)) {
      take();
      uint32_t right = startsGeneric() ? genericType() : postfix();
      uint32_t unionType = make(NodeKind::Other, startOf(inner), endOf(right));
      add(unionType, wrap(NodeKind::Type, inner));
      add(unionType, wrap(NodeKind::Type, right));
      inner = unionType;
    }
    endOfType();
    return wrap(NodeKind::Type, inner);
  }

  void endOfType() const {
    const Token &next = peek();
    if (next.type == T::Op && !next.is(O::Comma) && !next.is(O::RParen) && !next.is(O::RBracket) &&
        !next.is(O::Colon) && !next.is(O::Assign))
      giveUp(); // longer unions, members of generic types
  }

  bool startsGeneric() const { return (peek().type == T::Name || peek().softKeyword()) && peek(1).is(O::LBracket); }

  // Name[type, ...]: generic_type with its type_parameter.
  uint32_t genericType() {
    uint32_t name = identifier();
    uint32_t generic = wrap(NodeKind::Other, name);
    uint32_t parameters = typeParameters();
    add(generic, parameters);
    extend(generic, endOf(parameters));
    return generic;
  }

  // [type, ...]: tree-sitter's type_parameter, of a generic type or of a
  // def, class or type alias (PEP 695), where `T: bound` is its
  // constrained_type.
  uint32_t typeParameters() {
    uint32_t parameters = leaf(NodeKind::Other, expect(O::LBracket));
    while (true) {
      uint32_t type = typeNode();
      if (at(O::Colon)) {
        take();
        uint32_t bound = typeNode();
        uint32_t constrained = make(NodeKind::Other, startOf(type), endOf(bound));
        add(constrained, type);
        add(constrained, bound);
        type = wrap(NodeKind::Type, constrained);
      }
      add(parameters, type);
      if (!at(O::Comma)) break;
      take();
      if (at(O::RBracket)) break;
    }
    extend(parameters, expect(O::RBracket).end);
    return parameters;
  }

  // type Name[T] = type (PEP 695).
  uint32_t typeAlias() {
    uint32_t node = leaf(NodeKind::Other, take());
    add(node, typeNode(), Field::Left);
    expect(O::Assign);
    uint32_t value = typeNode();
    add(node, value, Field::Right);
    extend(node, endOf(value));
    return node;
  }

  // ---- expressions ----
  // tree-sitter's `expression`: lambda, named expression, conditional, or below.
  uint32_t expression() {
    DepthGuard guard(*this);
    // A lone name or number before a token no operator level continues with
    // (`f(a, b)`, `x[i]`, `n = 4`): what the whole chain below would build.
    const Token &first = peek();
    if ((first.type == T::Name || first.type == T::Integer || first.type == T::Float) && endsOperand(peek(1)))
      return leaf(first.type == T::Name ? NodeKind::Identifier : first.type == T::Integer ? NodeKind::Integer
                                                                                          : NodeKind::Float,
                  take());
    if (at(K::Lambda)) return lambda();
    if (at(K::Await)) {
      // `await f(x)` as a whole operand; inside a longer expression
      // tree-sitter's precedence differs from Python's.
      const Token &await = take();
      uint32_t operand = postfix();
      if (!endsOperand(peek()) && !atComprehensionFor()) giveUp();
      uint32_t node = make(NodeKind::Await, await.start, endOf(operand));
      add(node, operand);
      return node;
    }
    if ((peek().type == T::Name || peek().softKeyword()) && peek(1).is(O::Walrus)) {
      uint32_t name = identifier();
      take();
      uint32_t node = wrap(NodeKind::NamedExpression, name, Field::Name);
      // `n := a if b else c`: tree-sitter makes the conditional the outer node.
      uint32_t value = orTest();
      if (at(K::If)) giveUp();
      add(node, value, Field::Value);
      extend(node, endOf(value));
      return node;
    }
    uint32_t value = orTest();
    if (!at(K::If)) return value;
    take();
    uint32_t node = wrap(NodeKind::ConditionalExpression, value);
    add(node, orTest());
    expect(K::Else);
    uint32_t alternative = expression();
    add(node, alternative);
    extend(node, endOf(alternative));
    return node;
  }

  // A token that ends an operand at every precedence level: no postfix,
  // binary, comparison, boolean or conditional operator starts with it.
  static bool endsOperand(const Token &token) {
    if (token.type == T::Newline || token.type == T::End) return true;
    if (token.type != T::Op) return false;
    switch (token.op()) {
    case O::Comma: case O::RParen: case O::RBracket: case O::RBrace: case O::Colon: case O::Assign:
    case O::Semicolon:
      return true;
    default: return false;
    }
  }

  uint32_t lambda() {
    uint32_t node = leaf(NodeKind::Lambda, take());
    if (!at(O::Colon)) {
      uint32_t parameters = make(NodeKind::LambdaParameters, peek().start, peek().start);
      parameterList(parameters, false);
      add(node, parameters, Field::Parameters);
    }
    expect(O::Colon);
    uint32_t body = expression();
    add(node, body, Field::Body);
    extend(node, endOf(body));
    return node;
  }

  // The operand parser is a template argument, not a member pointer, so that
  // the chain of levels below it can be inlined.
  template <uint32_t (Parser::*operand)()> uint32_t booleanChain(K keyword, NodeKind opKind) {
    uint32_t left = (this->*operand)();
    while (at(keyword)) {
      uint32_t node = wrap(NodeKind::BooleanOperator, left, Field::Left);
      add(node, leaf(opKind, take()), Field::Operator);
      uint32_t right = (this->*operand)();
      add(node, right, Field::Right);
      extend(node, endOf(right));
      left = node;
    }
    return left;
  }
  uint32_t orTest() { return booleanChain<&Parser::andTest>(K::Or, NodeKind::OpOr); }
  uint32_t andTest() { return booleanChain<&Parser::notTest>(K::And, NodeKind::OpAnd); }

  uint32_t notTest() {
    if (!at(K::Not)) return comparison();
    DepthGuard guard(*this);
    uint32_t node = leaf(NodeKind::NotOperator, take());
    uint32_t argument = notTest();
    add(node, argument, Field::Argument);
    extend(node, endOf(argument));
    return node;
  }

  // The comparison operator at the current token (0 when none) and its kind.
  int comparisonLength(NodeKind &kind) const {
    const Token &token = peek();
    if (token.type == T::Op) {
      switch (token.op()) {
      case O::Less: case O::LessEq: case O::Eq: case O::NotEq: case O::LtGt: case O::GreaterEq:
      case O::Greater:
        kind = operatorKind(token.op());
        return 1;
      default: return 0;
      }
    }
    if (token.is(K::In)) {
      kind = NodeKind::OpIn;
      return 1;
    }
    if (token.is(K::Not) && peek(1).is(K::In)) {
      kind = NodeKind::OpNotIn;
      return 2;
    }
    if (token.is(K::Is)) {
      if (peek(1).is(K::Not)) {
        kind = NodeKind::OpIsNot;
        return 2;
      }
      kind = NodeKind::OpIs;
      return 1;
    }
    return 0;
  }

  uint32_t comparison() {
    uint32_t first = bitwiseOr();
    NodeKind opKind;
    int length = comparisonLength(opKind);
    if (length == 0) return first;
    uint32_t node = wrap(NodeKind::ComparisonOperator, first);
    while (length > 0) {
      uint32_t opStart = peek().start;
      uint32_t opEnd = take().end;
      if (length == 2) opEnd = take().end;
      add(node, make(opKind, opStart, opEnd), Field::Operators);
      uint32_t operand = bitwiseOr();
      add(node, operand);
      extend(node, endOf(operand));
      length = comparisonLength(opKind);
    }
    return node;
  }

  // Binary operators by tree-sitter-python's precedence: | < & < ^ < shifts
  // < + - < * @ / % // (all left-associative), by precedence climbing.
  uint32_t binary(int minLevel) {
    uint32_t left = unary();
    while (peek().type == T::Op) {
      int level = levelOf(peek().op());
      if (level < minLevel) break;
      uint32_t node = wrap(NodeKind::BinaryOperator, left, Field::Left);
      const Token &op = take();
      add(node, make(operatorKind(op.op()), op.start, op.end), Field::Operator);
      uint32_t right = binary(level + 1);
      add(node, right, Field::Right);
      extend(node, endOf(right));
      left = node;
    }
    return left;
  }
  static int levelOf(O o) {
    switch (o) {
    case O::Pipe: return 0;
    case O::Amp: return 1;
    case O::Caret: return 2;
    case O::ShiftLeft: case O::ShiftRight: return 3;
    case O::Plus: case O::Minus: return 4;
    case O::Star: case O::At: case O::Slash: case O::Percent: case O::DoubleSlash: return 5;
    default: return -1;
    }
  }
  uint32_t bitwiseOr() { return binary(0); }

  uint32_t unary() {
    const Token &token = peek();
    if (token.is(O::Minus) || token.is(O::Plus) || token.is(O::Tilde)) {
      DepthGuard guard(*this);
      uint32_t node = leaf(NodeKind::UnaryOperator, take());
      add(node, make(operatorKind(token.op()), token.start, token.end), Field::Operator);
      uint32_t argument = unary();
      add(node, argument, Field::Argument);
      extend(node, endOf(argument));
      return node;
    }
    return power();
  }

  uint32_t power() {
    uint32_t base = postfix();
    if (!at(O::Power)) return base;
    uint32_t node = wrap(NodeKind::BinaryOperator, base, Field::Left);
    const Token &op = take();
    add(node, make(NodeKind::OpPower, op.start, op.end), Field::Operator);
    uint32_t right = unary();
    add(node, right, Field::Right);
    extend(node, endOf(right));
    return node;
  }

  uint32_t postfix() {
    uint32_t node = atom();
    while (true) {
      if (at(O::Dot)) {
        take();
        uint32_t attribute = wrap(NodeKind::Attribute, node, Field::Object);
        uint32_t name = identifier();
        add(attribute, name, Field::AttributeName);
        extend(attribute, endOf(name));
        node = attribute;
      } else if (at(O::LParen)) {
        bool printLike = false;
        if (kindOf(node) == NodeKind::Identifier) {
          std::string_view name = s_.substr(startOf(node), endOf(node) - startOf(node));
          printLike = name == "print" || name == "exec";
        }
        uint32_t call = wrap(NodeKind::Call, node, Field::Function);
        uint32_t arguments = argumentList(take(), printLike);
        add(call, arguments, Field::Arguments);
        extend(call, endOf(arguments));
        node = call;
      } else if (at(O::LBracket)) {
        take();
        uint32_t subscript = wrap(NodeKind::Subscript, node, Field::Value);
        while (true) {
          add(subscript, subscriptItem(), Field::SubscriptIndex);
          if (!at(O::Comma)) break;
          take();
          if (at(O::RBracket)) break;
        }
        extend(subscript, expect(O::RBracket).end);
        node = subscript;
      } else {
        return node;
      }
    }
  }

  uint32_t subscriptItem() {
    uint32_t first = kNil;
    if (!at(O::Colon)) {
      if (at(O::Star)) return plainSplat(); // x[*idx] (PEP 646)
      first = expression();
      if (!at(O::Colon)) return first;
    }
    uint32_t slice = first == kNil ? make(NodeKind::Slice, peek().start, peek().end) : wrap(NodeKind::Slice, first);
    int colons = 0;
    while (at(O::Colon) && colons < 2) {
      const Token &colon = take();
      ++colons;
      add(slice, make(NodeKind::OpColon, colon.start, colon.end));
      extend(slice, colon.end);
      if (!at(O::Colon) && !at(O::Comma) && !at(O::RBracket)) {
        uint32_t value = expression();
        add(slice, value);
        extend(slice, endOf(value));
      }
    }
    return slice;
  }

  // Arguments in parentheses. In print(...) and exec(...) tree-sitter weighs
  // Python 2's print statement and reads `*a.b` as an attribute of `*a`:
  // there only plain splats read the same both ways.
  uint32_t argumentList(const Token &open, bool plainSplatsOnly = false) {
    uint32_t list = make(NodeKind::ArgumentList, open.start, open.end);
    while (!at(O::RParen)) {
      uint32_t argument;
      if (at(O::Star) && plainSplatsOnly) {
        argument = plainSplat();
      } else if (at(O::Star) || at(O::Power)) {
        bool dict = at(O::Power);
        const Token &star = take();
        uint32_t value = expression();
        argument = make(dict ? NodeKind::DictionarySplat : NodeKind::ListSplat, star.start, endOf(value));
        add(argument, value);
      } else if ((peek().type == T::Name || peek().softKeyword()) && peek(1).is(O::Assign)) {
        uint32_t name = identifier();
        take();
        argument = wrap(NodeKind::KeywordArgument, name, Field::Name);
        uint32_t value = expression();
        add(argument, value, Field::Value);
        extend(argument, endOf(value));
      } else {
        argument = expression();
        if (atComprehensionFor() && pool_[list].first == kNil) {
          // f(x for x in y): the generator is the argument list.
          pool_[list].kind = NodeKind::GeneratorExpression;
          add(list, argument, Field::Body);
          comprehensionClauses(list);
          extend(list, expect(O::RParen).end);
          return list;
        }
      }
      add(list, argument);
      if (!at(O::Comma)) break;
      take();
    }
    extend(list, expect(O::RParen).end);
    return list;
  }

  bool atComprehensionFor() const { return at(K::For) || (at(K::Async) && peek(1).is(K::For)); }

  void comprehensionClauses(uint32_t parent) {
    if (!atComprehensionFor()) giveUp();
    while (true) {
      if (atComprehensionFor()) {
        const uint32_t start = peek().start;
        if (at(K::Async)) take();
        uint32_t clause = startAt(leaf(NodeKind::ForInClause, take()), start);
        add(clause, targets(), Field::Left);
        expect(K::In);
        uint32_t right = orTest();
        add(clause, right, Field::Right);
        extend(clause, endOf(right));
        if (at(O::Comma)) giveUp();
        add(parent, clause);
      } else if (at(K::If)) {
        uint32_t clause = leaf(NodeKind::IfClause, take());
        uint32_t condition = orTest();
        add(clause, condition);
        extend(clause, endOf(condition));
        add(parent, clause);
      } else {
        return;
      }
    }
  }

  // Elements of a tuple, list or set after the first; `close` ends them.
  void collectionRest(uint32_t node, O close) {
    while (at(O::Comma)) {
      take();
      if (at(close)) break;
      add(node, collectionElement(close != O::RParen));
    }
    extend(node, expect(close).end);
  }

  // An element of a tuple (`listOrSet` false) or of a list or set.
  uint32_t collectionElement(bool listOrSet) {
    if (at(O::Star) && listOrSet) return starredItem();
    if (at(O::Star)) {
      const Token &star = take();
      uint32_t value = expression();
      uint32_t splat = make(NodeKind::ListSplat, star.start, endOf(value));
      add(splat, value);
      return splat;
    }
    if (at(K::Yield)) return yieldExpression();
    return expression();
  }

  uint32_t atom() {
    const Token &token = peek();
    switch (token.type) {
    case T::Name: return leaf(NodeKind::Identifier, take());
    case T::Integer: return leaf(NodeKind::Integer, take());
    case T::Float: return leaf(NodeKind::Float, take());
    case T::String: return strings();
    case T::Keyword:
      switch (token.keyword()) {
      case K::None_: return leaf(NodeKind::None, take());
      case K::True_: return leaf(NodeKind::True, take());
      case K::False_: return leaf(NodeKind::False, take());
      case K::Print: case K::Exec: case K::Match: case K::Type: case K::Case:
        return leaf(NodeKind::Identifier, take());
      default: giveUp();
      }
    case T::Op: break;
    default: giveUp();
    }
    DepthGuard guard(*this);
    switch (token.op()) {
    case O::Ellipsis: return leaf(NodeKind::Ellipsis, take());
    case O::LParen: {
      const Token &open = take();
      if (at(O::RParen)) return make(NodeKind::Tuple, open.start, take().end);
      if (at(K::Yield)) {
        uint32_t node = make(NodeKind::ParenthesizedExpression, open.start, open.end);
        add(node, yieldExpression());
        extend(node, expect(O::RParen).end);
        return node;
      }
      if (at(O::Star)) {
        uint32_t node = make(NodeKind::Tuple, open.start, open.end);
        add(node, collectionElement(false));
        if (!at(O::Comma)) giveUp(); // (*a): a parenthesized splat
        collectionRest(node, O::RParen);
        return node;
      }
      uint32_t first = expression();
      if (atComprehensionFor()) {
        uint32_t node = make(NodeKind::GeneratorExpression, open.start, open.end);
        add(node, first, Field::Body);
        comprehensionClauses(node);
        extend(node, expect(O::RParen).end);
        return node;
      }
      if (at(O::RParen)) {
        uint32_t node = make(NodeKind::ParenthesizedExpression, open.start, open.end);
        add(node, first);
        extend(node, take().end);
        return node;
      }
      uint32_t node = make(NodeKind::Tuple, open.start, open.end);
      add(node, first);
      collectionRest(node, O::RParen);
      return node;
    }
    case O::LBracket: {
      const Token &open = take();
      uint32_t node = make(NodeKind::List, open.start, open.end);
      if (at(O::RBracket)) {
        extend(node, take().end);
        return node;
      }
      uint32_t first = collectionElement(true);
      if (atComprehensionFor()) {
        pool_[node].kind = NodeKind::ListComprehension;
        add(node, first, Field::Body);
        comprehensionClauses(node);
        extend(node, expect(O::RBracket).end);
        return node;
      }
      add(node, first);
      collectionRest(node, O::RBracket);
      return node;
    }
    case O::LBrace: {
      const Token &open = take();
      uint32_t node = make(NodeKind::Dictionary, open.start, open.end);
      if (at(O::RBrace)) {
        extend(node, take().end);
        return node;
      }
      if (at(O::Power) || !isSetStart()) {
        // A dictionary or dictionary comprehension.
        bool firstEntry = true;
        while (!at(O::RBrace)) {
          uint32_t entry;
          if (at(O::Power)) {
            const Token &star = take();
            uint32_t value = expression();
            entry = make(NodeKind::DictionarySplat, star.start, endOf(value));
            add(entry, value);
          } else {
            uint32_t key = expression();
            expect(O::Colon);
            entry = wrap(NodeKind::Pair, key, Field::Key);
            uint32_t value = expression();
            add(entry, value, Field::Value);
            extend(entry, endOf(value));
            if (firstEntry && atComprehensionFor()) {
              pool_[node].kind = NodeKind::DictionaryComprehension;
              add(node, entry, Field::Body);
              comprehensionClauses(node);
              extend(node, expect(O::RBrace).end);
              return node;
            }
          }
          firstEntry = false;
          add(node, entry);
          if (!at(O::Comma)) break;
          take();
        }
        extend(node, expect(O::RBrace).end);
        return node;
      }
      uint32_t first = collectionElement(true);
      if (atComprehensionFor()) {
        pool_[node].kind = NodeKind::SetComprehension;
        add(node, first, Field::Body);
        comprehensionClauses(node);
        extend(node, expect(O::RBrace).end);
        return node;
      }
      pool_[node].kind = NodeKind::Set;
      add(node, first);
      collectionRest(node, O::RBrace);
      return node;
    }
    default: giveUp();
    }
  }

  // After '{': whether the braces hold a set (no ':' at the top level of the
  // first element).
  bool isSetStart() const {
    int depth = 0;
    for (size_t i = index_; i < tokens_.size(); ++i) {
      const Token &token = tokens_[i];
      if (token.type == T::End) return true;
      if (token.is(O::LParen) || token.is(O::LBracket) || token.is(O::LBrace)) ++depth;
      else if (token.is(O::RParen) || token.is(O::RBracket) || token.is(O::RBrace)) {
        if (depth == 0) return true;
        --depth;
      } else if (depth == 0) {
        if (token.is(O::Colon)) return false;
        if (token.is(O::Comma) || token.is(K::For)) return true;
        if (token.is(K::Lambda)) return false; // a lambda's ':' would mislead the scan
      }
    }
    return true;
  }

  // Adjacent string literals: one string, or a concatenated_string.
  uint32_t strings() {
    uint32_t first = stringNode(take());
    if (peek().type != T::String) return first;
    uint32_t node = wrap(NodeKind::ConcatenatedString, first);
    while (peek().type == T::String) {
      uint32_t part = stringNode(take());
      add(node, part);
      extend(node, endOf(part));
    }
    return node;
  }

  uint32_t stringNode(const Token &token) {
    uint32_t node = make(NodeKind::String, token.start, token.end);
    if (!token.fstring) return node;
    fString(node, token);
    return node;
  }

  // The parts of an f-string: string_start, string_content (with its escape
  // sequences and {{ }}), interpolations, string_end.
  void fString(uint32_t node, const Token &token) {
    uint32_t quote = token.start;
    bool raw = false;
    while (s_[quote] != '"' && s_[quote] != '\'') {
      if (s_[quote] == 'r' || s_[quote] == 'R') raw = true;
      if (s_[quote] == 'b' || s_[quote] == 'B') giveUp();
      ++quote;
    }
    char q = s_[quote];
    uint32_t quoteLength = token.end - quote >= 6 && s_[quote + 1] == q && s_[quote + 2] == q ? 3 : 1;
    uint32_t bodyStart = quote + quoteLength, bodyEnd = token.end - quoteLength;
    add(node, make(NodeKind::Other, token.start, bodyStart));
    uint32_t content = kNil;
    auto openContent = [&](uint32_t at) {
      if (content == kNil) content = make(NodeKind::StringContent, at, at);
    };
    auto closeContent = [&](uint32_t at) {
      if (content == kNil) return;
      extend(content, at);
      add(node, content);
      content = kNil;
    };
    uint32_t i = bodyStart;
    while (i < bodyEnd) {
      char c = s_[i];
      if ((c == '{' || c == '}') && i + 1 < bodyEnd && s_[i + 1] == c) {
        openContent(i);
        add(content, make(NodeKind::Other, i, i + 2));
        i += 2;
      } else if (c == '{') {
        closeContent(i);
        uint32_t end;
        add(node, interpolation(i, bodyEnd, NodeKind::Interpolation, end));
        i = end;
      } else if (c == '}') {
        giveUp();
      } else if (c == '\\') {
        openContent(i);
        if (raw) {
          // An escaped backslash or quote in a raw f-string: tree-sitter's
          // scanner and lexer split it unlike Python (`rf"\\"` ends in a
          // three-character string_end); left to tree-sitter.
          if (i + 1 < bodyEnd && (s_[i + 1] == q || s_[i + 1] == '\\')) giveUp();
          ++i;
          continue;
        }
        uint32_t length = escapeLength(i, bodyEnd);
        if (length > 0) {
          add(content, make(NodeKind::EscapeSequence, i, i + length));
          i += length;
        } else {
          ++i;
        }
      } else {
        openContent(i);
        ++i;
      }
    }
    closeContent(bodyEnd);
    add(node, make(NodeKind::Other, bodyEnd, token.end));
  }

  // Length of the escape sequence at `i` as tree-sitter-python reads one, or 0.
  uint32_t escapeLength(uint32_t i, uint32_t end) const {
    if (i + 1 >= end) return 0;
    char c = s_[i + 1];
    auto hexRun = [&](uint32_t from, uint32_t count) {
      if (from + count > end) return false;
      for (uint32_t k = 0; k < count; ++k)
        if (!isHex(s_[from + k])) return false;
      return true;
    };
    switch (c) {
    case 'u': return hexRun(i + 2, 4) ? 6 : 0;
    case 'U': return hexRun(i + 2, 8) ? 10 : 0;
    case 'x': return hexRun(i + 2, 2) ? 4 : 0;
    case '\n': return 2;
    case '\r': return i + 2 < end && s_[i + 2] == '\n' ? 3 : 0;
    case '\'': case '"': case 'a': case 'b': case 'f': case 'r': case 'n': case 't': case 'v': case '\\':
      return 2;
    case 'N': {
      if (i + 2 >= end || s_[i + 2] != '{') return 0;
      uint32_t k = i + 3;
      while (k < end && s_[k] != '}') ++k;
      return k < end && k > i + 3 ? k + 1 - i : 0;
    }
    default:
      if (isDigit(c)) {
        uint32_t k = i + 1;
        while (k < end && k < i + 4 && isDigit(s_[k])) ++k;
        return k - i;
      }
      return 0;
    }
  }

  // An interpolation (or a format specifier's nested one, `kind` Other)
  // starting at the '{' at `open`; `end` receives the position after its '}'.
  uint32_t interpolation(uint32_t open, uint32_t limit, NodeKind kind, uint32_t &end) {
    DepthGuard guard(*this);
    uint32_t node = make(kind, open, open + 1);
    // The expression runs to the first top-level '}', '!', ':' or '=' that ends it.
    uint32_t i = open + 1;
    int depth = 0;
    uint32_t expressionEnd = 0;
    bool selfDocumenting = false;
    while (true) {
      if (i >= limit) giveUp();
      char c = s_[i];
      if (c == '"' || c == '\'') {
        i = stringEnd(s_, i, limit, formatPrefixBefore(s_, i)); // a nested string, whatever its quote
        continue;
      }
      if (c == '(' || c == '[' || c == '{') ++depth;
      else if ((c == ')' || c == ']') && depth > 0) --depth;
      else if (c == '}' && depth > 0) --depth;
      else if (depth == 0) {
        if (c == '}' || c == ':') break;
        if (c == '!' && !(i + 1 < limit && s_[i + 1] == '=')) break;
        if (c == '=' && !(i + 1 < limit && s_[i + 1] == '=')) {
          char before = s_[i - 1];
          if (before != '=' && before != '!' && before != '<' && before != '>') {
            selfDocumenting = true;
            break;
          }
        }
        if (c == '=' && i + 1 < limit && s_[i + 1] == '=') {
          i += 2;
          continue;
        }
      }
      ++i;
    }
    expressionEnd = i;
    std::vector<Token> tokens;
    Lexer(s_, open + 1, expressionEnd, true).run(tokens);
    if (tokens.size() < 2) giveUp();
    Parser inner(s_, pool_, std::move(tokens));
    inner.depth_ = depth_;
    add(node, inner.fExpression(), Field::Other);
    if (selfDocumenting) {
      ++i;
      while (i < limit && s_[i] == ' ') ++i;
    }
    if (i < limit && s_[i] == '!') {
      if (!(i + 1 < limit && s_[i + 1] >= 'a' && s_[i + 1] <= 'z')) giveUp();
      add(node, make(NodeKind::Other, i, i + 2), Field::Other);
      i += 2;
    }
    if (i < limit && s_[i] == ':') {
      if (i + 1 < limit && s_[i + 1] == '=') readUnlikeTreeSitter = true; // tree-sitter sees a walrus
      uint32_t specifier = make(NodeKind::Other, i, i + 1);
      ++i;
      while (i < limit && s_[i] != '}') {
        if (s_[i] == '\n') giveUp();
        if (s_[i] == '{') {
          uint32_t nestedEnd;
          add(specifier, interpolation(i, limit, NodeKind::Other, nestedEnd));
          i = nestedEnd;
          continue;
        }
        ++i;
      }
      extend(specifier, i);
      add(node, specifier, Field::Other);
    }
    if (i >= limit || s_[i] != '}') giveUp();
    end = i + 1;
    extend(node, end);
    return node;
  }

  std::string_view s_;
  std::vector<BuildNode> &pool_;
  std::vector<Token> tokens_;
  size_t index_ = 0;
  int depth_ = 0;
};

} // namespace

int directParserGiveUpLine() { return giveUpLine; }

bool directParserReadUnlikeTreeSitter() { return readUnlikeTreeSitter; }

bool parseDirect(std::string_view text, std::vector<SyntaxNode> &nodes) {
  // tree-sitter reads a NUL byte as the end of input; btlint never passes
  // one (such files are not analysed), and this parser does not mimic it.
  if (text.size() >= 0xfffffff0u || std::memchr(text.data(), 0, text.size()) != nullptr) return false;
  thread_local std::vector<BuildNode> pool;
  pool.clear();
  readUnlikeTreeSitter = false;
  try {
    std::vector<Token> tokens;
    tokens.reserve(text.size() / 4 + 16);
    Lexer(text, 0, static_cast<uint32_t>(text.size()), false).run(tokens);
    // The module starts at its first token or comment.
    uint32_t firstText = 0;
    while (firstText < text.size()) {
      char c = text[firstText];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') ++firstText;
      else if (c == '\\' && firstText + 1 < text.size() && text[firstText + 1] == '\n') return false;
      else break;
    }
    BuildNode module;
    module.start = firstText;
    module.end = static_cast<uint32_t>(text.size());
    module.kind = NodeKind::Module;
    pool.push_back(module);
    Parser parser(text, pool, std::move(tokens));
    parser.parseModule(0);
  } catch (const NeedsTreeSitter &) {
    return false;
  }
  // Depth-first, parents before children, as SyntaxTree::parse lays them out.
  // Trees nested as deep as SyntaxTree's limit go to tree-sitter, whose path
  // reports them (a long left-nested chain of additions is built here
  // without recursion, so only its depth shows it).
  nodes.clear();
  nodes.resize(pool.size());
  struct Level {
    uint32_t build;     // node of the pool at this depth
    uint32_t flat;      // its id in `nodes`
    uint32_t lastChild; // its last child written so far (flat id), or kNil
  };
  thread_local std::vector<Level> path;
  path.clear();
  uint32_t next = 0;
  auto write = [&](uint32_t build, uint32_t parentFlat) {
    const BuildNode &b = pool[build];
    SyntaxNode &flat = nodes[next];
    flat.startByte = b.start;
    flat.endByte = b.end;
    flat.kind = b.kind;
    flat.field = b.field;
    flat.parent = parentFlat == kNil ? 0 : parentFlat;
    flat.firstChild = 0;
    flat.nextSibling = 0;
    return next++;
  };
  path.push_back({0, write(0, kNil), kNil});
  uint32_t child = pool[0].first;
  while (true) {
    if (child != kNil) {
      Level &parent = path.back();
      uint32_t id = write(child, parent.flat);
      if (parent.lastChild == kNil) nodes[parent.flat].firstChild = id;
      else nodes[parent.lastChild].nextSibling = id;
      parent.lastChild = id;
      if (path.size() >= kMaxTreeDepth) return false;
      // Most nodes are leaves: on to the next sibling without a level.
      const uint32_t first = pool[child].first;
      if (first == kNil) {
        child = pool[child].next;
        continue;
      }
      path.push_back({child, id, kNil});
      child = first;
      continue;
    }
    // No more children here: continue with the next sibling of the deepest
    // node that has one.
    uint32_t done = path.back().build;
    path.pop_back();
    if (path.empty()) break;
    child = pool[done].next;
  }
  return true;
}

} // namespace btlint::python
