// An OpenMP directive as the constructs it combines: `target teams distribute parallel for simd` is
// six of them (OpenMP 5.2 §17.1, combined and composite directives). The analysis asks whether a
// loop is a simd loop or a taskloop by its constructs, never by searching the directive's name.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>

namespace adrace::analyzer {

// The constructs of the directives the models are built from, in the order combined directives
// name them.
enum class Construct : std::uint8_t {
  Target,
  Teams,
  Distribute,
  Parallel,
  Master,
  Masked,
  Sections,
  For,
  Taskloop,
  Task,
  Simd,
};

class Directive {
 public:
  Directive() = default;
  Directive(std::initializer_list<Construct> constructs);

  bool has(Construct construct) const { return (constructs_ & bit(construct)) != 0; }
  void add(Construct construct) { constructs_ |= bit(construct); }
  bool empty() const { return constructs_ == 0; }
  friend bool operator==(Directive a, Directive b) { return a.constructs_ == b.constructs_; }
  friend bool operator!=(Directive a, Directive b) { return !(a == b); }

 private:
  static std::uint32_t bit(Construct construct) { return std::uint32_t{1} << static_cast<unsigned>(construct); }
  std::uint32_t constructs_ = 0;
};

// As OpenMP spells the directive: its constructs in order, "target teams distribute parallel for simd".
std::string directiveSpelling(Directive directive);

}  // namespace adrace::analyzer
