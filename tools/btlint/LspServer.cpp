// btlint lsp: diagnostics for the documents open in an editor.
//
// A reader thread splits standard input into messages; the main thread handles
// every message that is waiting, then analyses the documents that changed and
// publishes their diagnostics, so a burst of keystrokes costs one analysis.
// Each analysis is the engine's own run (runAnalysis) on one file, with the
// editor's buffers served from memory (SourceProvider) and Python reparsed
// incrementally from tree-sitter's tree of the previous version.
#include "LspServer.h"
#include "LspText.h"
#include "ReportCommand.h"

#include "arch/ArchTable.h"
#include "config/ProjectConfig.h"
#include "engine/AnalysisSetup.h"
#include "engine/Discovery.h"
#include "engine/FrontEndRegistry.h"
#include "engine/Engine.h"
#include "engine/SourceProvider.h"
#include "engine/Suppressions.h"
#include "emit/RuleDocs.h"
#include "report/ConfigReport.h"
#include "rules/Rule.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <thread>

namespace btlint::lsp {

namespace json = llvm::json;

namespace {

// JSON-RPC and LSP error codes.
constexpr int64_t kParseError = -32700;
constexpr int64_t kInvalidRequest = -32600;
constexpr int64_t kMethodNotFound = -32601;
constexpr int64_t kInvalidParams = -32602;
constexpr int64_t kInternalError = -32603;
constexpr int64_t kServerNotInitialized = -32002;

// Messages bigger than this are refused (and skipped) rather than buffered.
constexpr size_t kMaxMessageBytes = 256u << 20;

// One framed message from the client, or a framing problem, or the end.
struct Incoming {
  std::string body;
  std::string framingError; // non-empty: the header was unusable
  bool end = false;
};

// Reads Content-Length framed messages. Header lines end in \r\n (a bare \n
// is accepted); unknown header fields are ignored.
class Reader {
public:
  explicit Reader(std::FILE *in) : in_(in) {}

  Incoming next() {
    Incoming message;
    std::optional<size_t> length;
    bool sawHeader = false;
    std::string line;
    while (true) {
      if (!readLine(line)) {
        message.end = true;
        return message;
      }
      if (line.empty()) {
        if (!sawHeader) continue; // stray blank lines between messages
        break;
      }
      sawHeader = true;
      // Found anywhere in the line, so stray bytes before a header (the rest
      // of a broken message) do not hide it.
      llvm::StringRef ref(line);
      size_t at = ref.find_insensitive("content-length:");
      if (at != llvm::StringRef::npos) {
        llvm::StringRef value = ref.drop_front(at + std::strlen("content-length:"));
        unsigned long long n = 0;
        if (value.trim().getAsInteger(10, n))
          message.framingError = "bad Content-Length `" + value.trim().str() + "`";
        else
          length = n;
      }
    }
    if (!message.framingError.empty()) return message;
    if (!length) {
      message.framingError = "message header without Content-Length";
      return message;
    }
    if (*length > kMaxMessageBytes) {
      // Skip the body so the next header is found where the client put it.
      for (size_t i = 0; i < *length; ++i)
        if (std::fgetc(in_) == EOF) {
          message.end = true;
          return message;
        }
      message.framingError = "message of " + std::to_string(*length) + " bytes is larger than btlint accepts";
      return message;
    }
    message.body.resize(*length);
    size_t got = *length == 0 ? 0 : std::fread(message.body.data(), 1, *length, in_);
    if (got != *length) message.end = true;
    return message;
  }

private:
  bool readLine(std::string &line) {
    line.clear();
    while (true) {
      int c = std::fgetc(in_);
      if (c == EOF) return false;
      if (c == '\n') break;
      if (line.size() < 65536) line.push_back(static_cast<char>(c));
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
  }

  std::FILE *in_;
};

// Settings the editor passes (initializationOptions, or workspace settings
// under "btlint"): archs, dtype, rule selection, CUDA options.
struct Settings {
  std::vector<std::string> archs;
  std::optional<std::string> dtype;
  std::vector<std::string> select;
  std::vector<std::string> ignore;
  std::string compileCommandsDir;
  std::string cudaPath;
};

std::vector<std::string> stringList(const json::Value *value) {
  std::vector<std::string> out;
  if (!value) return out;
  if (auto s = value->getAsString()) {
    llvm::SmallVector<llvm::StringRef> parts;
    s->split(parts, ',', -1, false);
    for (auto p : parts) out.push_back(p.trim().str());
  } else if (auto *array = value->getAsArray()) {
    for (const auto &element : *array)
      if (auto s = element.getAsString()) out.push_back(s->str());
  }
  return out;
}

// A document the editor has open.
struct Document {
  std::string uri;
  std::string path;
  Language language = Language::Python;
  int64_t version = 0;
  std::string text;
  std::unique_ptr<IncrementalParseState> incremental; // null: parsed whole
  bool dirty = true;
  // The last analysis: findings as btlint has them, the LSP form sent, and
  // the text they were computed on (for code actions).
  std::vector<Diagnostic> findings;
  std::vector<json::Value> published;
  std::string analysedText;
};

std::string normalise(const std::string &path) {
  llvm::SmallString<256> absolute(path);
  llvm::sys::fs::make_absolute(absolute);
  llvm::sys::path::remove_dots(absolute, true);
  return std::string(absolute);
}

class Server;

// Serves open documents' texts and incremental parses to the engine.
class OpenDocuments : public SourceProvider {
public:
  explicit OpenDocuments(const std::map<std::string, std::unique_ptr<Document>> &byPath) : byPath_(byPath) {}
  std::optional<std::string> text(const std::string &path) const override {
    const Document *document = find(path);
    if (!document) return std::nullopt;
    return document->text;
  }
  std::unique_ptr<ParsedFile> parse(const SourceFile &source) const override {
    const Document *document = find(source.path());
    if (!document || !document->incremental || document->text != source.text()) return nullptr;
    const FrontEnd *frontEnd = frontEndFor(document->language);
    if (!frontEnd) return nullptr;
    // Each file is parsed once per run (the engine's call_once), so only one
    // thread reparses a document at a time.
    return frontEnd->parseIncremental(source, *document->incremental);
  }

private:
  const Document *find(const std::string &path) const {
    auto it = byPath_.find(normalise(path));
    return it == byPath_.end() ? nullptr : it->second.get();
  }
  const std::map<std::string, std::unique_ptr<Document>> &byPath_;
};

class Server {
public:
  Server(std::FILE *in, std::FILE *out) : input_(std::make_shared<Input>(in)), out_(out), sources_(documents_) {}

  int run() {
    // The reader thread shares only `input_`, so it may outlive the server
    // (blocked on a client that never closes its end) without touching it.
    std::thread readerThread([input = input_] {
      while (true) {
        Incoming message = input->reader.next();
        bool end = message.end;
        {
          std::lock_guard<std::mutex> lock(input->mutex);
          input->queue.push_back(std::move(message));
        }
        input->ready.notify_one();
        if (end) return;
      }
    });
    int code = 1;
    bool finished = false;
    while (!finished) {
      std::deque<Incoming> batch;
      {
        std::unique_lock<std::mutex> lock(input_->mutex);
        input_->ready.wait(lock, [&] { return !input_->queue.empty(); });
        batch.swap(input_->queue);
      }
      for (Incoming &message : batch) {
        if (message.end) {
          code = exitRequested_ ? exitCode() : 1;
          finished = true;
          break;
        }
        if (!message.framingError.empty()) {
          sendError(nullptr, kParseError, message.framingError);
          continue;
        }
        handleMessage(message.body);
        if (exitRequested_) {
          code = exitCode();
          finished = true;
          break;
        }
      }
      if (finished) break;
      bool more;
      {
        std::lock_guard<std::mutex> lock(input_->mutex);
        more = !input_->queue.empty();
      }
      if (!more) analyseDirty();
    }
    std::fflush(out_);
    // The reader may be blocked on input the client never closes; the process
    // ends with this function, so it is left to the exit.
    readerThread.detach();
    return code;
  }

private:
  int exitCode() const { return shutdown_ ? 0 : 1; }

  // ---- output ---------------------------------------------------------------
  void send(json::Value message) {
    std::string body;
    llvm::raw_string_ostream os(body);
    os << message;
    os.flush();
    std::string header = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
    std::fwrite(header.data(), 1, header.size(), out_);
    std::fwrite(body.data(), 1, body.size(), out_);
    std::fflush(out_);
  }
  void sendResult(const json::Value &id, json::Value result) {
    send(json::Object{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
  }
  void sendError(const json::Value &id, int64_t code, const std::string &message) {
    send(json::Object{{"jsonrpc", "2.0"},
                      {"id", id},
                      {"error", json::Object{{"code", code}, {"message", message}}}});
  }
  void notify(llvm::StringRef method, json::Value params) {
    send(json::Object{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
  }
  void showMessage(int type, const std::string &message) {
    notify("window/showMessage", json::Object{{"type", type}, {"message", "btlint: " + message}});
  }
  void logMessage(const std::string &message) {
    notify("window/logMessage", json::Object{{"type", 4}, {"message", "btlint: " + message}});
  }

  // ---- dispatch -------------------------------------------------------------
  void handleMessage(const std::string &body) {
    auto parsed = json::parse(body);
    if (!parsed) {
      sendError(nullptr, kParseError, "malformed JSON: " + llvm::toString(parsed.takeError()));
      return;
    }
    const json::Object *message = parsed->getAsObject();
    if (!message) {
      sendError(nullptr, kInvalidRequest, "a JSON-RPC message is an object");
      return;
    }
    const json::Value *id = message->get("id");
    std::optional<llvm::StringRef> method = message->getString("method");
    if (!method) {
      // A response to one of our requests (client/registerCapability): nothing to do.
      if (id && (message->get("result") || message->get("error"))) return;
      sendError(id ? *id : json::Value(nullptr), kInvalidRequest, "message has no method");
      return;
    }
    if (id && id->kind() != json::Value::String && id->kind() != json::Value::Number) {
      sendError(nullptr, kInvalidRequest, "request id must be a number or a string");
      return;
    }
    const json::Value *paramsValue = message->get("params");
    static const json::Object noParams;
    const json::Object *params = paramsValue ? paramsValue->getAsObject() : &noParams;
    if (!params) params = &noParams;
    try {
      if (id)
        handleRequest(*id, *method, *params);
      else
        handleNotification(*method, *params);
    } catch (const std::exception &e) {
      if (id) sendError(*id, kInternalError, std::string("internal error: ") + e.what());
      else logMessage(std::string("internal error in ") + method->str() + ": " + e.what());
    }
  }

  void handleRequest(const json::Value &id, llvm::StringRef method, const json::Object &params) {
    if (method == "initialize") {
      if (initialized_) return sendError(id, kInvalidRequest, "initialize was already received");
      initialized_ = true;
      return sendResult(id, initialize(params));
    }
    if (!initialized_) return sendError(id, kServerNotInitialized, "initialize must come first");
    if (shutdown_) return sendError(id, kInvalidRequest, "the server is shutting down");
    if (method == "shutdown") {
      shutdown_ = true;
      return sendResult(id, nullptr);
    }
    if (method == "textDocument/codeAction") return codeAction(id, params);
    if (method == "textDocument/hover") return hover(id, params);
    sendError(id, kMethodNotFound, "btlint does not handle `" + method.str() + "`");
  }

  void handleNotification(llvm::StringRef method, const json::Object &params) {
    if (method == "exit") {
      exitRequested_ = true;
      return;
    }
    if (!initialized_ || shutdown_) return; // notifications before initialize are dropped
    if (method == "initialized") return registerConfigWatcher();
    if (method == "textDocument/didOpen") return didOpen(params);
    if (method == "textDocument/didChange") return didChange(params);
    if (method == "textDocument/didSave") return didSave(params);
    if (method == "textDocument/didClose") return didClose(params);
    if (method == "workspace/didChangeWatchedFiles") return didChangeWatchedFiles(params);
    if (method == "workspace/didChangeConfiguration") return didChangeConfiguration(params);
    // Other notifications ($/cancelRequest, $/setTrace, ...) need nothing.
  }

  // ---- lifecycle ------------------------------------------------------------
  json::Value initialize(const json::Object &params) {
    const json::Object *capabilities = params.getObject("capabilities");
    if (capabilities) {
      if (const json::Object *general = capabilities->getObject("general"))
        if (const json::Array *encodings = general->getArray("positionEncodings"))
          for (const auto &e : *encodings)
            if (e.getAsString() == llvm::StringRef("utf-8")) encoding_ = PositionEncoding::Utf8;
      if (const json::Object *workspace = capabilities->getObject("workspace"))
        if (const json::Object *watched = workspace->getObject("didChangeWatchedFiles"))
          watcherRegistration_ = watched->getBoolean("dynamicRegistration").value_or(false);
    }
    ruleDocsBase_ = shippedRuleDocsBase();
    if (const json::Object *options = params.getObject("initializationOptions")) applySettings(*options);
    registerCudaFrontEnd();
    json::Object result{
        {"capabilities",
         json::Object{
             {"positionEncoding", encoding_ == PositionEncoding::Utf8 ? "utf-8" : "utf-16"},
             {"textDocumentSync",
              json::Object{{"openClose", true}, {"change", 2}, {"save", json::Object{{"includeText", true}}}}},
             {"codeActionProvider",
              json::Object{{"codeActionKinds", json::Array{"quickfix", "source.fixAll.btlint"}}}},
             {"hoverProvider", true},
         }},
        {"serverInfo", json::Object{{"name", "btlint"}, {"version", BTLINT_VERSION}}},
    };
    return result;
  }

  void applySettings(const json::Object &options) {
    Settings next = settings_;
    if (options.get("arch") || options.get("archs")) {
      next.archs.clear();
      // An editor keeps the archs it knows and says which it dropped (the CLI stops).
      for (const auto &a : stringList(options.get("arch") ? options.get("arch") : options.get("archs"))) {
        if (std::string problem = checkArchs({a}); problem.empty())
          next.archs.push_back(a);
        else
          showMessage(1, "the editor's settings: " + problem);
      }
    }
    if (auto dtype = options.getString("dtype")) {
      if (std::string problem = checkDtype(dtype->str()); problem.empty())
        next.dtype = dtype->str();
      else
        showMessage(1, "the editor's settings: " + problem);
    }
    for (auto [key, list] : {std::pair{"select", &next.select}, std::pair{"ignore", &next.ignore}}) {
      if (!options.get(key)) continue;
      list->clear();
      for (const auto &s : stringList(options.get(key))) {
        std::vector<std::string> ids{s};
        std::string problem = expandRuleSelectors(ids);
        if (problem.empty())
          list->insert(list->end(), ids.begin(), ids.end());
        else
          showMessage(1, problem);
      }
    }
    if (auto dir = options.getString("compileCommands")) next.compileCommandsDir = dir->str();
    if (auto path = options.getString("cudaPath")) next.cudaPath = path->str();
    if (auto base = options.getString("ruleDocsUrl")) {
      ruleDocsBase_ = base->str();
      if (!ruleDocsBase_.empty() && ruleDocsBase_.back() != '/') ruleDocsBase_ += '/';
    }
    settings_ = std::move(next);
  }

  void registerCudaFrontEnd() {
    std::string error;
    if (!btlint::registerCudaFrontEnd(settings_.compileCommandsDir, settings_.cudaPath, error, {},
                                      nearestConfigCudaDefines)) {
      showMessage(1, error + "; CUDA files are analysed without the toolkit");
      btlint::registerCudaFrontEnd("", "none", error, {}, nearestConfigCudaDefines);
    }
  }

  // Asks the client to tell us about .btlint.yaml changes (when it can).
  void registerConfigWatcher() {
    if (!watcherRegistration_) return;
    json::Object watcher{{"globPattern", "**/.btlint.yaml"}};
    send(json::Object{
        {"jsonrpc", "2.0"},
        {"id", "btlint-register-config-watcher"},
        {"method", "client/registerCapability"},
        {"params", json::Object{{"registrations",
                                 json::Array{json::Object{
                                     {"id", "btlint-config"},
                                     {"method", "workspace/didChangeWatchedFiles"},
                                     {"registerOptions", json::Object{{"watchers", json::Array{std::move(watcher)}}}},
                                 }}}}},
    });
  }

  // ---- documents ------------------------------------------------------------
  Document *documentFor(const json::Object &params) {
    const json::Object *textDocument = params.getObject("textDocument");
    if (!textDocument) return nullptr;
    auto uri = textDocument->getString("uri");
    if (!uri) return nullptr;
    auto key = keyForUri(*uri);
    if (!key) return nullptr;
    auto it = documents_.find(*key);
    return it == documents_.end() ? nullptr : it->second.get();
  }

  // ---- unsaved buffers ------------------------------------------------------
  // The path a document is known by: a file: URI's path, or the path given
  // to an `untitled:` buffer when it was opened.
  std::optional<std::string> keyForUri(llvm::StringRef uri) const {
    if (auto path = pathFromUri(uri)) return normalise(*path);
    auto it = untitledPaths_.find(uri.str());
    if (it == untitledPaths_.end()) return std::nullopt;
    return it->second;
  }

  // An `untitled:` buffer (never saved, no file name) is analysed as a file
  // of the working folder named after it ("untitled:Untitled-1" ->
  // ./untitled:Untitled-1.py), with the extension of its language unless its
  // name has one: the engine reads its text from the editor, never the disk.
  static std::optional<std::string> untitledPath(llvm::StringRef uri, llvm::StringRef languageId) {
    if (!uri.starts_with("untitled:")) return std::nullopt;
    std::string name;
    for (char c : uri) name += (llvm::isAlnum(c) || c == '-' || c == '_' || c == '.' || c == ':') ? c : '_';
    if (!languageForPath(name)) {
      if (languageId == "python") name += ".py";
      else if (languageId == "cuda" || languageId == "cuda-cpp") name += ".cu";
      else if (languageId == "yaml") name += ".yaml";
      else return std::nullopt; // a language btlint does not read
    }
    return normalise(name);
  }

  static bool isConfigFile(const std::string &path) {
    return llvm::sys::path::filename(path) == ".btlint.yaml";
  }

  void didOpen(const json::Object &params) {
    const json::Object *textDocument = params.getObject("textDocument");
    if (!textDocument) return logMessage("didOpen without textDocument");
    auto uri = textDocument->getString("uri");
    auto text = textDocument->getString("text");
    if (!uri || !text) return logMessage("didOpen without uri or text");
    auto path = pathFromUri(*uri);
    if (!path) {
      path = untitledPath(*uri, textDocument->getString("languageId").value_or(""));
      if (!path) return logMessage("not a local file: " + uri->str());
      untitledPaths_[uri->str()] = *path;
    }
    std::string key = normalise(*path);
    if (isConfigFile(key)) {
      // Read it again: it may have changed on disk without a notification.
      configDocuments_[key] = uri->str();
      return reloadConfig(key);
    }
    std::optional<Language> language = languageForPath(key);
    if (!language) return; // not a file btlint reads
    auto document = std::make_unique<Document>();
    document->uri = uri->str();
    document->path = key;
    document->language = *language;
    document->version = textDocument->getInteger("version").value_or(0);
    document->text = text->str();
    if (const FrontEnd *frontEnd = frontEndFor(*language)) document->incremental = frontEnd->makeIncrementalState();
    documents_[key] = std::move(document);
  }

  void didChange(const json::Object &params) {
    Document *document = documentFor(params);
    if (!document) return;
    const json::Array *changes = params.getArray("contentChanges");
    if (!changes) return logMessage("didChange without contentChanges");
    for (const auto &change : *changes) {
      const json::Object *c = change.getAsObject();
      if (!c) continue;
      auto text = c->getString("text");
      if (!text) continue;
      SourceEdit edit;
      if (const json::Object *range = c->getObject("range")) {
        auto start = positionOf(range->getObject("start"));
        auto end = positionOf(range->getObject("end"));
        if (!start || !end) {
          logMessage("didChange with a malformed range; change ignored");
          continue;
        }
        LineIndex index(document->text);
        uint32_t from = index.offset(*start, encoding_), to = index.offset(*end, encoding_);
        if (to < from) std::swap(from, to);
        edit = replaceRange(document->text, from, to, *text);
      } else {
        edit = replaceWhole(document->text, text->str());
      }
      if (document->incremental) document->incremental->edit(edit);
    }
    if (const json::Object *textDocument = params.getObject("textDocument"))
      document->version = textDocument->getInteger("version").value_or(document->version);
    document->dirty = true;
  }

  static std::optional<Position> positionOf(const json::Object *object) {
    if (!object) return std::nullopt;
    auto line = object->getInteger("line");
    auto character = object->getInteger("character");
    if (!line || !character || *line < 0 || *character < 0) return std::nullopt;
    return Position{static_cast<uint32_t>(std::min<int64_t>(*line, UINT32_MAX)),
                    static_cast<uint32_t>(std::min<int64_t>(*character, UINT32_MAX))};
  }

  void didSave(const json::Object &params) {
    const json::Object *textDocument = params.getObject("textDocument");
    auto uri = textDocument ? textDocument->getString("uri") : std::nullopt;
    auto path = uri ? keyForUri(*uri) : std::nullopt;
    if (!path) return;
    std::string key = *path;
    if (isConfigFile(key)) return reloadConfig(key);
    // A saved module can change what its importers see: analyse them all again.
    if (auto *document = documentFor(params))
      if (auto text = params.getString("text"))
        if (*text != document->text) {
          SourceEdit edit = replaceWhole(document->text, text->str());
          if (document->incremental) document->incremental->edit(edit);
        }
    for (auto &[p, d] : documents_) d->dirty = true;
  }

  void didClose(const json::Object &params) {
    const json::Object *textDocument = params.getObject("textDocument");
    auto uri = textDocument ? textDocument->getString("uri") : std::nullopt;
    auto path = uri ? keyForUri(*uri) : std::nullopt;
    if (!path) return;
    std::string key = *path;
    untitledPaths_.erase(uri->str());
    configDocuments_.erase(key);
    if (documents_.erase(key))
      notify("textDocument/publishDiagnostics", json::Object{{"uri", *uri}, {"diagnostics", json::Array{}}});
  }

  void didChangeWatchedFiles(const json::Object &params) {
    const json::Array *changes = params.getArray("changes");
    if (!changes) return;
    for (const auto &change : *changes) {
      const json::Object *c = change.getAsObject();
      auto uri = c ? c->getString("uri") : std::nullopt;
      auto path = uri ? pathFromUri(*uri) : std::nullopt;
      if (path && isConfigFile(*path)) reloadConfig(normalise(*path));
    }
  }

  void didChangeConfiguration(const json::Object &params) {
    const json::Object *settings = params.getObject("settings");
    if (!settings) return;
    if (const json::Object *ours = settings->getObject("btlint")) settings = ours;
    applySettings(*settings);
    for (auto &[p, d] : documents_) d->dirty = true;
  }

  // ---- configuration --------------------------------------------------------
  struct LoadedConfig {
    ProjectConfig config;
    std::vector<ConfigError> errors;
  };

  // The config for a document: the nearest .btlint.yaml above it, read once
  // and kept until it changes. With errors, the defaults are used.
  const ProjectConfig &configFor(const Document &document) {
    std::string dir = llvm::sys::path::parent_path(document.path).str();
    std::string path = findProjectConfig(dir.empty() ? "." : dir);
    if (path.empty()) return noConfig_;
    std::string key = normalise(path);
    auto it = configs_.find(key);
    if (it == configs_.end()) it = loadConfig(key);
    return it->second.errors.empty() ? it->second.config : noConfig_;
  }

  std::map<std::string, LoadedConfig>::iterator loadConfig(const std::string &key) {
    LoadedConfig loaded;
    loaded.config = loadProjectConfig(key, loaded.errors);
    auto [it, inserted] = configs_.insert_or_assign(key, std::move(loaded));
    if (!it->second.errors.empty())
      showMessage(1, it->second.errors.front().str() + " (btlint uses its defaults until the config is fixed)");
    publishConfigErrors(key);
    return it;
  }

  void reloadConfig(const std::string &key) {
    configs_.erase(key);
    if (llvm::sys::fs::exists(key)) loadConfig(key);
    else publishConfigErrors(key);
    logMessage("reloaded " + key);
    for (auto &[p, d] : documents_) d->dirty = true;
  }

  // Config errors appear on the config file itself when the editor has it open.
  void publishConfigErrors(const std::string &key) {
    auto open = configDocuments_.find(key);
    if (open == configDocuments_.end()) return;
    json::Array diagnostics;
    auto it = configs_.find(key);
    if (it == configs_.end() && llvm::sys::fs::exists(key)) {
      LoadedConfig loaded;
      loaded.config = loadProjectConfig(key, loaded.errors);
      it = configs_.insert_or_assign(key, std::move(loaded)).first;
    }
    if (it != configs_.end())
      for (const auto &e : it->second.errors) {
        int64_t line = e.line ? e.line - 1 : 0, column = e.column ? e.column - 1 : 0;
        json::Object start{{"line", line}, {"character", column}};
        json::Object end{{"line", line}, {"character", column + 1}};
        diagnostics.push_back(json::Object{{"range", json::Object{{"start", std::move(start)}, {"end", std::move(end)}}},
                                           {"severity", 1},
                                           {"code", "config"},
                                           {"source", "btlint"},
                                           {"message", e.message}});
      }
    notify("textDocument/publishDiagnostics",
           json::Object{{"uri", open->second}, {"diagnostics", std::move(diagnostics)}});
  }

  // ---- analysis -------------------------------------------------------------
  void analyseDirty() {
    for (auto &[path, document] : documents_)
      if (document->dirty) analyse(*document);
  }

  // Python files that imports of `document` may name: the other files of its
  // folder and the open Python documents (their unsaved text is what counts).
  std::vector<std::string> modulePathsFor(const Document &document) {
    std::vector<std::string> paths;
    if (document.language != Language::Python) return paths;
    std::error_code ec;
    std::string dir = llvm::sys::path::parent_path(document.path).str();
    size_t count = 0;
    for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec && count < 1000;
         it.increment(ec), ++count) {
      llvm::StringRef name = llvm::sys::path::filename(it->path());
      if (name.ends_with(".py") && it->path() != document.path) paths.push_back(it->path());
    }
    for (const auto &[path, open] : documents_)
      if (open->language == Language::Python && path != document.path) paths.push_back(path);
    return paths;
  }

  EngineOptions engineOptionsFor(const Document &document) {
    EngineOptions options;
    options.paths = {document.path};
    options.archs = settings_.archs;
    options.dtype = settings_.dtype;
    options.select = settings_.select;
    options.ignore = settings_.ignore;
    options.jobs = 1;
    options.sources = &sources_;
    options.modulePaths = modulePathsFor(document);
    return options;
  }

  // A file not on disk yet is analysed from its buffer (runAnalysis asks
  // the SourceProvider before discovery).
  void analyse(Document &document) {
    document.dirty = false;
    RunResult result = runAnalysis(engineOptionsFor(document), configFor(document));
    for (const auto &e : result.inputErrors) logMessage(e);
    document.findings.clear();
    for (auto &d : result.diagnostics)
      if (normalise(d.path) == document.path) document.findings.push_back(std::move(d));
    document.analysedText = document.text;
    LineIndex index(document.analysedText);
    document.published.clear();
    for (const Diagnostic &d : document.findings) document.published.push_back(toLsp(d, document, index));
    json::Array diagnostics(document.published);
    notify("textDocument/publishDiagnostics",
           json::Object{{"uri", document.uri}, {"version", document.version}, {"diagnostics", std::move(diagnostics)}});
  }

  json::Object range(const LineIndex &index, const SourceSpan &span) const {
    Position start = index.positionOfLineColumn(span.line, span.column, encoding_);
    Position end = span.endLine ? index.positionOfLineColumn(span.endLine, span.endColumn, encoding_) : start;
    if (end.line < start.line || (end.line == start.line && end.character < start.character)) end = start;
    return json::Object{{"start", json::Object{{"line", start.line}, {"character", start.character}}},
                        {"end", json::Object{{"line", end.line}, {"character", end.character}}}};
  }

  json::Object byteRange(const LineIndex &index, uint32_t startByte, uint32_t endByte) const {
    Position start = index.position(startByte, encoding_), end = index.position(endByte, encoding_);
    return json::Object{{"start", json::Object{{"line", start.line}, {"character", start.character}}},
                        {"end", json::Object{{"line", end.line}, {"character", end.character}}}};
  }

  // Where a note sends the reader: the place it names (in this document or
  // another file), else the finding's own range.
  json::Object noteLocation(const Diagnostic &d, const Note &note, const Document &document,
                            const LineIndex &index) const {
    if (!note.namesPlace()) return json::Object{{"uri", document.uri}, {"range", range(index, d.span)}};
    const std::string path = note.path.empty() ? document.path : normalise(note.path);
    if (path == document.path) return json::Object{{"uri", document.uri}, {"range", range(index, note.span)}};
    std::string text;
    if (auto open = sources_.text(path)) {
      text = std::move(*open);
    } else {
      std::string error;
      if (auto onDisk = readSourceText(path, 32u << 20, error)) text = std::move(*onDisk);
    }
    return json::Object{{"uri", uriFromPath(path)}, {"range", range(LineIndex(text), note.span)}};
  }

  json::Value toLsp(const Diagnostic &d, const Document &document, const LineIndex &index) const {
    int severity = d.severity == Severity::Error ? 1 : d.severity == Severity::Warning ? 2 : 3;
    std::string message = d.message;
    if (d.arch) message += " (" + *d.arch + ")";
    json::Object diagnostic{{"range", range(index, d.span)},
                            {"severity", severity},
                            {"code", d.ruleId},
                            {"source", "btlint"},
                            {"message", message}};
    if (!d.notes.empty()) {
      json::Array related;
      for (const Note &note : d.notes)
        related.push_back(json::Object{{"location", noteLocation(d, note, document, index)}, {"message", note.text}});
      diagnostic["relatedInformation"] = std::move(related);
    }
    if (d.fix) diagnostic["data"] = json::Object{{"fix", d.fix->description}};
    if (std::string href = ruleDocUrl(d.ruleId); !href.empty())
      diagnostic["codeDescription"] = json::Object{{"href", href}};
    return diagnostic;
  }

  // ---- code actions ---------------------------------------------------------
  json::Array textEdits(const Fix &fix, const LineIndex &index) const {
    json::Array edits;
    for (const auto &e : fix.edits)
      edits.push_back(json::Object{{"range", byteRange(index, e.startByte, e.endByte)}, {"newText", e.replacement}});
    return edits;
  }

  void codeAction(const json::Value &id, const json::Object &params) {
    Document *document = documentFor(params);
    if (!document) return sendResult(id, json::Array{});
    if (document->dirty) analyse(*document); // actions must match the current text
    auto start = positionOf(params.getObject("range") ? params.getObject("range")->getObject("start") : nullptr);
    auto end = positionOf(params.getObject("range") ? params.getObject("range")->getObject("end") : nullptr);
    if (!start || !end) return sendError(id, kInvalidParams, "codeAction needs a range");
    std::vector<std::string> only;
    if (const json::Object *context = params.getObject("context")) only = stringList(context->get("only"));
    auto wanted = [&](llvm::StringRef kind) {
      if (only.empty()) return true;
      for (const auto &o : only)
        if (kind == o || kind.starts_with(o + ".")) return true;
      return false;
    };
    LineIndex index(document->analysedText);
    json::Array actions;
    if (wanted("quickfix"))
      for (size_t i = 0; i < document->findings.size(); ++i) {
        const Diagnostic &d = document->findings[i];
        if (!d.fix || d.fix->edits.empty()) continue;
        // The finding's lines overlap the range asked about.
        uint32_t first = d.span.line ? d.span.line - 1 : 0;
        uint32_t last = d.span.endLine ? d.span.endLine - 1 : first;
        if (last < start->line || first > end->line) continue;
        json::Object changes{{document->uri, textEdits(*d.fix, index)}};
        actions.push_back(json::Object{{"title", d.fix->description + " (" + d.ruleId + ")"},
                                       {"kind", "quickfix"},
                                       {"diagnostics", json::Array{document->published[i]}},
                                       {"isPreferred", d.fix->safe},
                                       {"edit", json::Object{{"changes", std::move(changes)}}}});
      }
    if (wanted("quickfix")) appendSuppressActions(*document, *start, *end, index, actions);
    if (!only.empty() && wanted("source.fixAll.btlint")) {
      // Every safe fix whose edits do not overlap an earlier one's.
      std::vector<const TextEdit *> chosen;
      for (const Diagnostic &d : document->findings) {
        if (!d.fix || !d.fix->safe) continue;
        bool overlaps = false;
        for (const auto &e : d.fix->edits)
          for (const TextEdit *c : chosen)
            if (e.startByte < c->endByte && c->startByte < e.endByte) overlaps = true;
        if (overlaps) continue;
        for (const auto &e : d.fix->edits) chosen.push_back(&e);
      }
      if (!chosen.empty()) {
        json::Array edits;
        for (const TextEdit *e : chosen)
          edits.push_back(json::Object{{"range", byteRange(index, e->startByte, e->endByte)}, {"newText", e->replacement}});
        actions.push_back(json::Object{{"title", "Apply btlint's safe fixes"},
                                       {"kind", "source.fixAll.btlint"},
                                       {"edit", json::Object{{"changes", json::Object{{document->uri, std::move(edits)}}}}}});
      }
    }
    sendResult(id, std::move(actions));
  }

  // ---- rule pages -----------------------------------------------------------
  // docs/rules/ as shipped next to the binary: in the source tree above the
  // build folder (build/btlint -> docs/rules) or installed under
  // share/doc/btlint; a file: URL ending in '/', or empty when none is there.
  static std::string shippedRuleDocsBase() {
    static int anchor;
    std::string exe = llvm::sys::fs::getMainExecutable("btlint", &anchor);
    llvm::StringRef dir = llvm::sys::path::parent_path(exe);
    for (const char *relative : {"docs/rules", "../docs/rules", "../share/doc/btlint/rules"}) {
      llvm::SmallString<256> folder(dir);
      llvm::sys::path::append(folder, relative);
      llvm::sys::path::remove_dots(folder, true);
      if (llvm::sys::fs::is_directory(folder)) return uriFromPath(folder.str()) + "/";
    }
    return "";
  }

  // The page of a rule: the `ruleDocsUrl` setting, else the shipped docs.
  std::string ruleDocUrl(const std::string &ruleId) const {
    if (ruleDocsBase_.empty() || !RuleRegistry::instance().contains(ruleId)) return "";
    return ruleDocsBase_ + ruleId + ".md";
  }

  // ---- suppress on this line ------------------------------------------------
  // One quickfix per finding in the range: the suppression comment for its
  // rule at the end of the reported line, or the rule added to the line's
  // `btlint: ignore[...]` list when it has one.
  void appendSuppressActions(const Document &document, Position start, Position end, const LineIndex &index,
                             json::Array &actions) const {
    std::set<std::pair<uint32_t, std::string>> offered; // (line, rule): one action each
    for (size_t i = 0; i < document.findings.size(); ++i) {
      const Diagnostic &d = document.findings[i];
      uint32_t line = d.span.line ? d.span.line - 1 : 0;
      uint32_t last = d.span.endLine ? d.span.endLine - 1 : line;
      if (last < start.line || line > end.line || !offered.insert({line, d.ruleId}).second) continue;
      const std::string &text = document.analysedText;
      uint32_t lineStart = index.offset(Position{line, 0}, PositionEncoding::Utf8);
      size_t lineEnd = text.find('\n', lineStart);
      if (lineEnd == std::string::npos) lineEnd = text.size();
      if (lineEnd > lineStart && text[lineEnd - 1] == '\r') --lineEnd;
      llvm::StringRef lineText(text.data() + lineStart, lineEnd - lineStart);
      uint32_t at = static_cast<uint32_t>(lineEnd);
      std::string insert;
      size_t list = lineText.find("btlint: ignore[");
      size_t close = list == llvm::StringRef::npos ? list : lineText.find(']', list);
      if (close != llvm::StringRef::npos) {
        at = lineStart + static_cast<uint32_t>(close);
        insert = ", " + d.ruleId;
      } else {
        insert = (lineText.rtrim().empty() ? "" : "  ") + lineSuppressionComment(document.language, d.ruleId);
        at = lineStart + static_cast<uint32_t>(lineText.rtrim().size());
      }
      json::Object edit{{"range", byteRange(index, at, at)}, {"newText", insert}};
      actions.push_back(json::Object{
          {"title", "Suppress " + d.ruleId + " on this line"},
          {"kind", "quickfix"},
          {"diagnostics", json::Array{document.published[i]}},
          {"edit", json::Object{{"changes", json::Object{{document.uri, json::Array{std::move(edit)}}}}}}});
    }
  }

  // ---- hover ----------------------------------------------------------------
  // On a finding: its rule's explanation and a link to its page. On a
  // config (a `triton.Config(...)`, a YAML row): its rows of `btlint report`.
  void hover(const json::Value &id, const json::Object &params) {
    Document *document = documentFor(params);
    auto position = positionOf(params.getObject("position"));
    if (!document || !position) return sendResult(id, nullptr);
    if (document->dirty) analyse(*document);
    const uint32_t line = position->line + 1; // btlint's lines are 1-based
    std::string markdown;
    std::set<std::string> explained;
    for (const Diagnostic &d : document->findings) {
      uint32_t first = d.span.line, last = d.span.endLine ? d.span.endLine : first;
      if (line < first || line > last) continue;
      if (!markdown.empty()) markdown += "\n---\n\n";
      markdown += "`" + d.ruleId + "`: " + d.message + (d.arch ? " (" + *d.arch + ")" : std::string()) + "\n\n";
      if (!explained.insert(d.ruleId).second) continue;
      if (const RegisteredRule *rule = RuleRegistry::instance().find(d.ruleId))
        markdown += ruleExplanationMarkdown(rule->info);
      if (std::string href = ruleDocUrl(d.ruleId); !href.empty())
        markdown += "\n[" + d.ruleId + " (rule page)](" + href + ")\n";
    }
    if (std::string rows = configRowsAt(*document, line); !rows.empty())
      markdown += (markdown.empty() ? "" : "\n---\n\n") + rows;
    if (markdown.empty()) return sendResult(id, nullptr);
    sendResult(id, json::Object{{"contents", json::Object{{"kind", "markdown"}, {"value", markdown}}}});
  }

  // The rows of `btlint report` for the config written at `line`, from a run
  // on the document's current text that keeps the models (as the report
  // command does); empty when no config is written there.
  std::string configRowsAt(const Document &document, uint32_t line) {
    EngineOptions options = engineOptionsFor(document);
    options.select = {"parse-error"}; // the report needs the models, not the findings
    report::ModelsByArch models;
    std::mutex modelsMutex;
    options.modelObserver = [&](const std::string &arch, const FileModel &model) {
      std::lock_guard<std::mutex> lock(modelsMutex);
      models[arch].push_back(model);
    };
    const ProjectConfig &config = configFor(document);
    RunResult result = runAnalysis(options, config);
    std::vector<report::KernelReport> reports =
        report::buildReports(models, document.path, "", reportOptionsFor(settings_.archs, config, result.archs));
    // The config written nearest above the line whose expression reaches it.
    uint32_t best = 0;
    for (const report::KernelReport &r : reports)
      for (const report::ReportConfig &c : r.configs)
        if (c.line && c.line <= line && c.line > best && c.endLine >= line) best = c.line;
    if (!best) return "";
    std::string rows;
    llvm::raw_string_ostream out(rows);
    for (const report::KernelReport &r : reports) {
      std::vector<size_t> indices;
      for (const report::ReportConfig &c : r.configs)
        if (c.line == best) indices.push_back(c.index);
      if (indices.empty()) continue;
      if (!rows.empty()) out << '\n';
      report::writeMarkdownRows(out, r, indices);
    }
    return rows;
  }

  // Messages read from the client, waiting for the main thread.
  struct Input {
    explicit Input(std::FILE *in) : reader(in) {}
    Reader reader;
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<Incoming> queue;
  };
  std::shared_ptr<Input> input_;
  std::FILE *out_;

  bool initialized_ = false;
  bool shutdown_ = false;
  bool exitRequested_ = false;
  bool watcherRegistration_ = false;
  PositionEncoding encoding_ = PositionEncoding::Utf16;
  Settings settings_;

  std::map<std::string, std::unique_ptr<Document>> documents_; // by absolute path
  OpenDocuments sources_;
  std::map<std::string, LoadedConfig> configs_;      // by absolute path of .btlint.yaml
  std::map<std::string, std::string> configDocuments_; // open .btlint.yaml files: path -> uri
  std::map<std::string, std::string> untitledPaths_;   // open `untitled:` buffers: uri -> path
  std::string ruleDocsBase_;                           // rule pages: base URL ending in '/', or empty
  ProjectConfig noConfig_;
};

} // namespace

int runLanguageServer(std::FILE *in, std::FILE *out) {
  Server server(in, out);
  return server.run();
}

} // namespace btlint::lsp
