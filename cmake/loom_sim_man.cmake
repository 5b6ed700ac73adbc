# cmake -DLOOM_SIM=EXE -DHELP2MAN=PATH -DOUT=loom-sim.1 -P loom_sim_man.cmake
#
# The man page of the built loom-sim: help2man reads `loom-sim --help` and `--version`;
# each subcommand's options (`loom-sim SUB --help`, the subcommands as that --help lists
# them, so a new one is in the page at the next build) go in a SUBCOMMANDS section
# through help2man's --include. The binary runs by the name `loom-sim` (its directory
# first on PATH), so the usage lines read `loom-sim run`, not the build directory's path.
get_filename_component(dir ${LOOM_SIM} DIRECTORY)
set(ENV{PATH} "${dir}:$ENV{PATH}")

function(help out)
  execute_process(COMMAND loom-sim ${ARGN} --help OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "loom-sim ${ARGN} --help failed (${rc})")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# roff text: backslashes and hyphens escaped, a leading . or ' made literal.
function(roff out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "^([.'])" "\\\\&\\1" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The next line of a text, taken off its front: no CMake lists, whose ';' and '[' the
# help texts contain.
macro(next_line text line)
  string(FIND "${${text}}" "\n" nl)
  if(nl EQUAL -1)
    set(${line} "${${text}}")
    set(${text} "")
  else()
    string(SUBSTRING "${${text}}" 0 ${nl} ${line})
    math(EXPR nl "${nl} + 1")
    string(SUBSTRING "${${text}}" ${nl} -1 ${text})
  endif()
endmacro()

# One option or positional of a subcommand's help: its names in bold, then its type.
function(entry out head desc)
  string(REGEX MATCH "^[^ ]+" names "${head}")
  string(LENGTH "${names}" n)
  string(SUBSTRING "${head}" ${n} -1 rest)
  string(REPLACE "," ";" names "${names}")
  set(tag "")
  foreach(name ${names})
    roff(name "${name}")
    if(tag)
      string(APPEND tag ", ")
    endif()
    string(APPEND tag "\\fB${name}\\fR")
  endforeach()
  roff(rest "${rest}")
  roff(desc "${desc}")
  set(${out} "${${out}}.TP\n${tag}${rest}\n${desc}\n" PARENT_SCOPE)
endfunction()

# The subcommands: the names under `loom-sim --help`'s "Subcommands:".
help(top)
set(subs "")
set(section "")
while(NOT top STREQUAL "")
  next_line(top line)
  if(line MATCHES "^([A-Z][A-Za-z ]*):$")
    set(section "${CMAKE_MATCH_1}")
  elseif(section STREQUAL "Subcommands" AND line MATCHES "^  ([a-z][a-z0-9-]*)( |$)")
    list(APPEND subs ${CMAKE_MATCH_1})
  endif()
endwhile()
if(NOT subs)
  message(FATAL_ERROR "loom-sim --help lists no subcommands")
endif()

set(page "[SUBCOMMANDS]\n")
string(APPEND page "Each subcommand takes the options listed under it; \\fBloom\\-sim \\fISUBCOMMAND\\fB \\-\\-help\\fR prints them.\n")
foreach(sub ${subs})
  help(text ${sub})
  string(APPEND page ".SS \"loom\\-sim ${sub}\"\n")
  set(first TRUE)
  set(pending "")
  while(NOT text STREQUAL "")
    next_line(text line)
    # CLI11 puts a description that does not fit beside its option on the next line.
    if(pending)
      if(line MATCHES "^    +([^ -].*)$")
        entry(page "${pending}" "${CMAKE_MATCH_1}")
        set(pending "")
        continue()
      endif()
      entry(page "${pending}" "")
      set(pending "")
    endif()
    if(first)
      roff(line "${line}")
      string(APPEND page "${line}\n")
      set(first FALSE)
    elseif(line MATCHES "^Usage: [^ ]+ (.*)$")
      roff(line "${CMAKE_MATCH_1}")
      string(APPEND page ".PP\n\\fBloom\\-sim\\fR ${line}\n")
    elseif(line MATCHES "^  (-h,--help) ")
      # Every subcommand has it; the page says so once.
    elseif(line MATCHES "^  ([^ ]+( [^ ]+)*)  +(.*)$")
      entry(page "${CMAKE_MATCH_1}" "${CMAKE_MATCH_3}")
    elseif(line MATCHES "^  ([^ ].*)$")
      set(pending "${CMAKE_MATCH_1}")
    endif()
  endwhile()
  if(pending)
    entry(page "${pending}" "")
  endif()
endforeach()

get_filename_component(out_dir ${OUT} DIRECTORY)
set(include ${out_dir}/loom-sim.h2m)
file(WRITE ${include} "${page}")
execute_process(
  COMMAND ${HELP2MAN} --no-info --include=${include} --output=${OUT}
          "--name=cycle-accurate simulator and verification harness for LOOM's dataflow lowering of MLIR scf loops"
          loom-sim
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(REMOVE ${OUT})
  message(FATAL_ERROR "help2man failed (${rc})")
endif()
