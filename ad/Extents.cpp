#include "ad/Extents.h"

#include "analyzer/protocol/IndexParser.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <regex>

namespace adrace::ad {
namespace {

// The index IR as a C tree (the parser's output holds only integers, names, reads and + - * / %).
c::ExprRef toTree(const smt::ExprRef& expr, std::string& error) {
  switch (expr->op) {
    case smt::Expr::Op::Const: return c::integer(expr->value);
    case smt::Expr::Op::Var:
      if (expr->instance != 0)
        error = "an instance (" + expr->name + "#" + std::to_string(expr->instance) + ") is not an extent";
      return c::name(expr->name);
    case smt::Expr::Op::Read: {
      if (expr->instance != 0) error = "an instance of " + expr->name + " is not an extent";
      c::ExprRef read = c::name(expr->name);
      for (const smt::ExprRef& index : expr->args) read = c::subscript(read, toTree(index, error));
      return read;
    }
    case smt::Expr::Op::Add: return c::add(toTree(expr->args[0], error), toTree(expr->args[1], error));
    case smt::Expr::Op::Sub: return c::sub(toTree(expr->args[0], error), toTree(expr->args[1], error));
    case smt::Expr::Op::Mul: return c::mul(toTree(expr->args[0], error), toTree(expr->args[1], error));
    case smt::Expr::Op::Div: return c::div(toTree(expr->args[0], error), toTree(expr->args[1], error));
    case smt::Expr::Op::Mod: return c::remainder(toTree(expr->args[0], error), toTree(expr->args[1], error));
    case smt::Expr::Op::Neg: return c::negate(toTree(expr->args[0], error));
    case smt::Expr::Op::IfLess:
      return c::conditional(c::less(toTree(expr->args[0], error), toTree(expr->args[1], error)),
                            toTree(expr->args[2], error), toTree(expr->args[3], error));
  }
  error = "unexpected index expression";
  return c::integer(0);
}

unsigned dimensionsOf(clang::QualType type, const clang::ASTContext& ast) {
  unsigned dimensions = 0;
  for (;;) {
    if (const clang::ArrayType* array = ast.getAsArrayType(type))
      type = array->getElementType();
    else if (type->isPointerType())
      type = type->getPointeeType();
    else
      return type->isIntegerType() ? dimensions : 0;
    ++dimensions;
  }
}

bool isIntegral(clang::QualType type, const clang::ASTContext& ast) {
  for (;;) {
    if (const clang::ArrayType* array = ast.getAsArrayType(type))
      type = array->getElementType();
    else if (type->isPointerType())
      type = type->getPointeeType();
    else
      return type->isIntegerType();
  }
}

// `(long)m*n`: C casts to an integer type, as codes write an element count that may pass INT_MAX.
// The index IR has no casts: the text is parsed without them, and the type is kept to compute the
// count in it (the first one written; every name of the count is converted to it, so that no
// intermediate product is narrower than the one the user wrote).
std::string withoutIntegerCasts(const std::string& text, std::string& castType) {
  static const std::regex cast(
      R"(\(\s*((?:(?:unsigned|signed)\s+)?(?:long\s+long|long|int|short)(?:\s+int)?|unsigned|signed|size_t|ptrdiff_t|u?int(?:8|16|32|64)_t)\s*\))");
  std::string stripped = text;  // each cast blanked, so that an error's column still points into `text`
  for (std::sregex_iterator match(text.begin(), text.end(), cast), end; match != end; ++match) {
    if (castType.empty()) castType = std::regex_replace((*match)[1].str(), std::regex(R"(\s+)"), " ");
    stripped.replace(static_cast<size_t>(match->position()), static_cast<size_t>(match->length()),
                     static_cast<size_t>(match->length()), ' ');
  }
  return stripped;
}

c::ExprRef castNames(const c::ExprRef& tree, const std::string& type) {
  if (tree->kind == c::Expr::Kind::Name || tree->kind == c::Expr::Kind::Subscript)
    return c::cast(c::plainType(type), tree);
  if (tree->operands.empty()) return tree;
  auto copy = std::make_shared<c::Expr>(*tree);
  for (c::ExprRef& operand : copy->operands) operand = castNames(operand, type);
  return copy;
}

}  // namespace

void parseExtents(AdjointContext& context, const std::set<std::string>& macros) {
  if (context.request.extents.empty()) return;
  analyzer::IndexSymbols symbols;
  auto addVariable = [&](const clang::VarDecl* var) {
    if (!var->getIdentifier() || !isIntegral(var->getType(), context.ast)) return;
    analyzer::IndexSymbol symbol;
    symbol.dimensions = dimensionsOf(var->getType(), context.ast);
    symbols[var->getName().str()] = symbol;
  };
  for (const clang::Decl* decl : context.ast.getTranslationUnitDecl()->decls()) {
    if (auto* var = llvm::dyn_cast<clang::VarDecl>(decl)) addVariable(var);
    if (auto* enumeration = llvm::dyn_cast<clang::EnumDecl>(decl))
      for (const clang::EnumConstantDecl* constant : enumeration->enumerators())
        symbols[constant->getName().str()] = {};
  }
  for (const std::string& macro : macros) symbols[macro] = {};
  for (const auto& [decl, info] : context.variables)
    if (info.parameter || info.scope == context.body()) addVariable(decl);

  for (const auto& [array, text] : context.request.extents) {
    bool known = false;
    for (const auto& [decl, info] : context.variables) known |= info.name == array && info.array;
    if (!known) {
      context.unsupported(context.function.getLocation(),
                          "--extent " + array + ": no array '" + array + "' in " + context.function.getNameAsString());
      return;
    }
    std::string castType;
    analyzer::ParsedExpression parsed = analyzer::parseIndexExpression(withoutIntegerCasts(text, castType), symbols);
    std::string error;
    c::ExprRef tree = parsed.expr ? toTree(parsed.expr, error) : nullptr;
    if (tree && !castType.empty()) tree = castNames(tree, castType);
    if (parsed.error) error = parsed.error->message + " at column " + std::to_string(parsed.error->column);
    if (!error.empty()) {
      context.unsupported(context.function.getLocation(), "--extent " + array + "=" + text +
                                                              ": not an index expression over the function's integer "
                                                              "parameters, globals and macros (" +
                                                              error + ")");
      return;
    }
    context.extents[array] = tree;
  }
}

}  // namespace adrace::ad
