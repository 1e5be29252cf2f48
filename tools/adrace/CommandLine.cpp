#include "tools/adrace/CommandLine.h"

#include <sstream>

namespace adrace::tool {

std::string ParsedCommandLine::value(const std::string& name, const std::string& fallback) const {
  auto found = values.find(name);
  return found == values.end() ? fallback : found->second;
}

std::vector<OptionSpec> commonOptions() {
  return {
      {"--build-dir", "-p", true, "DIR", "read compile flags from DIR/compile_commands.json"},
      {"--extra-arg", "", true, "FLAG", "add FLAG after the compile flags (repeatable)"},
      {"--extra-arg-before", "", true, "FLAG", "add FLAG before the compile flags (repeatable)"},
      {"--verbose", "-v", false, "", "log what the analysis does (to stderr)"},
      {"--quiet", "-q", false, "", "log errors only"},
      {"--help", "-h", false, "", "show this help"},
  };
}

ParsedCommandLine parseCommandLine(const std::vector<std::string>& arguments, const std::vector<OptionSpec>& options) {
  ParsedCommandLine parsed;
  for (size_t i = 0; i < arguments.size(); ++i) {
    const std::string& argument = arguments[i];
    if (argument == "--") {
      parsed.sawDoubleDash = true;
      parsed.compilerArguments.assign(arguments.begin() + i + 1, arguments.end());
      break;
    }
    if (argument.size() < 2 || argument[0] != '-') {
      parsed.positional.push_back(argument);
      continue;
    }
    std::string name = argument;
    std::optional<std::string> inlineValue;
    if (size_t equals = argument.find('='); equals != std::string::npos && argument.rfind("--", 0) == 0) {
      name = argument.substr(0, equals);
      inlineValue = argument.substr(equals + 1);
    }
    const OptionSpec* spec = nullptr;
    for (const OptionSpec& option : options)
      if (option.name == name || (!option.shortName.empty() && option.shortName == name)) spec = &option;
    if (!spec) {
      parsed.error = "unknown option '" + argument + "'";
      return parsed;
    }
    if (!spec->takesValue) {
      if (inlineValue) {
        parsed.error = "option '" + spec->name + "' takes no value";
        return parsed;
      }
      parsed.flags.insert(spec->name);
      continue;
    }
    if (inlineValue) {
      parsed.values[spec->name] = *inlineValue;
      parsed.allValues[spec->name].push_back(*inlineValue);
    } else if (i + 1 < arguments.size()) {
      parsed.values[spec->name] = arguments[++i];
      parsed.allValues[spec->name].push_back(arguments[i]);
    } else {
      parsed.error = "option '" + spec->name + "' needs a value (" + spec->valueName + ")";
      return parsed;
    }
  }
  return parsed;
}

std::string usageText(const std::string& command, const std::string& synopsis, const std::string& description,
                      const std::vector<OptionSpec>& options) {
  std::ostringstream out;
  out << "usage: adrace " << command << " " << synopsis << "\n\n" << description << "\n\noptions:\n";
  for (const OptionSpec& option : options) {
    std::string left = "  " + (option.shortName.empty() ? std::string("    ") : option.shortName + ", ") + option.name;
    if (option.takesValue) left += " " + option.valueName;
    if (left.size() < 32)
      left.resize(32, ' ');
    else
      left += "\n" + std::string(32, ' ');
    out << left << option.help << "\n";
  }
  return out.str();
}

std::string readPositiveInteger(const ParsedCommandLine& parsed, const std::string& name, unsigned maximum,
                                unsigned& value) {
  if (!parsed.values.count(name)) return {};
  const std::string text = parsed.value(name);
  std::string error = name + " expects an integer from 1 to " + std::to_string(maximum) + ", not '" + text + "'";
  if (text.empty() || text.size() > 10) return error;
  unsigned long long number = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return error;
    number = number * 10 + static_cast<unsigned>(c - '0');
  }
  if (number < 1 || number > maximum) return error;
  value = static_cast<unsigned>(number);
  return {};
}

std::vector<std::string> splitList(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream stream(text);
  for (std::string item; std::getline(stream, item, ',');)
    if (!item.empty()) items.push_back(item);
  return items;
}

}  // namespace adrace::tool
