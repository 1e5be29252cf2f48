#include "analyzer/model/RegionModel.h"

namespace adrace::analyzer {

smt::ExprRef threadNumber() { return smt::variable(kThreadNumber, 0, smt::Scope::Counter); }

smt::ExprRef teamSize() { return smt::variable(kTeamSize, 0, smt::Scope::Shared); }

smt::LoopDomain threadDomain() {
  smt::LoopDomain domain;
  smt::LoopDimension thread;
  thread.counter = kThreadNumber;
  thread.first = smt::constant(0);
  thread.bound = teamSize();
  thread.comparison = smt::Comparison::Less;
  thread.step = smt::constant(1);
  domain.dimensions.push_back(thread);
  return domain;
}

}  // namespace adrace::analyzer
