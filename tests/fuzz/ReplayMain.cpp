// A main for the fuzz targets where libFuzzer is not linked (the default g++ build, CTest): runs
// every seed file, then mutates the seeds (bit flips, byte insertions and deletions, splices of two
// seeds, repeated chunks) for the given number of seconds. Deterministic for a given --seed.
//   fuzz_target --seconds N [--seed S] SEED_DIR...
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

void run(const std::string& input) {
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
}

std::string mutate(const std::vector<std::string>& seeds, std::mt19937_64& random) {
  std::string text = seeds[random() % seeds.size()];
  static const char* tokens[] = {"1e400",
                                 "-",
                                 "+",
                                 "*",
                                 "(",
                                 ")",
                                 "[",
                                 "]",
                                 "{",
                                 "}",
                                 "\"",
                                 ",",
                                 ":",
                                 "i",
                                 "#",
                                 "%",
                                 "999999999999999999999",
                                 "null",
                                 "[[[[",
                                 "\\u0000",
                                 "\xff",
                                 "mod(",
                                 "i+i+i"};
  int edits = 1 + static_cast<int>(random() % 8);
  for (int e = 0; e < edits; ++e) {
    size_t at = text.empty() ? 0 : random() % (text.size() + 1);
    switch (random() % 6) {
      case 0:
        if (!text.empty() && at < text.size()) text[at] = static_cast<char>(text[at] ^ (1u << (random() % 8)));
        break;
      case 1: text.insert(at, 1, static_cast<char>(random() % 256)); break;
      case 2:
        if (at < text.size()) text.erase(at, 1 + random() % 8);
        break;
      case 3: text.insert(at, tokens[random() % (sizeof tokens / sizeof *tokens)]); break;
      case 4: {
        const std::string& other = seeds[random() % seeds.size()];
        if (other.empty()) break;
        size_t from = random() % other.size();
        text.insert(at, other.substr(from, 1 + random() % 64));
        break;
      }
      default:
        if (at < text.size()) {
          std::string chunk = text.substr(at, 1 + random() % 16);
          for (int r = static_cast<int>(random() % 64); r > 0; --r) text.insert(at, chunk);
        }
        break;
    }
  }
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 10;
  std::uint64_t seed = 1;
  std::vector<std::string> seeds;
  for (int a = 1; a < argc; ++a) {
    if (!std::strcmp(argv[a], "--seconds") && a + 1 < argc) {
      seconds = std::atof(argv[++a]);
    } else if (!std::strcmp(argv[a], "--seed") && a + 1 < argc) {
      seed = std::strtoull(argv[++a], nullptr, 10);
    } else {
      for (const auto& entry : std::filesystem::directory_iterator(argv[a])) {
        std::ifstream in(entry.path(), std::ios::binary);
        seeds.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      }
    }
  }
  if (seeds.empty()) {
    std::fprintf(stderr, "usage: %s --seconds N [--seed S] SEED_DIR...\n", argv[0]);
    return 2;
  }
  for (const std::string& input : seeds) run(input);
  std::mt19937_64 random(seed);
  auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  unsigned long runs = seeds.size();
  while (std::chrono::steady_clock::now() < end) {
    run(mutate(seeds, random));
    ++runs;
  }
  std::printf("%lu inputs, no failure\n", runs);
  return 0;
}
