// Output of `adrace check`: compiler-style text, JSON (adrace-check/1) and SARIF 2.1.0.
#pragma once

#include "analyzer/model/LoopModel.h"
#include "analyzer/check/RaceCheck.h"
#include "analyzer/model/RegionModel.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace adrace::analyzer {

struct CheckedFile {
  std::string file;
  std::vector<const LoopModel*> loops;
  std::vector<const RegionModel*> regions;
  std::vector<RaceFinding> findings;
};

// One finding per line, with a note line for the other access and one for the fix:
//   file.c:12:7: warning: data race on 'a': write a[i + 1] (iteration i=0) and read a[i] (iteration i'=1) [definite]
std::string checkText(const std::vector<CheckedFile>& files);
nlohmann::json checkJson(const std::vector<CheckedFile>& files);
nlohmann::json checkSarif(const std::vector<CheckedFile>& files);

}  // namespace adrace::analyzer
