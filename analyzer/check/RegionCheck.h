// The race check of an `omp parallel` region beyond its loops: accesses of different threads that
// no barrier separates. The region's steps fall into phases at barriers (explicit, and the
// implicit ones that end a `for` or `single` without nowait); inside a phase, every pair of
// accesses to one location, one a write, made by two different threads is a race unless
// synchronisation (atomic, critical, a lock) keeps them apart:
//   - statements every thread runs, against themselves (thread t and t' != t) and each other;
//   - master and single blocks against the other threads' statements and loops;
//   - a `nowait` loop against the loop after it, except where OpenMP's static-schedule rule puts
//     iteration i of both loops on one thread (schedule(static), no chunk, same iteration space).
// Races between two iterations of one loop are checkLoop's business. A teams region (RegionModel.h)
// is checked the same way with teams for threads: its body is one phase, as no barrier binds to
// the league.
#pragma once

#include "analyzer/check/RaceCheck.h"
#include "analyzer/model/RegionModel.h"

#include <vector>

namespace adrace::analyzer {

// `loops` are the file's loop models, which the region's loop steps index.
// `deadline` is the file's time budget: what it leaves unchecked is one Undecided finding.
std::vector<RaceFinding> checkRegion(const RegionModel& region, const std::vector<LoopModel>& loops,
                                     unsigned z3TimeoutMs = smt::kDefaultQueryTimeoutMs, smt::Deadline deadline = {});

}  // namespace adrace::analyzer
