// Where a subcommand's -o output goes, decided in one place for every subcommand (as a compiler
// decides it): never over one of the inputs, never over a read-only file, through a symlink to what
// it names, straight into a device or FIFO, and otherwise by a temporary renamed into place, so that
// a failed run never leaves a partial file.
#pragma once

#include <string>
#include <vector>

namespace adrace::tool {

// Writes `text` to `path` ("" or "-": stdout). `inputs` are the files the run read. Returns an
// error message ("" when written).
std::string writeOutputFile(const std::string& path, const std::string& text, const std::vector<std::string>& inputs);

}  // namespace adrace::tool
