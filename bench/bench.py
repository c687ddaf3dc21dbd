#!/usr/bin/env python3
"""bench.py -- `make bench`: ask side by side with its peers, written into BENCHMARKS.md.

Standard library only. Measures, with the harness ttp.py beside this file
(a fresh 80x24 pseudo-terminal per run, t0 at the tool's execve), ask and
the Swift floor from copies whose page cache was dropped and which a warm-up
run read in, as after a reboot's first run, and beside them, for the small
prompts, copies as `make install` leaves them (see PAGE CACHE below):

  * the small prompts in ONE round-robin run, so that every ratio is against
    the C floor (floor.c) and the Swift floor (floor.swift: floor.c's work as
    a static Swift program, built with swiftc into .build/bench/floor-swift
    when missing or older than its source; and again linked with
    floor-arguments.c, the argument hand-over ask makes, without the
    runtime's scan of /proc/self/maps) measured alongside: the 3-button alert
    (`--title Pick --cancel Cancel Alpha Beta Gamma`, answer 2) against bash
    `select`, dialog and whiptail menus and systemd-ask-password; the secure
    prompt (`-s secure -t Unlock`, answer hunter2) against bash `read -s` and
    the dialog and whiptail password boxes. The marker is ask's answer line,
    the last thing drawn before it reads. Besides the times and the peak RSS,
    each tool's minor page faults (ru_minflt, medians).
  * system calls: each tool of the small prompts once more under
    `strace -f` (the same harness, a fresh pty), counted from the tool's
    execve up to and including the first write that completes its marker,
    and to its exit; ask's calls before its prompt by name.
  * big lists: `ask --json` with 10,000, 100,000 and 1,000,000 buttons piped
    in (ttp.py --big; dialog --menu beside it up to 100,000), answer 1: time to
    prompt, Enter to exit, peak RSS, and the cost per button between sizes.
  * script throughput: 1000 sequential `printf '2\\n' | CMD` in a new session
    (no controlling terminal, stdin a pipe, output to /dev/null) for ask,
    `bash -c 'read x; echo $x'`, `head -n1` and /bin/true (the loop alone).
  * with valgrind: callgrind's instruction count of one whole alert run on a
    pseudo-terminal (a copy of the binary made with objcopy --strip-debug, which
    Debian 12's valgrind needs) and swift_getTypeByMangledName's inclusive share.

Then writes the report between the begin/end markers of BENCHMARKS.md (the rest
of the file is kept) and the raw figures as JSON (--json).

  python3 bench/bench.py --ask .build/release/ask          # what make bench runs
  python3 bench/bench.py --ask ask --quick --out out.md    # seconds: the floors, bash and ask only
  python3 bench/bench.py --from-json results.json          # re-write the report only

Peers that are not installed are left out of the tables (and goals that need
them say "not measured"). These are benchmarks, not tests: nothing fails on
time; the exit status is 0 unless a measurement could not be made.
"""

import argparse
import ctypes
import datetime
import json
import mmap
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import ttp  # noqa: E402  (the harness beside this file)

BEGIN = "<!-- begin make bench: written by bench/bench.py; a re-run replaces everything down to the end marker -->"
END = "<!-- end make bench -->"

ALERT_ARGS = ["--title", "Pick", "--cancel", "Cancel", "Alpha", "Beta", "Gamma"]
ALERT_MARKER = "Choice [1-4, Ctrl-D = cancel]: "
SECURE_ARGS = ["-s", "secure", "-t", "Unlock"]

# The small cases: (table, ttp tool name, label in the table). The peers are
# ttp.py's own entries; the ask entries are made by small_tools().
SMALL = [
    ("alert", "floor", "C floor (prints, reads a line)"),
    ("alert", "swift-floor", "Swift floor (floor.swift, static)"),
    ("alert", "swift-floor-noscan", "Swift floor without the argument scan (+ floor-arguments.c)"),
    ("alert", "bash-select", "bash `select`"),
    ("alert", "dialog-menu", "dialog `--menu`"),
    ("alert", "whiptail-menu", "whiptail `--menu`"),
    ("alert", "systemd-ask-password", "systemd-ask-password"),
    ("alert", "ask-alert", "**ask**"),
    ("alert", "swift-floor-installed", "Swift floor, as `make install` leaves it"),
    ("alert", "ask-alert-installed", "**ask**, as `make install` leaves it"),
    ("secure", "floor", "C floor"),
    ("secure", "swift-floor", "Swift floor (floor.swift, static)"),
    ("secure", "swift-floor-noscan", "Swift floor without the argument scan (+ floor-arguments.c)"),
    ("secure", "bash-read-s", "bash `read -s`"),
    ("secure", "dialog-password", "dialog `--passwordbox`"),
    ("secure", "whiptail-password", "whiptail `--passwordbox`"),
    ("secure", "systemd-ask-password", "systemd-ask-password"),
    ("secure", "ask-secure", "**ask**"),
    ("secure", "swift-floor-installed", "Swift floor, as `make install` leaves it"),
    ("secure", "ask-secure-installed", "**ask**, as `make install` leaves it"),
]
# The copies as `make install` leaves them (PAGE CACHE), beside the others.
INSTALLED = ("swift-floor-installed", "ask-alert-installed", "ask-secure-installed")
QUICK_SMALL = ("floor", "swift-floor", "swift-floor-noscan", "bash-select", "ask-alert", "ask-secure") + INSTALLED

# PAGE CACHE: a binary's pages come from the page cache, and what filled it
# decides what a page fault costs: a fault maps the pages around it a folio
# at a time. Read in by exec's own page faults (the first run after a
# reboot, or after the cache dropped the file) or written by the linker
# through a map of its output, the cache is made of 4 KB folios; written by
# strip, as `make install` (install -s) leaves it, of 8 KB ones; copied in
# large pieces (cp, install(1) without -s), of large ones (/proc/kpageflags:
# of the 3,758 pages of an unstripped ask, 2,930 of 4 KB read in by exec,
# 3,738 as the linker wrote it, 3,726 in large folios copied by install(1);
# of the 2,265 of a stripped one, 2,264 in 8 KB folios). Side by side, 60
# runs: ask's alert read in by exec took 80 faults and 0.759 ms to its
# prompt, copied in large pieces 73 and 0.670 ms (the Swift floor 65 and
# 0.643 ms, 62 and 0.551 ms); stripped by install -s, 77 faults and 0.781 ms
# against 69 and 0.714 ms for a plain copy.
#
# The goals are judged on copies read in by their first run: their cache is
# dropped (fsync, POSIX_FADV_DONTNEED, checked with mincore), a warm-up run
# reads them in, and the counted runs find them as exec's page faults left
# them: the state after a reboot's first run, whoever wrote the file, and
# the one the build directory's binaries were in. Beside them, for the small
# prompts, copies as `make install` leaves them (reported). Each row is
# compared with the Swift floor in the same state; the rest of the report
# (system calls, big lists, scripts) runs the first kind.

# The Swift floor: its source beside this file, its binary in the build
# directory (a static executable: no dynamic loader, as ask's release build).
SWIFT_FLOOR_SOURCE = os.path.join(HERE, "floor.swift")
SWIFT_FLOOR = os.path.join(ROOT, ".build", "bench", "floor-swift")
# The Swift floor built with the argument hand-over `ask` makes
# (bench/floor-arguments.c): no scan of /proc/self/maps before main.
FLOOR_ARGUMENTS_SOURCE = os.path.join(HERE, "floor-arguments.c")
SWIFT_FLOOR_NOSCAN = os.path.join(ROOT, ".build", "bench", "floor-swift-noscan")
# Where the copies of ask and the Swift floor that run are made (PAGE
# CACHE), unless --copies says: beside it, on the build's file system (a
# temporary directory may be a tmpfs, whose page cache cannot be dropped).
COPIES = os.path.join(ROOT, ".build", "bench")

# The calls whose bytes are searched for a tool's marker, in the strace run.
WRITES = ("write", "writev", "pwrite64", "pwritev", "pwritev2")
# The calls of ask's before its prompt shown by name (the rest summed).
SYSCALL_NAMES_SHOWN = 8

# Big lists: (buttons, measured runs, warm-up runs, with dialog beside ask).
BIG = [(10_000, 20, 1, True), (100_000, 10, 1, True), (1_000_000, 5, 1, False)]
QUICK_BIG = [(1_000, 1, 0, False), (10_000, 1, 0, False)]

# Script throughput: (label, shell command after `printf '2\n' |`, expected stdout).
LOOP = [
    ("**ask** `-t Pick Alpha Beta`", '"$ASK" -t Pick Alpha Beta', "Beta"),
    ("`bash -c 'read x; echo $x'`", "bash -c 'read x; echo $x'", "2"),
    ("`head -n1`", "head -n1", "2"),
    ("the loop alone (`/bin/true`)", "/bin/true", None),
]
LOOP_CALLS, LOOP_REPEATS = 1000, 5


# ----------------------------------------------------------------------------
# measuring
# ----------------------------------------------------------------------------

def bench_env(tmp):
    """The environment every measured tool starts from: English in UTF-8 (the
    markers are English), the floor compiled into the temp dir."""
    env = {k: v for k, v in os.environ.items()
           if not (k.startswith("LC_") or k in ("LANGUAGE", "ASK_BIN", "ASK_ARGS"))}
    env.update(LANG="C.UTF-8", TTP_FLOOR=os.path.join(tmp, "floor"))
    return env


def run_ttp(args, env, tmp, name):
    """One ttp.py run; its table goes to our stderr, its JSON is returned."""
    out = os.path.join(tmp, name + ".json")
    cmd = [sys.executable, os.path.join(HERE, "ttp.py"), "--json", out] + args
    r = subprocess.run(cmd, env=env, stdout=sys.stderr)
    if r.returncode != 0 or not os.path.exists(out):
        sys.exit("bench: ttp.py %s failed (status %d)" % (" ".join(args), r.returncode))
    with open(out) as f:
        return json.load(f)


def figures(stats):
    """The medians (and ranges) a report needs from one tool's ttp stats."""
    def pick(key, part="median"):
        s = stats.get(key)
        return s[part] if s else None
    return dict(ok=stats["ok"], runs=stats["runs"], errors=stats.get("errors") or {},
                ttp=pick("ttp_ms"), ttp_min=pick("ttp_ms", "min"), ttp_max=pick("ttp_ms", "max"),
                total=pick("total_ms"), answer=pick("answer_ms"),
                rss=pick("maxrss_kb"), hwm=pick("hwm_kb"), minflt=pick("minflt"))


def check_ask(tools, name):
    """ask is what is measured: no run of it that counted is a failure."""
    t = tools.get(name)
    if not t or not t["ok"]:
        sys.exit("bench: no run of %s counted: %s" % (name, (t or {}).get("errors")))


def swift_floor(noscan=False):
    """The Swift floor's binary, built from bench/floor.swift when missing or
    older than it: (path, None), or (None, why it is missing). With
    `noscan`, the one linked with bench/floor-arguments.c (clang, beside
    swiftc in the toolchain)."""
    target = SWIFT_FLOOR_NOSCAN if noscan else SWIFT_FLOOR
    sources = [SWIFT_FLOOR_SOURCE] + ([FLOOR_ARGUMENTS_SOURCE] if noscan else [])
    if os.path.exists(target) and all(os.path.getmtime(target) >= os.path.getmtime(f) for f in sources):
        return target, None
    swift = shutil.which("swift")
    swiftc = shutil.which("swiftc") or (swift and os.path.join(os.path.dirname(os.path.realpath(swift)), "swiftc"))
    if not swiftc or not os.access(swiftc, os.X_OK):
        return None, "swiftc not found"
    os.makedirs(os.path.dirname(target), exist_ok=True)
    inputs = [SWIFT_FLOOR_SOURCE]
    if noscan:
        clang = os.path.join(os.path.dirname(os.path.realpath(swiftc)), "clang")
        if not os.access(clang, os.X_OK):
            return None, "the toolchain's clang not found"
        obj = target + ".o"
        if subprocess.run([clang, "-O2", "-c", FLOOR_ARGUMENTS_SOURCE, "-o", obj], stdout=sys.stderr).returncode:
            return None, "clang failed on bench/floor-arguments.c"
        inputs.append(obj)
    print("bench: building the Swift floor (swiftc -O -static-executable %s)"
          % " ".join(os.path.relpath(f, ROOT) for f in sources), file=sys.stderr)
    r = subprocess.run([swiftc, "-O", "-static-executable"] + inputs + ["-o", target],
                       stdout=sys.stderr, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    # The static runtime's dlopen warns at every static link (glibc's
    # .gnu.warning.dlopen); the floor never loads a library. Anything else
    # is shown.
    for line in r.stderr.splitlines():
        if "dlopen" not in line:
            print(line, file=sys.stderr)
    if r.returncode != 0 or not os.path.exists(target):
        return None, "swiftc failed on bench/floor.swift (status %d)" % r.returncode
    return target, None


def copy_binary(path, folder, installed=False):
    """A copy of the binary `path` in `folder` (PAGE CACHE). With
    `installed`, as `make install` makes it (`install -m 755 -s`; a plain
    copy when install or strip is missing); else a plain copy whose page
    cache is dropped (written to disk, then POSIX_FADV_DONTNEED), so that
    its first run reads it in, as after a reboot."""
    os.makedirs(folder, exist_ok=True)
    copy = os.path.join(folder, os.path.basename(path))
    if not (installed and shutil.which("install") and shutil.which("strip")) or subprocess.run(
            ["install", "-m", "755", "-s", path, copy], stderr=subprocess.DEVNULL).returncode != 0:
        if installed:
            NOT_STRIPPED.append(os.path.basename(copy))
        shutil.copyfile(path, copy)
        os.chmod(copy, 0o755)
    if not installed:
        fd = os.open(copy, os.O_RDONLY)
        try:
            os.fsync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)
        if resident_pages(copy) != 0:
            NOT_DROPPED.append(os.path.basename(copy))
    return copy


# The copies whose page cache stayed (a file system that keeps it, such as
# tmpfs), and those made as `make install` makes them that are plain copies
# (install or strip missing): said in the report.
NOT_DROPPED, NOT_STRIPPED = [], []


def resident_pages(path):
    """How many pages of the file `path` are in the page cache (mincore(2)
    on a map of it), or None when that cannot be told."""
    size = os.path.getsize(path)
    if size == 0:
        return 0
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        with open(path, "rb") as f, mmap.mmap(f.fileno(), size, access=mmap.ACCESS_COPY) as m:
            start = ctypes.c_char.from_buffer(m)
            pages = (size + mmap.PAGESIZE - 1) // mmap.PAGESIZE
            vector = (ctypes.c_ubyte * pages)()
            ok = libc.mincore(ctypes.c_void_p(ctypes.addressof(start)), ctypes.c_size_t(size), vector) == 0
            del start
            return sum(b & 1 for b in vector) if ok else None
    except (OSError, ValueError, AttributeError):
        return None


def small_tools(ask, built=None, copies=None):
    """The small prompts' tools: ttp.py's peers, the Swift floor and ask.
    With `copies` (a folder), the Swift floor runs from its copy there read
    in by its first run (`ask` is one already), and, with `built` (ask's
    binary), both are measured beside as `make install` leaves them (PAGE
    CACHE)."""
    peers = {t["name"]: t for t in ttp.default_tools()}
    built_floor, why = swift_floor()
    exe = copy_binary(built_floor, os.path.join(copies, "first-run")) if built_floor and copies else built_floor
    peers["swift-floor"] = dict(peers["floor"], name="swift-floor", argv=[exe or SWIFT_FLOOR],
                                **({"skip": why} if why else {}))
    noscan, why = swift_floor(noscan=True)
    exe = copy_binary(noscan, os.path.join(copies, "first-run")) if noscan and copies else noscan
    peers["swift-floor-noscan"] = dict(peers["floor"], name="swift-floor-noscan", argv=[exe or SWIFT_FLOOR_NOSCAN],
                                       **({"skip": why} if why else {}))
    tools = [peers[n] for n in dict.fromkeys(name for _, name, _ in SMALL) if n in peers]
    tools.append(dict(name="ask-alert", argv=[ask] + ALERT_ARGS, prompt_marker=ALERT_MARKER,
                      keys="2\\r", stdout_is_result=True, expect="Beta"))
    tools.append(dict(name="ask-secure", argv=[ask] + SECURE_ARGS, prompt_marker="Password: ",
                      keys="hunter2\\r", stdout_is_result=True, expect="hunter2"))
    if copies and built:
        folder = os.path.join(copies, "installed")
        if built_floor:
            tools.append(dict(peers["swift-floor"], name="swift-floor-installed",
                              argv=[copy_binary(built_floor, folder, installed=True)]))
        installed = copy_binary(built, folder, installed=True)
        for name in ("ask-alert", "ask-secure"):
            t = next(t for t in tools if t["name"] == name)
            tools.append(dict(t, name=name + "-installed", argv=[installed] + t["argv"][1:]))
    return tools


def measure_small(ask, built, copies, env, tmp, runs, warmup, quick):
    tools = [t for t in small_tools(ask, built, copies) if not quick or t["name"] in QUICK_SMALL]
    config = os.path.join(tmp, "small-config.json")
    with open(config, "w") as f:
        json.dump(tools, f)
    doc = run_ttp(["--config", config, "--runs", str(runs), "--warmup", str(warmup)], env, tmp, "small")
    res = dict(runs=runs, warmup=warmup, skipped=doc["skipped"],
               tools={n: figures(s) for n, s in doc["stats"].items()})
    check_ask(res["tools"], "ask-alert")
    check_ask(res["tools"], "ask-secure")
    return res, tools


_TRACE_LINE = re.compile(r"(?:\d+ +)?([a-z_][a-z0-9_]*)\(")
_TRACE_STRING = re.compile(r'"((?:\\x[0-9a-f]{2})*)"')


def count_syscalls(path, marker, screen=False):
    """The system calls of a `strace -f -xx -s BIG -o path` trace: (the
    calls from the first execve up to and including the first write after
    which the bytes written contain `marker`, or None when they never do;
    all the calls from that execve on; the calls before the prompt by name).
    A call strace splits in two (`<unfinished ...>`, `<... resumed>`) counts
    once; signal (`---`) and exit (`+++`) lines are no calls."""
    before, whole, names, written = None, 0, {}, bytearray()
    want = ttp.screen_text(marker.encode()) if screen else marker.encode()
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = _TRACE_LINE.match(line)
            if not m:                    # ---, +++, <... resumed>
                continue
            name = m.group(1)
            if not whole and name != "execve":
                continue                 # anything before the tool's execve
            whole += 1
            if before is not None:
                continue
            names[name] = names.get(name, 0) + 1
            if name in WRITES:
                for hexes in _TRACE_STRING.findall(line):
                    written += bytes.fromhex(hexes.replace("\\x", ""))
                seen = ttp.screen_text(bytes(written)) if screen else written
                if want in seen:
                    before = whole
    return before, whole, names


def measure_syscalls(tools, measured, env, tmp):
    """Each tool of `tools` that `measured` has a counted run of, once more
    under `strace -f` (one ttp.py run, the same pty and environment): its
    system calls to the prompt and in all (count_syscalls). A dict with
    `tools` (name → prompt, whole, names) and `missing` (why nothing was
    measured, or None)."""
    strace = shutil.which("strace")
    if not strace:
        return dict(tools={}, missing="strace missing")
    traced = []
    for t in tools:
        if not (measured.get(t["name"]) or {}).get("ok"):
            continue
        trace = os.path.join(tmp, "strace.%s" % t["name"])
        traced.append(dict({k: v for k, v in t.items() if k != "skip"}, trace=trace, requires=[strace],
                           argv=[strace, "-f", "-xx", "-s", "1048576", "-o", trace, "--"] + t["argv"],
                           timeout=60))
    config = os.path.join(tmp, "strace-config.json")
    with open(config, "w") as f:
        json.dump(traced, f)
    # LeakSanitizer cannot run under ptrace: a tool built with
    # AddressSanitizer (make check's stage) would fail at its exit.
    traced_env = dict(env, ASAN_OPTIONS=(env.get("ASAN_OPTIONS", "") + ":detect_leaks=0").lstrip(":"))
    doc = run_ttp(["--config", config, "--runs", "1", "--warmup", "0"], traced_env, tmp, "strace")
    out = {}
    for t in traced:
        if not doc["stats"].get(t["name"], {}).get("ok") or not os.path.exists(t["trace"]):
            continue
        before, whole, names = count_syscalls(t["trace"], t["prompt_marker"], t.get("marker_mode") == "screen")
        out[t["name"]] = dict(prompt=before, whole=whole, names=names)
    return dict(tools=out, missing=None)


def big_env(env, ask, n, keys):
    """ttp.py's settings for n buttons from a JSON spec, `keys` typed at
    the answer line, button 1 the expected answer."""
    width = max(6, len(str(n)))      # ttp.py's items: "Item 000001".."Item n"
    return dict(env, ASK_BIN=ask, ASK_BIG_ARGS="--json", ASK_BIG_KEYS=keys,
                ASK_BIG_MARKER="Choice [1-%d, Ctrl-D = cancel]: " % n,
                ASK_MARKER_MODE="raw", ASK_BIG_EXPECT="Item %0*d" % (width, 1))


def measure_big(ask, env, tmp, sizes):
    out = []
    for n, runs, warmup, with_dialog in sizes:
        e = big_env(env, ask, n, "1\\r")
        tools = "ask-big" + (",dialog-menu-big" if with_dialog and shutil.which("dialog") else "")
        doc = run_ttp(["--big", str(n), "--tools", tools, "--baseline", "ask-big",
                       "--runs", str(runs), "--warmup", str(warmup)], e, tmp, "big-%d" % n)
        out.append(dict(n=n, runs=runs, warmup=warmup,
                        tools={name: figures(s) for name, s in doc["stats"].items()}))
        check_ask(out[-1]["tools"], "ask-big")
    return out


# Answers after a look around the biggest list: (label, keys). The time is
# the harness' "answer": from the first key to exit, so it holds the final
# `1` and the exit too.
BROWSE = [("paging: `>`, `>`, `<`, then `1`", ">\\r>\\r<\\r1\\r"),
          ("filter: `m 09999`, then `1`", "m 09999\\r1\\r")]


def measure_browse(ask, env, tmp, n, runs, warmup):
    """Paging and filtering n buttons: the time from the first key to exit."""
    rows = []
    for index, (label, keys) in enumerate(BROWSE):
        e = big_env(env, ask, n, keys)
        doc = run_ttp(["--big", str(n), "--tools", "ask-big", "--baseline", "ask-big",
                       "--runs", str(runs), "--warmup", str(warmup)], e, tmp, "browse-%d" % index)
        t = figures(doc["stats"]["ask-big"])
        check_ask({"ask-big": t}, "ask-big")
        rows.append(dict(label=label, n=n, runs=runs, warmup=warmup, answer=t["answer"]))
    return rows


def measure_loop(ask, env, calls, repeats):
    """Each command `calls` times in a row from one sh, in a new session (no
    controlling terminal) with stdin a pipe; repeats round-robin; ms per call."""
    e = dict(env, ASK=ask)
    rows = []
    for label, cmd, expect in LOOP:
        if expect is not None:           # does it answer as a script expects?
            got = subprocess.run(["sh", "-c", "printf '2\\n' | " + cmd], env=e, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                 start_new_session=True).stdout.decode().strip()
            if got != expect:
                sys.exit("bench: printf '2\\n' | %s wrote %r, not %r" % (cmd, got, expect))
        rows.append(dict(label=label, cmd=cmd, per_call=[]))
    script = ('i=0; while [ "$i" -lt %d ]; do printf "2\\n" | %%s >/dev/null; i=$((i + 1)); done'
              % calls)
    for _ in range(repeats):
        for row in rows:
            t0 = time.perf_counter()
            r = subprocess.run(["sh", "-c", script % row["cmd"]], env=e, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
            row["per_call"].append((time.perf_counter() - t0) * 1e3 / calls)
            if r.returncode != 0:
                sys.exit("bench: the loop of %s failed (status %d)" % (row["cmd"], r.returncode))
    for row in rows:
        v = row.pop("per_call")
        row.update(median=statistics.median(v), min=min(v), max=max(v))
    return dict(calls=calls, repeats=repeats, rows=rows)


def callgrind_counts(path):
    """(instructions, swift_getTypeByMangledName inclusive) of a callgrind file."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", path], stdout=subprocess.PIPE,
                          check=True).stdout.decode("utf-8", "replace")
    total = lookup = None
    for line in text.splitlines():
        count = line.split(" (")[0].strip().replace(",", "")
        if line.endswith("PROGRAM TOTALS"):
            total = int(count)
        elif ":swift_getTypeByMangledName [" in line and lookup is None:
            lookup = int(count)
    return (total, lookup or 0) if total is not None else None


# What callgrind counts: (name, arguments, marker, keys, expected, where its
# first part ends). That part is the path to the first prompt: the alert's
# ends when its answer line is drawn (draw_text, before libedit starts), the
# secure field's when its prompt is drawn and the secret is read.
CALLGRIND_RUNS = [
    ("alert", None, None, "2\\r", "Beta", "--dump-after=draw_text"),
    ("secure", ["-s", "secure", "-t", "Unlock"], "Password: ", "hunter2\\r", "hunter2",
     "--dump-before=ask_secret_read"),
]


def measure_callgrind(ask, env, tmp):
    """Instructions and swift_getTypeByMangledName's inclusive share: of a
    3-button alert on a pty to its first prompt and whole, and of a secure
    field; None without valgrind or objcopy."""
    if not (shutil.which("valgrind") and shutil.which("objcopy") and shutil.which("callgrind_annotate")):
        return None
    copy = os.path.join(tmp, "ask-stripped")
    subprocess.run(["objcopy", "--strip-debug", ask, copy], check=True)
    result = {}
    for name, arguments, marker, keys, expect, dump in CALLGRIND_RUNS:
        out = os.path.join(tmp, "callgrind." + name)
        argv = ["valgrind", "--tool=callgrind", "-q", "--callgrind-out-file=" + out]
        argv.append(dump)
        tool = dict(name="callgrind", argv=argv + [copy] + (arguments or ALERT_ARGS),
                    prompt_marker=marker or ALERT_MARKER, keys=keys, stdout_is_result=True, expect=expect,
                    timeout=120)
        config = os.path.join(tmp, "callgrind-config.json")
        with open(config, "w") as f:
            json.dump([tool], f)
        doc = run_ttp(["--config", config, "--runs", "1", "--warmup", "0"], env, tmp, "callgrind")
        if not doc["stats"]["callgrind"]["ok"] or not os.path.exists(out):
            return None
        # The parts: OUT.1 up to the first dump point, OUT.2… to the next
        # ones (each drawing of the answer line), OUT after the last.
        parts = [out] + [out + ".%d" % n for n in range(1, 1000) if os.path.exists(out + ".%d" % n)]
        counts = [callgrind_counts(part) for part in parts]
        if None in counts or len(counts) < 2:
            return None
        result[name + "-prompt"] = dict(instructions=counts[1][0], lookup=counts[1][1])
        whole = (sum(c[0] for c in counts), sum(c[1] for c in counts))
        result[name] = dict(instructions=whole[0], lookup=whole[1])
    return result


def machine():
    def first(path, key, sep):
        try:
            with open(path) as f:
                for line in f:
                    if line.startswith(key):
                        return line.split(sep, 1)[1].strip().strip('"')
        except OSError:
            pass
        return "?"
    return dict(date=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                cpu=first("/proc/cpuinfo", "model name", ":"), nproc=os.cpu_count(),
                kernel=platform.release(), distro=first("/etc/os-release", "PRETTY_NAME=", "="),
                load="%.1f" % os.getloadavg()[0])


# ----------------------------------------------------------------------------
# the report
# ----------------------------------------------------------------------------

def ms(x):
    return "–" if x is None else ("%.0f" % x if x >= 100 else "%.1f" % x if x >= 10 else "%.2f" % x)


def mb(kib):
    return "–" if kib is None else "%.1f" % (kib * 1024 / 1e6)


def big_row(res, n):
    for b in res["big"]:
        if b["n"] == n:
            return b["tools"].get("ask-big")
    return None


def small_fig(res, name, key):
    t = res["small"]["tools"].get(name)
    return t and t.get(key)    # None for a figure saved before it was measured


def ratio(res, name, key="ttp", floor="floor"):
    a, f = small_fig(res, name, key), small_fig(res, floor, key)
    return a / f if a and f else None


def swift_floor_of(name):
    """The Swift floor `name` is compared with: the one whose page cache was
    filled the same way (PAGE CACHE)."""
    return "swift-floor-installed" if name in INSTALLED else "swift-floor"


def syscalls(res, name, part="prompt"):
    """A tool's system calls to its prompt (part "prompt") or in all ("whole")
    in the strace run, or None."""
    return ((res.get("syscalls") or {}).get("tools", {}).get(name) or {}).get(part)


def syscalls_missing(res):
    """Why no system call was counted: "strace missing", "not in these
    figures" (saved before they were counted), or None."""
    return (res["syscalls"] or {}).get("missing") if "syscalls" in res else "not in these figures"


def faults_over_swift_floor(res, name):
    a, f = small_fig(res, name, "minflt"), small_fig(res, "swift-floor", "minflt")
    return a - f if a is not None and f is not None else None


def growth(res):
    """ask's cost per button from the smallest to the largest size measured:
    (from, to, µs to prompt, bytes of peak RSS, µs Enter to exit) per button."""
    sizes = [(b["n"], b["tools"]["ask-big"]) for b in res["big"] if b["tools"].get("ask-big", {}).get("ttp")]
    if len(sizes) < 2:
        return []
    steps = list(zip(sizes, sizes[1:])) + ([(sizes[0], sizes[-1])] if len(sizes) > 2 else [])
    out = []
    for (n0, a), (n1, b) in steps:
        d = n1 - n0
        out.append((n0, n1, (b["ttp"] - a["ttp"]) * 1e3 / d, (b["rss"] - a["rss"]) * 1024 / d,
                    (b["answer"] - a["answer"]) * 1e3 / d))
    return out


def overall_growth(res):
    g = growth(res)
    return g[-1] if g else None


def loop_fig(res, label_start):
    for row in res["loop"]["rows"] if res.get("loop") else []:
        if row["cmd"].startswith(label_start):
            return row["median"]
    return None


def browse_fig(res, index):
    rows = res.get("browse") or []
    return rows[index]["answer"] if len(rows) > index and rows[index]["n"] == 1_000_000 else None


def cg_share(res, run="alert-prompt"):
    cg = (res.get("callgrind") or {}).get(run)
    return cg["lookup"] * 100 / cg["instructions"] if cg else None


def shown(ratio_value):
    """A ratio as the report prints it (two decimals): a goal on a ratio is
    judged on the figure it shows, so that 1.3001 is "1.30×, met" and not
    "1.30×, not met". The medians of a shared machine are not good to a
    third decimal anyway."""
    return float("%.2f" % ratio_value)


# The goals: (goal, measured value or None, text of the figure, met).
# Each lambda gets the results; a None value is "not measured".
GOALS = [
    ("3-button alert, time to prompt ≤ 1.5× C floor",
     lambda r: ratio(r, "ask-alert"), lambda r, v: "%.2f×" % v, lambda r, v: shown(v) <= 1.5),
    ("3-button alert, time to prompt below bash `select`",
     lambda r: small_fig(r, "bash-select", "ttp") and small_fig(r, "ask-alert", "ttp"),
     lambda r, v: "%s ms vs %s ms" % (ms(small_fig(r, "ask-alert", "ttp")), ms(small_fig(r, "bash-select", "ttp"))),
     lambda r, v: small_fig(r, "ask-alert", "ttp") < small_fig(r, "bash-select", "ttp")),
    ("secure prompt, time to prompt ≤ 1.3× C floor",
     lambda r: ratio(r, "ask-secure"), lambda r, v: "%.2f×" % v, lambda r, v: shown(v) <= 1.3),
    ("peak RSS, small alert ≤ 3.2 MB",
     lambda r: small_fig(r, "ask-alert", "rss"), lambda r, v: "%s MB" % mb(v), lambda r, v: v * 1024 <= 3.2e6),
    ("peak RSS, small alert no more than bash `select`",
     lambda r: small_fig(r, "bash-select", "rss") and small_fig(r, "ask-alert", "rss"),
     lambda r, v: "%s MB vs %s MB" % (mb(small_fig(r, "ask-alert", "rss")), mb(small_fig(r, "bash-select", "rss"))),
     lambda r, v: small_fig(r, "ask-alert", "rss") <= small_fig(r, "bash-select", "rss")),
    ("10,000 buttons to prompt ≤ 8 ms",
     lambda r: (big_row(r, 10_000) or {}).get("ttp"), lambda r, v: "%s ms" % ms(v), lambda r, v: v <= 8),
    ("100,000 buttons to prompt ≤ 80 ms",
     lambda r: (big_row(r, 100_000) or {}).get("ttp"), lambda r, v: "%s ms" % ms(v), lambda r, v: v <= 80),
    ("100,000 buttons, peak RSS ≤ 15 MB",
     lambda r: (big_row(r, 100_000) or {}).get("rss"), lambda r, v: "%s MB" % mb(v), lambda r, v: v * 1024 <= 15e6),
    ("1,000,000 buttons to prompt ≤ 0.8 s",
     lambda r: (big_row(r, 1_000_000) or {}).get("ttp"), lambda r, v: "%s ms" % ms(v), lambda r, v: v <= 800),
    ("1,000,000 buttons, peak RSS ≤ 100 MB",
     lambda r: (big_row(r, 1_000_000) or {}).get("rss"), lambda r, v: "%s MB" % mb(v), lambda r, v: v * 1024 <= 100e6),
    ("1,000,000 buttons, Enter to exit ≤ 30 ms",
     lambda r: (big_row(r, 1_000_000) or {}).get("answer"), lambda r, v: "%s ms" % ms(v), lambda r, v: v <= 30),
    ("1,000,000 buttons, paging answered within 100 ms",
     lambda r: browse_fig(r, 0), lambda r, v: "%s ms" % ms(v), lambda r, v: v <= 100),
    ("1,000,000 buttons, a filter answered within 100 ms",
     lambda r: browse_fig(r, 1), lambda r, v: "%s ms" % ms(v), lambda r, v: v <= 100),
    ("big lists, time to prompt per button ≤ 0.8 µs",
     lambda r: overall_growth(r) and overall_growth(r)[2],
     lambda r, v: "%.3f µs (%s → %s buttons)" % (v, f"{overall_growth(r)[0]:,}", f"{overall_growth(r)[1]:,}"),
     lambda r, v: v <= 0.8),
    ("big lists, peak RSS per button ≤ 100 B",
     lambda r: overall_growth(r) and overall_growth(r)[3],
     lambda r, v: "%.0f B (%s → %s buttons)" % (v, f"{overall_growth(r)[0]:,}", f"{overall_growth(r)[1]:,}"),
     lambda r, v: v <= 100),
    ("script throughput: ask ≤ `head -n1`",
     lambda r: loop_fig(r, '"$ASK"') and loop_fig(r, "head"),
     lambda r, v: "%.2f ms vs %.2f ms a call" % (loop_fig(r, '"$ASK"'), loop_fig(r, "head")),
     lambda r, v: loop_fig(r, '"$ASK"') <= loop_fig(r, "head")),
    ("`swift_getTypeByMangledName` < 2 % of the instructions to the first prompt (alert on a pty)",
     cg_share, lambda r, v: "%.1f %%" % v, lambda r, v: v < 2),
    ("`swift_getTypeByMangledName` < 2 % of the instructions to the first prompt (secure field on a pty)",
     lambda r: cg_share(r, "secure-prompt"), lambda r, v: "%.1f %%" % v, lambda r, v: v < 2),
]


def counted(name, limit):
    """Issue 27's goal on the system calls before `name`'s prompt."""
    return (lambda r: syscalls(r, name),
            lambda r, v: "%d calls (%d in the whole run)" % (v, syscalls(r, name, "whole")),
            lambda r, v: v <= limit, lambda r: syscalls_missing(r) and "not measured (%s)" % syscalls_missing(r))


def faults(name):
    """The minor faults of `name` over the Swift floor's, as a figure."""
    return (lambda r: faults_over_swift_floor(r, name),
            lambda r, v: "%+d (%d vs %d)" % (v, small_fig(r, name, "minflt"), small_fig(r, "swift-floor", "minflt")))


# Issue 27's goals (start-up cost against both floors), as GOALS; a fourth
# member, when there, gives the reason a value is missing, and a goal with
# no test (None) is reported only.
GOALS_27 = [
    ("3-button alert, time to prompt ≤ 1.3× C floor",
     lambda r: ratio(r, "ask-alert"), lambda r, v: "%.2f×" % v, lambda r, v: shown(v) <= 1.3),
    ("3-button alert, time to prompt ≤ 1.2× the Swift floor",
     lambda r: ratio(r, "ask-alert", floor="swift-floor"), lambda r, v: "%.2f×" % v,
     lambda r, v: shown(v) <= 1.2),
    ("secure field, time to prompt ≤ 1.25× C floor",
     lambda r: ratio(r, "ask-secure"), lambda r, v: "%.2f×" % v, lambda r, v: shown(v) <= 1.25),
    ("peak RSS, alert ≤ bash `select`'s",
     lambda r: small_fig(r, "bash-select", "rss") and small_fig(r, "ask-alert", "rss"),
     lambda r, v: "%s MB vs %s MB" % (mb(small_fig(r, "ask-alert", "rss")), mb(small_fig(r, "bash-select", "rss"))),
     lambda r, v: small_fig(r, "ask-alert", "rss") <= small_fig(r, "bash-select", "rss")),
    ("system calls before the prompt, alert ≤ 90", *counted("ask-alert", 90)),
    ("system calls before the prompt, secure field ≤ 80", *counted("ask-secure", 80)),
    ("minor faults per run over the Swift floor, alert ≤ +40", *faults("ask-alert"), lambda r, v: v <= 40),
    ("minor faults per run over the Swift floor, secure field (reported)", *faults("ask-secure"), None),
    ("the Swift floor against the C floor (reported)",
     lambda r: ratio(r, "swift-floor"), lambda r, v: "%.2f×" % v, None),
    ("the Swift floor without the argument scan against the C floor (reported)",
     lambda r: ratio(r, "swift-floor-noscan"), lambda r, v: "%.2f×" % v, None),
    ("3-button alert against the Swift floor without the argument scan (reported)",
     lambda r: ratio(r, "ask-alert", floor="swift-floor-noscan"), lambda r, v: "%.2f×" % v, None),
    ("3-button alert as `make install` leaves it, against the C floor and the Swift floor (reported)",
     lambda r: ratio(r, "ask-alert-installed"),
     lambda r, v: "%.2f× and %.2f× (the Swift floor %.2f× the C floor)" % (
         v, ratio(r, "ask-alert-installed", floor="swift-floor-installed") or 0,
         ratio(r, "swift-floor-installed") or 0), None),
    ("secure field as `make install` leaves it, against the C floor and the Swift floor (reported)",
     lambda r: ratio(r, "ask-secure-installed"),
     lambda r, v: "%.2f× and %.2f×" % (v, ratio(r, "ask-secure-installed", floor="swift-floor-installed") or 0),
     None),
]


def goal_lines(res, goals=GOALS):
    rows = []
    for goal, value, text, met, *why in goals:
        v = value(res)
        if v is None:
            rows.append((goal, (why and why[0](res)) or "not measured", "–"))
        else:
            rows.append((goal, text(res, v), "reported" if met is None else "met" if met(res, v) else "not met"))
    return rows


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def small_table(res, which):
    rows = []
    for table_name, name, label in SMALL:
        t = res["small"]["tools"].get(name)
        if table_name != which or not t:
            continue
        bold = name.startswith("ask")
        span = "%s (%s–%s)" % (ms(t["ttp"]), ms(t["ttp_min"]), ms(t["ttp_max"]))
        r, rs = ratio(res, name), ratio(res, name, floor=swift_floor_of(name))
        calls = syscalls(res, name)
        calls = "–" if calls is None else "%d (%d)" % (calls, syscalls(res, name, "whole"))
        minflt = t.get("minflt")
        rows.append((label, "**%s**" % span if bold else span, "%.2f×" % r if r else "–",
                     "%.2f×" % rs if rs else "–", ms(t["total"]), ms(t["answer"]), mb(t["rss"]), mb(t["hwm"]),
                     "–" if minflt is None else "%.0f" % minflt, calls, "%d/%d" % (t["ok"], t["runs"])))
    return table(("tool", "time to prompt, ms (min–max)", "vs C floor", "vs Swift floor", "round trip, ms",
                  "answer to exit, ms", "peak RSS, MB", "VmHWM at the keys, MB", "minor faults",
                  "system calls to the prompt (whole run)", "runs ok"), rows)


def syscall_table_figures(res):
    return syscalls(res, "ask-alert") is not None and syscalls(res, "ask-secure") is not None


def syscall_table(res):
    """ask's system calls before its prompt by name: the most frequent
    (over the alert and the secure field), the rest, the total."""
    names = {run: ((res.get("syscalls") or {}).get("tools", {}).get(run) or {}).get("names") or {}
             for run in ("ask-alert", "ask-secure")}
    both = {}
    for counts in names.values():
        for name, n in counts.items():
            both[name] = both.get(name, 0) + n
    shown = sorted(both, key=lambda name: (-both[name], name))[:SYSCALL_NAMES_SHOWN]
    rows = [("`%s`" % name, names["ask-alert"].get(name, 0), names["ask-secure"].get(name, 0)) for name in shown]
    rows.append(("all the others", *(sum(n for name, n in names[run].items() if name not in shown)
                                     for run in ("ask-alert", "ask-secure"))))
    rows.append(("total", *(sum(names[run].values()) for run in ("ask-alert", "ask-secure"))))
    return table(("system call", "alert", "secure field"), rows)


def report(res):
    m, s = res["machine"], res["small"]
    out = [BEGIN, "", "## Latest `make bench`", ""]
    out.append("%s · %s, nproc %s · kernel %s · %s · load average %s at the start%s"
               % (m["date"], m["cpu"], m["nproc"], m["kernel"], m["distro"], m.get("load", "?"),
                  " · **quick run** (not figures)" if res.get("quick") else ""))
    out += ["", "Written by `make bench` (`bench/bench.py`, harness `bench/ttp.py`): each run on a fresh "
            "80×24 pseudo-terminal, t0 at the tool's `execve` (`--spawn exec`), medians. The small prompts "
            "are one round-robin run of %d runs + %d warm-up with every tool, so each ratio is against the "
            "C floor of that same run. The marker is ask's answer line (the last thing drawn before it "
            "reads). Peak RSS is `ru_maxrss` (MB = 10⁶ bytes). The harness starts each tool from a parked `/bin/sh`, "
            "whose own peak (about 1.5 MB) ru_maxrss cannot go below: the VmHWM column, read from /proc as "
            "the keys are typed, shows the C floor's true size. The Swift floor is the C floor's work "
            "as a static Swift program (`bench/floor.swift`, `swiftc -O -static-executable`): what ask "
            "spends beyond it is its own, less one thing the Swift floor does and ask does not: the Swift "
            "runtime's constructor scans /proc/self/maps for the program's arguments before `main`, where "
            "ask's `Sources/CArguments` hands the runtime main's own: ask is spared a cost the Swift floor "
            "pays, which flatters ask's ratio to the Swift floor and not its ratio to the C floor. The Swift floor without the argument scan is "
            "floor.swift linked with the same hand-over (`bench/floor-arguments.c`): what a static Swift "
            "program doing the floor's work costs, in the same run, when it pays what ask pays and no "
            "more. What filled a binary's page cache decides what each of its page "
            "faults costs (`bench/bench.py`, PAGE CACHE): ask and the Swift floor run from copies whose "
            "page cache was dropped and which a warm-up run read in, as the first run after a reboot "
            "leaves them; the goals are judged on these, and every other section runs them too. The rows "
            "\"as `make install` leaves it\" are copies made with `install -m 755 -s`, whose page cache "
            "was filled by strip's writes%s; each row's \"vs Swift floor\" is against the Swift floor "
            "in the same state. Minor faults are `ru_minflt` of the tool's process (the parked "
            "`/bin/sh`'s own taken off). System calls are counted in one more run of each tool under "
            "`strace -f`, from its `execve` up to and including the `write` that completes its marker "
            "(and, in brackets, to its exit). Peers not installed (left out): "
            "%s. The machine is shared: read differences under about 20 %% as noise.%s"
            % (s["runs"], s["warmup"],
               " (here plain copies: install or strip is missing)" if res.get("not_stripped") else "",
               ", ".join(sorted(s["skipped"])) or "none",
               " **The page cache of the copies to be read in by their first run could not be dropped "
               "here** (%s: their file system keeps it): they ran as written." % ", ".join(res["not_dropped"])
               if res.get("not_dropped") else ""), ""]
    out += ["### Goals of issue 15", "",
            "The targets the project set itself for start-up, memory and big lists (issue 15, \"at the C "
            "floor\"), each with what this run measured.", "",
            table(("goal", "measured", ""), goal_lines(res)), ""]
    out += ["### Goals of issue 27", "",
            "Start-up cost against both floors, measured in the same run (issue 27): time to prompt, "
            "peak memory, system calls before the prompt and minor page faults.", "",
            table(("goal", "measured", ""), goal_lines(res, GOALS_27)), ""]
    out += ["### 3-button alert: `ask %s`, answer `2`" % " ".join(ALERT_ARGS), "", small_table(res, "alert"), ""]
    out += ["### Secure prompt: `ask %s`, answer `hunter2` (marker `Password: `)" % " ".join(SECURE_ARGS), "",
            small_table(res, "secure"), ""]
    out += ["### System calls of ask before its prompt", ""]
    if syscall_table_figures(res):
        out += ["By name, from the `strace -f` run above (the %d most frequent over both prompts):"
                % SYSCALL_NAMES_SHOWN, "", syscall_table(res), ""]
    else:
        out += ["Not measured (%s)." % (syscalls_missing(res) or "the strace run of ask failed"), ""]
    rows = []
    for b in res["big"]:
        for name, label in (("ask-big", "**ask** `--json`"), ("dialog-menu-big", "dialog `--menu --file`")):
            t = b["tools"].get(name)
            if t:
                rows.append((f"{b['n']:,}", label, "%s (%s–%s)" % (ms(t["ttp"]), ms(t["ttp_min"]), ms(t["ttp_max"])),
                             ms(t["answer"]), ms(t["total"]), mb(t["rss"]), "%d/%d" % (t["ok"], t["runs"])))
    out += ["### Big lists: the spec piped to `ask --json`, answer `1`", "",
            "Runs (+ warm-up): %s; dialog up to 100,000 (at 1,000,000 it takes seconds)."
            % ", ".join(f"{b['n']:,}: {b['runs']} + {b['warmup']}" for b in res["big"]), "",
            table(("buttons", "tool", "time to prompt, ms (min–max)", "Enter to exit, ms", "round trip, ms",
                   "peak RSS, MB", "runs ok"), rows), ""]
    if res.get("browse"):
        b = res["browse"]
        out += ["Looking around %s buttons first (%d runs + %d warm-up), from the first key to exit:"
                % (f"{b[0]['n']:,}", b[0]["runs"], b[0]["warmup"]), "",
                table(("keys", "ms"), [(row["label"], ms(row["answer"])) for row in b]), ""]
    g = growth(res)
    if g:
        out += ["How ask's cost grows with the number of buttons (differences of the medians, per button added):",
                "", table(("from → to", "time to prompt, µs", "peak RSS, bytes", "Enter to exit, µs"),
                          [(f"{a:,} → {b:,}", "%.3f" % t, "%.0f" % r, "%.4f" % e) for a, b, t, r, e in g]), ""]
    lp = res["loop"]
    out += ["### Scripts: %d sequential `printf '2\\n' | CMD`, no terminal" % lp["calls"], "",
            "One `sh` runs the loop in a new session (no controlling terminal; stdin a pipe, stdout and stderr "
            "/dev/null); %d loops of each, round-robin; per call = the loop's wall time / %d."
            % (lp["repeats"], lp["calls"]), "",
            table(("CMD", "per call, ms (min–max)", "less the loop alone, ms", "vs `head -n1`"),
                  [(row["label"], "%.3f (%.3f–%.3f)" % (row["median"], row["min"], row["max"]),
                    "%.3f" % (row["median"] - loop_fig(res, "/bin/true")),
                    "%.2f×" % (row["median"] / loop_fig(res, "head"))) for row in lp["rows"]]), ""]
    cg = res.get("callgrind")
    out += ["### Instructions (callgrind)", ""]
    if cg:
        def figure(run):
            c = cg[run]
            return "%s instructions, `swift_getTypeByMangledName` (inclusive) %s = %.1f %%" % (
                f"{c['instructions']:,}", f"{c['lookup']:,}", c["lookup"] * 100 / c["instructions"])
        out += ["A copy of the binary with `objcopy --strip-debug`, on a pseudo-terminal, one run each:", "",
                "- 3-button alert, to its answer line: " + figure("alert-prompt"),
                "- 3-button alert, whole (start, prompt, answer `2`, exit; libedit is not started for a text-and-Enter answer): " + figure("alert"),
                "- secure field, to its prompt: " + figure("secure-prompt"),
                "- secure field, whole (no libedit): " + figure("secure"), ""]
    else:
        out += ["Not measured (no valgrind, or a quick run).", ""]
    out.append(END)
    return "\n".join(out) + "\n"


def write_report(path, text):
    """Replaces the marked block of path (or puts one under its title)."""
    old = open(path).read() if os.path.exists(path) else "# Benchmarks\n"
    if BEGIN in old and END in old:
        new = old[:old.index(BEGIN)] + text + old[old.index(END) + len(END) + 1:]
    else:
        title, _, rest = old.partition("\n")
        new = title + "\n\n" + text + ("\n" + rest.lstrip("\n") if rest.strip() else "")
    with open(path, "w") as f:
        f.write(new)


def main(argv=None):
    ap = argparse.ArgumentParser(description="make bench: measure ask and its peers, write BENCHMARKS.md")
    ap.add_argument("--ask", help="the ask binary to measure (the release build)")
    ap.add_argument("--out", default=os.path.join(ROOT, "BENCHMARKS.md"), help="the report (its marked block)")
    ap.add_argument("--json", help="also write the raw figures here")
    ap.add_argument("--from-json", help="write the report from figures saved with --json; measure nothing")
    ap.add_argument("--quick", action="store_true",
                    help="seconds, for the test: 1 run of the floors, bash `select` and ask (and under strace), "
                    "1,000 and 10,000 buttons, 20 calls")
    ap.add_argument("--runs", type=int, default=40, help="runs of the small prompts (default 40)")
    ap.add_argument("--copies", default=COPIES,
                    help="where the copies of ask and the Swift floor that run are made (default .build/bench)")
    a = ap.parse_args(argv)
    if a.from_json:
        with open(a.from_json) as f:
            res = json.load(f)
    else:
        if not a.ask:
            ap.error("--ask is needed to measure")
        ask = os.path.abspath(a.ask) if os.sep in a.ask else shutil.which(a.ask)
        if not ask or not os.access(ask, os.X_OK):
            ap.error("not an executable: %s" % a.ask)
        tmp = tempfile.mkdtemp(prefix="ask-bench-")
        try:
            built, ask = ask, copy_binary(ask, os.path.join(a.copies, "first-run"))
            env = bench_env(tmp)
            res = dict(machine=machine(), quick=a.quick)
            # One warm-up even when quick: it reads the copies in (PAGE CACHE).
            runs, warmup = (1, 1) if a.quick else (a.runs, 2)
            res["small"], tools = measure_small(ask, built, a.copies, env, tmp, runs, warmup, a.quick)
            res["not_dropped"] = sorted(set(NOT_DROPPED))
            res["not_stripped"] = bool(NOT_STRIPPED)
            res["syscalls"] = measure_syscalls(tools, res["small"]["tools"], env, tmp)
            res["big"] = measure_big(ask, env, tmp, QUICK_BIG if a.quick else BIG)
            sizes = QUICK_BIG if a.quick else BIG
            res["browse"] = measure_browse(ask, env, tmp, sizes[-1][0], *((1, 0) if a.quick else (5, 1)))
            res["loop"] = measure_loop(ask, env, *((20, 1) if a.quick else (LOOP_CALLS, LOOP_REPEATS)))
            res["callgrind"] = None if a.quick else measure_callgrind(ask, env, tmp)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        if a.json:
            with open(a.json, "w") as f:
                json.dump(res, f, indent=1)
    text = report(res)
    write_report(a.out, text)
    print(text[text.index("### Goals"):text.index("### 3-button")], end="")
    print("wrote %s" % a.out, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
