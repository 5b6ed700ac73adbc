// Reading a whole file, for the many places that take a file's text in one piece.
#pragma once

#include <string>

namespace loom {

// Every byte of the file at `path`; "" if it cannot be read (the caller tells a missing
// file apart where that matters).
std::string readFileText(const std::string& path);

} // namespace loom
