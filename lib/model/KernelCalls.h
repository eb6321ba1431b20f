#pragma once
// What a kernel does together with the @triton.jit helpers it calls: Triton
// inlines them, so a `tl.dot` or a loop in a helper is the kernel's own.
#include "model/KernelModel.h"

#include <functional>

namespace btlint {

// Whether a function `file` does not define holds what is looked for: a
// helper imported from another module, looked up there; Unknown when it
// cannot be read.
using HelperElsewhere = std::function<Presence(const std::string &name)>;

// Whether `has` holds for `kernel` or a helper it calls, transitively, among
// the kernels of `file`. A called function not defined there is asked of
// `elsewhere` (Unknown without it: it may be another module's helper);
// Unknown too when the chain is deeper than it follows.
Presence presentThroughHelpers(const Kernel &kernel, const FileModel &file,
                               const std::function<bool(const Kernel &)> &has,
                               const HelperElsewhere &elsewhere = nullptr);

// A `tl.dot` in the kernel or its helpers: as the front-end found it,
// following helpers into imported modules, where it did; else among the
// kernels of `file`.
Presence dotPresence(const Kernel &kernel, const FileModel &file);

// A loop of the kernel's own body the software pipeliner can overlap: a
// Python-level loop, not one `tl.static_range` unrolls at compile time.
bool ownsPipelinableLoop(const Kernel &kernel);

} // namespace btlint
