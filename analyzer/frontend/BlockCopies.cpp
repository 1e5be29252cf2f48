#include "analyzer/frontend/BlockCopies.h"

#include "analyzer/frontend/ClangSource.h"

namespace adrace::analyzer {
namespace {

std::string functionName(const clang::CallExpr& call) {
  const clang::FunctionDecl* callee = call.getDirectCallee();
  if (!callee || !callee->getIdentifier()) return "";
  std::string name = callee->getName().str();
  const std::string builtin = "__builtin_";
  return name.rfind(builtin, 0) == 0 ? name.substr(builtin.size()) : name;
}

// `sizeof(T)` or `sizeof expr` of type T, as T.
std::optional<clang::QualType> sizeofType(const clang::Expr* expression) {
  auto* size = llvm::dyn_cast<clang::UnaryExprOrTypeTraitExpr>(expression->IgnoreParenImpCasts());
  if (!size || size->getKind() != clang::UETT_SizeOf) return std::nullopt;
  return size->getTypeOfArgument();
}

// The number of elements of type `element` that `bytes` spans, into `block`.
void readCount(const clang::Expr* bytes, clang::QualType element, clang::ASTContext& context, Block& block) {
  auto same = [&](clang::QualType type) {
    return context.hasSameUnqualifiedType(type.getCanonicalType(), element.getCanonicalType());
  };
  const clang::Expr* e = bytes->IgnoreParenImpCasts();
  if (auto* product = llvm::dyn_cast<clang::BinaryOperator>(e); product && product->getOpcode() == clang::BO_Mul) {
    for (auto [size, count] :
         {std::pair{product->getRHS(), product->getLHS()}, std::pair{product->getLHS(), product->getRHS()}})
      if (std::optional<clang::QualType> type = sizeofType(size); type && same(*type)) {
        block.count = count->IgnoreParenImpCasts();
        return;
      }
  }
  clang::Expr::EvalResult value;
  long long elementSize = context.getTypeSizeInChars(element).getQuantity();
  if (!e->isValueDependent() && e->EvaluateAsInt(value, context) && elementSize > 0 &&
      value.Val.getInt().getExtValue() % elementSize == 0) {
    block.constantCount = value.Val.getInt().getExtValue() / elementSize;
    return;
  }
  block.whyNot = "its byte count '" + sourceText(bytes, context) + "' is not a number of '" +
                 element.getUnqualifiedType().getAsString() + "' elements the analysis can read";
}

// `&a[e]`, `a + e`, `e + a`, `a`: the variable, and the offset.
Block blockAt(const clang::Expr* argument, clang::ASTContext& context) {
  Block block;
  block.argument = argument;
  const clang::Expr* e = argument->IgnoreParenCasts();
  if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(e); address && address->getOpcode() == clang::UO_AddrOf) {
    auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(address->getSubExpr()->IgnoreParens());
    if (element) {
      block.array = variableOf(element->getBase());
      block.offset = element->getIdx();
    }
  } else if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(e); sum && sum->getOpcode() == clang::BO_Add) {
    bool pointerOnLeft = sum->getLHS()->getType()->isPointerType();
    block.array = variableOf(pointerOnLeft ? sum->getLHS() : sum->getRHS());
    block.offset = pointerOnLeft ? sum->getRHS() : sum->getLHS();
  } else {
    block.array = variableOf(e);
  }
  if (block.array) {
    clang::QualType type = block.array->getType();
    const clang::Type* element =
        type->isPointerType() ? type->getPointeeType().getTypePtr() : type->getPointeeOrArrayElementType();
    if (!(type->isPointerType() || type->isArrayType()) || !element || element->isArrayType()) {
      block.whyNot = "'" + sourceText(argument, context) + "' is not a block of a one-dimensional array";
      block.array = nullptr;
    }
  } else {
    block.whyNot = "'" + sourceText(argument, context) + "' is not the address of an element of an array variable";
  }
  return block;
}

clang::QualType elementTypeOf(const clang::VarDecl& array) {
  clang::QualType type = array.getType();
  if (type->isPointerType()) return type->getPointeeType();
  return llvm::cast<clang::ArrayType>(type->getAsArrayTypeUnsafe())->getElementType();
}

}  // namespace

bool isBlockCopy(const clang::CallExpr& call) {
  std::string name = functionName(call);
  return (name == "memcpy" || name == "memmove" || name == "memset") && call.getNumArgs() == 3;
}

std::vector<Block> blocksOf(const clang::CallExpr& call, clang::ASTContext& context) {
  std::vector<Block> blocks;
  bool copies = functionName(call) != "memset";
  for (unsigned k = 0; k < (copies ? 2u : 1u); ++k) {
    Block block = blockAt(call.getArg(k), context);
    block.written = k == 0;
    if (block.array) readCount(call.getArg(2), elementTypeOf(*block.array), context, block);
    blocks.push_back(block);
  }
  return blocks;
}

bool isBlockArgument(const clang::Expr& argument, const clang::CallExpr& call) {
  if (!isBlockCopy(call)) return false;
  unsigned pointers = functionName(call) == "memset" ? 1 : 2;
  for (unsigned k = 0; k < pointers; ++k)
    if (call.getArg(k)->IgnoreParenCasts() == argument.IgnoreParenCasts()) return true;
  return false;
}

}  // namespace adrace::analyzer
