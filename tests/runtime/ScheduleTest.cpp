// Unit tests of runtime/adrace/schedule.h: static chunks, trip counts, and the recording and
// reverse replay of dynamically scheduled loops.
#include "adrace/schedule.h"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <climits>
#include <random>
#include <vector>

namespace schedule_test {

// ---- static chunks -------------------------------------------------------------------------

TEST(StaticChunk, CoversEveryIterationOnceInBalancedContiguousChunks) {
  std::vector<long> trips;
  for (long n = 0; n <= 300; ++n) trips.push_back(n);
  for (long n : {1000L, 1023L, 1024L, 1025L, 99991L, 1000000007L}) trips.push_back(n);
  for (long n : trips) {
    for (int p = 1; p <= 33; ++p) {
      const long q = n / p, r = n % p;
      long expectedBegin = 0;
      for (int t = 0; t < p; ++t) {
        long b = -7, e = -7;
        adrace_static_chunk(n, t, p, &b, &e);
        ASSERT_EQ(b, expectedBegin) << "n=" << n << " p=" << p << " t=" << t;
        ASSERT_EQ(e - b, q + (t < r ? 1 : 0)) << "n=" << n << " p=" << p << " t=" << t;
        expectedBegin = e;
      }
      ASSERT_EQ(expectedBegin, n) << "n=" << n << " p=" << p;
    }
  }
}

TEST(StaticChunk, MarksEachIterationExactlyOnce) {
  for (long n : {0L, 1L, 5L, 17L, 64L, 1001L}) {
    for (int p : {1, 2, 3, 7, 16, 64, 100}) {
      std::vector<int> seen(static_cast<size_t>(n), 0);
      for (int t = 0; t < p; ++t) {
        long b, e;
        adrace_static_chunk(n, t, p, &b, &e);
        for (long k = b; k < e; ++k) ++seen[static_cast<size_t>(k)];
      }
      EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; })) << "n=" << n << " p=" << p;
    }
  }
}

TEST(StaticChunk, EmptyForNoIterationsOrBadThread) {
  long b = 5, e = 5;
  adrace_static_chunk(0, 0, 4, &b, &e);
  EXPECT_EQ(b, e);
  adrace_static_chunk(-3, 1, 4, &b, &e);
  EXPECT_EQ(b, e);
  adrace_static_chunk(10, 4, 4, &b, &e);
  EXPECT_EQ(b, e);
  adrace_static_chunk(10, 0, 0, &b, &e);
  EXPECT_EQ(b, e);
}

TEST(StaticChunk, HereUsesTheCallingThread) {
  const long n = 103;
  std::vector<long> begins(5, -1), ends(5, -1);
#pragma omp parallel num_threads(5)
  {
    long b, e;
    adrace_static_chunk_here(n, &b, &e);
    begins[omp_get_thread_num()] = b;
    ends[omp_get_thread_num()] = e;
  }
  const int p = static_cast<int>(std::count_if(begins.begin(), begins.end(), [](long b) { return b >= 0; }));
  for (int t = 0; t < p; ++t) {
    long b, e;
    adrace_static_chunk(n, t, p, &b, &e);
    EXPECT_EQ(begins[t], b);
    EXPECT_EQ(ends[t], e);
  }
  long b, e;
  adrace_static_chunk_here(n, &b, &e);  // outside a parallel region: one thread does all
  EXPECT_EQ(b, 0);
  EXPECT_EQ(e, n);
}

// ---- trip counts ---------------------------------------------------------------------------

bool holds(long i, long bound, int cmp) {
  switch (cmp) {
    case ADRACE_LT: return i < bound;
    case ADRACE_LE: return i <= bound;
    case ADRACE_GT: return i > bound;
    case ADRACE_GE: return i >= bound;
    default: return i != bound;
  }
}

TEST(TripCount, MatchesBruteForceForAllComparisonsAndSteps) {
  const int cmps[] = {ADRACE_LT, ADRACE_LE, ADRACE_GT, ADRACE_GE, ADRACE_NE};
  for (int cmp : cmps)
    for (long first = -12; first <= 12; ++first)
      for (long bound = -12; bound <= 12; ++bound)
        for (long step = -5; step <= 5; ++step) {
          // Run the loop; one that has not ended after 100 iterations never will.
          long count = 0, i = first;
          bool valuesMatch = true;
          for (; holds(i, bound, cmp) && count <= 100; i += step, ++count)
            if (i != first + count * step) valuesMatch = false;
          const long expected = count > 100 ? ADRACE_TRIP_INVALID : count;
          ASSERT_EQ(adrace_trip_count(first, bound, step, cmp), expected)
              << "for (i = " << first << "; i cmp" << cmp << ' ' << bound << "; i += " << step << ")";
          ASSERT_TRUE(valuesMatch);
        }
}

TEST(TripCount, ExtremeBoundsDoNotOverflow) {
  using i128 = __int128;
  struct Case {
    long first, bound, step;
    int cmp;
  };
  const Case cases[] = {
      {LONG_MIN, LONG_MAX, LONG_MAX, ADRACE_LT},
      {LONG_MIN, LONG_MAX, 1L << 40, ADRACE_LE},
      {LONG_MAX, LONG_MIN, LONG_MIN, ADRACE_GT},
      {LONG_MAX, LONG_MIN, -(1L << 33), ADRACE_GE},
      {LONG_MIN, LONG_MAX - 1, 2, ADRACE_LT},
      {-5, LONG_MAX, LONG_MAX, ADRACE_LE},
      {LONG_MAX, LONG_MAX, 1, ADRACE_LE},
      {LONG_MIN, LONG_MIN, -1, ADRACE_GE},
      {0, LONG_MAX, 3, ADRACE_LT},
      {LONG_MAX - 1, -1, -2, ADRACE_GT},
  };
  for (const Case& c : cases) {
    i128 expected;
    const i128 f = c.first, b = c.bound, s = c.step;
    switch (c.cmp) {
      case ADRACE_LT: expected = f < b ? (b - f + s - 1) / s : 0; break;
      case ADRACE_LE: expected = f <= b ? (b - f) / s + 1 : 0; break;
      case ADRACE_GT: expected = f > b ? (f - b + (-s) - 1) / (-s) : 0; break;
      default: expected = f >= b ? (f - b) / (-s) + 1 : 0; break;
    }
    EXPECT_EQ(adrace_trip_count(c.first, c.bound, c.step, c.cmp), static_cast<long>(expected))
        << c.first << ' ' << c.bound << ' ' << c.step << ' ' << c.cmp;
  }
}

TEST(TripCount, EmptyLoopsAreZeroEvenWithAWrongStep) {
  EXPECT_EQ(adrace_trip_count(5, 5, -1, ADRACE_LT), 0);
  EXPECT_EQ(adrace_trip_count(5, 4, 0, ADRACE_LE), 0);
  EXPECT_EQ(adrace_trip_count(5, 5, 1, ADRACE_GT), 0);
  EXPECT_EQ(adrace_trip_count(4, 5, 0, ADRACE_GE), 0);
  EXPECT_EQ(adrace_trip_count(7, 7, 0, ADRACE_NE), 0);
}

TEST(TripCount, NonCanonicalLoopsAreInvalid) {
  EXPECT_EQ(adrace_trip_count(0, 10, 0, ADRACE_LT), ADRACE_TRIP_INVALID);
  EXPECT_EQ(adrace_trip_count(0, 10, -1, ADRACE_LE), ADRACE_TRIP_INVALID);
  EXPECT_EQ(adrace_trip_count(10, 0, 1, ADRACE_GT), ADRACE_TRIP_INVALID);
  EXPECT_EQ(adrace_trip_count(0, 9, 2, ADRACE_NE), ADRACE_TRIP_INVALID);
  EXPECT_EQ(adrace_trip_count(0, 10, 1, 99), ADRACE_TRIP_INVALID);
}

// ---- dynamic schedules: record and reverse replay ------------------------------------------

class DynamicRecord : public ::testing::Test {
 protected:
  void SetUp() override { adrace_tape_release(); }
  void TearDown() override { adrace_tape_release(); }
};

std::vector<long> replayAll() {
  std::vector<long> out;
  adrace_replay rep;
  adrace_replay_begin(&rep);
  long k;
  while (adrace_replay_next(&rep, &k)) out.push_back(k);
  return out;
}

TEST_F(DynamicRecord, CompressesRunsAndReplaysInReverse) {
  std::vector<long> ks;
  for (long k = 0; k < 10; ++k) ks.push_back(k);   // one run
  for (long k = 20; k < 24; ++k) ks.push_back(k);  // another run
  ks.push_back(3);                                 // jumps back: run of one
  adrace_recorder rec;
  adrace_record_begin(&rec);
  for (long k : ks) adrace_record_iteration(&rec, k);
  adrace_record_finish(&rec);
  EXPECT_EQ(adrace_tape_bytes(), (3 * 2 + 1) * sizeof(long)) << "three (start, length) pairs and the count";
  std::vector<long> expected(ks.rbegin(), ks.rend());
  EXPECT_EQ(replayAll(), expected);
  EXPECT_EQ(adrace_tape_bytes(), 0u);
}

TEST_F(DynamicRecord, NoIterationsRecordsZeroRuns) {
  adrace_recorder rec;
  adrace_record_begin(&rec);
  adrace_record_finish(&rec);
  EXPECT_EQ(adrace_tape_bytes(), sizeof(long));
  EXPECT_TRUE(replayAll().empty());
  EXPECT_EQ(adrace_tape_bytes(), 0u);
}

TEST_F(DynamicRecord, ArbitrarySequencesIncludingRepeatsAndZero) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<long> ks;
    long k = static_cast<long>(rng() % 5);
    const int n = static_cast<int>(rng() % 300);
    for (int j = 0; j < n; ++j) {
      ks.push_back(k);
      const unsigned r = rng() % 10;
      k = r < 7 ? k + 1 : r < 8 ? k : static_cast<long>(rng() % 50) - 10;  // mostly runs, some jumps
    }
    adrace_recorder rec;
    adrace_record_begin(&rec);
    for (long v : ks) adrace_record_iteration(&rec, v);
    adrace_record_finish(&rec);
    std::vector<long> expected(ks.rbegin(), ks.rend());
    ASSERT_EQ(replayAll(), expected) << "trial " << trial;
    ASSERT_EQ(adrace_tape_bytes(), 0u);
  }
}

TEST_F(DynamicRecord, BackToBackLoopsOnOneTape) {
  // Two recorded loops in one forward sweep are replayed last-first.
  adrace_recorder rec;
  adrace_record_begin(&rec);
  for (long k = 0; k < 5; ++k) adrace_record_iteration(&rec, k);
  adrace_record_finish(&rec);
  for (long k = 100; k > 90; k -= 2) adrace_record_iteration(&rec, k);  // finish re-armed rec
  adrace_record_finish(&rec);
  EXPECT_EQ(replayAll(), (std::vector<long>{92, 94, 96, 98, 100}));
  EXPECT_EQ(replayAll(), (std::vector<long>{4, 3, 2, 1, 0}));
}

// The generated-code pattern for schedule(dynamic, 3): the forward sweep records and pushes
// body values; the backward sweep, a second parallel region, replays each thread's iterations
// in exact reverse order and pops the body values in between.
TEST_F(DynamicRecord, ReversesEachThreadsDynamicChunksExactly) {
  const int threads = 4;
  const long trip = 10007;
  omp_set_dynamic(0);
  std::vector<std::vector<long>> forward(threads), backward(threads);
  std::vector<int> owner(trip, -1);
  long wrongValues = 0;
#pragma omp parallel num_threads(threads)
  {
    const int tid = omp_get_thread_num();
    adrace_recorder rec;
    adrace_record_begin(&rec);
#pragma omp for schedule(dynamic, 3)
    for (long k = 0; k < trip; ++k) {
      adrace_record_iteration(&rec, k);
      forward[tid].push_back(k);
      owner[k] = tid;
      for (long j = 0; j < k % 4; ++j) adrace_push_double(static_cast<double>(k) + 0.25 * j);  // save-on-kill
      adrace_push_int(tid);
    }
    adrace_record_finish(&rec);
  }
#pragma omp parallel num_threads(threads) reduction(+ : wrongValues)
  {
    const int tid = omp_get_thread_num();
    adrace_replay rep;
    long k;
    adrace_replay_begin(&rep);
    while (adrace_replay_next(&rep, &k)) {
      backward[tid].push_back(k);
      if (adrace_pop_int() != tid) ++wrongValues;
      for (long j = k % 4 - 1; j >= 0; --j)
        if (adrace_pop_double() != static_cast<double>(k) + 0.25 * j) ++wrongValues;
    }
    if (adrace_tape_bytes() != 0) ++wrongValues;
    adrace_tape_release();
  }
  EXPECT_EQ(wrongValues, 0);
  EXPECT_TRUE(std::all_of(owner.begin(), owner.end(), [](int t) { return t >= 0; }));
  long total = 0;
  for (int t = 0; t < threads; ++t) {
    std::vector<long> expected(forward[t].rbegin(), forward[t].rend());
    EXPECT_EQ(backward[t], expected) << "thread " << t;
    total += static_cast<long>(backward[t].size());
  }
  EXPECT_EQ(total, trip);
}

// The static-schedule pattern: both sweeps use adrace_static_chunk over the loop's trip count;
// the backward sweep walks each chunk backwards and pops what the forward sweep pushed.
TEST(StaticSweeps, BackwardSweepPopsWhatTheForwardSweepPushed) {
  const int threads = 3;
  omp_set_dynamic(0);
  const long first = 100, bound = -7, step = -3;  // for (i = 100; i >= -7; i -= 3)
  const long trip = adrace_trip_count(first, bound, step, ADRACE_GE);
  ASSERT_EQ(trip, 36);
  std::vector<double> x(trip), adjoint(trip, 0.0);
  for (long k = 0; k < trip; ++k) x[k] = 0.1 * static_cast<double>(k);
  long wrong = 0;
#pragma omp parallel num_threads(threads)
  {
    long b, e;
    adrace_static_chunk(trip, omp_get_thread_num(), omp_get_num_threads(), &b, &e);
    for (long k = b; k < e; ++k) {
      const long i = first + k * step;
      adrace_push_long(i);
      adrace_push_double(x[k]);
      x[k] = x[k] * x[k];  // overwrite: saved above
    }
  }
#pragma omp parallel num_threads(threads) reduction(+ : wrong)
  {
    long b, e;
    adrace_static_chunk(trip, omp_get_thread_num(), omp_get_num_threads(), &b, &e);
    for (long k = e; k-- > b;) {
      x[k] = adrace_pop_double();
      if (adrace_pop_long() != first + k * step) ++wrong;
      adjoint[k] = 2.0 * x[k];
    }
    if (adrace_tape_bytes() != 0) ++wrong;
    adrace_tape_release();
  }
  EXPECT_EQ(wrong, 0);
  for (long k = 0; k < trip; ++k) {
    EXPECT_DOUBLE_EQ(x[k], 0.1 * static_cast<double>(k));
    EXPECT_DOUBLE_EQ(adjoint[k], 0.2 * static_cast<double>(k));
  }
}

}  // namespace schedule_test
