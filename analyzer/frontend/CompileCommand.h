// Compile flags as a build hands them to adrace. Besides `adrace check FILE -- -DN=64 -Iinc`, a build
// that runs adrace as its CMAKE_<LANG>_CLANG_TIDY launcher passes the whole compile command after
// `--` (`/usr/bin/cc -DN=64 -MD -MF k.o.d -o k.o -c k.c`), and `-p BUILD` with no file means every
// source of the build's compile_commands.json.
#pragma once

#include "analyzer/model/LoopModel.h"

#include <string>
#include <vector>

namespace adrace::analyzer {

// The flags of a compile command: without the compiler itself (a first word that is not an option
// and not a source or header), the files being compiled, `-c`, the output (`-o X`) and the
// dependency-file options (-M, -MD, -MMD, -MP, -MF X, -MT X, -MQ X), which a parse must not write.
std::vector<std::string> flagsOfCompileCommand(const std::vector<std::string>& command,
                                               const std::vector<std::string>& sources);

// The C and C++ sources of BUILD/compile_commands.json, sorted; a diagnostic when it cannot be read.
std::vector<std::string> sourcesOfBuild(const std::string& buildDirectory, std::vector<Diagnostic>& diagnostics);

}  // namespace adrace::analyzer
