#include "engine/PackageDirs.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace btlint;

namespace {

// A project folder with the given files (name -> text) and folders.
class ProjectFolder {
public:
  ProjectFolder() { llvm::sys::fs::createUniqueDirectory("btlint-package-dirs", root_); }
  ~ProjectFolder() { llvm::sys::fs::remove_directories(root_); }

  void file(const std::string &name, const std::string &text) { std::ofstream(path(name)) << text; }
  void folder(const std::string &name) { llvm::sys::fs::create_directories(path(name)); }
  std::vector<std::string> packageDirs() const { return declaredPackageDirs(std::string(root_)); }

private:
  std::string path(const std::string &name) const {
    llvm::SmallString<256> full(root_);
    llvm::sys::path::append(full, name);
    return std::string(full);
  }
  llvm::SmallString<256> root_;
};

using Folders = std::vector<std::string>;

} // namespace

TEST(PackageDirs, RootPackageMappingWithSpaces) {
  ProjectFolder project;
  project.folder("src");
  project.file("pyproject.toml", "[tool.setuptools]\npackage-dir = { \"\" = \"src\" }\n");
  EXPECT_EQ(project.packageDirs(), Folders{"src"});
}

TEST(PackageDirs, RootPackageMappingSingleQuotesAndWhere) {
  ProjectFolder project;
  project.folder("lib");
  project.folder("python");
  project.file("pyproject.toml", "package-dir = {'' = 'lib'}\n[tool.setuptools.packages.find]\nwhere = [\"python\", \"lib\"]\n");
  EXPECT_EQ(project.packageDirs(), (Folders{"python", "lib"}));
}

TEST(PackageDirs, MappingWithoutValueOrUnclosedQuoteIsIgnored) {
  ProjectFolder project;
  project.folder("src");
  project.file("pyproject.toml", "package-dir = { \"\" = }\nwhere = [\"src\nfrom = \n");
  // Nothing declared: only the conventional src/ is taken.
  EXPECT_EQ(project.packageDirs(), Folders{"src"});
}

TEST(PackageDirs, PoetryFromAndSetupCfg) {
  ProjectFolder project;
  project.folder("pkgs");
  project.folder("code");
  project.file("pyproject.toml", "packages = [{ include = \"mypkg\", from = \"pkgs\" }]\n");
  project.file("setup.cfg", "[options]\npackage_dir =\n    =code\n");
  EXPECT_EQ(project.packageDirs(), (Folders{"pkgs", "code"}));
}

TEST(PackageDirs, FoldersThatDoNotExistOrEscapeAreDropped) {
  ProjectFolder project;
  project.file("pyproject.toml", "where = [\"missing\", \"../outside\", \"/abs\"]\n");
  EXPECT_TRUE(project.packageDirs().empty());
}

TEST(PackageDirs, NoProjectFileMeansNoFolders) {
  ProjectFolder project;
  project.folder("src");
  EXPECT_TRUE(project.packageDirs().empty());
}
