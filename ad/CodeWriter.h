// Indented C text: the generated code is built line by line with explicit nesting.
#pragma once

#include <string>
#include <vector>

namespace adrace::ad {

class CodeWriter {
 public:
  explicit CodeWriter(int indent = 0) : indent_(indent) {}

  void line(const std::string& text);          // one line at the current indentation
  void pragma(const std::string& text);        // "#pragma ..." at column 0 (as clang-format does)
  void open(const std::string& head);          // "head {" and indent
  void close(const std::string& tail = "");    // dedent and "}" + tail
  void reopen(const std::string& head);        // "} head {" at the outer indentation (e.g. "else")
  void append(const CodeWriter& nested);       // lines written by another writer at its own indentation
  void replaceLine(size_t index, const std::string& text);  // rewrite a line, keeping its indentation
  bool empty() const { return lines_.empty(); }
  size_t size() const { return lines_.size(); }
  int indent() const { return indent_; }
  int id() const { return id_; }               // distinct for every writer of a run
  std::string text() const;

 private:
  static int nextId();
  int indent_;
  int id_ = nextId();
  std::vector<std::string> lines_;
};

}  // namespace adrace::ad
