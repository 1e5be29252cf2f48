#include "analyzer/model/RegionModel.h"

namespace adrace::analyzer {

smt::ExprRef threadNumber() { return unitNumber(RegionUnits::Threads); }

smt::ExprRef teamSize() { return unitCount(RegionUnits::Threads); }

smt::LoopDomain threadDomain() { return unitDomain(RegionUnits::Threads); }

const char* unitNumberName(RegionUnits units) { return units == RegionUnits::Teams ? kTeamNumber : kThreadNumber; }

smt::ExprRef unitNumber(RegionUnits units) { return smt::variable(unitNumberName(units), 0, smt::Scope::Counter); }

smt::ExprRef unitCount(RegionUnits units) {
  return smt::variable(units == RegionUnits::Teams ? kLeagueSize : kTeamSize, 0, smt::Scope::Shared);
}

smt::LoopDomain unitDomain(RegionUnits units) {
  smt::LoopDomain domain;
  smt::LoopDimension unit;
  unit.counter = unitNumberName(units);
  unit.first = smt::constant(0);
  unit.bound = unitCount(units);
  unit.comparison = smt::Comparison::Less;
  unit.step = smt::constant(1);
  domain.dimensions.push_back(unit);
  return domain;
}

const char* unitWord(RegionUnits units) { return units == RegionUnits::Teams ? "team" : "thread"; }

std::string stepConstructName(const RegionStep& step) {
  switch (step.construct) {
    case StepConstruct::Statement: return "statement";
    case StepConstruct::Single: return "single";
    case StepConstruct::Master: return "master";
    case StepConstruct::Masked: return "masked";
    case StepConstruct::Section: return "section";
    case StepConstruct::Critical: return "critical";
    case StepConstruct::Atomic: return "atomic";
    case StepConstruct::Task: return "task";
    case StepConstruct::Loop: return directiveSpelling(step.loopDirective);
    case StepConstruct::Barrier: return "barrier";
    case StepConstruct::TaskCreation: return "task creation";
    case StepConstruct::Taskwait: return "taskwait";
    case StepConstruct::EndOfTaskgroup: return "end of taskgroup";
  }
  return "?";
}

const char* regionWord(RegionUnits units) { return units == RegionUnits::Teams ? "teams region" : "parallel region"; }

}  // namespace adrace::analyzer
