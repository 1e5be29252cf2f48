#include "ad/CollapsedRows.h"

namespace adrace::ad {

void runCollapsedRows(const CollapsedNest& nest, const CodeWriter& body, bool forwards, CodeWriter& out) {
  const ForHeader& innermost = nest.loops.back();
  const c::Type longType = c::plainType("long");
  const c::ExprRef k = c::name("adrace_k"), begin = c::name("adrace_begin"), end = c::name("adrace_end"),
                   row = c::name("adrace_row"), rowFirst = c::name("adrace_row_first"),
                   rowBegin = c::name("adrace_row_begin"), rowEnd = c::name("adrace_row_end"),
                   trip = c::name(nest.tripName(nest.loops.size() - 1));
  auto used = [&](const std::string& counter) { return body.mentions(counter); };
  const bool counterUsed = used(innermost.counter->getNameAsString());

  // A chunk that is not empty has rows of at least one iteration: the division is defined.
  out.open(c::ifElse(c::less(begin, end), {}));
  out.open(forwards
               ? c::forLoop(c::declaration(longType, "adrace_row", c::div(begin, trip)),
                            c::less(c::mul(row, trip), end), c::postIncrement(row), {})
               : c::forLoop(c::declaration(longType, "adrace_row", c::div(c::sub(end, c::integer(1)), trip)),
                            c::greater(c::mul(c::add(row, c::integer(1)), trip), begin), c::postDecrement(row), {}));
  out.statements(nest.rowCounters(row, used));
  // The row's flat iterations, clipped to the chunk.
  out.statement(c::declaration(longType, "adrace_row_first", c::mul(row, trip)));
  out.statement(
      c::declaration(longType, "adrace_row_begin", c::conditional(c::greater(rowFirst, begin), rowFirst, begin)));
  const c::ExprRef rowLast = c::add(rowFirst, trip);
  out.statement(c::declaration(longType, "adrace_row_end", c::conditional(c::less(rowLast, end), rowLast, end)));
  if (forwards) {
    if (counterUsed) out.statement(innermost.declareCounter(innermost.counterValue(c::sub(rowBegin, rowFirst))));
    c::ExprRef step = c::postIncrement(k);
    if (counterUsed) step = c::comma(step, innermost.stepForward());
    out.open(c::forLoop(c::expression(c::assign(k, rowBegin)), c::less(k, rowEnd), step, {}));
  } else {
    // One step past the row's last iteration, stepped back at the top of each (as in a single loop).
    if (counterUsed) out.statement(innermost.declareCounter(innermost.counterValue(c::sub(rowEnd, rowFirst))));
    out.open(c::forLoop(c::expression(c::assign(k, c::sub(rowEnd, c::integer(1)))), c::greaterEqual(k, rowBegin),
                        c::postDecrement(k), {}));
    if (counterUsed) out.statement(c::expression(innermost.stepBackward()));
  }
  out.append(body);
  out.close();
  out.close();
  out.close();
}

}  // namespace adrace::ad
