#include "analyzer/model/Directive.h"

namespace adrace::analyzer {

namespace {

const char* constructName(Construct construct) {
  switch (construct) {
    case Construct::Target: return "target";
    case Construct::Teams: return "teams";
    case Construct::Distribute: return "distribute";
    case Construct::Parallel: return "parallel";
    case Construct::Master: return "master";
    case Construct::Masked: return "masked";
    case Construct::Sections: return "sections";
    case Construct::For: return "for";
    case Construct::Taskloop: return "taskloop";
    case Construct::Task: return "task";
    case Construct::Simd: return "simd";
  }
  return "?";
}

}  // namespace

Directive::Directive(std::initializer_list<Construct> constructs) {
  for (Construct construct : constructs) add(construct);
}

std::string directiveSpelling(Directive directive) {
  std::string text;
  for (unsigned k = 0; k <= static_cast<unsigned>(Construct::Simd); ++k) {
    auto construct = static_cast<Construct>(k);
    if (!directive.has(construct)) continue;
    if (!text.empty()) text += ' ';
    text += constructName(construct);
  }
  return text;
}

}  // namespace adrace::analyzer
