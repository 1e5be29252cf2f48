// A time budget as a point in time: the budget of a loop (analyze, answer, adjoint) or of a file
// (check). Z3's timeout is per query, so without one the total is pairs x solvers x timeout; with
// one, each query gets min(timeout, time left), and none is sent once the time is up.
#pragma once

#include "smt/QueryLimits.h"

#include <chrono>
#include <optional>

namespace adrace::smt {

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;

  Deadline() = default;  // no deadline: only the per-query timeout bounds a query
  static Deadline after(unsigned milliseconds) {
    Deadline deadline;
    deadline.at_ = Clock::now() + std::chrono::milliseconds(milliseconds);
    return deadline;
  }

  bool unlimited() const { return !at_; }
  bool passed() const { return at_ && Clock::now() >= *at_; }
  // The timeout of the next query: `timeout`, or the milliseconds left if fewer (at least 1).
  unsigned queryTimeout(unsigned timeout) const {
    if (!at_) return timeout;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*at_ - Clock::now()).count();
    if (left < 1) return 1;
    return left < timeout ? static_cast<unsigned>(left) : timeout;
  }

 private:
  std::optional<Clock::time_point> at_;
};

}  // namespace adrace::smt
