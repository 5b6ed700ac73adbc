# Bash completion for loom-sim: subcommands, each subcommand's options, the choices and
# file names their values take. Everything is read from the binary's own `--help` and
# `SUB --help` at completion time (cached per binary and modification time), so the
# completion never lags behind the command line it completes. Self-contained: it works
# with or without the bash-completion package (which loads it from
# share/bash-completion/completions/loom-sim; without it, `source` this file).

declare -gA _loom_sim_help_cache=()

# _loom_sim_help CMD [SUB...]: the --help text of CMD (as typed: loom-sim, build/loom-sim,
# ~/.local/bin/loom-sim) or of its subcommand SUB (`sweep run`: a subcommand's own).
_loom_sim_help() {
  local cmd=$1 path stamp key text
  shift
  local sub="$*"
  # A tilde as typed: the word is not expanded.
  # shellcheck disable=SC2088
  [[ $cmd == "~/"* ]] && cmd=$HOME/${cmd#"~/"}
  path=$(type -P -- "$cmd") || return 1
  # Modification time and size (GNU stat, then BSD's); without either, no cache.
  stamp=$(stat -L -c '%y %s' -- "$path" 2>/dev/null || stat -L -f '%m %z' -- "$path" 2>/dev/null) || stamp=''
  key="$path|$stamp|$sub"
  if [[ -n $stamp && -n ${_loom_sim_help_cache[$key]+set} ]]; then
    printf '%s\n' "${_loom_sim_help_cache[$key]}"
    return 0
  fi
  text=$("$path" "$@" --help 2>/dev/null) || return 1
  [[ -n $stamp ]] && _loom_sim_help_cache[$key]=$text
  printf '%s\n' "$text"
}

# _loom_sim_kind TYPE DESCRIPTION: what an option's value (or a positional) is, from
# CLI11's type column and the description: "choice WORD..." (TEXT:{a,b}, or a list of
# single words such as "event (default), clocked, or verilator" or "...: a, b, c"),
# "dir", "file" (a text that names or writes a file, a trace, a format), or "none"
# (numbers, names of functions, arguments, anything else).
_loom_sim_kind() {
  local type=$1 desc=$2 plain list item ok=1
  local -a items words=()
  if [[ $type =~ \{([^}]*)\} ]]; then
    echo "choice ${BASH_REMATCH[1]//,/ }"
    return
  fi
  [[ $type == TEXT* ]] || { echo none; return; }
  # The choices: the description without parentheticals, after its last ": ".
  plain=$desc
  while [[ $plain =~ ^(.*)\([^\(\)]*\)(.*)$ ]]; do plain=${BASH_REMATCH[1]}${BASH_REMATCH[2]}; done
  list=$plain
  [[ $list == *": "* ]] && list=${list##*: }
  list=${list//, or /,}
  list=${list// or /,}
  list=${list//|/,}
  IFS=, read -r -a items <<<"$list"
  for item in "${items[@]}"; do
    item=${item#"${item%%[! ]*}"}
    item=${item%"${item##*[! .]}"}
    [[ -z $item ]] && continue
    if [[ $item =~ ^[a-z0-9][a-z0-9._+-]*$ ]]; then words+=("$item"); else ok=0; fi
  done
  if ((ok && ${#words[@]} >= 2)); then
    echo "choice ${words[*]}"
  elif [[ $desc =~ [Dd]irectory ]]; then
    echo dir
  elif [[ $desc == *=FILE* || $desc == *"|FILE"* ]]; then
    echo file
  elif [[ $plain =~ (^|[^a-z])([Ff]unction|[Aa]rgument)([^a-z]|$) ]]; then
    echo none # --entry, --func, --accel, --arg
  elif [[ ${desc,,} =~ file|write|cache|trace|(^|[^a-z])(vcd|fst|dot|svg|json|html)([^a-z]|$) ]]; then
    echo file
  else
    echo none
  fi
}

# _loom_sim_parse: reads a --help text on stdin; sets _loom_sim_subs (subcommand names),
# _loom_sim_opts (option name -> kind: flag, none, dir, file, "choice ...") and
# _loom_sim_pos (the positionals' kinds, in order; a last "..." one repeats).
_loom_sim_parse() {
  _loom_sim_subs=() _loom_sim_pos=()
  _loom_sim_opts=()
  local line section='' pending=''
  while IFS= read -r line || [[ -n $line ]]; do
    # CLI11 puts a description that does not fit beside its option on the next line,
    # indented to the description column.
    if [[ -n $pending ]]; then
      if [[ $line =~ ^\ {4,}([^\ -].*)$ ]]; then
        _loom_sim_entry "$section" "$pending" "${BASH_REMATCH[1]}"
        pending=
        continue
      fi
      _loom_sim_entry "$section" "$pending" ""
      pending=
    fi
    if [[ $line =~ ^([A-Z][A-Za-z\ ]*):$ ]]; then
      section=${BASH_REMATCH[1]}
      continue
    fi
    [[ $line == "  "[![:space:]]* ]] || continue
    line=${line#"${line%%[! ]*}"}
    # The name column (words one space apart), two spaces or more, the description.
    if [[ $line =~ ^([^\ ]+(\ [^\ ]+)*)\ \ +(.*)$ ]]; then
      _loom_sim_entry "$section" "${BASH_REMATCH[1]}" "${BASH_REMATCH[3]}"
    else
      pending=$line
    fi
  done
  [[ -n $pending ]] && _loom_sim_entry "$section" "$pending" ""
  return 0
}

# _loom_sim_entry SECTION HEAD DESCRIPTION: one line of a help section.
_loom_sim_entry() {
  local section=$1 head=$2 desc=$3 type='' kind name
  local -a toks names
  read -r -a toks <<<"$head"
  if [[ $section == Subcommands ]]; then
    _loom_sim_subs+=("${toks[0]}")
    return
  fi
  if [[ ${toks[1]-} =~ ^[A-Z]+([:=].*)?$ && ${toks[1]} != REQUIRED ]]; then
    type=${toks[1]}
  fi
  if [[ ${toks[0]} == -* ]]; then
    if [[ -z $type ]]; then kind=flag; else kind=$(_loom_sim_kind "$type" "$desc"); fi
    IFS=, read -r -a names <<<"${toks[0]}"
    for name in "${names[@]}"; do _loom_sim_opts[$name]=$kind; done
  elif [[ $section == Positionals ]]; then
    kind=$(_loom_sim_kind "${type:-TEXT}" "$desc")
    [[ " ${toks[*]} " == *" ... "* ]] && kind="$kind ..."
    _loom_sim_pos+=("$kind")
  fi
}

# _loom_sim_values KIND CUR: fills COMPREPLY with what an option or positional of KIND
# takes.
_loom_sim_values() {
  local kind=${1% ...} cur=$2
  case $kind in
    choice*) mapfile -t COMPREPLY < <(compgen -W "${kind#choice }" -- "$cur") ;;
    file)
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      ;;
    dir)
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -d -- "$cur")
      ;;
    *) COMPREPLY=() ;;
  esac
}

_loom_sim() {
  COMPREPLY=()
  local IFS=$' \t\n'
  local cword=$COMP_CWORD cur=${COMP_WORDS[COMP_CWORD]} cmd=${COMP_WORDS[0]}
  local -a words=("${COMP_WORDS[@]:0:COMP_CWORD}")
  local sub='' subi=0 i w help kind opt npos=0
  local -a _loom_sim_subs _loom_sim_pos
  local -A _loom_sim_opts

  help=$(_loom_sim_help "$cmd") || {
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    return 0
  }
  _loom_sim_parse <<<"$help"
  local -A top_opts
  for opt in "${!_loom_sim_opts[@]}"; do top_opts[$opt]=${_loom_sim_opts[$opt]}; done
  local subs=" ${_loom_sim_subs[*]} "
  # The subcommand: the first word before the cursor that is one, not an option's value.
  for ((i = 1; i < cword; i++)); do
    w=${words[i]}
    if [[ $subs == *" $w "* ]]; then
      sub=$w subi=$i
      break
    fi
    [[ -n $w && ${top_opts[$w]-flag} != flag && ${words[i + 1]-} != "=" ]] && ((i++))
  done

  if [[ -n $sub ]]; then
    help=$(_loom_sim_help "$cmd" "$sub") || return 0
    _loom_sim_parse <<<"$help"
    # A subcommand with its own (`sweep run`): the first word after it names one; until
    # it is typed, those are what completes.
    if ((${#_loom_sim_subs[@]})); then
      subs=" ${_loom_sim_subs[*]} "
      local inner=''
      for ((i = subi + 1; i < cword; i++)); do
        [[ $subs == *" ${words[i]} "* ]] && { inner=${words[i]} subi=$i; break; }
      done
      if [[ -z $inner ]]; then
        [[ $cur == -* ]] || mapfile -t COMPREPLY < <(compgen -W "${_loom_sim_subs[*]}" -- "$cur")
        [[ $cur == -* ]] && mapfile -t COMPREPLY < <(compgen -W "${!_loom_sim_opts[*]}" -- "$cur")
        return 0
      fi
      help=$(_loom_sim_help "$cmd" "$sub" "$inner") || return 0
      _loom_sim_parse <<<"$help"
    fi
  fi

  # Bash splits `--engine=clocked` and `--dfg f=x.mlir` at the '=' (COMP_WORDBREAKS),
  # while readline completes only what follows it: the option is before the '='.
  local prev=${words[cword - 1]-} before='' key=''
  if [[ $cur == "=" ]]; then
    cur='' before=$prev key=${words[cword - 2]-}
  elif [[ $prev == "=" ]]; then
    before=${words[cword - 2]-} key=${words[cword - 3]-}
  fi
  if [[ -n $before ]]; then
    if [[ -n ${_loom_sim_opts[$before]+set} ]]; then
      _loom_sim_values "${_loom_sim_opts[$before]}" "$cur"
    else
      # KEY=VALUE of an option (--dfg FUNC=FILE, --mem INDEX=FILE): a file's name.
      [[ -n $key && ${_loom_sim_opts[$key]-} == file ]] && _loom_sim_values file "$cur"
    fi
    return 0
  fi

  if [[ -n $prev && ${_loom_sim_opts[$prev]-flag} != flag ]]; then
    _loom_sim_values "${_loom_sim_opts[$prev]}" "$cur"
    return 0
  fi

  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "${!_loom_sim_opts[*]}" -- "$cur")
    return 0
  fi
  if [[ -z $sub ]]; then
    mapfile -t COMPREPLY < <(compgen -W "${_loom_sim_subs[*]}" -- "$cur")
    return 0
  fi
  # A positional: which one, counting the words after the subcommand that are neither
  # options nor their values.
  for ((i = subi + 1; i < cword; i++)); do
    w=${words[i]}
    if [[ $w == -* ]]; then
      [[ ${_loom_sim_opts[$w]-flag} != flag && ${words[i + 1]-} != "=" ]] && ((i++))
    elif [[ $w != "=" && ${words[i - 1]} != "=" ]]; then
      ((npos++))
    fi
  done
  kind=${_loom_sim_pos[npos]-}
  if [[ -z $kind && ${#_loom_sim_pos[@]} -gt 0 && ${_loom_sim_pos[-1]} == *" ..." ]]; then
    kind=${_loom_sim_pos[-1]}
  fi
  if [[ -n $kind ]]; then
    _loom_sim_values "$kind" "$cur"
  else
    # No positional left: what remains is options.
    mapfile -t COMPREPLY < <(compgen -W "${!_loom_sim_opts[*]}" -- "$cur")
  fi
  return 0
}

complete -F _loom_sim loom-sim
