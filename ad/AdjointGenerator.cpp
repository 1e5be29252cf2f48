// generateAdjoint: parse the file, check the function against the supported subset, rebuild the
// analyzer's model and verdicts for each of its parallel loops from the same AST, plan the tape,
// and print the file: the primal's includes and macros, the runtime, and NAME_b.
#include "ad/AdjointGenerator.h"

#include "ad/AdjointContext.h"
#include "ad/ChainedAssignments.h"
#include "ad/ClassLocals.h"
#include "ad/CodeWriter.h"
#include "ad/c/Uses.h"
#include "ad/EarlyReturns.h"
#include "ad/Extents.h"
#include "ad/FilePrelude.h"
#include "ad/HeapBuffers.h"
#include "ad/FileScopeVariables.h"
#include "ad/FieldPointers.h"
#include "ad/HelperInlining.h"
#include "ad/LoopHints.h"
#include "ad/LocalReferences.h"
#include "ad/OpenMPSubset.h"
#include "ad/PrimalRaces.h"
#include "ad/RowPointerParameters.h"
#include "ad/StatusExits.h"
#include "ad/Sweeps.h"
#include "ad/TapePlan.h"
#include "ad/TeamUniform.h"
#include "ad/WriteSites.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ContainerSubscripts.h"
#include "analyzer/frontend/LoopModelBuilder.h"

#include <clang/AST/Decl.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>
#include <llvm/Support/Path.h>

#include <spdlog/spdlog.h>

#include <algorithm>

namespace adrace::ad {

std::optional<Strategy> parseStrategy(const std::string& text) {
  if (text == "formad") return Strategy::FormAD;
  if (text == "atomic") return Strategy::Atomic;
  if (text == "reduction") return Strategy::Reduction;
  if (text == "serial") return Strategy::Serial;
  return std::nullopt;
}

const char* strategyName(Strategy strategy) {
  switch (strategy) {
    case Strategy::FormAD: return "formad";
    case Strategy::Atomic: return "atomic";
    case Strategy::Reduction: return "reduction";
    case Strategy::Serial: return "serial";
  }
  return "?";
}

namespace {

// The parameter's declaration as written (sizes keep their macro names), or its adjoint's: the
// adjoint's name, without const; a by-value active scalar's adjoint is a pointer.
c::Type parameterType(const AdjointContext& context, const clang::ParmVarDecl* parameter, bool adjoint) {
  const VariableInfo* info = context.variable(parameter);
  if (!adjoint) return context.from.declaredType(parameter);
  if (info->byValueScalar) return c::pointerTo(context.from.type(parameter->getType(), true));
  return context.from.declaredType(parameter, true);
}

// The header comment's note on the active arrays of row pointers (RowPointerParameters.h): what the
// adjoint assumes of their rows, and what the caller passes as their adjoints. Empty when none.
std::string rowPointerAssumption(const AdjointContext& context) {
  std::string arrays, adjoints;
  size_t count = 0;
  for (const clang::ParmVarDecl* parameter : context.function.parameters()) {
    const VariableInfo* info = context.variable(parameter);
    if (!info || !info->active || rowPointerLevels(*parameter) == 0) continue;
    const std::string separator = count == 0 ? "" : ", ";
    arrays += separator + info->name;
    adjoints += separator + info->adjoint;
    ++count;
  }
  if (count == 0) return "";
  return "\n" + arrays + (count == 1 ? " is an array" : " are arrays") +
         " of row pointers: distinct rows are assumed not to overlap\n(README.md, Assumptions); " + adjoints +
         (count == 1 ? " points" : " point") + " to rows of the same shape, which the caller allocates.";
}

void buildLoops(AdjointContext& context) {
  analyzer::AnalysisOptions options;
  options.z3TimeoutMs = context.request.z3TimeoutMs;
  options.budgetMs = context.request.budgetMs;
  options.extents = context.request.extents;
  options.guard = context.request.guard;
  options.gather = context.request.gather && context.request.strategy == Strategy::FormAD;
  for (const auto& entry : context.variables)
    if (entry.second.active) options.activity.active.insert(entry.second.name);
  for (const auto& entry : context.variables)
    if (!entry.second.active) options.activity.inactive.insert(entry.second.name);
  std::vector<analyzer::Diagnostic> ignored;
  int id = 0;
  for (const analyzer::LoopSite& site : analyzer::findLoops(context.ast, ignored)) {
    int loopId = id++;
    if (!site.function || site.function->getCanonicalDecl() != context.function.getCanonicalDecl()) continue;
    if (llvm::isa<clang::OMPSimdDirective>(site.directive)) continue;  // a sequential loop to the sweeps (SupportCheck)
    analyzer::LoopModelResult built =
        analyzer::buildLoopModel({site.directive, site.region, site.function, loopId}, context.ast);
    if (!built.model) {
      context.unsupported(
          site.directive->getBeginLoc(),
          "parallel loop adrace cannot model" + (built.error ? ": " + built.error->message : std::string()));
      return;
    }
    ParallelLoop loop;
    loop.directive = site.directive;
    loop.region = site.region;
    loop.model = std::move(*built.model);
    if (auto* region = llvm::dyn_cast_or_null<clang::OMPParallelDirective>(site.region))
      loop.teamUniform = teamUniformScalars(*region);  // a worksharing loop of the region
    for (const std::string& name : loop.teamUniform)
      spdlog::debug("parallel loop at line {}: {} is alike on every thread of its region", loop.model.pragmaAt.line,
                    name);
    analyzer::AnalysisOptions loopOptions = options;
    loopOptions.teamUniform = loop.teamUniform;
    if (context.request.strategy == Strategy::FormAD || context.request.strategy == Strategy::Reduction)
      loop.analysis = analyzer::analyzeLoop(loop.model, loopOptions);
    else {
      // atomic/serial need no proofs: only the per-array facts (written/read-only, references)
      analyzer::AnalysisOptions quick = options;
      quick.z3TimeoutMs = 1;
      loop.analysis = analyzer::analyzeLoop(loop.model, quick);
    }
    for (const analyzer::ArrayVerdict& verdict : loop.analysis.arrays)
      spdlog::debug("parallel loop at line {}: {} {}", loop.model.pragmaAt.line, verdict.adjoint,
                    analyzer::verdictName(verdict.verdict));
    auto inserted = context.loops.emplace(site.directive, std::move(loop));
    ParallelLoop& stored = inserted.first->second;
    stored.indexReferences();
  }
}

// Each variable's uses, each with the OpenMP directives around it. (By the tree, not by source
// ranges: an inlined helper's nodes keep the helper's locations, outside the loop they now sit in.)
class DirectiveUses : public clang::RecursiveASTVisitor<DirectiveUses> {
  using Base = clang::RecursiveASTVisitor<DirectiveUses>;

 public:
  bool TraverseStmt(clang::Stmt* statement) {
    auto* directive = llvm::dyn_cast_or_null<clang::OMPExecutableDirective>(statement);
    if (directive) enclosing_.push_back(directive);
    bool more = Base::TraverseStmt(statement);
    if (directive) enclosing_.pop_back();
    return more;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
    if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) uses[var].push_back(enclosing_);
    return true;
  }
  std::map<const clang::VarDecl*, std::vector<std::vector<const clang::OMPExecutableDirective*>>> uses;

 private:
  std::vector<const clang::OMPExecutableDirective*> enclosing_;
};

void findRegionPrivate(AdjointContext& context) {
  if (context.request.strategy == Strategy::Serial) return;
  DirectiveUses references;
  references.TraverseStmt(const_cast<clang::Stmt*>(context.function.getBody()));
  for (const auto& [decl, info] : context.variables) {
    if (info.parameter || info.scope != context.body()) continue;
    // the directives that privatise it: a worksharing loop's region (private(...) of the region), or the loop
    std::set<const clang::OMPExecutableDirective*> privateIn;
    for (const auto& [directive, loop] : context.loops)
      for (const analyzer::Variable& variable : loop.model.variables)
        if (variable.name == info.name && variable.sharing == analyzer::Sharing::Private)
          privateIn.insert(loop.region ? loop.region : directive);
    if (privateIn.empty()) continue;
    bool outside = false;
    for (const auto& enclosing : references.uses[decl])
      outside |= std::none_of(enclosing.begin(), enclosing.end(), [&](const clang::OMPExecutableDirective* directive) {
        return privateIn.count(directive);
      });
    if (!outside) context.regionPrivate.insert(decl);
  }
}

std::string generate(AdjointContext& context, const std::string& sourceFile,
                     std::vector<analyzer::Diagnostic>& warnings) {
  context.collectNames();
  // `u[i]` of a std::vector<double>& u is the subscript of an array (ContainerSubscripts.h)
  analyzer::lowerContainerSubscripts(context.ast, const_cast<clang::Stmt*>(context.function.getBody()));
  if (context.function.getReturnType()->isRealFloatingType()) context.resultAdjoint = context.freshName("result_b");
  checkOpenMPSubset(context);
  if (context.failed()) return "";
  std::vector<analyzer::RaceFinding> races = definitePrimalRaces(context, sourceFile);
  foldEarlyReturns(context);
  if (inlineHelpers(context) > 0 && !context.failed()) {
    // An orphaned loop is checked as written in its helper, where the loops around its call (and
    // the arrays the call passes) are not seen: checked again where the call put it, in the region.
    for (analyzer::RaceFinding& race : definitePrimalRaces(context, sourceFile)) races.push_back(std::move(race));
  }
  if (context.failed()) return "";
  splitChainedAssignments(context);
  dropLoopHints(context);
  substituteFieldPointers(context);
  substituteLocalReferences(context);
  replaceClassLocals(context);
  checkSupported(context);
  if (context.failed()) return "";
  const FilePrelude prelude = filePrelude(context.ast);
  parseExtents(context, prelude.macros);
  if (context.failed()) return "";
  buildLoops(context);
  if (context.failed()) return "";
  findRegionPrivate(context);
  const TapePlan plan = planTape(context);
  Sweeps sweeps(context, plan);
  CodeWriter forward, backward;
  sweeps.forward(context.body(), forward);
  sweeps.backward(context.body(), backward);
  if (context.failed()) return "";
  refuseRacyPrimal(context, races, warnings);
  if (context.failed()) return "";
  refuseBufferReadsAfterRelease(context, backward);
  if (context.failed()) return "";

  // Adjoints of function-scope locals live across both sweeps' code.
  auto bodyMentions = [&](const std::string& name) { return forward.mentions(name) || backward.mentions(name); };
  c::StmtList prologue;
  std::vector<const clang::VarDecl*> allocatedAdjoints;
  for (const auto& entry : context.variables) {
    const VariableInfo& info = entry.second;
    if (info.parameter || !info.active || info.scope != context.body() || context.regionPrivate.count(entry.first))
      continue;
    if (!backward.mentions(info.adjoint)) continue;
    prologue.push_back(adjointDeclaration(context, info.decl));
    if (context.heapBuffers.count(info.decl)) allocatedAdjoints.push_back(info.decl);
  }
  const std::string name = context.function.getNameAsString();
  // Parameters the code never names are marked (void) so that -Wunused-parameter stays quiet; a
  // size in another parameter's type (`double x[n]`) is a use.
  std::vector<std::pair<std::string, c::Type>> parameters;  // name, type
  for (const clang::ParmVarDecl* parameter : context.function.parameters()) {
    const VariableInfo* info = context.variable(parameter);
    parameters.emplace_back(info->name, parameterType(context, parameter, false));
    if (info->active) parameters.emplace_back(info->adjoint, parameterType(context, parameter, true));
  }
  if (!context.resultAdjoint.empty())  // the result's adjoint, by value, last
    parameters.emplace_back(context.resultAdjoint, context.from.type(context.function.getReturnType(), true));
  std::vector<std::string> unused;
  c::StmtList declarations;
  for (size_t k = 0; k < parameters.size(); ++k) {
    declarations.push_back(c::declaration(parameters[k].second, parameters[k].first));
    bool used = bodyMentions(parameters[k].first);
    for (size_t other = 0; other < parameters.size() && !used; ++other)
      used = other != k && c::mentions(parameters[other].second, parameters[k].first);
    if (!used) unused.push_back(parameters[k].first);
  }

  c::StmtList body;
  for (const std::string& parameter : unused)
    body.push_back(c::expression(c::cast(c::plainType("void"), c::name(parameter))));
  if (!forward.empty()) body.push_back(c::comment("forward sweep"));
  body.insert(body.end(), forward.statements().begin(), forward.statements().end());
  body.insert(body.end(), prologue.begin(), prologue.end());
  // An assigned by-value parameter is a local copy: its adjoint starts from zero in the callee and is
  // added to the caller's at the end.
  std::vector<std::pair<const VariableInfo*, std::string>> copies;  // the parameter, its caller's adjoint
  for (const clang::ParmVarDecl* parameter : context.function.parameters()) {
    const VariableInfo* info = context.variable(parameter);
    if (info->byValueScalar && writesVariable(context.function.getBody(), parameter, /*addressCounts=*/false))
      copies.push_back({info, context.freshName(info->adjoint + "_caller")});
  }
  for (const auto& [info, caller] : copies) {
    const c::ExprRef callersAdjoint = c::dereference(c::name(info->adjoint));
    body.push_back(c::withComment(c::declaration(c::plainType("double"), caller, callersAdjoint),
                                  info->name + " is a copy in " + name));
    body.push_back(c::expression(c::assign(callersAdjoint, c::literal("0.0"))));
  }
  if (!backward.empty()) body.push_back(c::comment("backward sweep"));
  body.insert(body.end(), backward.statements().begin(), backward.statements().end());
  for (const clang::VarDecl* buffer : allocatedAdjoints)  // the function-scope buffers' adjoints (HeapBuffers.h)
    body.push_back(bufferAdjointRelease(context, buffer));
  for (const auto& [info, caller] : copies)
    body.push_back(c::expression(c::addAssign(c::dereference(c::name(info->adjoint)), c::name(caller))));
  if (context.status)
    body.push_back(c::withComment(c::returnStatement(returnedStatus(context)), "the primal's status"));

  c::StmtList file;
  analyzer::SourcePosition at = context.position(context.function.getLocation());
  file.push_back(c::comment(std::string("Generated by adrace adjoint (strategy ") +
                            strategyName(context.request.strategy) + ") from " + at.file + ":\n" + name +
                            "_b, the reverse-mode adjoint of " + name +
                            " (Tapenade's convention: each active parameter x is followed by x_b;\n"
                            "adjoints of inputs are incremented, adjoints of outputs are consumed)." +
                            rowPointerAssumption(context)));
  if (context.request.includePrimal)  // compiled in the primal's place, found where its folder is (-I)
    file.push_back(c::preprocessor("include", "\"" + llvm::sys::path::filename(at.file).str() + "\""));
  else
    file.insert(file.end(), prelude.lines.begin(), prelude.lines.end());
  file.push_back(c::preprocessor("include", "<stdlib.h>"));
  file.push_back(c::preprocessor("include", "\"adrace/runtime.h\""));
  // the file-scope variables the generated code names, and the adjoints of the active ones
  const c::StmtList globals = fileScopeDeclarations(context, bodyMentions, prelude.constants);
  if (!globals.empty()) {
    file.push_back(c::blankLine());
    file.insert(file.end(), globals.begin(), globals.end());
  }
  if (sweeps.needsOmpHelpers()) {  // the OpenMP queries the adjoint makes, for a build without OpenMP
    file.push_back(c::blankLine());
    file.push_back(c::preprocessor("ifndef", "_OPENMP"));
    const std::pair<const char*, int> queries[] = {
        {"omp_get_max_threads", 1}, {"omp_get_num_threads", 1}, {"omp_get_thread_num", 0}};
    for (const auto& [query, value] : queries)
      file.push_back(c::withStorage(
          c::onOneLine(c::functionDefinition(c::plainType("int"), query, {}, {c::returnStatement(c::integer(value))})),
          "static inline"));
    file.push_back(c::preprocessor("endif"));
  }
  file.push_back(c::blankLine());
  // a function of file-scope variables only has no parameters: `(void)`
  const c::Type returned =
      context.status ? context.from.type(context.function.getReturnType(), false) : c::plainType("void");
  c::StmtRef adjoint = c::functionDefinition(returned, name + "_b", std::move(declarations), std::move(body));
  if (std::string space = c::namespaceOf(&context.function); !space.empty())
    adjoint = c::namespaceBlock(space, {adjoint});  // where the primal's names mean what they mean there
  file.push_back(adjoint);
  return c::print(file);
}

// Whether the function is at file scope or in named namespaces only (not an anonymous one): its
// adjoint is written in the same namespace, where the names its body uses mean what they mean there.
bool inNamedNamespaces(const clang::FunctionDecl* function) {
  for (const clang::DeclContext* scope = function->getDeclContext(); !scope->isTranslationUnit();
       scope = scope->getParent()) {
    if (llvm::isa<clang::LinkageSpecDecl>(scope)) continue;  // extern "C"
    auto* space = llvm::dyn_cast<clang::NamespaceDecl>(scope);
    if (!space || space->isAnonymousNamespace()) return false;
  }
  return true;
}

// The definitions in the main file named `name`, unqualified or qualified (`ns::f`, `S::f`), each
// with why it cannot be differentiated (empty: it can). Functions at file scope can, `extern "C"`
// ones included, and those of named namespaces (inNamedNamespaces); not methods or templates: the
// adjoint names what the function names as written, which inside a class may mean something else.
class FunctionCandidates : public clang::RecursiveASTVisitor<FunctionCandidates> {
 public:
  FunctionCandidates(const clang::ASTContext& ast, std::string name)
      : sources_(ast.getSourceManager()), name_(std::move(name)) {}
  bool VisitFunctionDecl(clang::FunctionDecl* function) {
    if (!function->doesThisDeclarationHaveABody() ||
        !sources_.isInMainFile(sources_.getExpansionLoc(function->getLocation())))
      return true;
    if (function->getNameAsString() != name_ && function->getQualifiedNameAsString() != name_) return true;
    std::string why;
    if (function->getDescribedFunctionTemplate() || function->isTemplateInstantiation() ||
        function->isDependentContext())
      why = "function templates are not supported (only functions at file scope)";
    else if (auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(function))
      why = method->isStatic() ? "static member functions are not supported (only functions at file scope)"
                               : "methods are not supported (only functions at file scope)";
    else if (!inNamedNamespaces(function))
      why =
          "functions in an anonymous namespace are not supported (the adjoint is written in the function's "
          "namespace, and another file could not call it there)";
    found.push_back({function, why});
    return true;
  }
  std::vector<std::pair<const clang::FunctionDecl*, std::string>> found;  // in the file's order

 private:
  const clang::SourceManager& sources_;
  std::string name_;
};

}  // namespace

AdjointResult generateAdjoint(const AdjointRequest& request) {
  AdjointResult result;
  if (request.settings.files.size() != 1) {
    analyzer::Diagnostic diagnostic;
    diagnostic.message = "adrace adjoint takes exactly one file";
    result.diagnostics.push_back(diagnostic);
    return result;
  }
  analyzer::parseFiles(request.settings, result.diagnostics, [&](const std::string& file, clang::ASTContext& ast) {
    FunctionCandidates candidates(ast, request.function);
    candidates.TraverseDecl(ast.getTranslationUnitDecl());
    std::vector<const clang::FunctionDecl*> usable;
    for (const auto& [function, why] : candidates.found)
      if (why.empty()) usable.push_back(function);
    auto refuse = [&](const clang::FunctionDecl* function, const std::string& why) {
      analyzer::Diagnostic diagnostic;
      diagnostic.at = analyzer::positionOf(function->getLocation(), ast.getSourceManager());
      diagnostic.message = "unsupported: '" + function->getQualifiedNameAsString() + "': " + why;
      diagnostic.unsupported = true;
      result.diagnostics.push_back(diagnostic);
    };
    if (usable.size() > 1)
      return refuse(usable[1], "more than one function of that name (overloads are not supported)");
    if (usable.empty()) {
      if (!candidates.found.empty()) return refuse(candidates.found.front().first, candidates.found.front().second);
      analyzer::Diagnostic diagnostic;
      diagnostic.at.file = file;
      diagnostic.message = "no function '" + request.function + "' with a body in " + file;
      result.diagnostics.push_back(diagnostic);
      return;
    }
    const clang::FunctionDecl* function = usable.front();
    AdjointContext context(ast, *function, request);
    clang::QualType returned = function->getReturnType();
    if (!returned->isVoidType() && !returned->isRealFloatingType() && !returned->isIntegerType())
      context.unsupported(
          function->getLocation(),
          "function returning a value of type " + returned.getAsString() +
              " (only float and double results have an adjoint, and an integer status is returned as it is)");
    std::vector<analyzer::Diagnostic> warnings;
    std::string code = context.failed() ? "" : generate(context, file, warnings);
    result.diagnostics.insert(result.diagnostics.end(), warnings.begin(), warnings.end());
    if (context.error)
      result.diagnostics.push_back(*context.error);
    else
      result.code = code;
  });
  for (const analyzer::Diagnostic& diagnostic : result.diagnostics)
    if (diagnostic.severity == analyzer::Diagnostic::Severity::Error) result.code.clear();
  return result;
}

}  // namespace adrace::ad
