#include "analyzer/frontend/LoopModelBuilder.h"

#include "analyzer/frontend/ContainerSubscripts.h"

#include "analyzer/frontend/AccumulatingLoops.h"
#include "analyzer/frontend/PerfectNest.h"
#include "analyzer/frontend/SingleDefinitions.h"

#include "analyzer/frontend/CalleeAccesses.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ContextBuilder.h"
#include "analyzer/frontend/DataSharing.h"
#include "analyzer/frontend/DirectiveConstructs.h"
#include "analyzer/frontend/EnclosingFacts.h"
#include "analyzer/frontend/IndexTranslator.h"
#include "analyzer/frontend/InstanceNumbering.h"
#include "analyzer/frontend/LoopCfg.h"
#include "analyzer/frontend/LoopHeader.h"
#include "analyzer/frontend/PerfectNest.h"
#include "analyzer/frontend/ReferenceCollector.h"
#include "analyzer/frontend/Synchronisation.h"
#include "analyzer/frontend/TaskDependences.h"
#include "analyzer/frontend/TaskloopInSingle.h"
#include "analyzer/model/RegionModel.h"

#include <algorithm>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/OpenMPKinds.h>
#include <clang/Basic/SourceManager.h>

#include <functional>
#include <map>

namespace adrace::analyzer {
namespace {

using Relation = smt::KnowledgeBase::Relation;

const clang::Stmt* stripSingleStatementBlocks(const clang::Stmt* statement) {
  while (auto* block = llvm::dyn_cast_or_null<clang::CompoundStmt>(statement)) {
    if (block->size() != 1) break;
    statement = block->body_front();
  }
  return statement;
}

// Type facts of a variable of `type`: element kind, number of subscripts, declared extent.
void describeType(clang::QualType type, Variable& variable, clang::ASTContext& context) {
  variable.type = type.getAsString(context.getPrintingPolicy());
  std::string extent;
  while (true) {
    if (clang::QualType element = containerElementType(type); !element.isNull()) {
      // std::vector<double>& (extent unknown) or std::array<double, N>& (ContainerSubscripts.h)
      auto* array =
          llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(type.getNonReferenceType()->getAsCXXRecordDecl());
      const clang::TemplateArgumentList& arguments = array->getTemplateArgs();
      if (array->getName() == "array" && arguments.size() > 1 &&
          arguments[1].getKind() == clang::TemplateArgument::Integral)
        extent += (extent.empty() ? "" : "*") + std::to_string(arguments[1].getAsIntegral().getZExtValue());
      else
        extent = "?";
      type = element;
    } else if (const clang::ArrayType* array = context.getAsArrayType(type)) {
      if (auto* constant = llvm::dyn_cast<clang::ConstantArrayType>(array))
        extent += (extent.empty() ? "" : "*") + std::to_string(constant->getSize().getZExtValue());
      else if (auto* variableLength = llvm::dyn_cast<clang::VariableArrayType>(array))
        extent += (extent.empty() ? "" : "*") + ("(" + sourceText(variableLength->getSizeExpr(), context) + ")");
      else
        extent = "?";
      type = array->getElementType();
    } else if (type->isPointerType()) {
      // The pointer's own extent is unknown unless a later dimension is a declared array.
      extent = "?";
      type = type->getPointeeType();
    } else {
      break;
    }
    ++variable.dimensions;
  }
  variable.isArray = variable.dimensions > 0;
  variable.isInteger = type->isIntegerType();
  variable.isFloating = type->isRealFloatingType();
  variable.extent = extent.find('?') == std::string::npos ? extent : "";
}

void describeType(const clang::VarDecl& declaration, Variable& variable, clang::ASTContext& context) {
  // A parameter declared `double u[n]` keeps its extent in the type as written.
  auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(&declaration);
  describeType(parameter ? parameter->getOriginalType() : declaration.getType(), variable, context);
}

std::vector<const clang::VarDecl*> variablesUsedIn(const clang::Stmt& statement) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    std::vector<const clang::VarDecl*> found;
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl())) found.push_back(variable);
      return true;
    }
  } finder;
  finder.TraverseStmt(const_cast<clang::Stmt*>(&statement));
  return finder.found;
}

// The first use of `variable` inside `expression`, in source order.
const clang::DeclRefExpr* firstUse(const clang::Stmt* expression, const clang::VarDecl* variable) {
  if (!expression) return nullptr;
  if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(expression); use && use->getDecl() == variable) return use;
  for (const clang::Stmt* child : expression->children())
    if (const clang::DeclRefExpr* use = firstUse(child, variable)) return use;
  return nullptr;
}

// omp_get_thread_num() inside a loop: the value of the thread running the iteration (private),
// and the team size (shared). Named as in region models.
smt::ExprRef loopThreadNumber() { return smt::variable(kThreadNumber, 0, smt::Scope::Private); }
smt::ExprRef loopTeamSize() { return smt::variable(kTeamSize, 0, smt::Scope::Shared); }

// No product of two values the model does not know, nor a division or remainder by one.
bool isLinear(const smt::ExprRef& expr) {
  using Op = smt::Expr::Op;
  if (expr->op == Op::Read) return true;
  if ((expr->op == Op::Mul && expr->args.at(0)->op != Op::Const && expr->args.at(1)->op != Op::Const) ||
      ((expr->op == Op::Div || expr->op == Op::Mod) && expr->args.at(1)->op != Op::Const))
    return false;
  return std::all_of(expr->args.begin(), expr->args.end(), isLinear);
}

class Builder {
 public:
  Builder(const LoopModelRequest& request, clang::ASTContext& context)
      : request_(request), context_(context), sources_(context.getSourceManager()) {}

  LoopModelResult build();

 private:
  std::optional<Diagnostic> readHeaders();
  void readClauses();
  void addDefinitionFacts();
  void addConditionFacts();
  void addCondition(int context, const clang::Expr* condition, bool holds);
  void addDisjunction(int context, const clang::BinaryOperator& whole);
  void addRelation(int context, const clang::Expr* lhs, Relation relation, const clang::Expr* rhs,
                   IndexTranslator& translator, const std::string& origin, SourcePosition at);
  void addBound(int context, const smt::ExprRef& plain, Relation relation, const clang::Expr* other,
                IndexTranslator& translator, const std::string& origin, SourcePosition at);
  void addEntryFacts();
  void addLinearFacts();
  void addThreadFacts();
  void addCreatedTasks(const ReferenceCollector& collector, const DerivedPointers& aliases);
  void addSharedCounterWrite();
  bool drawsTicket(const clang::Stmt* definition) const;
  void addInductionFacts(const clang::ForStmt& loop, int context);
  void addEnclosingFacts();
  void findUnmodelledSynchronisation(const clang::Stmt& body);
  void describeVariables();
  void describeInstances();
  Diagnostic error(const clang::Stmt* at, std::string message) {
    return {Diagnostic::Severity::Error, positionOf(at->getBeginLoc(), sources_), std::move(message), true,
            request_.function ? request_.function->getNameAsString() : ""};
  }

  const LoopModelRequest& request_;
  clang::ASTContext& context_;
  const clang::SourceManager& sources_;
  LoopModel model_;
  std::vector<const clang::ForStmt*> loops_;
  std::vector<LoopHeader> headers_;
  std::unique_ptr<DataSharing> sharing_;
  std::unique_ptr<LoopCfg> cfg_;
  std::unique_ptr<ContextBuilder> contexts_;
  std::unique_ptr<InstanceNumbering> instances_;
  std::unique_ptr<IndexTranslator> translator_;
  WrittenVariables written_;
  std::vector<ReferenceCollector::MemberVariable> memberVariables_;  // arrays and scalars in structs
  std::string sharedCounter_;                       // tasks created in a loop that share its counter: its name
  std::set<const clang::VarDecl*> outsideTheLoop_;  // named by addEnclosingFacts only
};

std::optional<Diagnostic> Builder::readHeaders() {
  if (request_.taskLoop)
    loops_ = {request_.taskLoop->generator};
  else
    loops_ = associatedLoops(*request_.directive);
  if (!request_.taskLoop && loops_.size() != request_.directive->getLoopsNumber())
    return error(request_.directive, "cannot model this loop: collapse(" +
                                         std::to_string(request_.directive->getLoopsNumber()) +
                                         ") needs a perfect nest of for statements");
  for (const clang::ForStmt* loop : loops_) {
    LoopHeader header;
    std::string reason;
    if (!readLoopHeader(*loop, header, reason)) return error(loop, "cannot model this loop: " + reason);
    headers_.push_back(header);
  }
  return std::nullopt;
}

namespace {
// The kind a schedule clause names (Sema has checked it: an unknown kind reads as static).
Schedule scheduleOf(const clang::OMPScheduleClause& clause) {
  switch (clause.getScheduleKind()) {
    case clang::OMPC_SCHEDULE_dynamic: return Schedule::Dynamic;
    case clang::OMPC_SCHEDULE_guided: return Schedule::Guided;
    case clang::OMPC_SCHEDULE_auto: return Schedule::Auto;
    case clang::OMPC_SCHEDULE_runtime: return Schedule::Runtime;
    default: return Schedule::Static;
  }
}
}  // namespace

void Builder::readClauses() {
  if (request_.taskLoop) return;  // tasks have no schedule; the single's barrier or a taskwait ends them
  const clang::OMPLoopDirective& directive = *request_.directive;
  for (const auto* clause : directive.getClausesOfKind<clang::OMPScheduleClause>()) {
    model_.schedule = scheduleOf(*clause);
    if (clause->getChunkSize())
      model_.scheduleChunk = sourceText(uncapturedClauseExpr(clause->getChunkSize()), context_);
  }
  // A taskloop's iterations go to whichever thread runs their task: no thread owns an iteration.
  if (isTaskloop(directive)) model_.schedule = Schedule::Tasks;
  model_.nowait = directive.hasClausesOfKind<clang::OMPNowaitClause>();
  model_.ordered = directive.hasClausesOfKind<clang::OMPOrderedClause>();
  for (const auto* clause : directive.getClausesOfKind<clang::OMPSafelenClause>()) {
    clang::Expr::EvalResult value;
    if (clause->getSafelen()->EvaluateAsInt(value, context_)) model_.safelen = value.Val.getInt().getExtValue();
  }
}

LoopModelResult Builder::build() {
  const clang::OMPExecutableDirective& directive =
      request_.taskLoop ? static_cast<const clang::OMPExecutableDirective&>(*request_.taskLoop->task)
                        : *request_.directive;
  model_.id = request_.id;
  model_.function = request_.function ? request_.function->getNameAsString() : "";
  model_.directive = request_.taskLoop ? Directive{Construct::Task} : modelDirectiveOf(directive);
  model_.pragmaAt = positionOf(directive.getBeginLoc(), sources_);
  if (auto diagnostic = readHeaders()) return {std::nullopt, diagnostic};
  model_.loopSpan = spanOf(loops_.front()->getSourceRange(), sources_);
  model_.linesOfCode = model_.loopSpan.end.line - model_.loopSpan.begin.line + 1;
  readClauses();

  const clang::Stmt& body = *loops_.back()->getBody();
  std::vector<const clang::VarDecl*> counters;
  for (const LoopHeader& header : headers_) counters.push_back(header.counter);
  sharing_ = std::make_unique<DataSharing>(directive, request_.region, request_.function, counters, body, context_);
  written_ = findWrittenVariables(body);
  sharing_->noteWrittenInLoop(written_.scalars);
  std::set<const clang::VarDecl*> writtenIntegerArrays;
  for (const clang::VarDecl* array : written_.arrays) writtenIntegerArrays.insert(array);

  // Bounds and step are evaluated once, before the loop: every symbol in them is instance 0.
  IndexTranslator headerTranslator(context_, *sharing_, nullptr, writtenIntegerArrays);
  for (const LoopHeader& header : headers_) {
    LoopDimensionModel dimension;
    dimension.domain.counter = sharing_->of(header.counter).name;
    auto translate = [&](const clang::Expr* e, std::string& text, const char* what) -> smt::ExprRef {
      text = sourceText(e, context_);
      IndexTranslator::Result result = headerTranslator.translate(e);
      if (!result.expr)
        model_.limitations.push_back({std::string("loop ") + what + " '" + text + "' is not modelled: " + result.reason,
                                      positionOf(e->getBeginLoc(), sources_), false});
      return result.expr;
    };
    dimension.domain.first = translate(header.first, dimension.firstText, "start");
    dimension.domain.bound = translate(header.bound, dimension.boundText, "bound");
    dimension.domain.comparison = header.comparison;
    if (header.step) {
      dimension.domain.step = translate(header.step, dimension.stepText, "step");
      if (dimension.domain.step && header.negateStep) dimension.domain.step = smt::neg(dimension.domain.step);
      if (header.negateStep) dimension.stepText = "-(" + dimension.stepText + ")";
    } else {
      dimension.domain.step = smt::constant(header.unitStep);
      dimension.stepText = std::to_string(header.unitStep);
    }
    model_.dimensions.push_back(dimension);
  }

  cfg_ = std::make_unique<LoopCfg>(*loops_.front(), *loops_.back(), *request_.function, context_);
  if (!cfg_->cfg() || !cfg_->bodyEntry())
    return {std::nullopt,
            error(loops_.front(), "cannot model this loop: Clang could not build its control-flow graph")};
  if (request_.taskLoop)
    for (const clang::OMPTaskDirective* task : request_.taskLoop->tasks)
      cfg_->seeInto(*task->getInnermostCapturedStmt());
  contexts_ = std::make_unique<ContextBuilder>(*cfg_, context_);
  // A linear variable starts each iteration at its linear value (addLinearFacts), not at what the
  // iteration before left in it.
  std::set<const clang::VarDecl*> linear;
  for (const auto* clause : directive.getClausesOfKind<clang::OMPLinearClause>())
    for (const clang::Expr* item : clause->varlists())
      if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(item->IgnoreParenImpCasts()))
        if (auto* variable = llvm::dyn_cast<clang::VarDecl>(reference->getDecl())) linear.insert(variable);
  instances_ = std::make_unique<InstanceNumbering>(
      *cfg_, std::set<const clang::VarDecl*>(counters.begin(), counters.end()), linear);
  translator_ = std::make_unique<IndexTranslator>(context_, *sharing_, instances_.get(), writtenIntegerArrays);
  // omp_get_thread_num() is one value per thread, its own in each iteration a thread runs; the two
  // iterations compared may run on one thread, so the symbol is private and otherwise free (the
  // race check adds that racing iterations run on different threads).
  translator_->nameThreadQueries(loopThreadNumber(), loopTeamSize());

  // Every variable the loop names gets its data sharing, in order of first use.
  for (const clang::VarDecl* variable : variablesUsedIn(*loops_.front())) sharing_->of(variable);
  DerivedPointers aliases(request_.function);
  ReferenceCollector collector(context_, *sharing_, *translator_, *contexts_, *cfg_, written_, aliases);
  if (request_.taskLoop)
    for (const clang::OMPTaskDirective* task : request_.taskLoop->tasks) collector.allowConstruct(task);
  if (request_.partlyKnownSubscripts) collector.followPartlyKnownSubscripts();
  if (request_.region && !request_.taskLoop) collector.insideRegion(request_.region, request_.function);
  collector.collect(body);
  model_.references = std::move(collector.references());
  memberVariables_ = collector.memberVariables();
  if (request_.taskLoop) addCreatedTasks(collector, aliases);
  if (request_.taskLoop) addSharedCounterWrite();
  for (Limitation& limitation : collector.limitations()) model_.limitations.push_back(std::move(limitation));
  model_.contexts = contexts_->contexts();
  const CalleeLoops& calleeLoops = collector.calleeLoops();
  model_.contexts.insert(model_.contexts.end(), calleeLoops.contexts().begin(), calleeLoops.contexts().end());
  model_.facts.insert(model_.facts.end(), calleeLoops.facts().begin(), calleeLoops.facts().end());
  if (!request_.taskLoop) {
    model_.perfectNest = perfectNestOf(body, *translator_, *contexts_, context_);
    model_.singleDefinitions = singleDefinitionsOf(innermostBodyOf(body, model_.perfectNest.size()));
    model_.branchDefinitions = branchDefinitionsOf(innermostBodyOf(body, model_.perfectNest.size()));
    model_.accumulatingLoops =
        accumulatingLoopsOf(innermostBodyOf(body, model_.perfectNest.size()), *translator_, *contexts_, context_);
  }
  addConditionFacts();
  addDefinitionFacts();
  addEntryFacts();
  addEnclosingFacts();
  findUnmodelledSynchronisation(body);
  addLinearFacts();
  addThreadFacts();
  describeVariables();
  describeInstances();
  return {std::move(model_), std::nullopt};
}

// Branch and inner-loop conditions that hold on entry to a context, when both sides are integer
// expressions the IR can say.
void Builder::addConditionFacts() {
  for (const ContextBuilder::EntryCondition& entry : contexts_->entryConditions()) {
    addCondition(entry.context, entry.condition, entry.holds);
    if (auto* inner = llvm::dyn_cast_or_null<clang::ForStmt>(cfg_->parents().getParent(entry.condition)))
      if (entry.holds && inner->getCond()->IgnoreParens() == entry.condition->IgnoreParens())
        addInductionFacts(*inner, entry.context);
  }
}

// `condition` is known to be `holds` in `context`: a comparison becomes a fact; `!c` flips it; a
// true `a && b` (or a false `a || b`) gives a fact per operand. Anything else says nothing.
void Builder::addCondition(int context, const clang::Expr* condition, bool holds) {
  const clang::Expr* e = condition->IgnoreParenImpCasts();
  if (auto* negation = llvm::dyn_cast<clang::UnaryOperator>(e); negation && negation->getOpcode() == clang::UO_LNot) {
    addCondition(context, negation->getSubExpr(), !holds);
    return;
  }
  auto* binary = llvm::dyn_cast<clang::BinaryOperator>(e);
  if (!binary) return;
  if ((binary->getOpcode() == clang::BO_LAnd && holds) || (binary->getOpcode() == clang::BO_LOr && !holds)) {
    addCondition(context, binary->getLHS(), holds);
    addCondition(context, binary->getRHS(), holds);
    return;
  }
  if (binary->getOpcode() == clang::BO_LOr && holds) return addDisjunction(context, *binary);
  if (!binary->getLHS()->getType()->isIntegerType() || !binary->getRHS()->getType()->isIntegerType()) return;
  std::optional<Relation> relation = relationOf(binary->getOpcode(), holds);
  if (!relation) return;
  addRelation(context, binary->getLHS(), *relation, binary->getRHS(), *translator_,
              holds ? "condition" : "negated condition", positionOf(binary->getBeginLoc(), sources_));
}

// A true `a || b || c` of integer comparisons: one of them holds, said as a sum of their truth
// values (each a choice between 0 and 1, smt::ifLess) of at least 1. Nothing when an operand is
// anything else.
void Builder::addDisjunction(int context, const clang::BinaryOperator& whole) {
  std::vector<const clang::Expr*> operands{&whole};
  smt::ExprRef holding = smt::constant(0);
  while (!operands.empty()) {
    const clang::Expr* operand = operands.back()->IgnoreParenImpCasts();
    operands.pop_back();
    auto* binary = llvm::dyn_cast<clang::BinaryOperator>(operand);
    if (!binary) return;
    if (binary->getOpcode() == clang::BO_LOr) {
      operands.push_back(binary->getLHS());
      operands.push_back(binary->getRHS());
      continue;
    }
    if (!binary->isComparisonOp() || !binary->getLHS()->getType()->isIntegerType() ||
        !binary->getRHS()->getType()->isIntegerType())
      return;
    IndexTranslator::Result left = translator_->translate(binary->getLHS());
    IndexTranslator::Result right = translator_->translate(binary->getRHS());
    if (!left.expr || !right.expr) return;
    smt::ExprRef one = smt::constant(1), zero = smt::constant(0), a = left.expr, b = right.expr;
    smt::ExprRef truth;
    switch (binary->getOpcode()) {
      case clang::BO_LT: truth = smt::ifLess(a, b, one, zero); break;
      case clang::BO_GT: truth = smt::ifLess(b, a, one, zero); break;
      case clang::BO_LE: truth = smt::ifLess(b, a, zero, one); break;
      case clang::BO_GE: truth = smt::ifLess(a, b, zero, one); break;
      case clang::BO_EQ: truth = smt::ifLess(a, b, zero, smt::ifLess(b, a, zero, one)); break;
      case clang::BO_NE: truth = smt::ifLess(a, b, one, smt::ifLess(b, a, one, zero)); break;
      default: return;
    }
    holding = smt::add(holding, truth);
  }
  model_.facts.push_back({context, holding, Relation::GreaterEqual, smt::constant(1),
                          "condition (one of its || operands)", positionOf(whole.getBeginLoc(), sources_)});
}

// `lhs relation rhs` as facts, with the side the IR can say on the left.
void Builder::addRelation(int context, const clang::Expr* lhs, Relation relation, const clang::Expr* rhs,
                          IndexTranslator& translator, const std::string& origin, SourcePosition at) {
  if (IndexTranslator::Result left = translator.translate(lhs); left.expr) {
    addBound(context, left.expr, relation, rhs, translator, origin, at);
    return;
  }
  IndexTranslator::Result right = translator.translate(rhs);
  if (!right.expr) return;
  switch (relation) {
    case Relation::Less: relation = Relation::Greater; break;
    case Relation::LessEqual: relation = Relation::GreaterEqual; break;
    case Relation::Greater: relation = Relation::Less; break;
    case Relation::GreaterEqual: relation = Relation::LessEqual; break;
    default: break;
  }
  addBound(context, right.expr, relation, lhs, translator, origin, at);
}

// `plain relation other` as a fact. When `other` is a min/max written with `?:` the fact is one
// per arm, if the relation bounds both arms (i < min(x, y): i < x and i < y; e == min(x, y):
// e <= x and e <= y); otherwise nothing is known. Where those bounds say less than the relation
// (e == min(x, y) also holds one arm), the relation with the exact choice goes to
// LoopModel::exactChoices, which a definite race's witness must satisfy.
void Builder::addBound(int context, const smt::ExprRef& plain, Relation relation, const clang::Expr* other,
                       IndexTranslator& translator, const std::string& origin, SourcePosition at) {
  if (IndexTranslator::Result translated = translator.translate(other); translated.expr) {
    model_.facts.push_back({context, plain, relation, translated.expr, origin, at});
    return;
  }
  std::optional<IndexTranslator::Extremum> extremum = translator.translateExtremum(other);
  if (!extremum) return;
  std::string bound = origin + (extremum->smaller ? " (min written with ?:)" : " (max written with ?:)");
  smt::ExprRef choice = extremum->smaller
                            ? smt::ifLess(extremum->first, extremum->second, extremum->first, extremum->second)
                            : smt::ifLess(extremum->first, extremum->second, extremum->second, extremum->first);
  bool below = relation == Relation::Less || relation == Relation::LessEqual;
  bool above = relation == Relation::Greater || relation == Relation::GreaterEqual;
  // Below a min or above a max is below (above) both arms: the arm bounds are the relation itself.
  if (!(extremum->smaller ? below : above))
    model_.exactChoices.push_back({context, plain, relation, choice, bound, at, relation == Relation::Equal});
  if (relation == Relation::Equal) relation = extremum->smaller ? Relation::LessEqual : Relation::GreaterEqual;
  below = relation == Relation::Less || relation == Relation::LessEqual;
  above = relation == Relation::Greater || relation == Relation::GreaterEqual;
  if (extremum->smaller ? !below : !above) return;
  model_.facts.push_back({context, plain, relation, extremum->first, bound, at});
  model_.facts.push_back({context, plain, relation, extremum->second, bound, at});
}

// In the body of an inner `for (j = first; ...; j += step)` with a constant step that the body
// leaves alone, j sits on its stride: j == first + step * trip with trip >= 0 (red-black sweeps
// need the parity this gives, row blocks the lower bound). The counters of a comma list
// (`for (k = m * box, ii = 0; ii < n; ++ii, ++k)`) advance together: one trip count for all.
void Builder::addInductionFacts(const clang::ForStmt& loop, int context) {
  std::vector<LoopHeader> headers(1);
  if (!readLoopInduction(loop, headers.front()) && !readCounterList(loop, headers)) return;
  smt::ExprRef trip;
  SourcePosition at = positionOf(loop.getBeginLoc(), sources_);
  for (const LoopHeader& header : headers) {
    // The value in the body is the one the condition reads, or the body's first use for a counter
    // the condition does not name (the body does not change it).
    const clang::DeclRefExpr* use = firstUse(loop.getCond(), header.counter);
    if (!use) use = firstUse(loop.getBody(), header.counter);
    if (!use) continue;
    IndexTranslator::Result counter = translator_->translate(use);
    IndexTranslator::Result first = translator_->translate(header.first);
    smt::ExprRef step = smt::constant(header.unitStep);
    if (header.step) {
      IndexTranslator::Result translated = translator_->translate(header.step);
      if (!translated.expr || translated.expr->op != smt::Expr::Op::Const) return;
      step = header.negateStep ? smt::neg(translated.expr) : translated.expr;
    }
    if (!counter.expr || !first.expr || counter.expr->op != smt::Expr::Op::Var) return;
    bool firstCounter = !trip;
    if (firstCounter) trip = smt::variable("trip_" + counter.expr->name, counter.expr->instance, smt::Scope::Private);
    model_.facts.push_back(
        {context, counter.expr, Relation::Equal, smt::add(first.expr, smt::mul(step, trip)), "inner loop stride", at});
    if (firstCounter)
      model_.facts.push_back({context, trip, Relation::GreaterEqual, smt::constant(0), "inner loop stride", at});
  }
}

// A private integer whose value at a use comes from exactly one definition equals the defining
// expression: `k = 2*i + 1;` gives k#1 == 2*i + 1 wherever k#1 is read. Applied transitively to
// the symbols such definitions mention.
void Builder::addDefinitionFacts() {
  std::map<std::string, const clang::VarDecl*> byName;
  for (const clang::VarDecl* variable : sharing_->variables()) byName[sharing_->of(variable).name] = variable;

  std::vector<smt::ExprRef> pending;
  for (const Reference& reference : model_.references)
    for (const smt::ExprRef& index : reference.indices) pending.push_back(index);
  for (const Fact& fact : model_.facts) {
    pending.push_back(fact.lhs);
    pending.push_back(fact.rhs);
  }
  std::set<std::pair<std::string, int>> done;
  while (!pending.empty()) {
    smt::ExprRef expr = pending.back();
    pending.pop_back();
    smt::forEachSymbol(expr, [&](const smt::Expr& symbol) {
      if (symbol.op != smt::Expr::Op::Var || symbol.scope != smt::Scope::Private || symbol.instance == 0) return;
      if (!done.insert({symbol.name, symbol.instance}).second) return;
      auto found = byName.find(symbol.name);
      if (found == byName.end()) return;
      std::vector<const clang::Stmt*> definitions = instances_->definitionsOf(found->second, symbol.instance);
      if (definitions.size() != 1 || !definitions.front()) return;
      const clang::Stmt* definition = definitions.front();
      IndexTranslator::Result value{nullptr, {}};
      const clang::Expr* assigned = nullptr;  // the defining expression of `x = e` or `int x = e`
      if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(definition)) {
        const clang::Expr* init = llvm::cast<clang::VarDecl>(declaration->getSingleDecl())->getInit();
        if (init) value = translator_->translate(init);
        assigned = init;
      } else if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(definition)) {
        IndexTranslator::Result rhs = translator_->translate(assignment->getRHS());
        if (assignment->getOpcode() == clang::BO_Assign) {
          value = rhs;
          assigned = assignment->getRHS();
        } else if (rhs.expr &&
                   (assignment->getOpcode() == clang::BO_AddAssign || assignment->getOpcode() == clang::BO_SubAssign)) {
          IndexTranslator::Result old = translator_->translate(assignment->getLHS());
          if (old.expr)
            value = {assignment->getOpcode() == clang::BO_AddAssign ? smt::add(old.expr, rhs.expr)
                                                                    : smt::sub(old.expr, rhs.expr),
                     {}};
        }
      } else if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(definition)) {
        IndexTranslator::Result old = translator_->translate(unary->getSubExpr());
        if (old.expr)
          value = {unary->isIncrementOp() ? smt::add(old.expr, smt::constant(1)) : smt::sub(old.expr, smt::constant(1)),
                   {}};
      }
      auto lhs = smt::variable(symbol.name, symbol.instance, symbol.scope);
      // A ticket's value is drawn at run time (`slot = count` inside a capture block reads the counter
      // other threads move): never the expression it is copied from.
      if (drawsTicket(definition)) {
        model_.distinctPerIteration.push_back(lhs);
        return;
      }
      if (!value.expr) {
        // e = x > n ? n : x: the bounds of a min/max.
        if (!assigned) return;
        size_t before = model_.facts.size();
        addBound(0, lhs, Relation::Equal, assigned, *translator_, "definition",
                 positionOf(definition->getBeginLoc(), sources_));
        for (size_t k = before; k < model_.facts.size(); ++k) {
          model_.facts[k].isDefinition = true;
          pending.push_back(model_.facts[k].rhs);
        }
        return;
      }
      model_.facts.push_back({0, lhs, Relation::Equal, value.expr, "definition",
                              positionOf(definition->getBeginLoc(), sources_), /*isDefinition=*/true});
      pending.push_back(value.expr);
    });
  }
}

// A local of the function (shared, firstprivate, or private to the enclosing parallel region or to
// the function whose orphaned loop this is) enters the loop with the value of its one
// initialisation when nothing else in the function ever writes it:
// `int tid = omp_get_thread_num();` gives tid == omp_get_thread_num(), `int s = n / 2;` s == n / 2.
// Applied transitively to the symbols of such values.
void Builder::addEntryFacts() {
  if (!request_.function || !request_.function->hasBody()) return;
  std::map<std::string, const clang::VarDecl*> byName;
  for (const clang::VarDecl* variable : sharing_->variables()) byName[sharing_->of(variable).name] = variable;
  IndexTranslator entry(context_, *sharing_, nullptr, {});
  entry.nameThreadQueries(loopThreadNumber(), loopTeamSize());

  std::vector<smt::ExprRef> pending;
  for (const Reference& reference : model_.references)
    for (const smt::ExprRef& index : reference.indices) pending.push_back(index);
  for (const Fact& fact : model_.facts) {
    pending.push_back(fact.lhs);
    pending.push_back(fact.rhs);
  }
  std::set<std::string> done;
  // Then the loop's own bounds: `int ntiles = (n + TILE - 1) / TILE;` before `t < ntiles`, when the
  // value is linear (`num_chunk = row * col / 256` would make every query of the loop nonlinear;
  // it stays an input, as a bound the model cannot say does).
  bool linearOnly = false;
  auto seedBounds = [&] {
    linearOnly = true;
    for (const LoopDimensionModel& dimension : model_.dimensions)
      for (const smt::ExprRef& part : {dimension.domain.first, dimension.domain.bound, dimension.domain.step})
        if (part) pending.push_back(part);
  };
  if (pending.empty()) seedBounds();
  while (!pending.empty()) {
    smt::ExprRef expr = pending.back();
    pending.pop_back();
    smt::forEachSymbol(expr, [&](const smt::Expr& symbol) {
      if (symbol.op != smt::Expr::Op::Var || symbol.instance != 0 || symbol.scope == smt::Scope::Counter) return;
      if (!done.insert(symbol.name).second) return;
      auto found = byName.find(symbol.name);
      if (found == byName.end()) return;
      const clang::VarDecl* variable = found->second;
      const clang::Expr* init = variable->getInit();
      const DataSharing::Entry& sharing = sharing_->of(variable);
      bool holdsItsInitialisation =
          sharing.localOfRegion || sharing.sharing == Sharing::Shared || sharing.sharing == Sharing::FirstPrivate;
      if (!holdsItsInitialisation || !init || !variable->hasLocalStorage() || llvm::isa<clang::ParmVarDecl>(variable) ||
          !variable->getType()->isIntegerType())
        return;
      if (modifiedIn(*request_.function->getBody(), variable)) return;
      auto lhs = smt::variable(symbol.name, 0, symbol.scope);
      SourcePosition at = positionOf(variable->getLocation(), sources_);
      size_t before = model_.facts.size(), choicesBefore = model_.exactChoices.size();
      addBound(0, lhs, Relation::Equal, init, entry, "initialisation before the loop", at);
      if (linearOnly && std::any_of(model_.facts.begin() + before, model_.facts.end(),
                                    [](const Fact& fact) { return !isLinear(fact.rhs); })) {
        model_.facts.resize(before);
        model_.exactChoices.resize(choicesBefore);
        return;
      }
      for (size_t k = before; k < model_.facts.size(); ++k) pending.push_back(model_.facts[k].rhs);
    });
    if (pending.empty() && !linearOnly) seedBounds();
  }
}

// The values the function gives the shared variables the loop reads (EnclosingFacts.h): the loops
// around it and the assignments before it, and which values stay unknown.
void Builder::addEnclosingFacts() {
  if (!request_.function || !request_.function->hasBody()) return;
  const clang::Stmt* statement = request_.taskLoop ? static_cast<const clang::Stmt*>(request_.taskLoop->generator)
                                                   : static_cast<const clang::Stmt*>(request_.directive);
  std::vector<smt::ExprRef> roots;
  for (const Reference& reference : model_.references)
    for (const smt::ExprRef& index : reference.indices) roots.push_back(index);
  std::set<std::string> known;
  for (const Fact& fact : model_.facts) {
    roots.push_back(fact.lhs);
    roots.push_back(fact.rhs);
    if (fact.lhs->op == smt::Expr::Op::Var) known.insert(fact.lhs->name);
  }
  for (const LoopDimensionModel& dimension : model_.dimensions)
    for (const smt::ExprRef& part : {dimension.domain.first, dimension.domain.bound, dimension.domain.step})
      if (part) roots.push_back(part);
  IndexTranslator entry(context_, *sharing_, nullptr, {});
  entry.nameThreadQueries(loopThreadNumber(), loopTeamSize());
  std::set<const clang::VarDecl*> before(sharing_->variables().begin(), sharing_->variables().end());
  EnclosingValues values = enclosingValues(*request_.function, *statement, roots, known, *sharing_, entry, context_);
  // Variables only the code around the loop reads (an enclosing loop's bound) are not the loop's.
  for (const clang::VarDecl* variable : sharing_->variables())
    if (!before.count(variable)) outsideTheLoop_.insert(variable);
  model_.facts.insert(model_.facts.end(), values.facts.begin(), values.facts.end());
  model_.unpinnedValues = std::move(values.unpinned);
}

// A flag protocol (`while (flag[i] == 0) { #pragma omp flush(flag) }`, or a wait on an atomic read)
// orders iterations in a way the model does not follow: its races are at most possible, except
// those on the flags themselves.
void Builder::findUnmodelledSynchronisation(const clang::Stmt& body) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const clang::SourceManager* sources = nullptr;
    const clang::ParentMap* parents = nullptr;
    std::vector<UnmodelledSynchronisation> found;
    std::set<const clang::VarDecl*> flags;
    std::vector<const clang::Expr*> waitConditions;
    void noteFlags(const clang::Stmt* statement) {
      if (!statement) return;
      if (auto* expression = llvm::dyn_cast<clang::Expr>(statement))
        if (const clang::VarDecl* variable = variableOf(expression)) flags.insert(variable);
      for (const clang::Stmt* child : statement->children()) noteFlags(child);
    }
    void noteWait(const clang::SourceLocation at, const char* what) {
      found.push_back({what, positionOf(at, *sources), {}});
      for (const clang::Expr* condition : waitConditions) noteFlags(condition);
    }
    bool VisitOMPFlushDirective(clang::OMPFlushDirective* flush) {
      noteWait(flush->getBeginLoc(), "flush (a flag protocol, which is not modelled)");
      for (const auto* clause : flush->getClausesOfKind<clang::OMPFlushClause>())
        for (const clang::Expr* item : clause->varlists()) noteFlags(item);
      return true;
    }
    bool TraverseWhileStmt(clang::WhileStmt* loop) {
      waitConditions.push_back(loop->getCond());
      bool result = clang::RecursiveASTVisitor<Finder>::TraverseWhileStmt(loop);
      waitConditions.pop_back();
      return result;
    }
    bool TraverseDoStmt(clang::DoStmt* loop) {
      waitConditions.push_back(loop->getCond());
      bool result = clang::RecursiveASTVisitor<Finder>::TraverseDoStmt(loop);
      waitConditions.pop_back();
      return result;
    }
    bool VisitOMPOrderedDirective(clang::OMPOrderedDirective* ordered) {
      if (waitsUnmodelled(*ordered, *parents))
        found.push_back({"ordered sink (a doacross distance or direction the model does not follow)",
                         positionOf(ordered->getBeginLoc(), *sources),
                         {}});
      return true;
    }
    bool VisitOMPAtomicDirective(clang::OMPAtomicDirective* atomic) {
      if (!waitConditions.empty())
        noteWait(atomic->getBeginLoc(), "an atomic access in a wait loop (a flag protocol, which is not modelled)");
      return true;
    }
  } finder;
  finder.sources = &sources_;
  finder.parents = &cfg_->parents();
  finder.TraverseStmt(const_cast<clang::Stmt*>(&body));
  for (UnmodelledSynchronisation& synchronisation : finder.found)
    for (const clang::VarDecl* flag : finder.flags) synchronisation.flags.push_back(sharing_->of(flag).name);
  model_.unmodelledSynchronisation = std::move(finder.found);
}

// Several tasks per iteration, or tasks with dependences: each task's references and its depend
// items, so the race check can tell which instances of two tasks may run at once.
void Builder::addCreatedTasks(const ReferenceCollector& collector, const DerivedPointers& aliases) {
  const std::vector<const clang::OMPTaskDirective*>& tasks = request_.taskLoop->tasks;
  bool depends = false;
  for (const clang::OMPTaskDirective* task : tasks) depends |= task->hasClausesOfKind<clang::OMPDependClause>();
  if (tasks.size() < 2 && !depends) return;
  for (const clang::OMPTaskDirective* task : tasks) {
    CreatedTask created;
    created.at = positionOf(task->getBeginLoc(), sources_);
    created.depends = dependencesOf(*task, *translator_, *sharing_, aliases, context_);
    auto [first, end] = collector.referencesOf(task);
    created.firstReference = static_cast<int>(first);
    created.endReference = static_cast<int>(end);
    model_.createdTasks.push_back(std::move(created));
  }
}

// Tasks created in a loop that share the loop's counter (`shared(i)`, `default(shared)`, or a
// counter shared in the parallel region): the creating thread writes it at every step while the
// tasks created before read it, a race on the counter itself; which value each task sees is not
// modelled, so the subscripts that use it are not either.
void Builder::addSharedCounterWrite() {
  const clang::VarDecl* counter = sharedGeneratorCounter(*request_.taskLoop);
  if (!counter) return;
  const clang::Stmt* body = request_.taskLoop->task->getInnermostCapturedStmt()->getCapturedStmt();
  const clang::DeclRefExpr* read = firstUse(body, counter);
  if (!read) return;
  const clang::Expr* increment = loops_.front()->getInc();
  if (!increment) return;
  Reference write;
  write.variable = sharedCounter_ = sharing_->of(counter).name;
  write.kind = AccessKind::Write;
  write.isScalar = true;
  write.text = sourceText(increment, context_);
  write.span = spanOf(increment->getSourceRange(), sources_);
  Reference use = write;
  use.kind = AccessKind::Read;
  use.text = counter->getName().str();
  use.context = contexts_->contextOf(read);
  use.span = spanOf(read->getSourceRange(), sources_);
  for (Reference* reference : {&use, &write}) {
    reference->id = static_cast<int>(model_.references.size());
    model_.references.push_back(*reference);
  }
  model_.limitations.push_back({"the tasks share the counter '" + counter->getName().str() +
                                    "' of the loop that creates them: the value each task reads is not modelled",
                                positionOf(read->getBeginLoc(), sources_)});
}

// linear(j: s) on a loop `for (i = first; ...; i += step)`: each iteration's private j starts at
// the value j had before the loop plus s times the iteration's number, (i - first) / step. Only
// integer variables of a loop that is not collapsed; otherwise j's value is not known, and a
// subscript using it cannot be compared.
void Builder::addLinearFacts() {
  IndexTranslator entry(context_, *sharing_, nullptr, {});
  if (request_.taskLoop) return;
  for (const auto* clause : request_.directive->getClausesOfKind<clang::OMPLinearClause>()) {
    smt::ExprRef linearStep = smt::constant(1);
    if (const clang::Expr* step = clause->getStep()) {
      IndexTranslator::Result translated = entry.translate(step);
      linearStep = translated.expr;
    }
    for (const clang::Expr* item : clause->varlists()) {
      auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(item->IgnoreParenImpCasts());
      auto* variable = reference ? llvm::dyn_cast<clang::VarDecl>(reference->getDecl()) : nullptr;
      if (!variable || !variable->getType()->isIntegerType()) continue;
      const std::string& name = sharing_->of(variable).name;
      SourcePosition at = positionOf(item->getBeginLoc(), sources_);
      const smt::LoopDimension& outer = model_.dimensions.front().domain;
      if (model_.dimensions.size() != 1 || !linearStep || !outer.first || !outer.step) {
        model_.limitations.push_back({"the value of linear variable '" + name +
                                          "' is not modelled (a collapsed loop, or a step the index "
                                          "expressions cannot say)",
                                      at});
        continue;
      }
      smt::ExprRef counter = smt::variable(outer.counter, 0, smt::Scope::Counter);
      smt::ExprRef iteration = smt::sub(counter, outer.first);
      if (!(outer.step->op == smt::Expr::Op::Const && outer.step->value == 1))
        iteration = smt::div(iteration, outer.step);
      smt::ExprRef before = smt::variable(name + " before the loop", 0, smt::Scope::Shared);
      model_.facts.push_back({0, smt::variable(name, 0, smt::Scope::Private), Relation::Equal,
                              smt::add(before, smt::mul(linearStep, iteration)), "linear clause", at});
    }
  }
}

// `v = x++;` (or `v = ++x;`, `v = x += c;` with a constant c > 0) under `#pragma omp atomic capture`,
// where every write of x in the loop is such an atomic increment: each execution draws a value no
// other execution draws.
bool Builder::drawsTicket(const clang::Stmt* definition) const {
  auto* assignment = llvm::dyn_cast_or_null<clang::BinaryOperator>(definition);
  if (!assignment || assignment->getOpcode() != clang::BO_Assign) return false;
  // The counter a statement moves and in which direction: ++x, x--, x += c, x -= c (c > 0).
  struct Move {
    const clang::VarDecl* counter = nullptr;
    int direction = 0;
  };
  auto moveOf = [](const clang::Expr* expression) -> Move {
    expression = expression->IgnoreParenImpCasts();
    const clang::Expr* target = nullptr;
    int direction = 0;
    if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expression); unary && unary->isIncrementDecrementOp()) {
      target = unary->getSubExpr();
      direction = unary->isIncrementOp() ? 1 : -1;
    }
    if (auto* compound = llvm::dyn_cast<clang::CompoundAssignOperator>(expression);
        compound && (compound->getOpcode() == clang::BO_AddAssign || compound->getOpcode() == clang::BO_SubAssign))
      if (auto* amount = llvm::dyn_cast<clang::IntegerLiteral>(compound->getRHS()->IgnoreParenImpCasts());
          amount && amount->getValue().getZExtValue() > 0) {
        target = compound->getLHS();
        direction = compound->getOpcode() == clang::BO_AddAssign ? 1 : -1;
      }
    auto* reference = target ? llvm::dyn_cast<clang::DeclRefExpr>(target->IgnoreParenImpCasts()) : nullptr;
    auto* counter = reference ? llvm::dyn_cast<clang::VarDecl>(reference->getDecl()) : nullptr;
    return counter ? Move{counter, direction} : Move{};
  };
  // `v = x++;` (any move of x), or a capture block `{ v = x; x += c; }` / `{ x += c; v = x; }`.
  const clang::Stmt* parent = cfg_->parents().getParent(assignment);
  Move drawn;
  if (auto* block = llvm::dyn_cast_or_null<clang::CompoundStmt>(parent); block && block->size() == 2) {
    parent = cfg_->parents().getParent(block);
    const clang::Stmt* other = block->body_front() == assignment ? block->body_back() : block->body_front();
    auto* moved = llvm::dyn_cast<clang::Expr>(other);
    drawn = moved ? moveOf(moved) : Move{};
    if (variableOf(assignment->getRHS()) != drawn.counter) return false;
  } else {
    drawn = moveOf(assignment->getRHS());
  }
  auto* atomic = llvm::dyn_cast_or_null<clang::OMPAtomicDirective>(parent);
  if (!atomic || !atomic->hasClausesOfKind<clang::OMPCaptureClause>()) return false;
  if (!drawn.counter || !drawn.counter->getType()->isIntegerType()) return false;
  // Every write of the counter in the loop is an atomic move in the same direction.
  struct Writes : clang::RecursiveASTVisitor<Writes> {
    Move drawn;
    const clang::ParentMap& parents;
    std::function<Move(const clang::Expr*)> moveOf;
    bool onlyAtomicMoves = true;
    Writes(Move drawn, const clang::ParentMap& parents, std::function<Move(const clang::Expr*)> moveOf)
        : drawn(drawn), parents(parents), moveOf(std::move(moveOf)) {}
    bool writes(const clang::Expr* target) const {
      auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(target->IgnoreParenImpCasts());
      return reference && reference->getDecl() == drawn.counter;
    }
    void check(const clang::Expr* write) {
      bool atomic = false;
      for (const clang::Stmt* parent = parents.getParent(write); parent && !atomic; parent = parents.getParent(parent))
        atomic = llvm::isa<clang::OMPAtomicDirective>(parent);
      Move move = moveOf(write);
      onlyAtomicMoves &= atomic && move.counter == drawn.counter && move.direction == drawn.direction;
    }
    bool VisitBinaryOperator(clang::BinaryOperator* op) {
      if (op->isAssignmentOp() && writes(op->getLHS())) check(op);
      return true;
    }
    bool VisitUnaryOperator(clang::UnaryOperator* op) {
      if ((op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf) && writes(op->getSubExpr())) check(op);
      return true;
    }
  } writes(drawn, cfg_->parents(), moveOf);
  writes.TraverseStmt(const_cast<clang::Stmt*>(loops_.back()->getBody()));
  return writes.onlyAtomicMoves;
}

// omp_get_thread_num() in [0, omp_get_num_threads()) when the loop's facts or indices use it.
void Builder::addThreadFacts() {
  bool used = false;
  auto look = [&](const smt::ExprRef& expr) {
    smt::forEachSymbol(expr, [&](const smt::Expr& symbol) { used = used || symbol.name == kThreadNumber; });
  };
  for (const Reference& reference : model_.references)
    for (const smt::ExprRef& index : reference.indices) look(index);
  for (const Fact& fact : model_.facts) {
    look(fact.lhs);
    look(fact.rhs);
  }
  if (!used) return;
  model_.threadNumberSymbol = kThreadNumber;
  SourcePosition at = model_.pragmaAt;
  model_.facts.push_back({0, loopThreadNumber(), Relation::GreaterEqual, smt::constant(0), "thread number", at});
  model_.facts.push_back({0, loopThreadNumber(), Relation::Less, loopTeamSize(), "thread number", at});
}

void Builder::describeVariables() {
  struct InnerLoops : clang::RecursiveASTVisitor<InnerLoops> {
    std::set<const clang::VarDecl*> counters;
    bool VisitForStmt(clang::ForStmt* loop) {
      LoopHeader header;
      if (readLoopInit(*loop, header)) counters.insert(header.counter);
      return true;
    }
  } inner;
  inner.TraverseStmt(const_cast<clang::Stmt*>(loops_.back()->getBody()));
  const std::set<const clang::VarDecl*>& innerCounters = inner.counters;
  for (const clang::VarDecl* declaration : sharing_->variables()) {
    if (outsideTheLoop_.count(declaration)) continue;
    const DataSharing::Entry& entry = sharing_->of(declaration);
    Variable variable;
    variable.name = entry.name;
    variable.sharing = entry.sharing;
    variable.sharingReason = entry.reason;
    variable.declaredInLoopBody = sharing_->isDeclaredInBody(declaration) && !sharing_->isCounter(declaration);
    variable.reductionOperator = entry.reductionOperator;
    if (entry.name == sharedCounter_) {
      variable.sharing = Sharing::Shared;
      variable.sharingReason = "counter of the loop that creates the tasks, shared with them";
      variable.declaredInLoopBody = false;
    }
    variable.isParameter = llvm::isa<clang::ParmVarDecl>(declaration);
    variable.writtenInLoop = written_.arrays.count(declaration) || written_.scalars.count(declaration);
    variable.countsInnerLoop = innerCounters.count(declaration) > 0;
    variable.declaredAt = positionOf(declaration->getLocation(), sources_);
    describeType(*declaration, variable, context_);
    model_.variables.push_back(std::move(variable));
  }
  // Arrays and scalars in structs ("d->m_xd", "p[].x"): the member's type, after the root's subscripts.
  for (const ReferenceCollector::MemberVariable& member : memberVariables_) {
    Variable variable = member.variable;
    describeType(member.memberType, variable, context_);
    variable.dimensions += member.rootDimensions;
    variable.isArray = variable.dimensions > 0;
    if (member.rootDimensions) variable.extent = "";
    model_.variables.push_back(std::move(variable));
  }
}

void Builder::describeInstances() {
  // In declaration order: the numbering's map is keyed by address, which differs from run to run.
  std::vector<const clang::VarDecl*> declarations;
  for (const auto& entry : instances_->instances()) declarations.push_back(entry.first);
  std::sort(declarations.begin(), declarations.end(), [&](const clang::VarDecl* a, const clang::VarDecl* b) {
    if (a->getLocation() != b->getLocation())
      return sources_.isBeforeInTranslationUnit(a->getLocation(), b->getLocation());
    return a->getName() < b->getName();
  });
  for (const clang::VarDecl* declaration : declarations) {
    const std::vector<std::set<int>>& sets = instances_->instances().at(declaration);
    for (size_t instance = 0; instance < sets.size(); ++instance) {
      Instance described{sharing_->of(declaration).name, static_cast<int>(instance), {}};
      for (const clang::Stmt* definition : instances_->definitionsOf(declaration, static_cast<int>(instance))) {
        if (!definition) {
          described.reachingDefinitions.push_back("entry");
          continue;
        }
        SourcePosition at = positionOf(definition->getBeginLoc(), sources_);
        described.reachingDefinitions.push_back(std::to_string(at.line) + ":" + std::to_string(at.column));
      }
      model_.instances.push_back(std::move(described));
    }
  }
}

}  // namespace

std::vector<const clang::ForStmt*> associatedLoops(const clang::OMPLoopDirective& directive) {
  std::vector<const clang::ForStmt*> loops;
  const clang::Stmt* current = directive.getInnermostCapturedStmt()->getCapturedStmt();
  for (unsigned level = 0; level < directive.getLoopsNumber(); ++level) {
    auto* loop = llvm::dyn_cast_or_null<clang::ForStmt>(stripSingleStatementBlocks(current));
    if (!loop) break;
    loops.push_back(loop);
    current = loop->getBody();
  }
  return loops;
}

std::string directiveName(const clang::OMPExecutableDirective& directive) {
  return llvm::omp::getOpenMPDirectiveName(directive.getDirectiveKind()).str();
}

LoopModelResult buildLoopModel(const LoopModelRequest& request, clang::ASTContext& context) {
  return Builder(request, context).build();
}

}  // namespace adrace::analyzer
