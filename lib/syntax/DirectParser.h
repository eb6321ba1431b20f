#pragma once
// btlint's own parser for well-formed Python. It builds the same compact tree
// that SyntaxTree::parse flattens out of tree-sitter-python (same kinds,
// fields, byte spans and node order), several times faster, because it has
// no error recovery and no grammar tables to walk. It gives up (returns
// false) on any syntax error and on constructs it does not read (match
// statements, `await` inside a longer expression, Python 2 print, unusual
// f-strings); the caller then parses the file with tree-sitter, which also
// reports the syntax errors.
// It also reads, as Python does, some valid Python that tree-sitter-python
// rejects or reads otherwise (directParserReadUnlikeTreeSitter).
// test/python_parser_agreement checks that both parsers build identical trees.
#include "syntax/SyntaxTree.h"

#include <vector>

namespace btlint::python {

// Parses `text` into `nodes` in tree-sitter's flattened form; false when the
// file needs tree-sitter (nodes is then unspecified).
bool parseDirect(std::string_view text, std::vector<SyntaxNode> &nodes);

// The line of DirectParser.cpp where this thread's last parseDirect gave up
// (test/parser/python_parser_agreement prints it).
int directParserGiveUpLine();

// Whether this thread's last successful parseDirect read valid Python that
// tree-sitter-python reads unlike Python or rejects: a starred operand in a
// bare tuple, list or set (`return dy, *(None,) * 3`, `*x.shape, n`,
// `[*a, *glob.glob(p)]`), a conditional context manager with `as` (`with a
// if c else b as x:`), a format spec that
// starts with '=' (`f"{title:=^{width}}"`), an assignment that starts with
// `type` (`type(self).x = y`, a type alias to tree-sitter). The agreement
// tool counts such files apart instead of as differences.
bool directParserReadUnlikeTreeSitter();

} // namespace btlint::python
