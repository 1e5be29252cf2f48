// Throughput of the per-thread tape (runtime/adrace/tape.h). Each benchmark thread has its own
// tape; ->Threads(2) shows whether tapes interfere (they share nothing but the allocator).
// items_per_second is the whole team's throughput (Google Benchmark sums over threads);
// per_thread is one thread's, which stays flat as threads are added if the tapes scale.
#include "adrace/tape.h"

#include <benchmark/benchmark.h>

#include <vector>

namespace {

// Items (values pushed or popped) per second of one thread: the per-thread figure the adjoint's
// scaling depends on.
void setPerThreadRate(benchmark::State& state, long items) {
  state.counters["per_thread"] =
      benchmark::Counter(static_cast<double>(items), benchmark::Counter::kIsRate | benchmark::Counter::kAvgThreads);
}

// One untimed sweep of `bytes` so that the timed ones reuse blocks whose pages are mapped.
void warmTape(long bytes) {
  for (long i = 0; i < bytes / 8; ++i) adrace_push_double(0.0);
  for (long i = 0; i < bytes / 8; ++i) benchmark::DoNotOptimize(adrace_pop_double());
}

// Push n doubles then pop them all: the forward/backward pattern of an adjoint loop.
// Blocks are reused (see warmTape), so this is the steady state of repeated sweeps.
void BM_PushPopDouble(benchmark::State& state) {
  const long n = state.range(0);
  double sink = 0.0;
  warmTape(n * static_cast<long>(sizeof(double)));
  for (auto _ : state) {
    for (long i = 0; i < n; ++i) adrace_push_double(static_cast<double>(i));
    for (long i = 0; i < n; ++i) sink += adrace_pop_double();
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(state.iterations() * n * 2);  // pushes + pops
  setPerThreadRate(state, state.iterations() * n * 2);
  state.SetBytesProcessed(state.iterations() * n * 2 * static_cast<long>(sizeof(double)));
  adrace_tape_release();
}
BENCHMARK(BM_PushPopDouble)->Arg(1 << 10)->Arg(1 << 20)->Arg(1 << 23)->Threads(1)->Threads(2)->UseRealTime();

// Pushes only, timed; the pops that keep memory bounded are not timed.
void BM_PushDouble(benchmark::State& state) {
  const long n = state.range(0);
  warmTape(n * static_cast<long>(sizeof(double)));
  for (auto _ : state) {
    for (long i = 0; i < n; ++i) adrace_push_double(static_cast<double>(i));
    state.PauseTiming();
    for (long i = 0; i < n; ++i) benchmark::DoNotOptimize(adrace_pop_double());
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * n);
  setPerThreadRate(state, state.iterations() * n);
  state.SetBytesProcessed(state.iterations() * n * static_cast<long>(sizeof(double)));
  adrace_tape_release();
}
BENCHMARK(BM_PushDouble)->Arg(1 << 20)->Threads(1)->Threads(2)->UseRealTime();

// Pops only, timed.
void BM_PopDouble(benchmark::State& state) {
  const long n = state.range(0);
  double sink = 0.0;
  warmTape(n * static_cast<long>(sizeof(double)));
  for (auto _ : state) {
    state.PauseTiming();
    for (long i = 0; i < n; ++i) adrace_push_double(static_cast<double>(i));
    state.ResumeTiming();
    for (long i = 0; i < n; ++i) sink += adrace_pop_double();
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations() * n);
  setPerThreadRate(state, state.iterations() * n);
  state.SetBytesProcessed(state.iterations() * n * static_cast<long>(sizeof(double)));
  adrace_tape_release();
}
BENCHMARK(BM_PopDouble)->Arg(1 << 20)->Threads(1)->Threads(2)->UseRealTime();

// A first sweep on an empty tape: every 64 KiB block is malloc'd and its pages touched for the
// first time (the blocks are freed, untimed, after each sweep).
void BM_PushPopDoubleColdTape(benchmark::State& state) {
  const long n = state.range(0);
  double sink = 0.0;
  for (auto _ : state) {
    for (long i = 0; i < n; ++i) adrace_push_double(static_cast<double>(i));
    for (long i = 0; i < n; ++i) sink += adrace_pop_double();
    state.PauseTiming();
    adrace_tape_release();
    state.ResumeTiming();
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations() * n * 2);
  setPerThreadRate(state, state.iterations() * n * 2);
  state.SetBytesProcessed(state.iterations() * n * 2 * static_cast<long>(sizeof(double)));
}
BENCHMARK(BM_PushPopDoubleColdTape)->Arg(1 << 20)->Threads(1)->Threads(2)->UseRealTime();

// Mixed types (double, int, long: 20 bytes a round), so values straddle block boundaries.
void BM_PushPopMixed(benchmark::State& state) {
  const long n = state.range(0);
  double sink = 0.0;
  warmTape(n * static_cast<long>(sizeof(double) + sizeof(int) + sizeof(long)) + 8);
  for (auto _ : state) {
    for (long i = 0; i < n; ++i) {
      adrace_push_double(static_cast<double>(i));
      adrace_push_int(static_cast<int>(i));
      adrace_push_long(i);
    }
    for (long i = 0; i < n; ++i) {
      sink += static_cast<double>(adrace_pop_long());
      sink += adrace_pop_int();
      sink += adrace_pop_double();
    }
    benchmark::DoNotOptimize(sink);
  }
  const long bytes = static_cast<long>(sizeof(double) + sizeof(int) + sizeof(long));
  state.SetItemsProcessed(state.iterations() * n * 6);
  setPerThreadRate(state, state.iterations() * n * 6);
  state.SetBytesProcessed(state.iterations() * n * 2 * bytes);
  adrace_tape_release();
}
BENCHMARK(BM_PushPopMixed)->Arg(1 << 20)->Threads(1)->Threads(2)->UseRealTime();

// Reference: the same pattern on a std::vector<double> with reserved capacity.
void BM_VectorPushPopDouble(benchmark::State& state) {
  const long n = state.range(0);
  std::vector<double> v(static_cast<size_t>(n), 0.0);  // pages mapped, like a warm tape
  v.clear();
  double sink = 0.0;
  for (auto _ : state) {
    for (long i = 0; i < n; ++i) v.push_back(static_cast<double>(i));
    for (long i = 0; i < n; ++i) {
      sink += v.back();
      v.pop_back();
    }
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(state.iterations() * n * 2);
  setPerThreadRate(state, state.iterations() * n * 2);
  state.SetBytesProcessed(state.iterations() * n * 2 * static_cast<long>(sizeof(double)));
}
BENCHMARK(BM_VectorPushPopDouble)->Arg(1 << 20)->Threads(1)->Threads(2)->UseRealTime();

}  // namespace
