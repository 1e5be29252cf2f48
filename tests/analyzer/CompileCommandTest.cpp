#include "analyzer/frontend/CompileCommand.h"

#include <gtest/gtest.h>

using adrace::analyzer::flagsOfCompileCommand;

TEST(CompileCommand, FlagsAreKeptAsGiven) {
  EXPECT_EQ(flagsOfCompileCommand({"-DN=64", "-Iinclude", "-std=c99"}, {"k.c"}),
            (std::vector<std::string>{"-DN=64", "-Iinclude", "-std=c99"}));
}

TEST(CompileCommand, ALauncherCommandLosesCompilerOutputsAndSource) {
  // What CMake's CMAKE_C_CLANG_TIDY passes after `--`.
  std::vector<std::string> command = {"/usr/bin/cc", "-DNPOINTS=4096", "-fopenmp", "-MD",   "-MT", "k.c.o",
                                      "-MF",         "k.c.o.d",        "-o",       "k.c.o", "-c",  "/src/k.c"};
  EXPECT_EQ(flagsOfCompileCommand(command, {"/src/k.c"}), (std::vector<std::string>{"-DNPOINTS=4096", "-fopenmp"}));
}

TEST(CompileCommand, AttachedOutputsAreDropped) {
  EXPECT_EQ(flagsOfCompileCommand({"gcc", "-ok.o", "-MFk.d", "-O2", "k.c"}, {"k.c"}),
            (std::vector<std::string>{"-O2"}));
}

TEST(CompileCommand, AFirstWordThatIsASourceIsNotTakenForTheCompiler) {
  EXPECT_EQ(flagsOfCompileCommand({"other.c", "-O2"}, {"k.c"}), (std::vector<std::string>{"other.c", "-O2"}));
}
