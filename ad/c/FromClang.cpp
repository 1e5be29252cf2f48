#include "ad/c/FromClang.h"

#include "ad/c/MacroExpansion.h"
#include "analyzer/frontend/ClangSource.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/TypeLoc.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>
#include <llvm/ADT/StringExtras.h>

#include <optional>

namespace adrace::ad::c {

FromClang::FromClang(const clang::ASTContext& ast) : ast_(ast), policy_(ast.getPrintingPolicy()) {
  policy_.SuppressTagKeyword = false;
  policy_.Bool = false;  // C spells it _Bool
  nameOf = [](const clang::ValueDecl* decl) { return decl->getNameAsString(); };
}

std::string FromClang::spelling(clang::SourceLocation at) const {
  const clang::SourceManager& sources = ast_.getSourceManager();
  clang::SourceLocation spelled = sources.getSpellingLoc(at);
  return clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(spelled, spelled), sources,
                                     ast_.getLangOpts())
      .str();
}

bool FromClang::readsLocals(const clang::Expr* expr) const {
  if (!expr) return false;
  if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr))
    if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
      if (!llvm::isa<clang::ParmVarDecl>(var) && var->hasLocalStorage()) return true;
  for (const clang::Stmt* child : expr->children())
    if (readsLocals(llvm::dyn_cast_or_null<clang::Expr>(child))) return true;
  return false;
}

std::string FromClang::objectLikeMacro(const clang::Expr* expr) const {
  const clang::SourceManager& sources = ast_.getSourceManager();
  const clang::LangOptions& language = ast_.getLangOpts();
  clang::SourceLocation begin = expr->getBeginLoc(), end = expr->getEndLoc();
  std::string found;
  // Outwards through the macro expansions whose bodies are exactly this expression: the outermost
  // object-like one is the name the author wrote.
  // An expression passed as a function-like macro's argument is where the argument came from.
  auto throughArguments = [&]() {
    while (begin.isMacroID() && end.isMacroID() && sources.isMacroArgExpansion(begin) &&
           sources.isMacroArgExpansion(end)) {
      begin = sources.getImmediateSpellingLoc(begin);
      end = sources.getImmediateSpellingLoc(end);
    }
  };
  throughArguments();
  while (begin.isMacroID() && end.isMacroID() && sources.isMacroBodyExpansion(begin) &&
         sources.isMacroBodyExpansion(end)) {
    clang::CharSourceRange first = sources.getImmediateExpansionRange(begin);
    clang::CharSourceRange last = sources.getImmediateExpansionRange(end);
    if (first.getBegin() != last.getBegin() || first.getEnd() != last.getEnd()) break;  // NX * NY: two macros
    bool objectLike = false;
    if (!wholeMacroBody(sources.getImmediateSpellingLoc(begin), sources.getImmediateSpellingLoc(end), sources, language,
                        objectLike))
      break;
    if (objectLike)
      found = clang::Lexer::getImmediateMacroName(begin, sources, language).str();
    else
      found.clear();  // the body of a function-like macro: printed from its expansion
    begin = first.getBegin();
    end = first.getEnd();
    throughArguments();
  }
  // A macro whose body names a local would name a variable the generated code may not declare.
  return readsLocals(expr) ? "" : found;
}

ExprRef FromClang::expr(const clang::Expr* expr) const {
  unsupportedAt = {};
  unsupportedWhat.clear();
  ExprRef converted = convert(expr);
  return unsupportedWhat.empty() ? converted : nullptr;
}

bool FromClang::holdsSynthesized(const clang::Expr* e) const {
  if (!e || synthesized.empty()) return false;
  if (synthesized.count(e)) return true;
  for (const clang::Stmt* child : e->children())
    if (holdsSynthesized(llvm::dyn_cast_or_null<clang::Expr>(child))) return true;
  return false;
}

namespace {
// The tree's operator for Clang's; none for those the tree has no node for (__extension__, __real,
// __imag, co_await, C++'s .*, ->* and <=>).
std::optional<Op> treeOperator(clang::UnaryOperatorKind kind) {
  switch (kind) {
    case clang::UO_PostInc:
    case clang::UO_PreInc: return Op::Increment;
    case clang::UO_PostDec:
    case clang::UO_PreDec: return Op::Decrement;
    case clang::UO_AddrOf: return Op::AddressOf;
    case clang::UO_Deref: return Op::Dereference;
    case clang::UO_Plus: return Op::Plus;
    case clang::UO_Minus: return Op::Minus;
    case clang::UO_Not: return Op::Complement;
    case clang::UO_LNot: return Op::Not;
    default: return std::nullopt;
  }
}

std::optional<Op> treeOperator(clang::BinaryOperatorKind kind) {
  switch (kind) {
    case clang::BO_Mul: return Op::Multiply;
    case clang::BO_Div: return Op::Divide;
    case clang::BO_Rem: return Op::Remainder;
    case clang::BO_Add: return Op::Add;
    case clang::BO_Sub: return Op::Subtract;
    case clang::BO_Shl: return Op::ShiftLeft;
    case clang::BO_Shr: return Op::ShiftRight;
    case clang::BO_LT: return Op::Less;
    case clang::BO_GT: return Op::Greater;
    case clang::BO_LE: return Op::LessEqual;
    case clang::BO_GE: return Op::GreaterEqual;
    case clang::BO_EQ: return Op::Equal;
    case clang::BO_NE: return Op::NotEqual;
    case clang::BO_And: return Op::BitAnd;
    case clang::BO_Xor: return Op::BitXor;
    case clang::BO_Or: return Op::BitOr;
    case clang::BO_LAnd: return Op::LogicalAnd;
    case clang::BO_LOr: return Op::LogicalOr;
    case clang::BO_Assign: return Op::Assign;
    case clang::BO_MulAssign: return Op::MultiplyAssign;
    case clang::BO_DivAssign: return Op::DivideAssign;
    case clang::BO_RemAssign: return Op::RemainderAssign;
    case clang::BO_AddAssign: return Op::AddAssign;
    case clang::BO_SubAssign: return Op::SubtractAssign;
    case clang::BO_ShlAssign: return Op::ShiftLeftAssign;
    case clang::BO_ShrAssign: return Op::ShiftRightAssign;
    case clang::BO_AndAssign: return Op::BitAndAssign;
    case clang::BO_XorAssign: return Op::BitXorAssign;
    case clang::BO_OrAssign: return Op::BitOrAssign;
    case clang::BO_Comma: return Op::Comma;
    default: return std::nullopt;
  }
}
}  // namespace

ExprRef FromClang::convert(const clang::Expr* e) const {
  if (!e) return nullptr;
  auto unsupported = [&](const std::string& what) -> ExprRef {
    if (unsupportedWhat.empty()) {
      unsupportedAt = e->getBeginLoc();
      unsupportedWhat = what;
    }
    return literal("0");
  };
  if (auto* implicit = llvm::dyn_cast<clang::ImplicitCastExpr>(e)) return convert(implicit->getSubExpr());
  if (auto* full = llvm::dyn_cast<clang::FullExpr>(e)) return convert(full->getSubExpr());
  // Macros keep their names: sizes and counts (`N`, `SIZE` for `(NX*NY)`), constants (`#define DT 0.1`).
  if (!llvm::isa<clang::DeclRefExpr>(e) && !holdsSynthesized(e)) {
    std::string macro = objectLikeMacro(e);
    if (!macro.empty()) return name(macro);
    if (std::optional<MacroCall> macroCall = functionLikeMacroCall(e, ast_.getSourceManager(), ast_.getLangOpts())) {
      std::vector<ExprRef> arguments;
      for (const clang::Expr* argument : macroCall->arguments) arguments.push_back(convert(argument));
      return call(macroCall->name, std::move(arguments));
    }
  }
  if (auto* paren = llvm::dyn_cast<clang::ParenExpr>(e)) return convert(paren->getSubExpr());
  if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    std::string macro = objectLikeMacro(e);
    if (!macro.empty() && llvm::isa<clang::EnumConstantDecl>(ref->getDecl())) return name(macro);
    // A C++ namespace's variable by its qualified name (`heat::kappa`, however the source reached it):
    // the adjoint's file declares it in its namespace (FileScopeVariables.h).
    if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()); var && var->isFileVarDecl())
      return name(qualifiedName(var));
    return name(nameOf(ref->getDecl()));
  }
  if (llvm::isa<clang::IntegerLiteral>(e) || llvm::isa<clang::FloatingLiteral>(e) ||
      llvm::isa<clang::CharacterLiteral>(e)) {
    std::string text = spelling(e->getBeginLoc());
    if (!text.empty()) return literal(text);
    if (auto* integer = llvm::dyn_cast<clang::IntegerLiteral>(e))
      return literal(llvm::toString(integer->getValue(), 10, true));
    if (auto* floating = llvm::dyn_cast<clang::FloatingLiteral>(e)) {
      llvm::SmallString<32> digits;
      floating->getValue().toString(digits, 17, 0);
      return literal(std::string(digits.str()));
    }
    return unsupported("literal without spelling");
  }
  if (auto* string = llvm::dyn_cast<clang::StringLiteral>(e)) {
    std::string text;
    for (unsigned k = 0; k < string->getNumConcatenated(); ++k)
      text += (k ? " " : "") + spelling(string->getStrTokenLoc(k));
    return literal(text);
  }
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    std::optional<Op> op = treeOperator(unary->getOpcode());
    ExprRef operand = convert(unary->getSubExpr());
    if (!op) return unsupported("operator " + clang::UnaryOperator::getOpcodeStr(unary->getOpcode()).str());
    if (unary->isPostfix()) return postfix(*op, operand);
    auto node = std::make_shared<Expr>();  // as written: -(-x) stays
    node->kind = Expr::Kind::Prefix;
    node->op = *op;
    node->operands = {operand};
    return node;
  }
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    std::optional<Op> op = treeOperator(binary->getOpcode());
    ExprRef lhs = convert(binary->getLHS()), rhs = convert(binary->getRHS());
    if (!op) return unsupported("operator " + binary->getOpcodeStr().str());
    if (binary->isAssignmentOp()) return assign(*op, lhs, rhs);
    return binaryAsWritten(*op, lhs, rhs);
  }
  if (auto* choice = llvm::dyn_cast<clang::ConditionalOperator>(e))
    return conditional(convert(choice->getCond()), convert(choice->getTrueExpr()), convert(choice->getFalseExpr()));
  if (auto* callExpr = llvm::dyn_cast<clang::CallExpr>(e)) {
    std::vector<ExprRef> arguments;
    for (const clang::Expr* argument : callExpr->arguments()) arguments.push_back(convert(argument));
    return call(convert(callExpr->getCallee()), arguments);
  }
  if (auto* sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(e))
    return subscript(convert(sub->getLHS()), convert(sub->getRHS()));
  if (auto* access = llvm::dyn_cast<clang::MemberExpr>(e))
    return member(convert(access->getBase()), access->getMemberDecl()->getNameAsString(), access->isArrow());
  if (auto* written = llvm::dyn_cast<clang::CStyleCastExpr>(e))
    return cast(type(written->getTypeAsWritten()), convert(written->getSubExpr()));
  // C++: `static_cast<int>(u.size())` as written; `double(i)` as the C cast it means.
  if (auto* named = llvm::dyn_cast<clang::CXXStaticCastExpr>(e))
    return staticCast(type(named->getTypeAsWritten()), convert(named->getSubExpr()));
  if (auto* functional = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(e);
      functional && functional->getTypeAsWritten()->isArithmeticType() && !functional->isListInitialization())
    return cast(type(functional->getTypeAsWritten()), convert(functional->getSubExpr()));
  if (auto* trait = llvm::dyn_cast<clang::UnaryExprOrTypeTraitExpr>(e)) {
    if (trait->getKind() != clang::UETT_SizeOf) return unsupported("alignof");
    if (trait->isArgumentType()) return sizeofType(type(trait->getArgumentType()));
    return sizeofExpr(convert(trait->getArgumentExpr()));
  }
  if (auto* list = llvm::dyn_cast<clang::InitListExpr>(e)) {
    const clang::InitListExpr* syntactic =
        list->isSemanticForm() && list->getSyntacticForm() ? list->getSyntacticForm() : list;
    std::vector<ExprRef> items;
    for (const clang::Expr* item : syntactic->inits()) items.push_back(convert(item));
    return initList(items);
  }
  return unsupported(analyzer::constructName(*e));
}

std::string namespaceOf(const clang::Decl* decl) {
  std::string path;
  for (const clang::DeclContext* scope = decl->getDeclContext(); scope && !scope->isTranslationUnit();
       scope = scope->getParent())
    if (auto* space = llvm::dyn_cast<clang::NamespaceDecl>(scope); space && !space->isAnonymousNamespace())
      path = space->getName().str() + (path.empty() ? "" : "::" + path);
  return path;
}

std::string qualifiedName(const clang::VarDecl* var) {
  std::string space = namespaceOf(var);
  return space.empty() ? var->getNameAsString() : space + "::" + var->getNameAsString();
}

namespace {
// The qualifiers of a pointer itself, as the source's language spells them: `restrict` is C99's
// keyword, and C++ compilers only know their extension `__restrict`.
std::string pointerQualifiers(clang::QualType pointer, bool dropConst, const clang::LangOptions& language) {
  std::string text;
  auto add = [&](const char* word) { text += (text.empty() ? "" : " ") + std::string(word); };
  if (pointer.isConstQualified() && !dropConst) add("const");
  if (pointer.isVolatileQualified()) add("volatile");
  if (pointer.isRestrictQualified()) add(language.CPlusPlus ? "__restrict" : "restrict");
  return text;
}
}  // namespace

Type FromClang::type(clang::QualType qualified, bool dropConst) const {
  Type result;
  std::vector<Type::Derivation> derivations;
  for (;;) {
    if (const auto* reference = qualified->getAs<clang::LValueReferenceType>()) {
      Type::Derivation derivation;
      derivation.kind = Type::Derivation::Kind::Reference;
      derivations.push_back(derivation);
      qualified = reference->getPointeeType();
      continue;
    }
    if (const auto* pointer = qualified->getAs<clang::PointerType>()) {
      Type::Derivation derivation;
      derivation.kind = Type::Derivation::Kind::Pointer;
      derivation.qualifiers = pointerQualifiers(qualified, dropConst && derivations.empty(), ast_.getLangOpts());
      derivations.push_back(derivation);
      qualified = pointer->getPointeeType();
      continue;
    }
    if (const clang::ArrayType* array = ast_.getAsArrayType(qualified)) {
      Type::Derivation derivation;
      derivation.kind = Type::Derivation::Kind::Array;
      if (auto* constant = llvm::dyn_cast<clang::ConstantArrayType>(array))
        derivation.size = literal(llvm::toString(constant->getSize(), 10, false));
      else if (auto* variable = llvm::dyn_cast<clang::VariableArrayType>(array))
        derivation.size = convert(variable->getSizeExpr());
      derivations.push_back(derivation);
      qualified = array->getElementType();
      continue;
    }
    break;
  }
  if (dropConst) qualified.removeLocalConst();
  result.specifiers = qualified.getAsString(policy_);
  result.derivations = derivations;
  return result;
}

Type FromClang::declaredType(const clang::DeclaratorDecl* decl, bool dropConst) const {
  const clang::TypeSourceInfo* info = decl->getTypeSourceInfo();
  if (!info) return type(decl->getType(), dropConst);
  Type result;
  clang::TypeLoc cursor = info->getTypeLoc();
  clang::QualType pointerQualified;
  for (;;) {
    if (auto paren = cursor.getAs<clang::ParenTypeLoc>()) {
      cursor = paren.getInnerLoc();
      continue;
    }
    if (auto qualifiedLoc = cursor.getAs<clang::QualifiedTypeLoc>()) {
      clang::TypeLoc inner = qualifiedLoc.getUnqualifiedLoc();
      if (inner.getAs<clang::PointerTypeLoc>() || inner.getAs<clang::ParenTypeLoc>()) {
        pointerQualified = cursor.getType();
        cursor = inner;
        continue;
      }
      break;
    }
    if (auto reference = cursor.getAs<clang::LValueReferenceTypeLoc>()) {
      Type::Derivation derivation;
      derivation.kind = Type::Derivation::Kind::Reference;
      result.derivations.push_back(derivation);
      cursor = reference.getPointeeLoc();
      continue;
    }
    if (auto pointer = cursor.getAs<clang::PointerTypeLoc>()) {
      Type::Derivation derivation;
      derivation.kind = Type::Derivation::Kind::Pointer;
      if (!pointerQualified.isNull())
        derivation.qualifiers =
            pointerQualifiers(pointerQualified, dropConst && result.derivations.empty(), ast_.getLangOpts());
      pointerQualified = clang::QualType();
      result.derivations.push_back(derivation);
      cursor = pointer.getPointeeLoc();
      continue;
    }
    if (auto array = cursor.getAs<clang::ArrayTypeLoc>()) {
      Type::Derivation derivation;
      derivation.kind = Type::Derivation::Kind::Array;
      if (array.getSizeExpr()) derivation.size = convert(array.getSizeExpr());
      result.derivations.push_back(derivation);
      cursor = array.getElementLoc();
      continue;
    }
    break;
  }
  clang::QualType base = cursor.getType();
  if (dropConst) base.removeLocalConst();
  // The element of a const array is const-qualified through the array: `const double x[N]`.
  if (dropConst) base = base.getUnqualifiedType();
  if (base->isPointerType() || base->isArrayType()) return type(decl->getType(), dropConst);  // behind a typedef
  result.specifiers = base.getAsString(policy_);
  return result;
}

Schedule scheduleOf(const clang::OMPScheduleClause& clause) {
  switch (clause.getScheduleKind()) {
    case clang::OMPC_SCHEDULE_dynamic: return Schedule::Dynamic;
    case clang::OMPC_SCHEDULE_guided: return Schedule::Guided;
    case clang::OMPC_SCHEDULE_auto: return Schedule::Auto;
    case clang::OMPC_SCHEDULE_runtime: return Schedule::Runtime;
    default: return Schedule::Static;
  }
}

}  // namespace adrace::ad::c
