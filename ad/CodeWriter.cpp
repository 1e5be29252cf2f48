#include "ad/CodeWriter.h"

namespace adrace::ad {

void CodeWriter::line(const std::string& text) { lines_.push_back(std::string(4 * indent_, ' ') + text); }

void CodeWriter::replaceLine(size_t index, const std::string& text) {
  std::string& old = lines_.at(index);
  old = old.substr(0, old.find_first_not_of(' ')) + text;
}

int CodeWriter::nextId() {
  static int next = 0;
  return next++;
}

void CodeWriter::pragma(const std::string& text) { lines_.push_back(text); }

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
  lines_.insert(lines_.end(), nested.lines_.begin(), nested.lines_.end());
}

std::string CodeWriter::text() const {
  std::string out;
  for (const std::string& l : lines_) out += l + "\n";
  return out;
}

}  // namespace adrace::ad
