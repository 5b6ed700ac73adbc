#include "support/version.h"

#include "loom_git_revision.h" // generated at every build (cmake/git_revision.cmake)

namespace loom {

const char* version() {
  return LOOM_VERSION;
}

const char* gitRevision() {
  return LOOM_GIT_REVISION;
}

std::string versionText() {
  std::string rev = gitRevision();
  return rev.empty() ? std::string(version()) : std::string(version()) + " (git " + rev + ")";
}

std::string versionLine() {
  return "loom-sim " + versionText();
}

} // namespace loom
