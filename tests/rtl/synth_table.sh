#!/usr/bin/env bash
# rtl.synth.table: docs/rtl.md's synthesis table has a row for every function of every
# shipped kernel, and no other row: the functions `rtl-synth.sh --list` would synthesize
# and the table's (kernel, function) pairs are the same set. The figures in the rows are
# checked by rtl.synth (a subset: the whole table takes hours of yosys).
# Usage: synth_table.sh LOOM_SIM DOC
set -uo pipefail
sim=$1 doc=$2
script=$(dirname "$0")/../../scripts/rtl-synth.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash "$script" --loom-sim "$sim" --list | sort > "$work/tops" || exit 1
# The table: the rows after its header line, up to the first line not starting with "|".
awk '/^\| kernel +\| function +\| +cells/ {t = 1; next}
     t && /^\|-/ {next}
     t && /^\|/ {print $2, $4; next}
     t {exit}' "$doc" | sort > "$work/rows"
echo "functions: $(wc -l < "$work/tops"), table rows: $(wc -l < "$work/rows")"
ok=1
if [ ! -s "$work/tops" ]; then echo "FAIL: rtl-synth.sh --list printed no function"; ok=0; fi
sort -u "$work/rows" > "$work/pairs"
comm -23 "$work/tops" "$work/pairs" | sed 's/^/FAIL: no row in the table for /' | grep . && ok=0
comm -13 "$work/tops" "$work/pairs" | sed 's/^/FAIL: a row for no function: /' | grep . && ok=0
uniq -d "$work/rows" | sed 's/^/FAIL: two rows for /' | grep . && ok=0
[ $ok -eq 1 ]
