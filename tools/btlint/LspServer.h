#pragma once
// `btlint lsp`: a language server speaking JSON-RPC 2.0 with Content-Length
// framing over standard input and output (docs/editors.md).
#include <cstdio>

namespace btlint::lsp {

// Serves until `exit` or end of input. Returns the process exit code: 0 after
// shutdown + exit, 1 when the input ended or exit came without shutdown.
int runLanguageServer(std::FILE *in, std::FILE *out);

} // namespace btlint::lsp
