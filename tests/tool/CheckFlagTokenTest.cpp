// A flag taken as a token: the waiter reads and resets it in one `atomic capture`
// (`{ seen = flag; flag = 0; }`, docs/check.md "Flag waits"; analyzer/frontend/FlagWaits.cpp). The reset
// stores the value the flag held before the write, so the waiter leaves only after reading the write;
// with release and acquire the writer's statements before the release precede the waiter's after.
#include "CheckFindings.h"

#include <gtest/gtest.h>

namespace adrace::testing {
namespace check_flag_token_test {

const std::string kAdrace = ADRACE_BINARY;

// `write` sets the flag on thread 0 (`token = 1;` unless `set` says otherwise); `take` is the
// waiter's capture on thread 1.
std::string handOff(const std::string& write, const std::string& capture, const std::string& take,
                    const std::string& set = "token = 1;") {
  return "#include <omp.h>\n"
         "int data;\n"
         "int main(void) {\n"
         "  int token = 0;\n"
         "#pragma omp parallel num_threads(2)\n"
         "  {\n"
         "    if (omp_get_thread_num() == 0) {\n"
         "      data = 42;\n"
         "#pragma omp atomic " +
         write +
         "\n"
         "      " +
         set +
         "\n"
         "    } else {\n"
         "      int taken = 0;\n"
         "      while (!taken) {\n"
         "#pragma omp atomic " +
         capture + "\n        " + take +
         "\n"
         "      }\n"
         "      data += 1;\n"
         "    }\n"
         "  }\n"
         "  return data;\n"
         "}\n";
}

TEST(CheckFlagToken, ATokenTakenWithAcquireOrdersTheHandOff) {
  CheckedFile checked = checkFile(kAdrace, writeSource("token_acquire.c", handOff("write release", "capture acquire",
                                                                                  "{ taken = token; token = 0; }")));
  EXPECT_EQ(checked.exitCode, 0) << checked.out;
  EXPECT_TRUE(checked.findings.empty()) << checked.out;
}

TEST(CheckFlagToken, ARelaxedTokenOrdersNothing) {
  CheckedFile checked =
      checkFile(kAdrace, writeSource("token_relaxed.c", handOff("write", "capture", "{ taken = token; token = 0; }")));
  EXPECT_TRUE(hasFinding(checked, "definite", "data")) << checked.out;
}

TEST(CheckFlagToken, OtherCapturesOfTheFlagAreNotModelled) {
  // A reset to 1 lets the waiter leave on its own store; a counter the waiter resets counts nothing.
  CheckedFile other = checkFile(kAdrace, writeSource("token_other.c", handOff("write release", "capture acquire",
                                                                              "{ taken = token; token = 1; }")));
  EXPECT_TRUE(hasFinding(other, "unsupported")) << other.out;
  EXPECT_FALSE(hasFinding(other, "definite", "data")) << other.out;
  CheckedFile counted = checkFile(
      kAdrace, writeSource("token_counted.c",
                           handOff("update release", "capture acquire", "{ taken = token; token = 0; }", "token++;")));
  EXPECT_TRUE(hasFinding(counted, "unsupported")) << counted.out;
}

}  // namespace check_flag_token_test
}  // namespace adrace::testing
