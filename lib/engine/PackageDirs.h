#pragma once
// Where a Python project keeps its packages when they are not at its root:
// the folders pyproject.toml or setup.cfg declare (setuptools' `package-dir`
// and `packages.find` `where`, poetry's `from`), else `src/` when the
// project has one. Absolute imports of a file outside those folders (tests,
// benchmarks, scripts) are looked up there too.
#include <string>
#include <vector>

namespace btlint {

// Folders, relative to `projectDir`, that hold its packages; empty when
// `projectDir` has neither pyproject.toml, setup.cfg nor setup.py.
std::vector<std::string> declaredPackageDirs(const std::string &projectDir);

} // namespace btlint
