// memcpy, memmove and memset inside a loop as the references they make (BlockCopies.h): each block
// an access of its elements, in its row of a multi-dimensional array.
#include "analyzer/frontend/BlockCopies.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ReferenceCollector.h"
#include "analyzer/frontend/Synchronisation.h"

namespace adrace::analyzer {

// memcpy, memmove and memset of blocks of one-dimensional arrays or of rows (BlockCopies.h): the
// elements offset + k, 0 <= k < count, of each block (in its row), with k a symbol of a context of
// its own.
void ReferenceCollector::addBlockCopy(const clang::CallExpr& call) {
  for (const Block& block : blocksOf(call, context_)) {
    Reference reference;
    reference.id = static_cast<int>(references_.size());
    reference.kind = block.written ? AccessKind::Write : AccessKind::Read;
    reference.text = sourceText(block.argument, context_) + " in '" + calleeName(&call) + "'";
    reference.context = contexts_.contextOf(&call);
    reference.span = spanOf(block.argument->getSourceRange(), context_.getSourceManager());
    reference.protection = analyzer::protectionOf(&call, cfg_.parents(), true, &reference.exclusionName);
    auto opaque = [&](std::string why) {
      reference.opaque = true;
      reference.opaqueReason = std::move(why);
    };
    if (!block.array) {
      reference.variable = reference.text;
      opaque(block.whyNot);
      references_.push_back(std::move(reference));
      continue;
    }
    const DataSharing::Entry& entry = sharing_.of(block.array);
    bool pointer = block.array->getType()->isPointerType();
    if (isPerThread(entry.sharing) && !pointer) continue;  // the thread's own array
    reference.variable = entry.name;
    IndexTranslator::Result offset{smt::constant(0), {}}, count{smt::constant(block.constantCount), {}};
    if (block.offset) offset = translator_.translate(block.offset);
    if (block.count) count = translator_.translate(block.count);
    if (pointer && (isPerThread(entry.sharing) || written_.scalars.count(block.array)))
      opaque("pointer '" + block.array->getName().str() +
             "' is assigned inside the loop: pointer chasing is not followed");
    else if (!block.whyNot.empty())
      opaque(block.whyNot);
    else if (!offset.expr || !count.expr)
      opaque(offset.expr ? count.reason : offset.reason);
    std::vector<smt::ExprRef> rows;  // a row's subscripts (BlockCopies.h: the block stays in its row)
    for (const clang::Expr* row : block.rows)
      if (IndexTranslator::Result subscript = translator_.translate(row); subscript.expr)
        rows.push_back(subscript.expr);
      else if (!reference.opaque)
        opaque(subscript.reason);
    if (!reference.opaque) {
      smt::ExprRef element;
      reference.context = calleeLoops_.enterBlock(call, count.expr, reference.context, element);
      reference.indices = rows;
      reference.indices.push_back(smt::add(offset.expr, element));
    }
    references_.push_back(std::move(reference));
  }
}

}  // namespace adrace::analyzer
