// Unit tests of runtime/adrace/reduction.h: zeroed per-thread copies, reused between calls while
// they fit, grown when they do not, independent per slot and per thread, freed by release.
#include "adrace/iteration_tape.h"
#include "adrace/reduction.h"

#include "ad/RuntimeLimits.h"

#include <gtest/gtest.h>
#include <omp.h>

#include <cstdint>
#include <vector>

namespace reduction_test {

// The generator refuses a loop that needs more slots than the runtime has.
static_assert(adrace::ad::kReductionSlots == ADRACE_REDUCTION_SLOTS, "ad/RuntimeLimits.h: the runtime's slots");
static_assert(adrace::ad::kIterationTapeSlots == ADRACE_ITERATION_TAPE_SLOTS,
              "ad/RuntimeLimits.h: the runtime's per-iteration tape slots");

class ReductionTest : public ::testing::Test {
 protected:
  void SetUp() override { adrace_reduction_release(); }
  void TearDown() override { adrace_reduction_release(); }
};

bool allZero(const double* copies, size_t count) {
  for (size_t e = 0; e < count; ++e)
    if (copies[e] != 0.0) return false;
  return true;
}

TEST_F(ReductionTest, CopiesStartZeroed) {
  double* copies = adrace_reduction_copies(0, 1000);
  ASSERT_NE(copies, nullptr);
  EXPECT_TRUE(allZero(copies, 1000));
}

TEST_F(ReductionTest, ACallThatFitsGetsTheSameBuffer) {
  double* first = adrace_reduction_copies(0, 1000);
  EXPECT_EQ(adrace_reduction_copies(0, 1000), first);
  EXPECT_EQ(adrace_reduction_copies(0, 10), first);
}

TEST_F(ReductionTest, ABiggerCallGetsAFreshZeroedBuffer) {
  adrace_reduction_copies(0, 10);
  double* bigger = adrace_reduction_copies(0, 1 << 20);
  EXPECT_TRUE(allZero(bigger, 1 << 20));
}

// A team of one thread asks for no copies (thread 0 increments the adjoint itself): nothing is
// allocated, and a later call with copies gets a zeroed buffer.
TEST_F(ReductionTest, NoCopiesAllocateNothing) {
  EXPECT_EQ(adrace_reduction_copies(0, 0), nullptr);
  double* copies = adrace_reduction_copies(0, 100);
  ASSERT_NE(copies, nullptr);
  EXPECT_TRUE(allZero(copies, 100));
  EXPECT_EQ(adrace_reduction_copies(0, 0), copies);  // kept for the next call that needs it
}

TEST_F(ReductionTest, SlotsAreIndependent) {
  double* x = adrace_reduction_copies(0, 100);
  double* y = adrace_reduction_copies(1, 100);
  EXPECT_NE(x, y);
  x[5] = 1.0;
  EXPECT_TRUE(allZero(y, 100));
  x[5] = 0.0;
}

TEST_F(ReductionTest, EveryThreadHasItsOwnBuffers) {
  const int threads = 4;
  std::vector<double*> buffers(threads, nullptr);
#pragma omp parallel num_threads(threads)
  {
    buffers[omp_get_thread_num()] = adrace_reduction_copies(0, 64);
    adrace_reduction_release();
  }
  for (int a = 0; a < threads; ++a)
    for (int b = a + 1; b < threads; ++b) EXPECT_NE(buffers[a], buffers[b]);
}

TEST_F(ReductionTest, SummingThroughTheCopiesIsAReduction) {
  // The generated pattern: each thread increments its copy, then the copies are summed into the
  // array and cleared; a second call on the same buffer must start from zero again.
  const long n = 10000;
  std::vector<double> target(n, 0.0);
  for (int call = 0; call < 2; ++call) {
    size_t threads = static_cast<size_t>(omp_get_max_threads());
    double* copies = adrace_reduction_copies(0, threads * n);
#pragma omp parallel
    {
      double* mine = copies + static_cast<size_t>(omp_get_thread_num()) * n;
#pragma omp for
      for (long i = 0; i < 3 * n; ++i) mine[i % n] += 1.0;
#pragma omp for
      for (long e = 0; e < n; ++e)
        for (int t = 0; t < omp_get_num_threads(); ++t) {
          target[e] += copies[static_cast<size_t>(t) * n + e];
          copies[static_cast<size_t>(t) * n + e] = 0.0;
        }
    }
  }
  long wrong = 0;
  for (long e = 0; e < n; ++e) wrong += target[e] != 6.0;
  EXPECT_EQ(wrong, 0);
}

// Two threads' copies never share a cache line: the buffer starts on one, the stride fills whole lines.
TEST_F(ReductionTest, CopiesStartOnCacheLines) {
  EXPECT_EQ(adrace_reduction_stride(7, sizeof(double)), 8u);
  EXPECT_EQ(adrace_reduction_stride(8, sizeof(double)), 8u);
  EXPECT_EQ(adrace_reduction_stride(9, sizeof(double)), 16u);
  EXPECT_EQ(adrace_reduction_stride(7, sizeof(float)), 16u);
  EXPECT_EQ(adrace_reduction_stride(1, 128), 1u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(adrace_reduction_copies(0, 7)) % ADRACE_CACHE_LINE, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(adrace_reduction_copies(1, 3 * 8)) % ADRACE_CACHE_LINE, 0u);
}

TEST_F(ReductionTest, BadSlotAborts) {
  EXPECT_DEATH(adrace_reduction_copies(ADRACE_REDUCTION_SLOTS, 1), "reduction slot out of range");
}

}  // namespace reduction_test
