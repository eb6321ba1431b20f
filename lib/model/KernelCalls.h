#pragma once
// What a kernel does together with the @triton.jit helpers it calls: Triton
// inlines them, so a `tl.dot` or a loop in a helper is the kernel's own.
#include "model/KernelModel.h"

#include <functional>

namespace btlint {

enum class Presence { No, Yes, Unknown };

// Whether `has` holds for `kernel` or a helper it calls, transitively, among
// the kernels of `file`. Unknown when a called function is not defined there
// (it may be another module's helper) or the chain is deeper than it follows.
Presence presentThroughHelpers(const Kernel &kernel, const FileModel &file,
                               const std::function<bool(const Kernel &)> &has);

// A `tl.dot` in the kernel or its helpers.
Presence dotPresence(const Kernel &kernel, const FileModel &file);

} // namespace btlint
