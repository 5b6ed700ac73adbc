# repaired.sh (sourced): LOOM's programs as `run --try-fix` repairs them.
#   repair SIM PROGRAM FIXED: writes the repaired networks to FIXED and fills the array
#   `dfgs` with the `--dfg FUNC=FIXED` options that run them; false (nothing filled) when
#   the fix is not verified.
repair() {
  local sim=$1 prog=$2 fixed=$3 fn
  dfgs=()
  "$sim" run "$prog" --try-fix --fixed-dfg "$fixed" >/dev/null 2>"$fixed.err"
  grep -q "the fix is verified" "$fixed.err" || return 1
  for fn in $(grep -o 'handshake.func @[A-Za-z0-9_$.]*' "$fixed" | sed 's/.*@//'); do
    dfgs+=(--dfg "$fn=$fixed")
  done
}
