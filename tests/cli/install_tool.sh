#!/usr/bin/env bash
# install_tool.sh CMAKE BUILD_DIR: `cmake --install BUILD_DIR --prefix HOME/.local` (the
# README's, with a temporary HOME) installs a loom-sim that runs, its man page (which
# renders, with NAME and, under `loom-sim run`, its --report and --max-cycles; a
# subsection for every subcommand --help lists) and its bash completion, which completes
# subcommands, options, --engine's choices and file names, sourced in a bare `bash
# --norc` and, when bash-completion is installed, loaded by bash-completion's own loader
# from where the install put it.
set -euo pipefail
cmake=$1 build=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "install_tool: $*" >&2; exit 1; }

home=$dir/home
prefix=$home/.local
"$cmake" --install "$build" --prefix "$prefix" >"$dir/install.log" 2>&1 ||
  { cat "$dir/install.log"; fail "cmake --install failed"; }
sim=$prefix/bin/loom-sim
man1=$prefix/share/man/man1/loom-sim.1
completion=$prefix/share/bash-completion/completions/loom-sim

# The executable.
[[ -x $sim ]] || fail "no executable bin/loom-sim"
help=$("$sim" --help) || fail "bin/loom-sim --help failed"
[[ $help == *Subcommands:* ]] || fail "bin/loom-sim --help lists no subcommands: $help"
mapfile -t subs < <(sed -n '/^Subcommands:/,/^$/s/^  \([a-z][a-z0-9-]*\).*/\1/p' <<<"$help")
((${#subs[@]} >= 9)) || fail "bin/loom-sim --help lists only ${#subs[@]} subcommands: ${subs[*]}"

# The man page, rendered as a reader sees it.
[[ -f $man1 ]] || fail "no man page share/man/man1/loom-sim.1 (without help2man, configure warns and makes none)"
if command -v man >/dev/null; then
  page=$(MANWIDTH=100 man -l "$man1" 2>"$dir/man.err") || { cat "$dir/man.err"; fail "man -l failed"; }
elif command -v groff >/dev/null; then
  page=$(groff -man -Tascii -P-cbou "$man1" 2>"$dir/man.err") || { cat "$dir/man.err"; fail "groff failed"; }
else
  fail "neither man nor groff is installed to render the man page"
fi
grep -qx "NAME" <<<"$page" || fail "the man page has no NAME section"
grep -qE "^ +loom-sim +- .*simulator" <<<"$page" || fail "the man page's NAME line is missing"
# `loom-sim run`'s subsection: from its heading to the next subcommand's.
run=$(sed -n '/^   loom-sim run$/,/^   loom-sim [a-z]/p' <<<"$page")
[[ -n $run ]] || fail "the man page has no 'loom-sim run' subsection"
grep -qE "^ +--report TEXT" <<<"$run" || fail "'loom-sim run' in the man page lacks --report"
grep -qE "^ +--max-cycles " <<<"$run" || fail "'loom-sim run' in the man page lacks --max-cycles"
for sub in "${subs[@]}"; do
  grep -qx "   loom-sim $sub" <<<"$page" || fail "the man page has no subsection for '$sub'"
  # ...and one for each command of its own (`sweep run`), with its options.
  mapfile -t inner < <("$prefix/bin/loom-sim" "$sub" --help |
    sed -n '/^Subcommands:/,/^$/s/^  \([a-z][a-z0-9-]*\).*/\1/p')
  for s in "${inner[@]}"; do
    grep -qx "   loom-sim $sub $s" <<<"$page" || fail "the man page has no subsection for '$sub $s'"
  done
done
sweep_run=$(sed -n '/^   loom-sim sweep run$/,/^   loom-sim [a-z]/p' <<<"$page")
grep -qE "^ +--rerun-failing" <<<"$sweep_run" || fail "'loom-sim sweep run' in the man page lacks --rerun-failing"

# The completion: COMPREPLY for a command line, the cursor at the end of its last word.
[[ -f $completion ]] || fail "no completion share/bash-completion/completions/loom-sim"
cat >"$dir/complete.sh" <<'EOF'
set -uo pipefail
# complete WORD...: COMPREPLY for a command line whose last word is being completed.
complete_line() {
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  COMP_LINE="$*"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _loom_sim
  printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' '
}
expect() { # EXPECTED WORD...
  local want=$1 got
  shift
  got=$(complete_line "$@")
  [[ $got == "$want " ]] || { echo "'$*<TAB>' completes to '$got', not '$want'"; exit 1; }
}
[[ $(complete -p loom-sim) == *"-F _loom_sim"* ]] || { echo "no completion for loom-sim"; exit 1; }
expect "run" loom-sim ru
expect "rtl run" loom-sim r
expect "--max-cycles" loom-sim run --max-c
expect "clocked event verilator" loom-sim run --engine ""
expect "clocked event" loom-sim sim --engine ""
expect "clocked" loom-sim run --engine = c
expect "--no-accel --no-checks --no-prove" loom-sim -v run --no-
expect "loom.dfg" loom-sim lower --format loom.
# File names: a file-valued option's and the positional; no file for a function's name.
cd "$WORK"
expect "gemm.mlir gemm.out" loom-sim run --report gem
expect "gemm.mlir gemm.out" loom-sim run gem
expect "gemm.mlir" loom-sim run --dfg gemm = gemm.m
expect "" loom-sim run --entry gem
expect "sub" loom-sim rtl -o s
# A command's own commands (sweep run), their options and positionals.
expect "submit" loom-sim sweep sub
expect "collect plan report run status submit" loom-sim sweep ""
expect "--rerun-failing --resume" loom-sim sweep submit --re
expect "gemm.mlir gemm.out" loom-sim sweep run gem
expect "sub" loom-sim sweep run m.toml --out s
echo ok
EOF
mkdir "$dir/work" "$dir/work/sub"
touch "$dir/work/gemm.mlir" "$dir/work/gemm.out"
path=$prefix/bin:/usr/bin:/bin

out=$(env -i HOME="$home" PATH="$path" WORK="$dir/work" bash --norc --noprofile -c \
  "source '$completion' && source '$dir/complete.sh'" 2>&1) || true
[[ $out == ok ]] || fail "completion in bash --norc: $out"

# With bash-completion: its loader finds the file in ~/.local/share/bash-completion
# (and /usr/local/share's for --prefix /usr/local).
loader=/usr/share/bash-completion/bash_completion
if [[ -f $loader ]]; then
  out=$(env -i HOME="$home" PATH="$path" WORK="$dir/work" bash --norc --noprofile -c "
    source $loader
    if declare -F _comp_load >/dev/null; then _comp_load loom-sim; else __load_completion loom-sim; fi
    source '$dir/complete.sh'" 2>&1) || true
  [[ $out == ok ]] || fail "completion loaded by bash-completion: $out"
else
  echo "install_tool: bash-completion is not installed: the completion is tested without it only"
fi
echo "install_tool: bin/loom-sim, man1/loom-sim.1 (${#subs[@]} subcommands), bash completion: ok"
