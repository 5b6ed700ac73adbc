"""The waveforms of a VCD text, for tests that compare two traces of one run (ours and
GTKWave's fst2vcd of it, ours and SystemC's): every signal by its hierarchical path,
with its changes in time order. Values are canonical: a vector without leading zeros
("b101"; all-x as "bx"), a real as a number, and a repeated value is no change; the
last value written at a time wins."""


def canon(v):
    if v[0] in "rR":
        return "r" + repr(float(v[1:]))
    if v[0] in "bB":
        bits = v[1:]
        return "bx" if set(bits) == {"x"} else "b" + (bits.lstrip("0") or "0")
    return v


def read_vcd(text):
    """({code: [(path, shown name)]}, {code: [(time, value)]}); the shown name is the
    one GTKWave gives a vector, its range appended ("a.data[31:0]")."""
    scopes, vars_, changes, time = [], {}, {}, 0
    words = text.split()
    i = 0
    while i < len(words):
        w = words[i]
        if w == "$scope":
            scopes.append(words[i + 2])
            i = words.index("$end", i) + 1
        elif w == "$upscope":
            scopes.pop()
            i = words.index("$end", i) + 1
        elif w == "$var":
            end = words.index("$end", i)
            body = words[i + 1:end]
            code, name = body[2], body[3]
            shown = name + (body[4] if len(body) > 4 and body[4].startswith("[") else "")
            vars_.setdefault(code, []).append((".".join(scopes + [name]),
                                               ".".join(scopes + [shown])))
            i = end + 1
        elif w in ("$dumpvars", "$end"):
            i += 1
        elif w.startswith("$"):
            i = words.index("$end", i) + 1
        elif w.startswith("#"):
            time = int(w[1:])
            i += 1
        elif w[0] in "bBrR":
            changes.setdefault(words[i + 1], []).append((time, canon(w)))
            i += 2
        else:
            changes.setdefault(w[1:], []).append((time, w[0]))
            i += 1
    return vars_, changes


def waveforms(text):
    """({path: [(time, value)]}, {shown name})"""
    vars_, changes = read_vcd(text)
    waves, shown = {}, set()
    for code, names in vars_.items():
        wave = []
        for t, v in changes.get(code, []):
            if wave and wave[-1][0] == t:
                wave.pop()
            if wave and wave[-1][1] == v:
                continue
            wave.append((t, v))
        for path, display in names:
            waves[path] = wave
            shown.add(display)
    return waves, shown
