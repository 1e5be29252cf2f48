// Unit tests of runtime/adrace/tape.h: LIFO order across blocks, mixed types, block reuse,
// release, and per-thread independence under OpenMP.
#include "adrace/tape.h"

#include <gtest/gtest.h>
#include <omp.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace tape_test {

constexpr size_t kBlock = ADRACE_TAPE_BLOCK_BYTES;

size_t blocksFor(size_t bytes) { return (bytes + kBlock - 1) / kBlock; }

class TapeTest : public ::testing::Test {
 protected:
  void SetUp() override { adrace_tape_release(); }
  void TearDown() override { adrace_tape_release(); }
};

TEST_F(TapeTest, StartsEmpty) {
  EXPECT_EQ(adrace_tape_bytes(), 0u);
  EXPECT_EQ(adrace_tape_reserved_bytes(), 0u);
}

TEST_F(TapeTest, MillionDoublesComeBackInReverseAcrossBlocks) {
  const long n = 1000000;
  for (long i = 0; i < n; ++i) adrace_push_double(0.5 * static_cast<double>(i) - 3.0);
  EXPECT_EQ(adrace_tape_bytes(), n * sizeof(double));
  EXPECT_EQ(adrace_tape_reserved_bytes(), blocksFor(n * sizeof(double)) * kBlock);
  long wrong = 0;
  for (long i = n - 1; i >= 0; --i)
    if (adrace_pop_double() != 0.5 * static_cast<double>(i) - 3.0) ++wrong;
  EXPECT_EQ(wrong, 0);
  EXPECT_EQ(adrace_tape_bytes(), 0u);
}

TEST_F(TapeTest, MixedTypesOfOddSizesSplitAcrossBlocks) {
  // 8 + 4 + 8 + 4 + 3 + 8 = 35 bytes a round: values straddle block boundaries at every offset.
  const int rounds = 20000;
  int anchor = 0;
  for (int r = 0; r < rounds; ++r) {
    adrace_push_double(r * 1.25);
    adrace_push_int(-r);
    adrace_push_long(static_cast<long>(r) * 1000003L);
    adrace_push_float(static_cast<float>(r) + 0.5f);
    const unsigned char bytes[3] = {static_cast<unsigned char>(r), static_cast<unsigned char>(r >> 8), 0xAB};
    adrace_push_bytes(bytes, sizeof bytes);
    adrace_push_pointer(&anchor + (r % 7));
  }
  EXPECT_EQ(adrace_tape_bytes(), rounds * (3 + 2 * sizeof(int) + 2 * 8 + sizeof(void*)));
  int wrong = 0;
  for (int r = rounds - 1; r >= 0; --r) {
    if (adrace_pop_pointer() != &anchor + (r % 7)) ++wrong;
    unsigned char bytes[3];
    adrace_pop_bytes(bytes, sizeof bytes);
    if (bytes[0] != static_cast<unsigned char>(r) || bytes[1] != static_cast<unsigned char>(r >> 8) || bytes[2] != 0xAB)
      ++wrong;
    if (adrace_pop_float() != static_cast<float>(r) + 0.5f) ++wrong;
    if (adrace_pop_long() != static_cast<long>(r) * 1000003L) ++wrong;
    if (adrace_pop_int() != -r) ++wrong;
    if (adrace_pop_double() != r * 1.25) ++wrong;
  }
  EXPECT_EQ(wrong, 0);
  EXPECT_EQ(adrace_tape_bytes(), 0u);
}

TEST_F(TapeTest, ValueLargerThanABlock) {
  std::vector<unsigned char> big(3 * kBlock + 123), back(big.size());
  for (size_t i = 0; i < big.size(); ++i) big[i] = static_cast<unsigned char>(i * 31 + 7);
  adrace_push_int(1);
  adrace_push_bytes(big.data(), big.size());
  adrace_push_double(2.0);
  EXPECT_EQ(adrace_tape_bytes(), big.size() + sizeof(int) + sizeof(double));
  EXPECT_EQ(adrace_pop_double(), 2.0);
  adrace_pop_bytes(back.data(), back.size());
  EXPECT_EQ(back, big);
  EXPECT_EQ(adrace_pop_int(), 1);
}

TEST_F(TapeTest, ExactlyFullBlockThenOneMore) {
  const long perBlock = static_cast<long>(kBlock / sizeof(double));
  for (long i = 0; i < perBlock; ++i) adrace_push_double(static_cast<double>(i));
  EXPECT_EQ(adrace_tape_reserved_bytes(), kBlock);  // filling a block exactly allocates no second one
  adrace_push_double(-1.0);
  EXPECT_EQ(adrace_tape_reserved_bytes(), 2 * kBlock);
  EXPECT_EQ(adrace_pop_double(), -1.0);
  for (long i = perBlock - 1; i >= 0; --i) ASSERT_EQ(adrace_pop_double(), static_cast<double>(i));
  EXPECT_EQ(adrace_tape_bytes(), 0u);
}

TEST_F(TapeTest, PopsKeepBlocksForTheNextPushes) {
  const long n = 300000;  // 2.4 MB: 37 blocks
  for (int sweep = 0; sweep < 3; ++sweep) {
    for (long i = 0; i < n; ++i) adrace_push_double(static_cast<double>(i + sweep));
    const size_t reserved = adrace_tape_reserved_bytes();
    EXPECT_EQ(reserved, blocksFor(n * sizeof(double)) * kBlock) << "sweep " << sweep;
    for (long i = n - 1; i >= 0; --i) ASSERT_EQ(adrace_pop_double(), static_cast<double>(i + sweep));
    EXPECT_EQ(adrace_tape_bytes(), 0u);
    EXPECT_EQ(adrace_tape_reserved_bytes(), reserved) << "pops must not free blocks";
  }
  // A half-size sweep, then a bigger one, reuses what is there and allocates only the rest.
  for (long i = 0; i < n / 2; ++i) adrace_push_double(1.0);
  for (long i = 0; i < n / 2; ++i) (void)adrace_pop_double();
  for (long i = 0; i < 2 * n; ++i) adrace_push_double(2.0);
  EXPECT_EQ(adrace_tape_reserved_bytes(), blocksFor(2 * n * sizeof(double)) * kBlock);
  for (long i = 0; i < 2 * n; ++i) ASSERT_EQ(adrace_pop_double(), 2.0);
}

TEST_F(TapeTest, ReleaseFreesEverythingAndTheTapeStillWorks) {
  for (int i = 0; i < 100000; ++i) adrace_push_int(i);
  for (int i = 0; i < 50000; ++i) (void)adrace_pop_int();  // top block in the middle of the list
  adrace_tape_release();
  EXPECT_EQ(adrace_tape_bytes(), 0u);
  EXPECT_EQ(adrace_tape_reserved_bytes(), 0u);
  adrace_push_long(42);
  EXPECT_EQ(adrace_pop_long(), 42);
}

TEST_F(TapeTest, InterleavedPushesAndPops) {
  // Save-on-kill inside nested loops: pushes and pops interleave, order stays LIFO.
  std::vector<long> model;
  unsigned state = 12345;
  for (int step = 0; step < 400000; ++step) {
    state = state * 1103515245u + 12345u;
    if (model.empty() || (state >> 16) % 3 != 0) {
      const long v = static_cast<long>(state);
      model.push_back(v);
      adrace_push_long(v);
    } else {
      ASSERT_EQ(adrace_pop_long(), model.back());
      model.pop_back();
    }
    ASSERT_EQ(adrace_tape_bytes(), model.size() * sizeof(long));
  }
}

using TapeDeathTest = TapeTest;

TEST_F(TapeDeathTest, PopFromEmptyTapeAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH((void)adrace_pop_double(), "tape underflow");
  adrace_push_int(1);
  EXPECT_DEATH((void)adrace_pop_double(), "tape underflow");
}

// Each thread pushes values tagged with its id within one parallel region and pops them back.
TEST(TapeThreads, EachThreadHasItsOwnTape) {
  const int threads = 4;
  long wrong = 0, wrongBytes = 0;
#pragma omp parallel num_threads(threads) reduction(+ : wrong, wrongBytes)
  {
    const long tid = omp_get_thread_num();
    const long n = 200000 + 12345 * tid;  // different lengths: threads cross blocks at different times
    for (long i = 0; i < n; ++i) {
      adrace_push_long(tid);
      adrace_push_double(static_cast<double>(tid * 10000000 + i));
    }
    if (adrace_tape_bytes() != static_cast<size_t>(n) * (sizeof(long) + sizeof(double))) ++wrongBytes;
#pragma omp barrier
    for (long i = n - 1; i >= 0; --i) {
      if (adrace_pop_double() != static_cast<double>(tid * 10000000 + i)) ++wrong;
      if (adrace_pop_long() != tid) ++wrong;
    }
    if (adrace_tape_bytes() != 0) ++wrongBytes;
    adrace_tape_release();
  }
  EXPECT_EQ(wrong, 0);
  EXPECT_EQ(wrongBytes, 0);
}

// The generated-code pattern: push in one parallel region, pop in the next one, with the same team size.
TEST(TapeThreads, TapesPersistBetweenParallelRegions) {
  const int threads = 4;
  omp_set_dynamic(0);
  long wrong = 0;
  for (int repeat = 0; repeat < 3; ++repeat) {
#pragma omp parallel num_threads(threads)
    {
      const long tid = omp_get_thread_num();
      for (long i = 0; i < 50000 + tid; ++i) adrace_push_double(static_cast<double>(tid * 1000000 + i));
    }
#pragma omp parallel num_threads(threads) reduction(+ : wrong)
    {
      const long tid = omp_get_thread_num();
      for (long i = 50000 + tid - 1; i >= 0; --i)
        if (adrace_pop_double() != static_cast<double>(tid * 1000000 + i)) ++wrong;
      if (adrace_tape_bytes() != 0) ++wrong;
    }
  }
  EXPECT_EQ(wrong, 0);
#pragma omp parallel num_threads(threads)
  adrace_tape_release();
}

}  // namespace tape_test
