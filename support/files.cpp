// Reading a whole file (support/files.h).
#include "support/files.h"

#include <fstream>
#include <sstream>

namespace loom {

std::string readFileText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

} // namespace loom
