#include "ad/GatheredSum.h"

namespace adrace::ad {

namespace {

// Stands for the adjoint in a term while terms are compared; not an identifier C allows.
const c::ExprRef& hole() {
  static const c::ExprRef placeholder = c::name("@adjoint");
  return placeholder;
}

c::ExprRef nodeAt(const c::ExprRef& expr, const std::vector<size_t>& path) {
  c::ExprRef node = expr;
  for (size_t index : path) node = node->operands[index];
  return node;
}

c::ExprRef replaceAt(const c::ExprRef& expr, const std::vector<size_t>& path, size_t depth,
                     const c::ExprRef& replacement) {
  if (depth == path.size()) return replacement;
  auto copy = std::make_shared<c::Expr>(*expr);
  copy->operands[path[depth]] = replaceAt(expr->operands[path[depth]], path, depth + 1, replacement);
  return copy;
}

// Whether an operand position passes a linear dependence on that operand up to its node.
bool linearIn(const c::Expr& node, size_t operand) {
  switch (node.kind) {
    case c::Expr::Kind::Binary:
      return node.op == c::Op::Add || node.op == c::Op::Subtract || node.op == c::Op::Multiply ||
             (node.op == c::Op::Divide && operand == 0);
    case c::Expr::Kind::Prefix: return node.op == c::Op::Minus || node.op == c::Op::Plus;
    case c::Expr::Kind::Cast: return true;
    default: return false;
  }
}

}  // namespace

void GatheredSum::adjointPaths(const c::ExprRef& node, std::vector<size_t>& path,
                               std::vector<std::vector<size_t>>& paths) const {
  if (node->kind == c::Expr::Kind::Name && adjoints_.count(node->text)) paths.push_back(path);
  for (size_t k = 0; k < node->operands.size(); ++k) {
    path.push_back(k);
    adjointPaths(node->operands[k], path, paths);
    path.pop_back();
  }
}

bool GatheredSum::linearPath(const c::ExprRef& term, std::vector<size_t>& path) const {
  std::vector<size_t> walked;
  std::vector<std::vector<size_t>> paths;
  adjointPaths(term, walked, paths);
  if (paths.size() != 1) return false;
  path = paths.front();
  bool scaled = false;
  c::ExprRef node = term;
  for (size_t operand : path) {
    if (!linearIn(*node, operand)) return false;
    scaled |= node->kind == c::Expr::Kind::Binary && (node->op == c::Op::Multiply || node->op == c::Op::Divide);
    node = node->operands[operand];
  }
  return scaled;  // a bare adjoint has no coefficient to share
}

void GatheredSum::add(const c::ExprRef& term, bool negate) {
  Entry entry;
  entry.term = term;
  entry.negate = negate;
  if (linearPath(term, entry.path)) {
    entry.mergeable = true;
    entry.adjoint = nodeAt(term, entry.path);
    entry.term = replaceAt(term, entry.path, 0, hole());
    for (Entry& earlier : entries_)
      if (earlier.mergeable && earlier.path == entry.path && c::sameExpr(earlier.term, entry.term)) {
        earlier.adjoint =
            earlier.negate == negate ? c::add(earlier.adjoint, entry.adjoint) : c::sub(earlier.adjoint, entry.adjoint);
        return;
      }
  }
  entries_.push_back(entry);
}

c::ExprRef GatheredSum::value() const {
  c::ExprRef sum;
  for (const Entry& entry : entries_) {
    c::ExprRef term = entry.mergeable ? replaceAt(entry.term, entry.path, 0, entry.adjoint) : entry.term;
    sum = !sum ? (entry.negate ? c::negate(term) : term) : entry.negate ? c::sub(sum, term) : c::add(sum, term);
  }
  return sum;
}

}  // namespace adrace::ad
