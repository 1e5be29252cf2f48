#include "ad/CodeWriter.h"

#include "ad/c/Uses.h"

#include <stdexcept>

namespace adrace::ad {

CodeWriter::CodeWriter() { frames_.push_back(Frame{nullptr, {}, {}, false, nextId()}); }

int CodeWriter::nextId() {
  static int next = 0;
  return next++;
}

void CodeWriter::statement(const c::StmtRef& statement) { frames_.back().list().push_back(statement); }

void CodeWriter::statements(const c::StmtList& statements) {
  for (const c::StmtRef& item : statements) statement(item);
}

void CodeWriter::open(c::StmtRef compound) { frames_.push_back(Frame{std::move(compound), {}, {}, false, nextId()}); }

void CodeWriter::openElse() {
  Frame& frame = frames_.back();
  if (!frame.compound || frame.compound->kind != c::Stmt::Kind::If || frame.inElse)
    throw std::logic_error("CodeWriter::openElse outside an if");
  frame.inElse = true;
  frame.id = nextId();  // a list of its own: increments in the then branch do not join those in the else branch
}

void CodeWriter::close() {
  if (frames_.size() < 2) throw std::logic_error("CodeWriter::close without open");
  Frame frame = std::move(frames_.back());
  frames_.pop_back();
  auto compound = std::make_shared<c::Stmt>(*frame.compound);
  compound->body = std::move(frame.body);
  compound->otherwise = std::move(frame.otherwise);
  statement(compound);
}

void CodeWriter::append(const CodeWriter& nested) { statements(nested.statements()); }

void CodeWriter::replaceStatement(size_t index, const c::StmtRef& statement) {
  frames_.back().list().at(index) = statement;
}

void CodeWriter::dropWriteOnly(const std::string& name) { c::dropWriteOnly(frames_.front().body, name); }

bool CodeWriter::mentions(const std::string& name) const { return c::mentions(statements(), name); }

const c::StmtList& CodeWriter::statements() const {
  if (frames_.size() != 1) throw std::logic_error("CodeWriter: a compound statement is still open");
  return frames_.front().body;
}

}  // namespace adrace::ad
