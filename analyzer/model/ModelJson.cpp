#include "analyzer/model/ModelJson.h"

#include <set>

namespace adrace::analyzer {

using nlohmann::json;

const char* comparisonText(smt::Comparison comparison) {
  switch (comparison) {
    case smt::Comparison::Less: return "<";
    case smt::Comparison::LessEqual: return "<=";
    case smt::Comparison::Greater: return ">";
    case smt::Comparison::GreaterEqual: return ">=";
    case smt::Comparison::NotEqual: return "!=";
  }
  return "?";
}

const char* relationText(smt::KnowledgeBase::Relation relation) {
  using Relation = smt::KnowledgeBase::Relation;
  switch (relation) {
    case Relation::Equal: return "==";
    case Relation::NotEqual: return "!=";
    case Relation::Less: return "<";
    case Relation::LessEqual: return "<=";
    case Relation::Greater: return ">";
    case Relation::GreaterEqual: return ">=";
  }
  return "?";
}

json toJson(const SourcePosition& position) {
  return {{"file", position.file}, {"line", position.line}, {"column", position.column}};
}

json toJson(const SourceSpan& span) { return {{"begin", toJson(span.begin)}, {"end", toJson(span.end)}}; }

json toJson(const Diagnostic& diagnostic) {
  const char* severity = diagnostic.severity == Diagnostic::Severity::Error     ? "error"
                         : diagnostic.severity == Diagnostic::Severity::Warning ? "warning"
                                                                                : "note";
  return {{"severity", severity}, {"at", toJson(diagnostic.at)}, {"message", diagnostic.message}};
}

namespace {

const char* scopeName(smt::Scope scope) {
  switch (scope) {
    case smt::Scope::Shared: return "shared";
    case smt::Scope::Private: return "private";
    case smt::Scope::Counter: return "counter";
  }
  return "?";
}

json symbolsOf(const smt::IndexTuple& indices) {
  json symbols = json::array();
  std::set<std::string> seen;
  for (const smt::ExprRef& index : indices)
    smt::forEachSymbol(index, [&](const smt::Expr& symbol) {
      std::string key = symbol.name + "#" + std::to_string(symbol.instance);
      if (!seen.insert(key).second) return;
      symbols.push_back({{"name", symbol.name},
                         {"instance", symbol.instance},
                         {"scope", scopeName(symbol.scope)},
                         {"array", symbol.op == smt::Expr::Op::Read}});
    });
  return symbols;
}

json toJson(const Reference& reference) {
  json indices = json::array();
  for (const smt::ExprRef& index : reference.indices) indices.push_back(smt::toString(index));
  json result = {{"id", reference.id},
                 {"variable", reference.variable},
                 {"kind", accessKindName(reference.kind)},
                 {"text", reference.text},
                 {"index", indices},
                 {"symbols", symbolsOf(reference.indices)},
                 {"context", reference.context},
                 {"at", toJson(reference.span.begin)},
                 {"scalar", reference.isScalar},
                 {"opaque", reference.opaque},
                 {"protection", protectionName(reference.protection)}};
  if (reference.opaque) result["opaque_reason"] = reference.opaqueReason;
  if (reference.protection == Protection::Critical) result["critical_name"] = reference.exclusionName;
  if (reference.protection == Protection::Lock) result["lock"] = reference.exclusionName;
  return result;
}

json toJson(const Variable& variable) {
  json result = {{"name", variable.name},
                 {"type", variable.type},
                 {"sharing", sharingName(variable.sharing)},
                 {"sharing_reason", variable.sharingReason},
                 {"integer", variable.isInteger},
                 {"floating", variable.isFloating},
                 {"array", variable.isArray},
                 {"dimensions", variable.dimensions},
                 {"parameter", variable.isParameter},
                 {"written_in_loop", variable.writtenInLoop},
                 {"declared_at", toJson(variable.declaredAt)}};
  if (!variable.extent.empty()) result["extent"] = variable.extent;
  if (variable.sharing == Sharing::Reduction) result["reduction_operator"] = variable.reductionOperator;
  return result;
}

json exprOrNull(const smt::ExprRef& expr) { return expr ? json(smt::toString(expr)) : json(nullptr); }

const char* dependenceTypeName(TaskDependence::Type type) {
  switch (type) {
    case TaskDependence::Type::In: return "in";
    case TaskDependence::Type::Out: return "out";
    case TaskDependence::Type::InOut: return "inout";
  }
  return "?";
}

json indicesOf(const smt::IndexTuple& indices) {
  json result = json::array();
  for (const smt::ExprRef& index : indices) result.push_back(exprOrNull(index));
  return result;
}

// The tasks a loop creates per iteration (LoopModel::createdTasks): where, the model's references
// each one makes, and its dependences as the creating iteration evaluates them.
json createdTasksOf(const LoopModel& loop) {
  json tasks = json::array();
  for (const CreatedTask& task : loop.createdTasks) {
    json depends = json::array();
    for (const TaskDependence& dependence : task.depends) {
      json item = {{"type", dependenceTypeName(dependence.type)},
                   {"variable", dependence.variable},
                   {"text", dependence.text},
                   {"first", indicesOf(dependence.first)},
                   {"length", indicesOf(dependence.length)},
                   {"through_pointer", dependence.throughPointer},
                   {"at", toJson(dependence.at)}};
      if (!dependence.opaque.empty()) item["opaque_reason"] = dependence.opaque;
      depends.push_back(std::move(item));
    }
    json references = json::array();
    for (int id = task.firstReference; id < task.endReference; ++id) references.push_back(id);
    tasks.push_back({{"at", toJson(task.at)}, {"references", references}, {"depends", depends}});
  }
  return tasks;
}

}  // namespace

json toJson(const LoopModel& loop) {
  json nest = json::array();
  for (const LoopDimensionModel& dimension : loop.dimensions)
    nest.push_back({{"counter", dimension.domain.counter},
                    {"first", dimension.firstText},
                    {"bound", dimension.boundText},
                    {"comparison", comparisonText(dimension.domain.comparison)},
                    {"step", dimension.stepText},
                    {"first_ir", exprOrNull(dimension.domain.first)},
                    {"bound_ir", exprOrNull(dimension.domain.bound)},
                    {"step_ir", exprOrNull(dimension.domain.step)}});
  json perfectNest = json::array();
  for (const InnerLoopModel& inner : loop.perfectNest)
    perfectNest.push_back({{"counter", smt::toString(inner.counter)},
                           {"first", inner.dimension.firstText},
                           {"bound", inner.dimension.boundText},
                           {"comparison", comparisonText(inner.dimension.domain.comparison)},
                           {"step", inner.dimension.stepText},
                           {"context", inner.context}});
  json variables = json::array();
  for (const Variable& variable : loop.variables) variables.push_back(toJson(variable));
  json contexts = json::array();
  for (const Context& context : loop.contexts)
    contexts.push_back({{"id", context.id},
                        {"parent", context.parent},
                        {"kind", contextDescription(context)},
                        {"span", toJson(context.span)},
                        {"cfg_blocks", context.cfgBlocks}});
  json references = json::array();
  for (const Reference& reference : loop.references) references.push_back(toJson(reference));
  json instances = json::array();
  for (const Instance& instance : loop.instances)
    instances.push_back({{"variable", instance.variable},
                         {"instance", instance.instance},
                         {"reaching_definitions", instance.reachingDefinitions}});
  json facts = json::array();
  for (const Fact& fact : loop.facts)
    facts.push_back(
        {{"context", fact.context},
         {"text", smt::toString(fact.lhs) + " " + relationText(fact.relation) + " " + smt::toString(fact.rhs)},
         {"origin", fact.origin},
         {"at", toJson(fact.at)}});
  json limitations = json::array();
  for (const Limitation& limitation : loop.limitations)
    limitations.push_back(
        {{"message", limitation.message}, {"at", toJson(limitation.at)}, {"unsafe", limitation.unsafe}});

  json result = {{"id", loop.id},
                 {"function", loop.function},
                 {"directive", loopDirectiveName(loop.directive)},
                 {"pragma_at", toJson(loop.pragmaAt)},
                 {"loop_span", toJson(loop.loopSpan)},
                 {"lines", loop.linesOfCode},
                 {"nest", nest},
                 {"perfect_nest", perfectNest},
                 {"single_definitions", loop.singleDefinitions},
                 {"schedule",
                  {{"kind", scheduleName(loop.schedule)},
                   {"chunk", loop.scheduleChunk.empty() ? json(nullptr) : json(loop.scheduleChunk)}}},
                 {"nowait", loop.nowait},
                 {"ordered", loop.ordered},
                 {"safelen", loop.safelen ? json(*loop.safelen) : json(nullptr)},
                 {"variables", variables},
                 {"contexts", contexts},
                 {"references", references},
                 {"instances", instances},
                 {"facts", facts},
                 {"limitations", limitations}};
  if (!loop.createdTasks.empty()) result["created_tasks"] = createdTasksOf(loop);
  return result;
}

json modelAssumptions() {
  return json::array({
      "distinct pointer and array variables do not alias; two references through the same variable are the same array",
      "subscripts stay inside their dimension (a[i][j] with j out of range is not another row)",
      "integer arithmetic in subscripts does not overflow",
  });
}

}  // namespace adrace::analyzer
