#pragma once
// Python builtins, methods of builtin types, and the library objects config
// code calls (triton, torch device queries, itertools, math, os.environ).
// Internal to lib/eval.
#include "eval/Interpreter.h"

namespace btlint::eval {

struct Builtins {
  static bool isBuiltinName(std::string_view name);
  // Whether callExternal evaluates calls of `path`; when not, the caller can
  // give up before evaluating the arguments.
  static bool canCall(std::string_view path);
  static Value uncallable(const std::string &path, Origin origin);
  // Calls of "builtins.len", "triton.Config", "torch.cuda.get_device_capability", ...
  static Value callExternal(Interpreter &interpreter, const std::string &path,
                            CallArguments &arguments, python::NodeId site, Frame &frame);
  // `object.name` where object is a library object ("torch.version" . "hip").
  static Value externalAttribute(Interpreter &interpreter, const Value &object,
                                 std::string_view name, python::NodeId site, Frame &frame);
  // Methods of lists, dicts, sets, strings and configs.
  static Value callMethod(Interpreter &interpreter, const Value &receiver, std::string_view method,
                          CallArguments &arguments, python::NodeId site, Frame &frame);
  // Whether `object.name` is a method callMethod knows.
  static bool hasMethod(const Value &object, std::string_view name);
  // Whether `path` ("triton.language.extra.cuda") is a module of the Triton
  // release btlint models.
  static bool isModelledTritonModule(std::string_view path);
  static std::string_view modelledTritonVersion();
  // The value of str(value) as Python prints it, or nullopt.
  static std::optional<std::string> pythonStr(const Value &value);
};

} // namespace btlint::eval
