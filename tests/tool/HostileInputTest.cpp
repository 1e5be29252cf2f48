// Hostile and malformed input (README, "Exit codes and limits"): each case once crashed a subcommand, or gave output
// out of all proportion to the input. Every one must end in a diagnostic and exit code 2.
#include "../RunCommand.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>

namespace adrace::testing {
namespace hostile_input_test {

const std::string kAdrace = ADRACE_BINARY;

std::string repeatedSum(const std::string& term, int terms) {
  std::string sum = term;
  for (int i = 1; i < terms; ++i) sum += "+" + term;
  return sum;
}

// `i + i + ... + i` in a subscript: a left-deep tree that Clang's CFG builder (and adrace's walks)
// followed recursively until the stack overflowed.
TEST(HostileInput, FlatSumOf25000TermsInSourceIsTooDeep) {
  std::string file = writeSource("deep_sum.c",
                                 "void f(int n, double *a, double *b) {\n#pragma omp parallel for\n"
                                 "  for (int i = 0; i < n; i++)\n    a[i] = b[" +
                                     repeatedSum("i", 25000) + "];\n}\n");
  for (const char* command : {" analyze ", " check "}) {
    CommandResult result = runCommand(kAdrace + command + file + " --");
    EXPECT_EQ(result.exitCode, 2) << command << result.err.substr(0, 400);
    EXPECT_NE(result.err.find(file + ":4:"), std::string::npos) << result.err.substr(0, 400);
    EXPECT_NE(result.err.find("error: expression too deep"), std::string::npos) << result.err.substr(0, 400);
    EXPECT_TRUE(result.out.empty());
  }
}

std::string repeated(const std::string& text, int times) {
  std::string result;
  for (int i = 0; i < times; ++i) result += text;
  return result;
}

const std::string kThreeCommands[] = {" analyze ", " check ", " adjoint "};

// Runs analyze, check and adjoint (of f, active a) on `file`: each must exit 2, print nothing on
// stdout, and name the file with `where` (":line:" or ": error:") in a diagnostic holding `message`.
void expectRefusedByEveryCommand(const std::string& file, const std::string& where, const std::string& message) {
  for (const std::string& command : kThreeCommands) {
    std::string options = command == " adjoint " ? " --function f --active a --" : " --";
    CommandResult result = runCommand(kAdrace + command + file + options);
    EXPECT_EQ(result.exitCode, 2) << command << result.err.substr(0, 400);
    EXPECT_NE(result.err.find(file + where), std::string::npos) << command << result.err.substr(0, 400);
    EXPECT_NE(result.err.find(message), std::string::npos) << command << result.err.substr(0, 400);
    EXPECT_TRUE(result.out.empty()) << command;
  }
}

// 100,000 statements nested in a loop body: Clang's parser recursed past the default 8 MiB stack
// (a silent SIGSEGV); on the analysis thread's stack it parses, and the depth limit refuses it.
TEST(HostileInput, StatementsNested100000DeepAreTooDeep) {
  std::string file = writeSource("deep_ifs.c",
                                 "void f(int n, double *a) {\n#pragma omp parallel for\n"
                                 "  for (int i = 0; i < n; i++)\n    " +
                                     repeated("if (1) ", 100000) + "a[i] = 1;\n}\n");
  expectRefusedByEveryCommand(file, ":4:", "error: expression too deep");
}

// A right-deep chain of 100,000 assignments: the parser recursion again.
TEST(HostileInput, ExpressionNested100000DeepIsTooDeep) {
  std::string file = writeSource("deep_assign.c", "void f(int n, double *a) {\n  double x;\n  " +
                                                      repeated("x = ", 100000) + "n;\n  a[0] = x;\n}\n");
  expectRefusedByEveryCommand(file, ":3:", "error: expression too deep");
}

// 100,000 nested blocks: Clang's bracket limit, at the 257th brace.
TEST(HostileInput, BlocksNested100000DeepAreClangsError) {
  std::string file = writeSource("deep_blocks.c", "void f(int n, double *a) {\n" + repeated("{", 100000) + "a[0] = n;" +
                                                      repeated("}", 100000) + "\n}\n");
  expectRefusedByEveryCommand(file, ":2:256:", "error: bracket nesting level exceeded");
}

// Deeper than even the analysis thread's stack held with Clang 14: the overflow was caught on the
// alternate signal stack and the file named, where the process used to die of SIGSEGV without a
// word. Clang 19 moves its parser to fresh stack when it runs low, so the nest now reaches the depth
// limit instead; either way the file is refused with its name and the files after it are read.
TEST(HostileInput, StackOverflowIsADiagnosticNamingTheFile) {
  std::string file = writeSource("overflow.c", "void f(int n, double *a) {\n  a[0] = " + repeated("n ? ", 600000) +
                                                   "1" + repeated(" : 2", 600000) + ";\n}\n");
  auto refused = [&](const std::string& err) {
    return err.find(file + ": error: nested too deeply") != std::string::npos ||
           (err.find(file + ":2:") != std::string::npos && err.find("error: expression too deep") != std::string::npos);
  };
  for (const std::string& command : kThreeCommands) {
    std::string options = command == " adjoint " ? " --function f --active a --" : " --";
    CommandResult result = runCommand(kAdrace + command + file + options);
    EXPECT_EQ(result.exitCode, 2) << command << result.err.substr(0, 400);
    EXPECT_TRUE(refused(result.err)) << command << result.err.substr(0, 400);
    EXPECT_TRUE(result.out.empty()) << command;
  }
  // The files after it are still read: the error of the next one is reported too.
  std::string next = writeSource("after_overflow.c", "void g(void) {\n  int x = ;\n}\n");
  CommandResult result = runCommand(kAdrace + " check " + file + " " + next + " --");
  EXPECT_EQ(result.exitCode, 2) << result.err.substr(0, 400);
  EXPECT_TRUE(refused(result.err)) << result.err.substr(0, 400);
  EXPECT_NE(result.err.find(next + ":2:11: error: expected expression"), std::string::npos)
      << result.err.substr(0, 400);
}

// Clang reads `parallel frobnicate` as `parallel` and drops the rest with a warning (Clang 14 did
// the same with `parallel loop`): check reported a race of every thread running the loop, in a
// race-free program.
TEST(HostileInput, DirectiveWordsClangIgnoresAreAnError) {
  std::string file = writeSource("parallel_typo.c",
                                 "void f(int n, double *a) {\n#pragma omp parallel frobnicate\n"
                                 "  for (int i = 0; i < n; i++)\n    a[i] = 1;\n}\n");
  expectRefusedByEveryCommand(file, ":2:22:", "error: extra tokens at the end of '#pragma omp parallel' are ignored");
}

// The same shape well inside the bound is analysed as usual.
TEST(HostileInput, SumOf300TermsIsStillAnalysed) {
  std::string file = writeSource("long_sum.c",
                                 "void f(int n, double *a, double *b) {\n#pragma omp parallel for\n"
                                 "  for (int i = 0; i < n; i++)\n    a[i] = " +
                                     repeatedSum("b[i]", 300) + ";\n}\n");
  CommandResult result = runCommand(kAdrace + " analyze " + file + " --");
  ASSERT_EQ(result.exitCode, 0) << result.err.substr(0, 400);
  EXPECT_EQ(nlohmann::json::parse(result.out)["files"][0]["loops"].size(), 1u);
}

// Clang (14, and still 19) segfaults in Sema on allocate() naming the loop counter (without a private
// clause): the crash is recovered from and reported as an input error on the file.
TEST(HostileInput, ClangCrashOnAllocateClauseIsADiagnostic) {
  std::string file = writeSource("allocate.c",
                                 "void f(int n, double *a) {\n  int i;\n#pragma omp parallel for allocate(i)\n"
                                 "  for (i = 0; i < n; i++)\n    a[i] = 1;\n}\n");
  for (const std::string& command :
       {" analyze " + file + " --", " check " + file + " --", " adjoint " + file + " --function f --active a --"}) {
    CommandResult result = runCommand(kAdrace + command);
    EXPECT_EQ(result.exitCode, 2) << command << result.err;
    EXPECT_NE(result.err.find(file + ": error: the C front-end (Clang 19) crashed"), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty()) << command;
  }
}

TEST(HostileInput, DeviceAsInputSaysWhichFileAndWhy) {
  CommandResult result = runCommand(kAdrace + " analyze /dev/null --");
  EXPECT_EQ(result.exitCode, 2);
  EXPECT_NE(result.err.find("/dev/null: error: is not a regular file"), std::string::npos) << result.err;
  EXPECT_TRUE(result.out.empty());
}

TEST(HostileInput, FileOfUnknownLanguageSaysWhichFileAndWhy) {
  std::string file = writeSource("kernel.txt", "void f(void) {}\n");
  CommandResult result = runCommand(kAdrace + " check " + file + " --");
  EXPECT_EQ(result.exitCode, 2);
  EXPECT_NE(result.err.find(file + ": error: cannot tell the language"), std::string::npos) << result.err;
  EXPECT_TRUE(result.out.empty());
}

// Numbers are read the same way by every subcommand: digits only, within range.
TEST(HostileInput, MalformedNumbersAreUsageErrors) {
  std::string file = writeSource("numbers.c", "void f(void) {}\n");
  for (const char* options :
       {" check -j 2x ", " check -j2x ", " check -j 99999999999 ", " check -j 0 ", " check --z3-timeout-ms 5s ",
        " check --budget-ms=-1 ", " analyze --z3-timeout-ms 5s ", " analyze --budget-ms 1e3 ",
        " adjoint --function f --active a --z3-timeout-ms 0x10 ", " check --z3-rlimit 1e6 ", " analyze --z3-rlimit 0 ",
        " check --z3-rlimit 4000000001 ", " adjoint --function f --active a --z3-rlimit -1 "}) {
    CommandResult result = runCommand(kAdrace + options + file + " --");
    EXPECT_EQ(result.exitCode, 2) << options;
    EXPECT_NE(result.err.find("expects an integer from 1 to"), std::string::npos) << options << result.err;
    EXPECT_TRUE(result.out.empty()) << options;
  }
  EXPECT_EQ(runCommand(kAdrace + " check -j 3 --z3-timeout-ms 500 --budget-ms 4000 " + file + " --").exitCode, 0);
  EXPECT_EQ(runCommand(kAdrace + " check --z3-rlimit 4000000000 " + file + " --").exitCode, 0);
}

// The report without its time measurements (time_ms, z3_time_ms), which differ from run to run.
std::string withoutTimes(const std::string& report) {
  std::string kept, line;
  std::istringstream lines(report);
  while (std::getline(lines, line))
    if (line.find("time_ms\"") == std::string::npos) kept += line + "\n";
  return kept;
}

// Output is identical for identical input, whatever the number of files (its times aside): the
// instances of a loop once came out in the order of their declarations' addresses.
TEST(HostileInput, AnalyzeOutputIsIdenticalFromRunToRun) {
  std::string first = writeSource(
      "order_a.c",
      "void f(int n, const int *c, double *x) {\n  int k, m, j;\n#pragma omp parallel for private(k, m, j)\n"
      "  for (int i = 0; i < n; i++) {\n    k = c[i]; m = k + 1; j = m + k;\n"
      "    if (i % 2) { k = 2 * i; m = k; j = m; }\n    x[k + m + j] += 1;\n  }\n}\n");
  std::string second =
      writeSource("order_b.c",
                  "void g(int n, const int *c, double *y) {\n  int p, q;\n#pragma omp parallel for private(p, q)\n"
                  "  for (int i = 0; i < n; i++) {\n    q = c[i]; p = q;\n    if (i > 3) { p = i; q = p + 1; }\n"
                  "    y[p * 2 + q] += 1;\n  }\n}\n");
  std::string reference = withoutTimes(runCommand(kAdrace + " analyze " + first + " " + second + " --").out);
  ASSERT_GT(reference.size(), 100u);
  for (int run = 0; run < 4; ++run)
    EXPECT_EQ(withoutTimes(runCommand(kAdrace + " analyze " + first + " " + second + " --").out), reference)
        << "run " << run;
}

}  // namespace hostile_input_test
}  // namespace adrace::testing
