#include "analyzer/model/LoopModel.h"

namespace adrace::analyzer {

bool isPerThread(Sharing sharing) { return sharing != Sharing::Shared; }

const char* sharingName(Sharing sharing) {
  switch (sharing) {
    case Sharing::Shared: return "shared";
    case Sharing::Private: return "private";
    case Sharing::FirstPrivate: return "firstprivate";
    case Sharing::LastPrivate: return "lastprivate";
    case Sharing::Reduction: return "reduction";
    case Sharing::Linear: return "linear";
    case Sharing::ThreadPrivate: return "threadprivate";
    case Sharing::LoopCounter: return "loop counter";
  }
  return "?";
}

const char* scheduleName(Schedule schedule) {
  switch (schedule) {
    case Schedule::Static: return "static";
    case Schedule::Dynamic: return "dynamic";
    case Schedule::Guided: return "guided";
    case Schedule::Auto: return "auto";
    case Schedule::Runtime: return "runtime";
    case Schedule::Tasks: return "tasks";
  }
  return "";
}

std::string loopDirectiveName(Directive directive) {
  if (directive == Directive{Construct::Task}) return "task (created in a loop)";
  return directiveSpelling(directive);
}

std::string contextDescription(const Context& context) {
  switch (context.kind) {
    case ContextKind::LoopBody: return "loop body";
    case ContextKind::Branch: return "branch";
    case ContextKind::InnerLoopBody: return "inner loop body";
    case ContextKind::AfterEarlyExit: return "after early exit";
    case ContextKind::CalleeBlock: return "block of '" + context.description + "'";
    case ContextKind::CalleeInnerLoopBody: return "inner loop body in '" + context.description + "'";
    case ContextKind::Described: return context.description;
  }
  return "?";
}

ContextKind contextKindNamed(const std::string& text) {
  for (ContextKind kind :
       {ContextKind::LoopBody, ContextKind::Branch, ContextKind::InnerLoopBody, ContextKind::AfterEarlyExit}) {
    Context named;
    named.kind = kind;
    if (contextDescription(named) == text) return kind;
  }
  return ContextKind::Described;
}

const char* accessKindName(AccessKind kind) {
  switch (kind) {
    case AccessKind::Read: return "read";
    case AccessKind::Write: return "write";
    case AccessKind::Increment: return "increment";
  }
  return "?";
}

const char* protectionName(Protection protection) {
  switch (protection) {
    case Protection::None: return "none";
    case Protection::Atomic: return "atomic";
    case Protection::Critical: return "critical";
    case Protection::Ordered: return "ordered";
    case Protection::Single: return "single";
    case Protection::Master: return "master";
    case Protection::Lock: return "lock";
  }
  return "?";
}

const Variable* LoopModel::findVariable(const std::string& name) const {
  for (const Variable& variable : variables)
    if (variable.name == name) return &variable;
  return nullptr;
}

smt::LoopDomain LoopModel::domain() const {
  smt::LoopDomain result;
  for (const LoopDimensionModel& dimension : dimensions) result.dimensions.push_back(dimension.domain);
  result.concurrentWindow = safelen;
  return result;
}

smt::ContextTree LoopModel::contextTree() const {
  smt::ContextTree tree;
  tree.parent.clear();
  for (const Context& context : contexts) tree.parent.push_back(context.parent);
  if (tree.parent.empty()) tree.parent.push_back(-1);
  return tree;
}

std::string formatDiagnostic(const Diagnostic& diagnostic) {
  const char* severity = diagnostic.severity == Diagnostic::Severity::Error     ? "error"
                         : diagnostic.severity == Diagnostic::Severity::Warning ? "warning"
                                                                                : "note";
  std::string text;
  if (!diagnostic.at.file.empty()) {
    text += diagnostic.at.file;
    if (diagnostic.at.line)
      text += ":" + std::to_string(diagnostic.at.line) + ":" + std::to_string(diagnostic.at.column);
    text += ": ";
  }
  return text + severity + ": " + diagnostic.message;
}

std::string adjointNameOf(const std::string& variable) {
  size_t rootEnd = variable.find_first_of(".-[");
  if (rootEnd == std::string::npos) return variable + "_b";
  return variable.substr(0, rootEnd) + "_b" + variable.substr(rootEnd);
}

}  // namespace adrace::analyzer
