#!/usr/bin/env python3
"""ttp.py -- time-to-prompt benchmark for interactive terminal prompt tools (Linux).

Standard library only (pty, os, select, termios, fcntl, ctypes for prctl).
External programs used by the harness itself: setsid (util-linux) and /bin/sh
for the default spawn modes, cc to build floor.c on first use (into
$TTP_FLOOR when that names a path, else beside floor.c).

WHAT IT MEASURES
  Each tool command is started under a fresh pseudo-terminal (pty.openpty();
  TERM=xterm-256color; window 80x24 set with TIOCSWINSZ on the slave before the
  tool starts; LINES/COLUMNS removed from the environment so the ioctl size wins).
  The tool is a session leader with the pty as its controlling terminal, so
  /dev/tty works.  Per run it records:
    ttp      time-to-prompt: t0 (see SPAWN MODES) -> the read() that completed
             the tool's prompt_marker in the pty output
    total    t0 -> the tool process has exited (its pidfd became readable), the
             answer keys having been typed as soon as the marker was seen: the
             full round trip
    answer   first key written -> exit
    exit     exit status (negative = killed by that signal)
    result   what the tool wrote on its result fd (a pipe: stdout, or e.g. fd 3
             for dialog --output-fd 3) when the entry sets stdout_is_result or
             result_fd; checked against the entry's "expect"
    maxrss   peak RSS of the tool process: os.wait4() rusage.ru_maxrss (KiB)
    cpu      ru_utime + ru_stime of the tool process (ms)
    minflt   minor page faults of the tool process: wait4() rusage.ru_minflt
             (in the default spawn mode less the parked sh's own, read from
             /proc/PID/stat just before the tool is exec'd)
    hwm      VmHWM (peak RSS of the tool's own address space) read from
             /proc/PID/status right after the first key was written (extra
             cross-check; missing when the tool had already exited)
  Runs: 2 warm-up rounds (discarded) then N rounds (default 20).  In each round
  every tool runs once, round-robin, the starting tool rotated per round, so
  machine drift hits all tools alike.  Reports median/min/max of ttp, total and
  maxrss, medians of answer, cpu and minflt, and each tool's median ratio against a
  baseline tool (default "floor", the C program floor.c: the physical floor).
  Human table on stdout; everything incl. per-run records with --json PATH.
  A run counts only if the marker appeared, the exit status was 0 and the
  result matched "expect"; failures are listed under the tool's row.

SPAWN MODES  (--spawn exec|clean|direct; default exec)
  ru_maxrss is a high-water mark that survives execve(): a process forked (or
  vforked/posix_spawned) from this ~15-19 MB Python harness reports at least the
  harness's own RSS, even for /bin/true.  Hence:
  exec    (default) Before the clock starts, the harness (a child subreaper,
          prctl PR_SET_CHILD_SUBREAPER) posix_spawns
          `setsid -f -c -- /bin/sh -c 'printf . >&R; read -r _ <&G; exec TOOL...'`.
          setsid forks from its own tiny image, makes the child a session leader
          with the pty as controlling tty and exits; the child (re-parented to
          the harness, which wait4()s it) is a small sh parked on a pipe.
          t0 = just before the harness writes "go" to that pipe: the sh execs
          the tool at once.  So ttp/total run from the tool's execve() (the
          fork was done earlier, off the clock).  ru_maxrss is clean except for
          a floor of the parked sh's own peak (~1.5 MB here, i.e. it only masks
          tools smaller than that, like floor.c); cpu has the parked sh's CPU
          (from /proc/PID/schedstat) subtracted.
  clean   posix_spawn `setsid -f -c -- TOOL` with t0 just before the spawn:
          ru_maxrss is exact (~1 MB floor), but ttp/total include one extra
          exec of setsid plus a fork (~1.4 ms on the reference machine).
  direct  posix_spawn the tool itself (setsid=True, pty opened by path to
          become the controlling tty), t0 just before the spawn.  Times include
          the spawn; ru_maxrss is polluted (= harness RSS), use hwm instead.
  When a tool needs stdin from a pipe/file (big mode), the chain contains
  `/bin/sh -c 'exec "$@" 0<&9'` because setsid -c needs fd 0 to be the tty.

TERMINAL EMULATION (minimal, what prompt libraries need)
  * Replies to the queries an xterm answers and that prompt libraries may wait
    on: CPR ESC[6n -> ESC[1;1R, DSR ESC[5n, DA1 ESC[c, DA2 ESC[>c, XTWINOPS
    ESC[18t, OSC 10/11 colour queries.  (Without a CPR answer prompt_toolkit,
    i.e. questionary, stalls at exit.)  --no-replies turns this off.
  * Cursor keys: after the tool enables application cursor mode (ESC[?1h, sent
    by curses' keypad/smkx: dialog does), arrows in "keys" are sent as ESC O A..D
    instead of ESC [ A..D, exactly as xterm does.

USAGE
  python3 ttp.py                              # default peers, 2 warm-up + 20 runs
  python3 ttp.py --runs 10 --json out.json    # fewer runs, JSON dump
  python3 ttp.py --tools floor,dialog-menu,ask --baseline floor
  python3 ttp.py --list                       # show tools and why any are skipped
  python3 ttp.py --probe [--tools X]          # one run each, print raw pty output
                                              # (use it to pick prompt markers)
  python3 ttp.py --dump-config > my.json      # default config as JSON, to edit
  python3 ttp.py --config my.json             # use those tools instead (.json, or
                                              # .py defining TOOLS = [...])
  ASK_BIN=/path/to/ask python3 ttp.py         # enables the "ask" slot:
        argv  $ASK_BIN $ASK_ARGS  (default: --title Pick --cancel Cancel Alpha
              Beta Gamma), marker $ASK_MARKER (default "Pick"; $ASK_MARKER_MODE
              raw|screen), keys $ASK_KEYS (default "2\\r"), stdout is the result,
              checked against $ASK_EXPECT when set
  python3 ttp.py --big 100000 [--runs 3]      # scale test: choose from N items
  Other options: --warmup W (2; 1 in --big), --timeout S per run (10; 60 in
  --big; a tool that times out twice, or once in --big, is dropped), --spawn
  exec|clean|direct, --no-replies, --verbose (one line per run).

  --big N builds N items "Item 000001".. and measures choosing the first one in:
    dialog-menu-big   dialog --no-items --file ARGS (ARGS: --menu Pick 20 60 12
                      + the items, one per line; too many for argv)
    questionary-big   questionary.select("Pick", choices=<lines of a file>)
    ask-big           $ASK_BIN --json ($ASK_BIG_ARGS), stdin piped with
                      {"title":"Pick","buttons":[...N...]}
  marker "Pick" in screen mode (ASK_BIG_MARKER, ASK_BIG_KEYS default "\\r",
  ASK_BIG_EXPECT override), keys Enter; defaults 1 warm-up + 3 runs, 60 s cap.

CONFIG ENTRIES  (JSON list of objects, or a .py file defining TOOLS)
  name            str, unique
  argv            list of str; argv[0] is resolved on PATH before the fork.
                  "{here}" is replaced by this file's directory, "{python}" by
                  sys.executable (use it, not a pyenv shim).
  env             {VAR: value or null}: overrides on top of os.environ
                  (TERM=xterm-256color is always set; LINES/COLUMNS removed)
  prompt_marker   str that must appear in the pty output for "prompt is up"
  marker_mode     "raw" (default): byte-exact in the raw stream;
                  "screen": escape sequences, controls and whitespace removed
                  from both sides first (for curses cursor-motion optimisation)
  keys            str or list of str chunks typed after the marker.  JSON escapes
                  work, and backslash escapes inside the string are decoded too:
                  \\r \\n \\t \\e \\xHH \\uHHHH \\\\ (so "\\x1b[B\\r" = Down, Enter)
  key_delay_ms    pause between chunks of a list (default 0)
  settle_ms       pause between marker and first key (default 0; counted in
                  total, not in answer)
  stdout_is_result  bool: child's stdout is a pipe whose content is the result
  result_fd       int: capture this fd instead (e.g. 3 with dialog --output-fd 3);
                  implies a result pipe, stdout stays on the tty unless it is 1
  expect          str: expected result (compared after strip()); a run whose exit
                  status is not 0 or whose result differs is counted as failed
  stdin_data      str fed to the tool's stdin (then stdin is not the tty);
  stdin_mode      "pipe" (default, fed by the event loop) or "file" (temp file)
  requires        list of executables that must exist (default: argv[0])
  requires_py     list of Python modules importable by sys.executable
  timeout         per-run timeout override (s)
  skip            str: reason to skip (set by the default config when N/A)

NOTES
  * Children are killed only by PID (the tool, the setsid intermediary, and any
    orphan re-parented to this subreaper), ptys and pipes are always closed.
  * Times are time.perf_counter(); the marker timestamp is taken right after the
    read() that completed it, the exit timestamp when the pidfd became readable.
"""

import argparse
import ctypes
import datetime
import fcntl
import importlib.util
import json
import os
import platform
import pty
import re
import select
import shlex
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROWS, COLS = 24, 80
PR_SET_CHILD_SUBREAPER = 36

# ----------------------------------------------------------------------------
# default configuration
# ----------------------------------------------------------------------------

PY_Q_SELECT = r'''
import os, questionary
r = questionary.select("Choose:", choices=["Alpha", "Beta", "Gamma"]).ask()
os.write(3, (str(r) + "\n").encode())
'''
PY_Q_PASSWORD = r'''
import os, questionary
r = questionary.password("Password:").ask()
os.write(3, (str(r) + "\n").encode())
'''
PY_CLICK = r'''
import click
v = click.prompt("Password", hide_input=True, err=True)
print(v)
'''
PY_Q_BIG = r'''
import os, sys, questionary
with open(sys.argv[1]) as f:
    items = f.read().splitlines()
r = questionary.select("Pick", choices=items).ask()
os.write(3, (str(r) + "\n").encode())
'''

MENU3 = ["Alpha", "", "Beta", "", "Gamma", ""]  # tag/item pairs for dialog & whiptail


def default_tools():
    """The default peer set (small mode)."""
    tools = [
        dict(name="floor", argv=["{floor}"], prompt_marker="Choose:",
             keys="Beta\r", stdout_is_result=True, expect="Beta"),
        dict(name="bash-select",
             argv=["bash", "--norc", "--noprofile", "-c",
                   'PS3="Choose: "; select x in Alpha Beta Gamma; do echo "$x"; break; done'],
             prompt_marker="Choose:", keys="2\r", stdout_is_result=True, expect="Beta"),
        dict(name="bash-read-s",
             argv=["bash", "--norc", "--noprofile", "-c",
                   'read -rs -p "Password: " p; echo "$p"'],
             prompt_marker="Password:", keys="hunter2\r", stdout_is_result=True,
             expect="hunter2"),
        dict(name="dialog-menu",
             argv=["dialog", "--output-fd", "3", "--menu", "Choose:", "12", "40", "3"] + MENU3,
             prompt_marker="Choose:", keys="\\x1b[B\\r", result_fd=3, expect="Beta"),
        dict(name="dialog-password",
             argv=["dialog", "--output-fd", "3", "--passwordbox", "Password:", "8", "40"],
             prompt_marker="Password:", keys="hunter2\\r", result_fd=3, expect="hunter2"),
        dict(name="whiptail-menu",
             argv=["whiptail", "--output-fd", "3", "--menu", "Choose:", "12", "40", "3"] + MENU3,
             prompt_marker="Choose:", keys="\\x1b[B\\r", result_fd=3, expect="Beta"),
        dict(name="whiptail-password",
             argv=["whiptail", "--output-fd", "3", "--passwordbox", "Password:", "8", "40"],
             prompt_marker="Password:", keys="hunter2\\r", result_fd=3, expect="hunter2"),
        dict(name="questionary-select", argv=["{python}", "-c", PY_Q_SELECT],
             prompt_marker="Choose:", keys="\\x1b[B\\r", result_fd=3, expect="Beta",
             requires_py=["questionary"]),
        dict(name="questionary-password", argv=["{python}", "-c", PY_Q_PASSWORD],
             prompt_marker="Password:", keys="hunter2\\r", result_fd=3, expect="hunter2",
             requires_py=["questionary"]),
        dict(name="click-password", argv=["{python}", "-c", PY_CLICK],
             # click echoes "Password:" itself, then getpass() flushes the tty
             # input (TCSAFLUSH) and writes " ": wait for that space.
             prompt_marker="Password: ", keys="hunter2\\r", stdout_is_result=True,
             expect="hunter2", requires_py=["click"]),
        dict(name="systemd-ask-password", argv=["systemd-ask-password", "Password:"],
             # works without a running systemd when stdin is a tty
             prompt_marker="no echo)", keys="hunter2\\r", stdout_is_result=True,
             expect="hunter2"),
    ]
    tools.append(ask_slot())
    return tools


def ask_slot():
    """The "ask" slot: argv from $ASK_BIN (skipped when unset).
    $ASK_ARGS (shell words) replaces the default arguments, $ASK_MARKER the marker
    (default "Pick"), $ASK_KEYS the keys (default "2\\r"), $ASK_EXPECT the
    expected result (default: not checked)."""
    ask = os.environ.get("ASK_BIN")
    args = shlex.split(os.environ.get("ASK_ARGS",
                                      "--title Pick --cancel Cancel Alpha Beta Gamma"))
    e = dict(name="ask", argv=[ask or "ask"] + args,
             prompt_marker=os.environ.get("ASK_MARKER", "Pick"),
             marker_mode=os.environ.get("ASK_MARKER_MODE", "raw"),
             keys=os.environ.get("ASK_KEYS", "2\\r"), stdout_is_result=True)
    if os.environ.get("ASK_EXPECT"):
        e["expect"] = os.environ["ASK_EXPECT"]
    if not ask:
        e["skip"] = "ASK_BIN not set"
    return e


def big_tools(n, workdir):
    """Scale test: choose from n items.  Items are "Item 000001".."Item n"."""
    width = max(6, len(str(n)))
    items = ["Item %0*d" % (width, i) for i in range(1, n + 1)]
    first = items[0]
    plain = os.path.join(workdir, "items.txt")
    with open(plain, "w") as f:
        f.write("\n".join(items) + "\n")
    dfile = os.path.join(workdir, "dialog-args.txt")
    with open(dfile, "w") as f:        # dialog --file: more arguments, shell-quoted
        f.write("--menu Pick 20 60 12\n")
        f.write("\n".join('"%s"' % s for s in items) + "\n")
    spec = json.dumps({"title": "Pick", "buttons": items})
    ask = os.environ.get("ASK_BIN")
    tools = [
        dict(name="dialog-menu-big",
             argv=["dialog", "--output-fd", "3", "--no-items", "--file", dfile],
             prompt_marker="Pick", marker_mode="screen", keys="\\r", result_fd=3,
             expect=first),
        dict(name="questionary-big", argv=["{python}", "-c", PY_Q_BIG, plain],
             prompt_marker="Pick", marker_mode="screen", keys="\\r", result_fd=3,
             expect=first, requires_py=["questionary"]),
        dict(name="ask-big",
             argv=[ask or "ask"] + shlex.split(os.environ.get("ASK_BIG_ARGS", "--json")),
             prompt_marker=os.environ.get("ASK_BIG_MARKER", "Pick"),
             marker_mode=os.environ.get("ASK_MARKER_MODE", "screen"),
             keys=os.environ.get("ASK_BIG_KEYS", "\\r"), stdout_is_result=True,
             stdin_data=spec, stdin_mode="pipe"),
    ]
    if os.environ.get("ASK_BIG_EXPECT"):
        tools[-1]["expect"] = os.environ["ASK_BIG_EXPECT"]
    if not ask:
        tools[-1]["skip"] = "ASK_BIN not set"
    return tools


def floor_exe():
    """Where the compiled floor lives: $TTP_FLOOR when set, else beside floor.c,
    or in the temp dir when this folder is read-only."""
    if os.environ.get("TTP_FLOOR"):
        return os.environ["TTP_FLOOR"]
    if os.access(HERE, os.W_OK):
        return os.path.join(HERE, "floor")
    return os.path.join(tempfile.gettempdir(), "ttp-floor")


def ensure_floor():
    """Compile the floor program from floor.c if missing or stale."""
    exe, src = floor_exe(), os.path.join(HERE, "floor.c")
    if os.path.exists(src) and (not os.path.exists(exe)
                                or os.path.getmtime(exe) < os.path.getmtime(src)):
        cc = shutil.which("cc") or shutil.which("gcc")
        if cc:
            subprocess.run([cc, "-O2", "-o", exe, src], check=False)
    return os.path.exists(exe)


# ----------------------------------------------------------------------------
# helpers
# ----------------------------------------------------------------------------

_KEY_ESC = re.compile(r"\\(x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|[ernt0ab\\])")
_KEY_MAP = {"e": "\x1b", "r": "\r", "n": "\n", "t": "\t", "0": "\0", "a": "\a",
            "b": "\b", "\\": "\\"}


def decode_keys(keys):
    if keys is None:
        return []
    chunks = [keys] if isinstance(keys, str) else list(keys)

    def rep(m):
        g = m.group(1)
        return chr(int(g[1:], 16)) if g[0] in "xu" else _KEY_MAP[g]
    return [_KEY_ESC.sub(rep, c).encode("utf-8") for c in chunks]


_ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
                   rb"|\x1b[PX^_][^\x1b]*\x1b\\|\x1b[()*+].|\x1b[ -/]*[0-~]"
                   rb"|[\x00-\x20\x7f]")


def screen_text(b):
    return _ANSI.sub(b"", b)


# terminal query -> reply (what an xterm would answer)
_QUERIES = re.compile(rb"\x1b\[(?:6n|5n|0?c|>0?c|18t)|\x1b\]1[01];\?(?:\x07|\x1b\\)")


def query_reply(q):
    if q.endswith(b"6n"):
        return b"\x1b[1;1R"
    if q.endswith(b"5n"):
        return b"\x1b[0n"
    if q.startswith(b"\x1b[>"):
        return b"\x1b[>0;276;0c"
    if q.endswith(b"c"):
        return b"\x1b[?62;22c"
    if q.endswith(b"18t"):
        return b"\x1b[8;%d;%dt" % (ROWS, COLS)
    if q.startswith(b"\x1b]1"):
        code = q[2:4]
        col = b"ffff/ffff/ffff" if code == b"10" else b"0000/0000/0000"
        return b"\x1b]" + code + b";rgb:" + col + b"\x1b\\"
    return b""


_DECCKM = re.compile(rb"\x1b\[\?1([hl])")
_CSI_ARROW = re.compile(rb"\x1b\[([ABCDHF])")


def app_cursor_keys(chunk):
    """What an xterm sends for a chunk once the application enabled DECCKM
    (ESC[?1h, part of curses' smkx): ESC[A..D/H/F become ESC O A..D/H/F."""
    return _CSI_ARROW.sub(lambda m: b"\x1bO" + m.group(1), chunk)


def pidfd_open(pid):
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def set_subreaper():
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except Exception:
        return False


def proc_stat(pid):
    """(ppid, sid, starttime) of pid from /proc, or None."""
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            s = f.read()
        fields = s[s.rindex(b")") + 2:].split()
        return int(fields[1]), int(fields[3]), int(fields[19])
    except (OSError, ValueError, IndexError):
        return None


def my_children():
    me = os.getpid()
    try:
        with open("/proc/%d/task/%d/children" % (me, me)) as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        kids = []
        for d in os.listdir("/proc"):
            if d.isdigit():
                st = proc_stat(int(d))
                if st and st[0] == me:
                    kids.append(int(d))
        return kids


def descendants(pid):
    """All live descendants of pid (scan of /proc), deepest last."""
    parent = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            st = proc_stat(int(d))
            if st:
                parent[int(d)] = st[0]
    out, frontier = [], [pid]
    while frontier:
        p = frontier.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        out.extend(kids)
        frontier.extend(kids)
    return out


def kill_reap(pid):
    """SIGKILL one process we started, by PID, and reap it if it is our child."""
    if not pid:
        return
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    except OSError:
        pass


def hwm_kb(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return None


def proc_minflt(pid):
    """Minor faults of pid so far (/proc/PID/stat's minflt), or 0."""
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            s = f.read()
        return int(s[s.rindex(b")") + 2:].split()[7])
    except (OSError, ValueError, IndexError):
        return 0


def sched_cpu_ms(pid):
    """CPU time used so far by pid (ns precision, /proc/PID/schedstat), in ms."""
    try:
        with open("/proc/%d/schedstat" % pid) as f:
            return int(f.read().split()[0]) / 1e6
    except (OSError, ValueError, IndexError):
        return 0.0


def exit_code(status):
    if os.WIFEXITED(status):
        return os.WEXITSTATUS(status)
    if os.WIFSIGNALED(status):
        return -os.WTERMSIG(status)
    return None


# ----------------------------------------------------------------------------
# one run
# ----------------------------------------------------------------------------

class Spawner:
    def __init__(self, mode):
        self.mode = mode
        self.setsid = shutil.which("setsid")
        self.sh = shutil.which("sh") or "/bin/sh"
        # posix_spawn (glibc: clone(CLONE_VM|CLONE_VFORK)) avoids copying this
        # process's page tables: ~2 ms less harness overhead per run than fork().
        self.posix_spawn = hasattr(os, "posix_spawn") and hasattr(os, "POSIX_SPAWN_DUP2")
        # Python ignores SIGPIPE/SIGXFSZ; ignored dispositions survive exec
        self.sigdef = [getattr(signal, n) for n in ("SIGPIPE", "SIGXFSZ") if hasattr(signal, n)]
        if mode in ("clean", "exec"):
            if not self.setsid or not set_subreaper():
                print("ttp: setsid or PR_SET_CHILD_SUBREAPER unavailable; "
                      "falling back to --spawn direct", file=sys.stderr)
                self.mode = "direct"


def spawn_actions(fdmap, slave, direct):
    """posix_spawn file actions that give the child exactly fdmap {target: source}.
    Sources are first duplicated (close-on-exec) above every target so that no
    dup2 clobbers a source still needed.  In direct mode the child (a new session
    leader, setsid=True) opens the pty slave by path first, which makes it the
    controlling terminal.  Inherited non-close-on-exec fds are closed."""
    base = max(list(fdmap) + [2]) + 100
    tmp, hi = [], {}
    for src in set(fdmap.values()):
        hi[src] = fcntl.fcntl(src, fcntl.F_DUPFD_CLOEXEC, base)
        tmp.append(hi[src])
    actions = []
    if direct:
        actions.append((os.POSIX_SPAWN_OPEN, 0, os.ttyname(slave), os.O_RDWR, 0))
    for t in sorted(fdmap):
        actions.append((os.POSIX_SPAWN_DUP2, hi[fdmap[t]], t))
    for name in os.listdir("/proc/self/fd"):
        fd = int(name)
        if fd > 2 and fd not in fdmap and fd not in tmp:
            try:
                if not fcntl.fcntl(fd, fcntl.F_GETFD) & fcntl.FD_CLOEXEC:
                    actions.append((os.POSIX_SPAWN_CLOSE, fd))
            except OSError:
                pass
    return actions, tmp


def _child(exec_path, exec_argv, env, fdmap, slave, direct):
    """Fallback without os.posix_spawn, in the forked child: never returns."""
    try:
        if direct:
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        hi = {t: fcntl.fcntl(s, fcntl.F_DUPFD, 100) for t, s in fdmap.items()}
        for t, h in hi.items():
            os.dup2(h, t)              # dup2 targets are inheritable
        keep = set(fdmap)
        for name in os.listdir("/proc/self/fd"):
            fd = int(name)
            if fd not in keep:
                try:
                    os.close(fd)
                except OSError:
                    pass
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        os.execve(exec_path, exec_argv, env)
    except BaseException as e:  # noqa
        try:
            os.write(2, ("ttp: exec failed: %r\n" % (e,)).encode())
        finally:
            os._exit(127)


def run_once(tool, spawner, timeout, replies=True, keep_output=False):
    rec = dict(tool=tool["name"], ttp_ms=None, total_ms=None, answer_ms=None,
               exit=None, result=None, maxrss_kb=None, cpu_ms=None, hwm_kb=None, minflt=None,
               timed_out=False, ok=False, error=None, out_bytes=0)
    keys = decode_keys(tool.get("keys"))
    key_delay = float(tool.get("key_delay_ms", 0)) / 1e3
    settle = float(tool.get("settle_ms", 0)) / 1e3
    marker = tool["prompt_marker"].encode("utf-8")
    screen_mode = tool.get("marker_mode", "raw") == "screen"
    if screen_mode:
        marker_s = screen_text(marker)
    result_fd = tool.get("result_fd")
    if result_fd is None and tool.get("stdout_is_result"):
        result_fd = 1
    stdin_data = tool.get("stdin_data")
    direct = spawner.mode == "direct"
    prespawn = spawner.mode == "exec"
    cpu_before_ms = 0.0
    minflt_before = 0

    master = slave = res_r = res_w = in_r = in_w = None
    ready_r = ready_w = go_r = go_w = None
    p1 = p1fd = target = tfd = None
    tmpfile = None
    poller = select.poll()
    try:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        if result_fd is not None:
            res_r, res_w = os.pipe()
        stdin_bytes = b""
        if stdin_data is not None:
            stdin_bytes = stdin_data.encode("utf-8") if isinstance(stdin_data, str) \
                else bytes(stdin_data)
            if tool.get("stdin_mode", "pipe") == "file":
                fd, tmpfile = tempfile.mkstemp(prefix="ttp-stdin-")
                with os.fdopen(fd, "wb") as f:
                    f.write(stdin_bytes)
                in_r = os.open(tmpfile, os.O_RDONLY | os.O_CLOEXEC)
                stdin_bytes = b""
            else:
                in_r, in_w = os.pipe()
                os.set_blocking(in_w, False)
        env = dict(os.environ)
        env.pop("LINES", None)
        env.pop("COLUMNS", None)
        env["TERM"] = "xterm-256color"
        for k, v in (tool.get("env") or {}).items():
            if v is None:
                env.pop(k, None)
            else:
                env[k] = str(v)
        argv = list(tool["argv"])
        exe = argv[0] if "/" in argv[0] else shutil.which(argv[0], path=env.get("PATH"))
        if not exe:
            rec["error"] = "not found: %s" % argv[0]
            return rec
        fdmap = {0: slave, 1: slave, 2: slave}
        if result_fd is not None:
            fdmap[result_fd] = res_w
        wrap = None          # sh script run between setsid and the tool, if any
        if direct:
            exec_path, exec_argv = exe, argv
            if in_r is not None:
                fdmap[0] = in_r
        else:
            exec_path = spawner.setsid
            exec_argv = ["setsid", "-f", "-c", "--"]
            redir = ""
            if in_r is not None:
                fdmap[9] = in_r
                redir = " 0<&9 9<&-"
            if prespawn:
                free = [d for d in (8, 7, 6, 5, 4) if d not in fdmap]
                rfd, gfd = free[0], free[1]
                ready_r, ready_w = os.pipe()
                go_r, go_w = os.pipe()
                fdmap[rfd], fdmap[gfd] = ready_w, go_r
                wrap = ('printf . >&%d; exec %d>&-; read -r _ <&%d; exec "$@" %d<&-%s'
                        % (rfd, rfd, gfd, gfd, redir))
            elif in_r is not None:
                wrap = 'exec "$@"' + redir
            if wrap:
                exec_argv += [spawner.sh, "-c", wrap, "sh"]
            exec_argv += [exe] + argv[1:]
        if spawner.posix_spawn:
            actions, tmpfds = spawn_actions(fdmap, slave, direct)
        t0 = time.perf_counter()
        if spawner.posix_spawn:
            try:
                pid = os.posix_spawn(exec_path, exec_argv, env, file_actions=actions,
                                     setsid=direct, setsigdef=spawner.sigdef)
            finally:
                for fd in tmpfds:
                    os.close(fd)
        else:
            pid = os.fork()
            if pid == 0:
                _child(exec_path, exec_argv, env, fdmap, slave, direct)
        # ---------------- parent ----------------
        if direct:
            target = pid
        else:
            p1 = pid
        if prespawn:
            # setsid's parent half exits at once; its child (sh, the future tool
            # process) is now ours.  Wait until sh is parked on the go pipe.
            os.close(ready_w)
            ready_w = None
            os.close(go_r)
            go_r = None
            give_up = time.perf_counter() + timeout
            while True:
                done, st = os.waitpid(p1, os.WNOHANG)
                if done or time.perf_counter() > give_up:
                    break
                time.sleep(0.0002)
            if not done:
                rec["error"] = "setsid did not exit"
                return rec
            p1 = None
            if exit_code(st) != 0:
                rec["error"] = "setsid failed (status %s)" % exit_code(st)
                return rec
            target = find_target(rec)
            if not target:
                return rec
            r, _, _ = select.select([ready_r], [], [], timeout)
            if not r or os.read(ready_r, 1) != b".":
                rec["error"] = "pre-spawned sh did not get ready"
                return rec
        os.close(slave)
        slave = None
        if res_w is not None:
            os.close(res_w)
            res_w = None
        if in_r is not None:
            os.close(in_r)
            in_r = None
        os.set_blocking(master, False)
        poller.register(master, select.POLLIN)
        if res_r is not None:
            os.set_blocking(res_r, False)
            poller.register(res_r, select.POLLIN)
        if in_w is not None:
            if stdin_bytes:
                poller.register(in_w, select.POLLOUT)
            else:
                os.close(in_w)
                in_w = None
        if target:
            tfd = pidfd_open(target)
            if tfd is not None:
                poller.register(tfd, select.POLLIN)
        else:
            p1fd = pidfd_open(p1)
            if p1fd is not None:
                poller.register(p1fd, select.POLLIN)
        if prespawn:
            cpu_before_ms = sched_cpu_ms(target)   # the parked sh's own CPU time
            minflt_before = proc_minflt(target)    # and its own page faults
            t0 = time.perf_counter()
            os.write(go_w, b"\n")       # the parked sh execs the tool now

        out = bytearray()
        res = bytearray()
        scanned = 0          # marker search position
        answered = 0         # query replies handled up to here
        t_marker = t_keys = t_exit = None
        key_queue = []
        next_key_at = None
        decckm = False       # application cursor keys (ESC[?1h) in effect
        chunks = []          # (ms since t0, bytes) per read, for --probe
        stdin_off = 0
        status = ru = None
        deadline = t0 + timeout
        fallback_poll = (tfd is None and target is not None) or (p1fd is None and p1)

        def on_output(tnow):
            nonlocal scanned, answered, t_marker, key_queue, next_key_at, decckm
            for m in _DECCKM.finditer(out, max(0, scanned - 5)):
                decckm = m.group(1) == b"h"
            if replies:
                for m in _QUERIES.finditer(out, max(0, scanned - 16)):
                    if m.start() >= answered:
                        answered = m.end()
                        rep = query_reply(m.group(0))
                        if rep:
                            try:
                                os.write(master, rep)
                            except OSError:
                                pass
            if t_marker is None:
                if screen_mode:
                    found = marker_s in screen_text(bytes(out[-262144:]))
                else:
                    found = out.find(marker, max(0, scanned - len(marker))) >= 0
                if found:
                    t_marker = tnow
                    key_queue = list(keys)
                    next_key_at = tnow + settle
            scanned = len(out)

        while True:
            now = time.perf_counter()
            if now >= deadline:
                rec["timed_out"] = True
                break
            # type keys that are due
            while key_queue and now >= next_key_at:
                chunk = key_queue.pop(0)
                if decckm:
                    chunk = app_cursor_keys(chunk)
                try:
                    os.write(master, chunk)
                except OSError:
                    pass
                if t_keys is None:
                    t_keys = time.perf_counter()
                    if target:          # the tool's own mm high-water mark, so far
                        rec["hwm_kb"] = hwm_kb(target)
                now = time.perf_counter()
                next_key_at = now + key_delay
            wait = deadline - now
            if key_queue:
                wait = min(wait, max(0.0, next_key_at - now))
            if fallback_poll:
                wait = min(wait, 0.001)
            events = poller.poll(max(0, int(wait * 1000 + 0.999)) if wait > 0 else 0)
            tnow = time.perf_counter()
            for fd, ev in events:
                if fd == master:
                    got = False
                    while True:
                        try:
                            d = os.read(master, 65536)
                        except BlockingIOError:
                            break
                        except OSError:       # EIO: all slave fds closed
                            poller.unregister(master)
                            break
                        if not d:
                            poller.unregister(master)
                            break
                        if keep_output:
                            chunks.append((round((tnow - t0) * 1e3, 3), len(d)))
                        out += d
                        got = True
                    if got:
                        on_output(tnow)
                elif fd == res_r:
                    try:
                        d = os.read(res_r, 65536)
                    except BlockingIOError:
                        d = None
                    if d == b"":
                        poller.unregister(res_r)
                    elif d:
                        res += d
                elif fd == in_w:
                    try:
                        n = os.write(in_w, stdin_bytes[stdin_off:stdin_off + 65536])
                        stdin_off += n
                    except BlockingIOError:
                        pass
                    except OSError:       # EPIPE: tool closed stdin
                        stdin_off = len(stdin_bytes)
                    if stdin_off >= len(stdin_bytes):
                        poller.unregister(in_w)
                        os.close(in_w)
                        in_w = None
                elif fd == p1fd:
                    poller.unregister(p1fd)
                    os.close(p1fd)
                    p1fd = None
                    target = reap_intermediary(p1, rec)
                    p1 = None
                    if target:
                        tfd = pidfd_open(target)
                        if tfd is not None:
                            poller.register(tfd, select.POLLIN)
                        fallback_poll = tfd is None
                    else:
                        break
                elif fd == tfd:
                    t_exit = tnow
            if fallback_poll:
                if p1:
                    try:
                        if os.waitpid(p1, os.WNOHANG)[0]:
                            p1 = None   # already reaped
                            target = find_target(rec)
                            fallback_poll = True
                    except ChildProcessError:
                        p1 = None
                if target and t_exit is None:
                    r = os.wait4(target, os.WNOHANG)
                    if r[0]:
                        t_exit = time.perf_counter()
                        status, ru = r[1], r[2]
            if t_exit is not None or (p1 is None and target is None and p1fd is None):
                break

        if t_exit is not None:
            if status is None:
                _, status, ru = os.wait4(target, 0)
            target = None
            rec["exit"] = exit_code(status)
            rec["maxrss_kb"] = ru.ru_maxrss
            rec["cpu_ms"] = round((ru.ru_utime + ru.ru_stime) * 1e3 - cpu_before_ms, 3)
            rec["minflt"] = ru.ru_minflt - minflt_before
            rec["total_ms"] = (t_exit - t0) * 1e3
            if t_keys is not None:
                rec["answer_ms"] = (t_exit - t_keys) * 1e3
            # drain what is left on the pty and the result pipe (short grace)
            drain_until = time.perf_counter() + 0.5
            while res_r is not None and time.perf_counter() < drain_until:
                r, _, _ = select.select([res_r], [], [], 0.05)
                if not r:
                    continue
                try:
                    d = os.read(res_r, 65536)
                except OSError:
                    d = b""
                if not d:
                    break
                res += d
            while True:
                try:
                    d = os.read(master, 65536)
                except OSError:
                    break
                if not d:
                    break
                out += d
        if t_marker is not None:
            rec["ttp_ms"] = (t_marker - t0) * 1e3
        rec["out_bytes"] = len(out)
        if result_fd is not None:
            rec["result"] = res.decode("utf-8", "replace")
        if keep_output:
            rec["output"] = bytes(out)
            rec["chunks"] = chunks
        if rec["timed_out"]:
            rec["error"] = "timeout (%gs)%s" % (timeout, "" if t_marker else
                                                 ", marker never seen")
        elif t_marker is None and not rec["error"]:
            rec["error"] = "exited before marker"
        elif rec["exit"] != 0 and not rec["error"]:
            rec["error"] = "exit status %s" % rec["exit"]
        exp = tool.get("expect")
        if not rec["error"] and exp is not None and (rec["result"] or "").strip() != exp:
            rec["error"] = "result %r != expected %r" % ((rec["result"] or "").strip(), exp)
        rec["ok"] = rec["error"] is None
        return rec
    finally:
        for pid_ in (target, p1):
            if pid_:
                for d in descendants(pid_):
                    kill_reap(d)
                kill_reap(pid_)
        for fd in (master, slave, res_r, res_w, in_r, in_w, p1fd, tfd,
                   ready_r, ready_w, go_r, go_w):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        if tmpfile:
            try:
                os.unlink(tmpfile)
            except OSError:
                pass
        if spawner.mode != "direct":      # orphans re-parented to us: ours to kill
            for c in my_children():
                kill_reap(c)


def find_target(rec):
    """After the setsid intermediary exited, the tool is re-parented to us.  All
    our children belong to this run (leftovers are reaped after every run); if the
    tool already spawned and lost children of its own, the oldest one is the tool."""
    me = os.getpid()
    best = None
    for c in my_children():
        st = proc_stat(c)
        if not st or st[0] != me:
            continue
        key = (st[2], c)
        if best is None or key < best:
            best = key
    if best is None:
        rec["error"] = "tool process not found after setsid"
        return None
    return best[1]


def reap_intermediary(p1, rec):
    try:
        _, st = os.waitpid(p1, 0)
    except ChildProcessError:
        st = 0
    if exit_code(st) != 0:
        rec["error"] = "setsid intermediary failed (status %s)" % exit_code(st)
    return find_target(rec)


# ----------------------------------------------------------------------------
# driver
# ----------------------------------------------------------------------------

def expand(tool):
    t = dict(tool)
    t["argv"] = [a.replace("{floor}", floor_exe()).replace("{here}", HERE).replace("{python}", sys.executable)
                 for a in t["argv"]]
    return t


def availability(tool):
    if tool.get("skip"):
        return tool["skip"]
    reqs = tool.get("requires") or [tool["argv"][0]]
    for r in reqs:
        if not (os.access(r, os.X_OK) if "/" in r else shutil.which(r)):
            return "not installed: %s" % r
    for m in tool.get("requires_py") or []:
        if importlib.util.find_spec(m) is None:
            return "python module missing: %s (pip install %s)" % (m, m)
    return None


def load_config(path):
    if path.endswith(".py"):
        ns = {"__file__": path, "HERE": HERE}
        with open(path) as f:
            exec(compile(f.read(), path, "exec"), ns)
        return list(ns["TOOLS"])
    with open(path) as f:
        return json.load(f)


def summarize(vals):
    vals = [v for v in vals if v is not None]
    if not vals:
        return None
    return dict(median=statistics.median(vals), min=min(vals), max=max(vals), n=len(vals))


FIGS = ("ttp_ms", "total_ms", "answer_ms", "maxrss_kb", "cpu_ms", "hwm_kb", "minflt")


def machine_info():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return dict(date=datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
                host=platform.node(), nproc=os.cpu_count(), cpu=cpu,
                kernel=platform.release(), python=sys.version.split()[0],
                lang=os.environ.get("LANG", ""), lc_all=os.environ.get("LC_ALL", ""))


def fmt(x, nd=2):
    if x is None:
        return "-"
    if abs(x) >= 1000:
        return "%.0f" % x
    if abs(x) >= 100:
        return "%.1f" % x
    return "%.*f" % (nd, x)


def print_table(names, stats, baseline, skipped, file=sys.stdout):
    hdr = ("%-22s %5s | %22s | %22s | %8s | %17s | %8s | %6s %6s %6s"
           % ("tool", "ok", "ttp ms med (min-max)", "total ms med (min-max)",
              "answer", "maxrss KiB med(max)", "cpu ms", "ttp/b", "tot/b", "rss/b"))
    print(hdr, file=file)
    print("-" * len(hdr), file=file)
    b = stats.get(baseline)
    for n in names:
        s = stats[n]
        def trio(k):
            v = s[k]
            return "-" if not v else "%7s (%s-%s)" % (fmt(v["median"]), fmt(v["min"]), fmt(v["max"]))
        def ratio(k):
            if not b or not b.get(k) or not s.get(k) or not b[k]["median"]:
                return "-"
            return "%.2fx" % (s[k]["median"] / b[k]["median"])
        rss = s["maxrss_kb"]
        rss_s = "-" if not rss else "%7d (%d)" % (rss["median"], rss["max"])
        print("%-22s %5s | %22s | %22s | %8s | %17s | %8s | %6s %6s %6s"
              % (n, "%d/%d" % (s["ok"], s["runs"]), trio("ttp_ms"), trio("total_ms"),
                 fmt(s["answer_ms"]["median"]) if s["answer_ms"] else "-", rss_s,
                 fmt(s["cpu_ms"]["median"]) if s["cpu_ms"] else "-",
                 ratio("ttp_ms"), ratio("total_ms"), ratio("maxrss_kb")), file=file)
        if s.get("hwm_kb"):
            print("%-22s       VmHWM when keys were typed: %d KiB (median)" % ("", s["hwm_kb"]["median"]),
                  file=file)
        if s.get("minflt"):
            print("%-22s       minor faults: %d (median)" % ("", s["minflt"]["median"]), file=file)
        if s.get("errors"):
            for e, c in sorted(s["errors"].items()):
                print("%-22s       %d x %s" % ("", c, e), file=file)
    for n, why in skipped:
        print("%-22s  skipped: %s" % (n, why), file=file)
    if b:
        print("(ratios = median / median of baseline %r)" % baseline, file=file)


def main(argv=None):
    ap = argparse.ArgumentParser(description="time-to-prompt benchmark for terminal prompt "
                                 "tools; see the module docstring for details")
    ap.add_argument("--runs", type=int, help="measured rounds (default 20; 3 with --big)")
    ap.add_argument("--warmup", type=int, help="warm-up rounds (default 2; 1 with --big)")
    ap.add_argument("--timeout", type=float, help="per-run timeout s (default 10; 60 with --big)")
    ap.add_argument("--tools", help="comma-separated subset of tool names")
    ap.add_argument("--baseline", default=None, help="baseline tool (default floor)")
    ap.add_argument("--config", help="JSON list or .py with TOOLS = [...]")
    ap.add_argument("--json", help="write results JSON here")
    ap.add_argument("--big", type=int, metavar="N", help="scale test with N items")
    ap.add_argument("--spawn", choices=("exec", "clean", "direct"), default="exec",
                    help="how tools are started and where t0 is (see docstring)")
    ap.add_argument("--no-replies", action="store_true", help="do not answer terminal queries")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--probe", action="store_true", help="one run each; show raw output")
    ap.add_argument("--probe-bytes", type=int, default=600, help="output shown by --probe")
    ap.add_argument("--dump-config", action="store_true")
    ap.add_argument("--verbose", "-v", action="store_true")
    a = ap.parse_args(argv)

    big = a.big
    runs = a.runs if a.runs is not None else (3 if big else 20)
    warmup = a.warmup if a.warmup is not None else (1 if big else 2)
    timeout = a.timeout if a.timeout is not None else (60.0 if big else 10.0)
    baseline = a.baseline or ("dialog-menu-big" if big else "floor")

    ensure_floor()
    workdir = tempfile.mkdtemp(prefix="ttp-")
    try:
        if a.config:
            tools = load_config(a.config)
        elif big:
            tools = big_tools(big, workdir)
        else:
            tools = default_tools()
        if a.dump_config:
            json.dump(tools, sys.stdout, indent=2)
            print()
            return 0
        tools = [expand(t) for t in tools]
        if a.tools:
            want = [w.strip() for w in a.tools.split(",") if w.strip()]
            byname = {t["name"]: t for t in tools}
            missing = [w for w in want if w not in byname]
            if missing:
                ap.error("unknown tool(s): %s (have: %s)" % (", ".join(missing),
                                                            ", ".join(byname)))
            tools = [byname[w] for w in want]
        active, skipped = [], []
        for t in tools:
            why = availability(t)
            (skipped.append((t["name"], why)) if why else active.append(t))
        if a.list:
            for t in active:
                print("%-22s %s" % (t["name"], " ".join(shlex.quote(x) for x in t["argv"])[:150]))
            for n, why in skipped:
                print("%-22s SKIP: %s" % (n, why))
            return 0

        spawner = Spawner(a.spawn)
        replies = not a.no_replies
        if a.probe:
            for t in active:
                r = run_once(t, spawner, t.get("timeout", timeout), replies, keep_output=True)
                o = r.pop("output", b"")
                ch = r.pop("chunks", [])
                print("== %s: %s" % (t["name"], {k: (round(v, 3) if isinstance(v, float) else v)
                                                 for k, v in r.items() if v is not None}))
                print("   reads (ms since fork, bytes): %s" % ch[:40])
                mpos = o.find(t["prompt_marker"].encode())
                print("   marker at byte %d of %d" % (mpos, len(o)))
                print("   output: %r%s" % (o[:a.probe_bytes], " ..." if len(o) > a.probe_bytes else ""))
            return 0

        info = machine_info()
        info.update(runs=runs, warmup=warmup, timeout=timeout, spawn=spawner.mode,
                    big=big, replies=replies, baseline=baseline, rows=ROWS, cols=COLS)
        print("ttp: %s | %s x%s | python %s | spawn=%s | %d tools, %d warm-up + %d runs"
              % (info["date"], info["cpu"], info["nproc"], info["python"], spawner.mode,
                 len(active), warmup, runs), file=sys.stderr)
        records = {t["name"]: [] for t in active}
        disabled = {}
        k = len(active)
        for rnd in range(warmup + runs):
            order = active[rnd % k:] + active[:rnd % k] if k else []
            for t in order:
                name = t["name"]
                if name in disabled:
                    continue
                try:
                    r = run_once(t, spawner, t.get("timeout", timeout), replies)
                except Exception as e:  # keep going; the run counts as failed
                    r = dict(tool=name, ok=False, timed_out=False, error="harness: %r" % (e,),
                             **{f: None for f in FIGS}, exit=None, result=None)
                r["round"] = rnd - warmup
                r["warmup"] = rnd < warmup
                if a.verbose:
                    print("  %s %-22s ttp=%s total=%s rss=%s exit=%s %s" % (
                        "W" if r["warmup"] else "%2d" % r["round"], name, fmt(r["ttp_ms"]),
                        fmt(r["total_ms"]), r["maxrss_kb"], r["exit"], r["error"] or ""),
                        file=sys.stderr)
                records[name].append(r)
                # a tool that times out (big mode: >timeout s) is dropped from later rounds
                if r["timed_out"] and (big or sum(x["timed_out"] for x in records[name]) >= 2):
                    disabled[name] = r["error"]
            if not a.verbose:
                print("  round %d/%d done" % (rnd + 1, warmup + runs), file=sys.stderr)

        stats = {}
        for t in active:
            rs = [r for r in records[t["name"]] if not r["warmup"]]
            good = [r for r in rs if r["ok"]]
            s = dict(runs=len(rs), ok=len(good))
            for f in FIGS:
                s[f] = summarize([r[f] for r in good])
            errs = {}
            for r in records[t["name"]]:
                if r["error"]:
                    key = ("warm-up: " if r["warmup"] else "") + r["error"]
                    errs[key] = errs.get(key, 0) + 1
            if t["name"] in disabled:
                errs["dropped after: " + disabled[t["name"]]] = 1
            s["errors"] = errs
            s["result"] = (good[0]["result"].strip() if good and good[0]["result"] else None)
            stats[t["name"]] = s
        b = stats.get(baseline)
        for n, s in stats.items():
            s["ratio_vs_baseline"] = {
                f: (s[f]["median"] / b[f]["median"]) if (b and s[f] and b[f] and b[f]["median"])
                else None for f in ("ttp_ms", "total_ms", "maxrss_kb", "cpu_ms")}
        print()
        print("# %s  %s  nproc=%s  kernel %s  python %s  spawn=%s  runs=%d (+%d warm-up)%s"
              % (info["date"], info["cpu"], info["nproc"], info["kernel"], info["python"],
                 spawner.mode, runs, warmup, "  big=%d" % big if big else ""))
        print_table([t["name"] for t in active], stats, baseline, skipped)
        if a.json:
            doc = dict(meta=info, tools=[{k: v for k, v in t.items() if k != "stdin_data"}
                                         for t in active],
                       skipped=dict(skipped), stats=stats,
                       runs={n: rs for n, rs in records.items()})
            with open(a.json, "w") as f:
                json.dump(doc, f, indent=1, default=str)
            print("wrote %s" % a.json, file=sys.stderr)
        return 0
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
