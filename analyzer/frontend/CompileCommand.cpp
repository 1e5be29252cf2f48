#include "analyzer/frontend/CompileCommand.h"

#include <clang/Tooling/CompilationDatabase.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <set>

namespace adrace::analyzer {
namespace {

bool hasSourceOrHeaderExtension(const std::string& path) {
  static const std::set<std::string> extensions = {".c", ".cc", ".cpp", ".cxx", ".C", ".c++",
                                                   ".h", ".hh", ".hpp", ".hxx", ".i", ".ii"};
  return extensions.count(llvm::sys::path::extension(path).str()) > 0;
}

bool isCompiledSource(const std::string& path) {
  return hasSourceOrHeaderExtension(path) && !llvm::sys::path::extension(path).starts_with(".h");
}

// Two spellings of one file name the same file (k.c and /abs/dir/k.c).
bool sameFile(const std::string& a, const std::string& b) {
  if (a == b) return true;
  llvm::sys::fs::UniqueID first, second;
  return !llvm::sys::fs::getUniqueID(a, first) && !llvm::sys::fs::getUniqueID(b, second) && first == second;
}

}  // namespace

std::vector<std::string> flagsOfCompileCommand(const std::vector<std::string>& command,
                                               const std::vector<std::string>& sources) {
  static const std::set<std::string> dropped = {"-c", "-M", "-MD", "-MMD", "-MP"};
  static const std::set<std::string> droppedWithValue = {"-o", "-MF", "-MT", "-MQ"};
  std::vector<std::string> flags;
  for (size_t k = 0; k < command.size(); ++k) {
    const std::string& word = command[k];
    if (k == 0 && !word.empty() && word[0] != '-' && !hasSourceOrHeaderExtension(word)) continue;  // the compiler
    if (dropped.count(word)) continue;
    if (droppedWithValue.count(word)) {
      ++k;
      continue;
    }
    if (word.size() > 2 && (word.rfind("-o", 0) == 0 || word.rfind("-MF", 0) == 0)) continue;  // -ofile, -MFfile
    bool isSource =
        !word.empty() && word[0] != '-' &&
        std::any_of(sources.begin(), sources.end(), [&](const std::string& source) { return sameFile(word, source); });
    if (!isSource) flags.push_back(word);
  }
  return flags;
}

std::vector<std::string> sourcesOfBuild(const std::string& buildDirectory, std::vector<Diagnostic>& diagnostics) {
  std::string error;
  auto database = clang::tooling::CompilationDatabase::loadFromDirectory(buildDirectory, error);
  if (!database) {
    Diagnostic diagnostic;
    diagnostic.at.file = buildDirectory;
    diagnostic.message = "cannot read compile_commands.json: " + error;
    diagnostics.push_back(diagnostic);
    return {};
  }
  std::vector<std::string> sources;
  for (const std::string& file : database->getAllFiles())
    if (isCompiledSource(file)) sources.push_back(file);
  std::sort(sources.begin(), sources.end());
  sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
  return sources;
}

}  // namespace adrace::analyzer
