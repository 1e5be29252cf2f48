// Reading is strict: an unknown member, a wrong type or an undeclared name is an error naming the
// member, never a default. A misspelt "context" silently read as 0 would move knowledge into the
// wrong context and could turn an unproven answer into a wrong "shared".
#include "analyzer/protocol/QuestionDocument.h"

#include "analyzer/protocol/IndexParser.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>

namespace adrace::analyzer {
namespace {

using nlohmann::json;

constexpr const char* kFormat = "adrace-questions/1";

// Thrown by the readers below, caught once in readQuestionDocument and returned as a value.
struct Malformed {
  ProtocolError error;
};

std::string escapePointerToken(const std::string& token) {
  std::string escaped;
  for (char c : token) {
    if (c == '~')
      escaped += "~0";
    else if (c == '/')
      escaped += "~1";
    else
      escaped += c;
  }
  return escaped;
}

// A JSON value together with its JSON pointer, so that every error can name its member.
class Field {
 public:
  Field(const json& value, std::string path) : value_(value), path_(std::move(path)) {}

  [[noreturn]] void fail(const std::string& message, unsigned column = 0) const {
    throw Malformed{{path_, message, column}};
  }

  const std::string& path() const { return path_; }
  const json& value() const { return value_; }

  bool has(const char* name) const { return value_.contains(name); }
  Field member(const char* name) const {
    if (!has(name)) fail(std::string("missing member \"") + name + "\"");
    return Field(value_.at(name), path_ + "/" + name);
  }
  std::optional<Field> optionalMember(const char* name) const {
    if (!has(name)) return std::nullopt;
    return Field(value_.at(name), path_ + "/" + name);
  }

  // Checks the value is an object whose members are all in `allowed`.
  const Field& object(std::initializer_list<const char*> allowed) const {
    if (!value_.is_object()) fail("expected an object");
    for (const auto& item : value_.items()) {
      bool known = std::any_of(allowed.begin(), allowed.end(), [&](const char* name) { return item.key() == name; });
      if (!known) Field(item.value(), path_ + "/" + escapePointerToken(item.key())).fail("unknown member");
    }
    return *this;
  }
  std::vector<Field> array() const {
    if (!value_.is_array()) fail("expected an array");
    std::vector<Field> items;
    for (size_t i = 0; i < value_.size(); ++i) items.emplace_back(value_[i], path_ + "/" + std::to_string(i));
    return items;
  }
  std::string string() const {
    if (!value_.is_string()) fail("expected a string");
    return value_.get<std::string>();
  }
  bool boolean() const {
    if (!value_.is_boolean()) fail("expected true or false");
    return value_.get<bool>();
  }
  long long integer(long long minimum, long long maximum) const {
    if (!value_.is_number_integer()) fail("expected an integer");
    long long number = value_.get<long long>();
    if (number < minimum || number > maximum)
      fail("expected an integer from " + std::to_string(minimum) + " to " + std::to_string(maximum));
    return number;
  }
  // One of `choices`, as its position.
  size_t choice(std::initializer_list<const char*> choices) const {
    std::string text = string();
    size_t position = 0;
    std::string expected;
    for (const char* choice : choices) {
      if (text == choice) return position;
      expected += std::string(position ? ", " : "") + "\"" + choice + "\"";
      ++position;
    }
    fail("expected one of " + expected + ", not \"" + text + "\"");
  }

 private:
  const json& value_;
  std::string path_;
};

bool isIdentifier(const std::string& name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_')) return false;
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

std::string identifier(const Field& field) {
  std::string name = field.string();
  if (!isIdentifier(name)) field.fail("\"" + name + "\" is not a name (letters, digits and _)");
  return name;
}

class Reader {
 public:
  QuestionDocument read(const json& document);

 private:
  void readVariables(const Field& field);
  void readLoop(const Field& field);
  LoopDimensionModel readDimension(const Field& field);
  void readContexts(const std::optional<Field>& field);
  void readFacts(const Field& field);
  Reference readReference(const Field& field, const std::string& array, AccessKind kind, int id);
  void readReferences(const Field& field);
  std::vector<AdjointQuestion> readQuestions(const Field& field);

  smt::ExprRef expression(const Field& field) const;
  int context(const Field& owner) const;  // owner's "context", 0 when absent
  const Variable& variable(const Field& field) const;

  QuestionDocument result_;
  IndexSymbols symbols_;
};

smt::ExprRef Reader::expression(const Field& field) const {
  ParsedExpression parsed = parseIndexExpression(field.string(), symbols_);
  if (parsed.error) field.fail(parsed.error->message, parsed.error->column);
  return parsed.expr;
}

int Reader::context(const Field& owner) const {
  std::optional<Field> field = owner.optionalMember("context");
  if (!field) return 0;
  return static_cast<int>(field->integer(0, static_cast<long long>(result_.loop.contexts.size()) - 1));
}

const Variable& Reader::variable(const Field& field) const {
  std::string name = field.string();
  const Variable* found = result_.loop.findVariable(name);
  if (!found || found->sharing == Sharing::LoopCounter) field.fail("\"" + name + "\" is not a declared variable");
  return *found;
}

void Reader::readVariables(const Field& field) {
  for (const Field& item : field.array()) {
    item.object({"name", "type", "dimensions", "sharing", "reduction_operator", "extent", "active"});
    Variable variable;
    variable.name = identifier(item.member("name"));
    if (result_.loop.findVariable(variable.name))
      item.member("name").fail("\"" + variable.name + "\" is declared twice");
    size_t type = item.member("type").choice({"integer", "real", "other"});
    variable.type = item.member("type").string();
    variable.isInteger = type == 0;
    variable.isFloating = type == 1;
    if (auto dimensions = item.optionalMember("dimensions"))
      variable.dimensions = static_cast<unsigned>(dimensions->integer(0, 64));
    variable.isArray = variable.dimensions > 0;
    static constexpr Sharing kSharings[] = {Sharing::Shared,       Sharing::Private,   Sharing::FirstPrivate,
                                            Sharing::LastPrivate,  Sharing::Reduction, Sharing::Linear,
                                            Sharing::ThreadPrivate};
    if (auto sharing = item.optionalMember("sharing"))
      variable.sharing = kSharings[sharing->choice(
          {"shared", "private", "firstprivate", "lastprivate", "reduction", "linear", "threadprivate"})];
    variable.sharingReason = "given by the question document";
    if (auto reduction = item.optionalMember("reduction_operator")) {
      if (variable.sharing != Sharing::Reduction) reduction->fail("only a reduction variable has a reduction operator");
      variable.reductionOperator = reduction->string();
    } else if (variable.sharing == Sharing::Reduction) {
      variable.reductionOperator = "+";
    }
    if (auto extent = item.optionalMember("extent")) {
      if (!variable.isArray) extent->fail("only an array has an extent");
      variable.extent = extent->string();
    }
    if (auto active = item.optionalMember("active")) {
      bool isActive = active->boolean();
      if (isActive && !variable.isFloating) active->fail("only a real variable can be active");
      if (!isActive) result_.activity.inactive.insert(variable.name);
    }
    // Each thread has its own copy of a per-thread variable: primed on the second iteration.
    smt::Scope scope = isPerThread(variable.sharing) ? smt::Scope::Private : smt::Scope::Shared;
    symbols_[variable.name] = {scope, variable.isInteger, variable.dimensions};
    result_.loop.variables.push_back(variable);
  }
}

LoopDimensionModel Reader::readDimension(const Field& field) {
  field.object({"counter", "first", "bound", "comparison", "step"});
  LoopDimensionModel dimension;
  std::string counter = identifier(field.member("counter"));
  if (result_.loop.findVariable(counter))
    field.member("counter").fail("\"" + counter +
                                 "\" is also declared in /variables: the counter is declared here only");
  dimension.domain.counter = counter;
  // Bounds may name the counters of outer loops (triangular nests): declare it before parsing.
  Variable variable;
  variable.name = counter;
  variable.type = "integer";
  variable.isInteger = true;
  variable.sharing = Sharing::LoopCounter;
  variable.sharingReason = "counter of the parallel loop (private, distinct per iteration)";
  result_.loop.variables.push_back(variable);
  symbols_[counter] = {smt::Scope::Counter, true, 0};

  if (auto first = field.optionalMember("first")) {
    dimension.domain.first = expression(*first);
    dimension.firstText = first->string();
  }
  if (auto bound = field.optionalMember("bound")) {
    dimension.domain.bound = expression(*bound);
    dimension.boundText = bound->string();
    static constexpr smt::Comparison kComparisons[] = {smt::Comparison::Less, smt::Comparison::LessEqual,
                                                       smt::Comparison::Greater, smt::Comparison::GreaterEqual,
                                                       smt::Comparison::NotEqual};
    dimension.domain.comparison = kComparisons[field.member("comparison").choice({"<", "<=", ">", ">=", "!="})];
  } else if (field.has("comparison")) {
    field.member("comparison").fail("a comparison needs a \"bound\"");
  }
  if (auto step = field.optionalMember("step")) {
    dimension.domain.step = expression(*step);
    dimension.stepText = step->string();
  }
  return dimension;
}

void Reader::readLoop(const Field& field) {
  if (field.value().is_object()) {
    result_.loop.dimensions.push_back(readDimension(field));
    return;
  }
  if (!field.value().is_array() || field.value().empty())
    field.fail("expected an object, or an array of objects for a collapse(n) nest");
  for (const Field& item : field.array()) result_.loop.dimensions.push_back(readDimension(item));
}

void Reader::readContexts(const std::optional<Field>& field) {
  std::vector<Context>& contexts = result_.loop.contexts;
  if (!field) {
    contexts.push_back({0, -1, ContextKind::LoopBody, "", {}, {}});
    return;
  }
  std::vector<Field> items = field->array();
  if (items.empty()) field->fail("expected at least the loop body's context");
  for (size_t id = 0; id < items.size(); ++id) {
    const Field& item = items[id];
    item.object({"parent", "kind"});
    Context context;
    context.id = static_cast<int>(id);
    // Parents come first, so the list is a tree rooted at context 0.
    context.parent = id == 0 ? static_cast<int>(item.member("parent").integer(-1, -1))
                             : static_cast<int>(item.member("parent").integer(0, static_cast<long long>(id) - 1));
    context.kind = id == 0 ? ContextKind::LoopBody : ContextKind::Branch;
    if (auto kind = item.optionalMember("kind")) {
      context.kind = contextKindNamed(kind->string());
      if (context.kind == ContextKind::Described) context.description = kind->string();
    }
    contexts.push_back(context);
  }
}

void Reader::readFacts(const Field& field) {
  for (const Field& item : field.array()) {
    item.object({"context", "text", "origin"});
    Field text = item.member("text");
    ParsedRelation parsed = parseIndexRelation(text.string(), symbols_);
    if (parsed.error) text.fail(parsed.error->message, parsed.error->column);
    Fact fact;
    fact.context = context(item);
    fact.lhs = parsed.lhs;
    fact.relation = parsed.relation;
    fact.rhs = parsed.rhs;
    fact.origin = item.has("origin") ? item.member("origin").string() : "given";
    result_.loop.facts.push_back(fact);
  }
}

// One reference, primal or adjoint: its subscripts (one string per dimension) or why it has none.
Reference Reader::readReference(const Field& item, const std::string& array, AccessKind kind, int id) {
  const Variable& declared = *result_.loop.findVariable(array);
  Reference reference;
  reference.id = id;
  reference.variable = array;
  reference.kind = kind;
  reference.context = context(item);
  reference.isScalar = !declared.isArray;
  if (auto opaque = item.optionalMember("opaque")) {
    if (item.has("index")) opaque->fail("an opaque reference has no \"index\"");
    reference.opaque = true;
    reference.opaqueReason = opaque->string();
    reference.text = array + "[?]";
    return reference;
  }
  if (declared.isArray || item.has("index")) {  // a scalar may leave it out
    Field index = item.member("index");
    std::vector<Field> subscripts = index.array();
    if (subscripts.size() != declared.dimensions)
      index.fail("\"" + array + "\" takes " + std::to_string(declared.dimensions) + " subscript(s), not " +
                 std::to_string(subscripts.size()));
    for (const Field& subscript : subscripts) reference.indices.push_back(expression(subscript));
  }
  reference.text = array + smt::toString(reference.indices);
  return reference;
}

void Reader::readReferences(const Field& field) {
  int id = 0;
  for (const Field& item : field.array()) {
    item.object({"array", "kind", "index", "context", "opaque", "protection"});
    const Variable& array = variable(item.member("array"));
    static constexpr AccessKind kKinds[] = {AccessKind::Read, AccessKind::Write, AccessKind::Increment};
    AccessKind kind = kKinds[item.member("kind").choice({"read", "write", "increment"})];
    Reference reference = readReference(item, array.name, kind, id++);
    // A synchronised primal reference may meet other iterations' legally: it carries no knowledge.
    static constexpr Protection kProtections[] = {Protection::None,    Protection::Atomic, Protection::Critical,
                                                  Protection::Ordered, Protection::Single, Protection::Master,
                                                  Protection::Lock};
    if (auto protection = item.optionalMember("protection"))
      reference.protection =
          kProtections[protection->choice({"none", "atomic", "critical", "ordered", "single", "master", "lock"})];
    result_.loop.references.push_back(reference);
  }
}

std::vector<AdjointQuestion> Reader::readQuestions(const Field& field) {
  std::vector<AdjointQuestion> questions;
  for (const Field& item : field.array()) {
    item.object({"array", "adjoint", "references"});
    AdjointQuestion question;
    question.array = variable(item.member("array")).name;
    if (auto adjoint = item.optionalMember("adjoint")) question.adjoint = identifier(*adjoint);
    if (auto references = item.optionalMember("references")) {
      question.references.emplace();
      int id = 0;
      for (const Field& reference : references->array()) {
        reference.object({"kind", "index", "context", "opaque"});
        // Each adjoint access stands for the primal access it comes from (docs/design.md [FormAD] §5.4).
        static constexpr AccessKind kPrimalKinds[] = {AccessKind::Read, AccessKind::Write, AccessKind::Increment};
        AccessKind kind = kPrimalKinds[reference.member("kind").choice({"increment", "reset", "read"})];
        Reference adjointReference = readReference(reference, question.array, kind, id++);
        std::string adjoint = question.adjoint.empty() ? adjointNameOf(question.array) : question.adjoint;
        adjointReference.text = adjoint + adjointReference.text.substr(question.array.size());
        question.references->push_back(adjointReference);
      }
    }
    questions.push_back(std::move(question));
  }
  return questions;
}

QuestionDocument Reader::read(const json& document) {
  Field root(document, "");
  root.object(
      {"format", "id", "loop", "safelen", "variables", "contexts", "facts", "references", "limitations", "questions"});
  if (auto format = root.optionalMember("format"); format && format->string() != kFormat)
    format->fail(std::string("expected \"") + kFormat + "\"");
  if (root.has("id")) result_.id = document.at("id");
  result_.loop.directive = {Construct::Parallel, Construct::For};
  readVariables(root.member("variables"));
  readLoop(root.member("loop"));
  readContexts(root.optionalMember("contexts"));
  if (auto facts = root.optionalMember("facts")) readFacts(*facts);
  readReferences(root.member("references"));
  if (auto limitations = root.optionalMember("limitations"))
    for (const Field& item : limitations->array()) result_.loop.limitations.push_back({item.string(), {}, true});
  if (auto safelen = root.optionalMember("safelen")) result_.loop.safelen = safelen->integer(1, 1LL << 40);
  if (auto questions = root.optionalMember("questions")) result_.questions = readQuestions(*questions);
  return std::move(result_);
}

}  // namespace

QuestionDocumentResult readQuestionDocument(const nlohmann::json& document) {
  try {
    return {Reader().read(document), std::nullopt};
  } catch (const Malformed& malformed) {
    return {std::nullopt, malformed.error};
  }
}

}  // namespace adrace::analyzer
