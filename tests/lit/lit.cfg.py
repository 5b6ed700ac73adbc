# lit configuration of the lowering's FileCheck tests (tests/lit/README.md).
#
#   lit -sv --param loom_sim=build/loom-sim tests/lit
#
# Parameters:
#   loom_sim   the loom-sim executable under test (required)
#   llvm_bin   where FileCheck and not live (default: LLVM 22's /usr/lib/llvm-22/bin)
#   exec_root  where lit keeps its per-run files (.lit_test_times.txt); default: a
#              directory under the system's temporary directory, never the source tree

import os
import tempfile

import lit.formats

config.name = "loom-sim lowering"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["README.md", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = lit_config.params.get(
    "exec_root", os.path.join(tempfile.gettempdir(), "loom-sim-lit")
)

loom_sim = lit_config.params.get("loom_sim")
if not loom_sim:
    lit_config.fatal("give the loom-sim under test: --param loom_sim=PATH/loom-sim")
loom_sim = os.path.abspath(loom_sim)
if not os.access(loom_sim, os.X_OK):
    lit_config.fatal("--param loom_sim=%s is not an executable file" % loom_sim)
config.substitutions.append(("%loom-sim", loom_sim))

llvm_bin = lit_config.params.get("llvm_bin", "/usr/lib/llvm-22/bin")
for tool in ("FileCheck", "not"):
    if not os.access(os.path.join(llvm_bin, tool), os.X_OK):
        lit_config.fatal("%s not found in %s (LLVM 22's tools: apt-get install llvm-22-tools, "
                         "or --param llvm_bin=DIR)" % (tool, llvm_bin))
config.environment["PATH"] = os.pathsep.join([llvm_bin, os.environ.get("PATH", "")])
