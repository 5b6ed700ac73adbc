// The version of loom-sim: the project's (CMakeLists.txt) and, when it was built from a
// git checkout, the revision. `loom-sim --version` prints it, and every report, trace
// header and HTML page carries it, so an output says which build made it.
#pragma once

#include <string>

namespace loom {

// "0.2.0".
const char* version();
// "8793fcf" or "8793fcf-dirty" (uncommitted changes); "" when not built from a checkout.
const char* gitRevision();
// "0.2.0 (git 8793fcf)", or "0.2.0" without a revision.
std::string versionText();
// "loom-sim 0.2.0 (git 8793fcf)": what --version prints and every output carries.
std::string versionLine();

} // namespace loom
