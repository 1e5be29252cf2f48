#include "ad/CodeWriter.h"

#include "ad/AdjointContext.h"
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

void CodeWriter::dropWriteOnly(const std::string& name) {
  std::vector<size_t> writes;
  for (size_t k = 0; k < entries_.size(); ++k) {
    const Entry& entry = entries_[k];
    std::string text = entry.statement ? c::print(entry.statement, 0) : entry.line;
    if (!mentions(text, name)) continue;
    text.erase(0, text.find_first_not_of(' '));
    size_t assignment = std::string::npos;
    for (const std::string& head : {"double " + name + " = ", "float " + name + " = ", name + " += ", name + " -= ", name + " = "})
      if (text.compare(0, head.size(), head) == 0) assignment = head.size();
    if (assignment == std::string::npos || mentions(text.substr(assignment), name)) return;  // read here
    writes.push_back(k);
  }
  for (auto it = writes.rbegin(); it != writes.rend(); ++it) entries_.erase(entries_.begin() + static_cast<long>(*it));
}

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
