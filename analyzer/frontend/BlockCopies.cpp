#include "analyzer/frontend/BlockCopies.h"

#include "analyzer/frontend/ClangSource.h"

#include <optional>

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

// `a[r]` (a row, of array type) or `a`: the variable, and the row's subscripts into `block`.
const clang::VarDecl* rowsOf(const clang::Expr* base, Block& block) {
  base = base->IgnoreParenImpCasts();
  std::vector<const clang::Expr*> rows;
  while (auto* row = llvm::dyn_cast<clang::ArraySubscriptExpr>(base)) {
    if (!row->getType()->isArrayType()) return nullptr;
    rows.insert(rows.begin(), row->getIdx());
    base = row->getBase()->IgnoreParenImpCasts();
  }
  block.rows = rows;
  return variableOf(base);
}

// The element type below `dimensions` array dimensions of `variable` (a pointer's pointee counts as
// the first), or null when it has fewer.
const clang::Type* typeBelow(const clang::VarDecl& variable, size_t dimensions) {
  clang::QualType type = variable.getType().getCanonicalType();  // `double (*g)[M]`: no parentheses
  for (size_t k = 0; k < dimensions; ++k) {
    if (type->isPointerType())
      type = type->getPointeeType();
    else if (const clang::ArrayType* array = type->getAsArrayTypeUnsafe())
      type = array->getElementType();
    else
      return nullptr;
  }
  return type.getTypePtr();
}

// `&a[e]`, `a + e`, `e + a`, `a`, each with `a` a variable or a row of one (`a[r]`): the variable,
// the row, and the offset.
Block blockAt(const clang::Expr* argument, clang::ASTContext& context) {
  Block block;
  block.argument = argument;
  const clang::Expr* e = argument->IgnoreParenCasts();
  if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(e); address && address->getOpcode() == clang::UO_AddrOf) {
    auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(address->getSubExpr()->IgnoreParens());
    if (element) {
      block.array = rowsOf(element->getBase(), block);
      block.offset = element->getIdx();
    }
  } else if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(e); sum && sum->getOpcode() == clang::BO_Add) {
    bool pointerOnLeft = sum->getLHS()->getType()->isPointerType();
    block.array = rowsOf(pointerOnLeft ? sum->getLHS() : sum->getRHS(), block);
    block.offset = pointerOnLeft ? sum->getRHS() : sum->getLHS();
  } else {
    block.array = rowsOf(e, block);
  }
  if (block.array) {
    clang::QualType type = block.array->getType();
    // The row's elements: one dimension below the rows.
    const clang::Type* row = typeBelow(*block.array, block.rows.size());
    const clang::Type* element = typeBelow(*block.array, block.rows.size() + 1);
    bool rowed = !block.rows.empty();
    if (!(type->isPointerType() || type->isArrayType()) || !row || !element || element->isArrayType() ||
        (rowed && !llvm::isa<clang::ConstantArrayType>(row))) {
      block.whyNot =
          "'" + sourceText(argument, context) + "' is not a block of a row of an array whose length is known";
      block.array = nullptr;
    } else if (rowed) {
      block.rowLength = llvm::cast<clang::ConstantArrayType>(row)->getSize().getSExtValue();
    }
  } else {
    block.whyNot = "'" + sourceText(argument, context) + "' is not the address of an element of an array variable";
  }
  return block;
}

// A block of a row must stay in it: its offset and length constants whose sum is at most the row's.
void keepInRow(Block& block, clang::ASTContext& context) {
  if (block.rows.empty() || !block.whyNot.empty()) return;
  auto constant = [&](const clang::Expr* expression, long long otherwise) -> std::optional<long long> {
    clang::Expr::EvalResult value;
    if (!expression) return otherwise;
    if (expression->isValueDependent() || !expression->EvaluateAsInt(value, context)) return std::nullopt;
    return value.Val.getInt().getExtValue();
  };
  std::optional<long long> first = constant(block.offset, 0);
  std::optional<long long> count = constant(block.count, block.constantCount);
  if (!first || !count || *first < 0 || *count < 0 || *first + *count > block.rowLength)
    block.whyNot = "'" + sourceText(block.argument, context) + "' may run past its row of " +
                   std::to_string(block.rowLength) + " elements (its first element and length are not constants " +
                   "that keep it in the row)";
}

// The scalar type of the block's elements.
clang::QualType elementTypeOf(const Block& block) {
  clang::QualType type = block.array->getType();
  for (size_t k = 0; k <= block.rows.size(); ++k)
    type = type->isPointerType() ? type->getPointeeType()
                                 : llvm::cast<clang::ArrayType>(type->getAsArrayTypeUnsafe())->getElementType();
  return type;
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
    if (block.array) {
      readCount(call.getArg(2), elementTypeOf(block), context, block);
      keepInRow(block, context);
    }
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
