#include "ad/CodeWriter.h"

#include "ad/c/Printer.h"

namespace adrace::ad {

void CodeWriter::line(const std::string& text) {
  if (text.rfind("#pragma", 0) == 0) return pragma(text);  // pragmas at column 0, as the tree's printer puts them
  entries_.push_back({std::string(4 * indent_, ' ') + text, nullptr, indent_});
}

void CodeWriter::statement(const c::StmtRef& statement) { entries_.push_back({"", statement, indent_}); }

void CodeWriter::statements(const c::StmtList& statements) {
  for (const c::StmtRef& item : statements) statement(item);
}

void CodeWriter::replaceStatement(size_t index, const c::StmtRef& statement) { entries_.at(index).statement = statement; }

int CodeWriter::nextId() {
  static int next = 0;
  return next++;
}

void CodeWriter::pragma(const std::string& text) { entries_.push_back({text, nullptr, 0}); }

void CodeWriter::open(const std::string& head) {
  line(head.empty() ? "{" : head + " {");
  ++indent_;
}

void CodeWriter::close(const std::string& tail) {
  --indent_;
  line("}" + tail);
}

void CodeWriter::reopen(const std::string& head) {
  --indent_;
  line("} " + head + " {");
  ++indent_;
}

void CodeWriter::append(const CodeWriter& nested) {
  entries_.insert(entries_.end(), nested.entries_.begin(), nested.entries_.end());
}

std::string CodeWriter::text() const {
  std::string out;
  for (const Entry& entry : entries_) out += entry.statement ? c::print(entry.statement, entry.indent) : entry.line + "\n";
  return out;
}

}  // namespace adrace::ad
