// Cost of the schedule helpers (runtime/adrace/schedule.h): trip counts, static chunks, and the
// recording and reverse replay of dynamic schedules, alone and inside real OpenMP loops.
#include "adrace/schedule.h"

#include <benchmark/benchmark.h>
#include <omp.h>

#include <vector>

namespace {

// Iterations per second of one thread. Threads(2) benchmarks run one recording per benchmark thread
// (Google Benchmark averages the counter over them); the Omp* loops run a team of
// omp_get_max_threads() threads, so their per-thread rate is the team's divided by its size.
void setPerThreadRate(benchmark::State& state, long items, int teamSize = 1) {
  state.counters["per_thread"] = benchmark::Counter(static_cast<double>(items) / teamSize,
                                                    benchmark::Counter::kIsRate | benchmark::Counter::kAvgThreads);
}

struct Loop {
  long first, bound, step;
  int cmp;
};

std::vector<Loop> someLoops() {
  std::vector<Loop> loops;
  unsigned s = 1;
  for (int i = 0; i < 1024; ++i) {
    s = s * 1103515245u + 12345u;
    const long a = static_cast<long>(s % 100000) - 50000, b = static_cast<long>((s >> 8) % 100000) - 50000;
    const long step = static_cast<long>((s >> 4) % 7) + 1;
    const int cmp = static_cast<int>((s >> 12) % 4);
    loops.push_back({a, b, cmp < 2 ? step : -step, cmp});
  }
  return loops;
}

void BM_TripCount(benchmark::State& state) {
  const std::vector<Loop> loops = someLoops();
  long sum = 0;
  for (auto _ : state)
    for (const Loop& l : loops) sum += adrace_trip_count(l.first, l.bound, l.step, l.cmp);
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations() * static_cast<long>(loops.size()));
}
BENCHMARK(BM_TripCount);

void BM_StaticChunk(benchmark::State& state) {
  long sum = 0;
  for (auto _ : state)
    for (int p = 1; p <= 64; ++p)
      for (int t = 0; t < p; t += 7) {
        long b, e;
        adrace_static_chunk(1000003L + p, t, p, &b, &e);
        sum += e - b;
      }
  benchmark::DoNotOptimize(sum);
  long calls = 0;
  for (int p = 1; p <= 64; ++p) calls += (p + 6) / 7;
  state.SetItemsProcessed(state.iterations() * calls);
}
BENCHMARK(BM_StaticChunk);

// Records n iterations shaped like one thread's share of schedule(dynamic, chunk) with 4
// threads (every 4th chunk), then the run count.
void recordShare(long n, long chunk) {
  adrace_recorder rec;
  adrace_record_begin(&rec);
  for (long first = 0, done = 0; done < n; first += 4 * chunk)
    for (long k = first; k < first + chunk && done < n; ++k, ++done) adrace_record_iteration(&rec, k);
  adrace_record_finish(&rec);
}

// Replays the last recording; returns the sum of the iterations.
long replayAll() {
  adrace_replay rep;
  long k, sum = 0;
  adrace_replay_begin(&rep);
  while (adrace_replay_next(&rep, &k)) sum += k;
  return sum;
}

void BM_RecordIterations(benchmark::State& state) {
  const long chunk = state.range(0), n = 1 << 20;
  recordShare(n, chunk);  // untimed first sweep maps the tape's pages
  benchmark::DoNotOptimize(replayAll());
  for (auto _ : state) {
    recordShare(n, chunk);
    state.PauseTiming();
    benchmark::DoNotOptimize(replayAll());
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * n);
  setPerThreadRate(state, state.iterations() * n);
  adrace_tape_release();
}
BENCHMARK(BM_RecordIterations)->Arg(1)->Arg(3)->Arg(64)->Arg(4096)->Threads(1)->Threads(2)->UseRealTime();

void BM_ReplayIterations(benchmark::State& state) {
  const long chunk = state.range(0), n = 1 << 20;
  recordShare(n, chunk);
  benchmark::DoNotOptimize(replayAll());
  for (auto _ : state) {
    state.PauseTiming();
    recordShare(n, chunk);
    state.ResumeTiming();
    benchmark::DoNotOptimize(replayAll());
  }
  state.SetItemsProcessed(state.iterations() * n);
  setPerThreadRate(state, state.iterations() * n);
  adrace_tape_release();
}
BENCHMARK(BM_ReplayIterations)->Arg(1)->Arg(3)->Arg(64)->Arg(4096)->Threads(1)->Threads(2)->UseRealTime();

// Whole loops on an OpenMP team (all threads of the machine): a schedule(dynamic, chunk)
// array update, the same loop recording its schedule, and the reverse replay of that record.
constexpr long kLoopTrip = 1 << 22;

void BM_OmpDynamicLoop(benchmark::State& state) {
  const long chunk = state.range(0);
  std::vector<double> a(kLoopTrip, 1.0);
  double* x = a.data();
  for (auto _ : state) {
#pragma omp parallel for schedule(dynamic, chunk)
    for (long k = 0; k < kLoopTrip; ++k) x[k] = x[k] * 1.0000001 + 1e-9;
  }
  benchmark::DoNotOptimize(x);
  state.SetItemsProcessed(state.iterations() * kLoopTrip);
  setPerThreadRate(state, state.iterations() * kLoopTrip, omp_get_max_threads());
}
BENCHMARK(BM_OmpDynamicLoop)->Arg(1)->Arg(16)->Arg(256)->Arg(4096)->UseRealTime()->Unit(benchmark::kMillisecond);

// The forward loop with its schedule recorded: what adjoint code runs for schedule(dynamic, chunk).
void recordedLoop(double* x, long chunk) {
#pragma omp parallel
  {
    adrace_recorder rec;
    adrace_record_begin(&rec);
#pragma omp for schedule(dynamic, chunk)
    for (long k = 0; k < kLoopTrip; ++k) {
      adrace_record_iteration(&rec, k);
      x[k] = x[k] * 1.0000001 + 1e-9;
    }
    adrace_record_finish(&rec);
  }
}

// The backward loop: each thread replays its recorded iterations in reverse.
void replayedLoop(double* x) {
#pragma omp parallel
  {
    adrace_replay rep;
    long k;
    adrace_replay_begin(&rep);
    while (adrace_replay_next(&rep, &k)) x[k] = x[k] * 0.9999999 - 1e-9;
  }
}

void releaseAllTapes() {
#pragma omp parallel
  adrace_tape_release();
}

void BM_OmpDynamicLoopRecorded(benchmark::State& state) {
  const long chunk = state.range(0);
  std::vector<double> a(kLoopTrip, 1.0);
  double* x = a.data();
  recordedLoop(x, chunk);  // untimed first sweep maps the tapes' pages
  replayedLoop(x);
  for (auto _ : state) {
    recordedLoop(x, chunk);
    state.PauseTiming();
    replayedLoop(x);
    state.ResumeTiming();
  }
  benchmark::DoNotOptimize(x);
  state.SetItemsProcessed(state.iterations() * kLoopTrip);
  setPerThreadRate(state, state.iterations() * kLoopTrip, omp_get_max_threads());
  releaseAllTapes();
}
BENCHMARK(BM_OmpDynamicLoopRecorded)
    ->Arg(1)
    ->Arg(16)
    ->Arg(256)
    ->Arg(4096)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void BM_OmpReverseReplayLoop(benchmark::State& state) {
  const long chunk = state.range(0);
  std::vector<double> a(kLoopTrip, 1.0);
  double* x = a.data();
  recordedLoop(x, chunk);
  replayedLoop(x);
  for (auto _ : state) {
    state.PauseTiming();
    recordedLoop(x, chunk);
    state.ResumeTiming();
    replayedLoop(x);
  }
  benchmark::DoNotOptimize(x);
  state.SetItemsProcessed(state.iterations() * kLoopTrip);
  setPerThreadRate(state, state.iterations() * kLoopTrip, omp_get_max_threads());
  releaseAllTapes();
}
BENCHMARK(BM_OmpReverseReplayLoop)->Arg(1)->Arg(16)->Arg(256)->Arg(4096)->UseRealTime()->Unit(benchmark::kMillisecond);

// The static pair for comparison: adrace_static_chunk forward, then the same chunk backwards.
void BM_OmpStaticChunkLoop(benchmark::State& state) {
  std::vector<double> a(kLoopTrip, 1.0);
  double* x = a.data();
  for (auto _ : state) {
#pragma omp parallel
    {
      long b, e;
      adrace_static_chunk_here(kLoopTrip, &b, &e);
      for (long k = b; k < e; ++k) x[k] = x[k] * 1.0000001 + 1e-9;
    }
#pragma omp parallel
    {
      long b, e;
      adrace_static_chunk_here(kLoopTrip, &b, &e);
      for (long k = e; k-- > b;) x[k] = x[k] * 0.9999999 - 1e-9;
    }
  }
  benchmark::DoNotOptimize(x);
  state.SetItemsProcessed(state.iterations() * kLoopTrip * 2);
  setPerThreadRate(state, state.iterations() * kLoopTrip * 2, omp_get_max_threads());
}
BENCHMARK(BM_OmpStaticChunkLoop)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
