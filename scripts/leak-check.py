#!/usr/bin/env python3
"""Leak check over whole prompt runs of `ask` (`make check`).

Runs the built `ask` through each case below — on a pseudo-terminal that
is its controlling terminal, answered as a person would, or with the answer
piped and no terminal at all — under valgrind's memcheck and/or
LeakSanitizer, and fails when anything is lost.

  leak-check.py --valgrind ASK   a dynamically linked build (valgrind
                                 replaces malloc only through the dynamic
                                 loader: the static release binary hides
                                 every allocation from it)
  leak-check.py --lsan ASK       a build with -sanitize=address

valgrind: "definitely lost" and "indirectly lost" must be 0, memcheck must
report no error, and no block still reachable at exit may be one the C
shim or libedit allocated and did not free (see THROUGH_OURS). The rest of
"still reachable" (and "possibly lost", interior pointers into such
blocks) is what the Swift runtime and terminfo keep for the whole run, and
is shown, not failed. LeakSanitizer reports only unreachable blocks, so any
report fails. Exit status 0 when every case is clean.

--only, --show-logs and --valgrind-option (e.g. --track-origins=yes) are
for looking into a failure.
"""

import argparse
import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

# Each case: a name, ask's arguments, and what is typed. A step is
# (text to wait for on the terminal, bytes to type once it is there and the
# terminal has left canonical mode, i.e. ask reads key by key). `pipe` is
# the answer on stdin instead, with no controlling terminal.
CASES = [
    {"name": "button answered", "args": ["-t", "Delete 3 files?", "-d", "Delete", "-c", "Keep"],
     "steps": [("Choice [", b"1\r")], "status": 0},
    {"name": "button answer edited, Tab-completed", "args": ["--sheet", "-t", "Actions", "-c", "Cancel",
                                                             "Negotiate", "Compromise"],
     "steps": [("Choice [", b"nx\x7f\t\r")], "status": 0},
    {"name": "plain text answered", "args": ["-s", "plain", "-t", "Name", "--text", "Ann"],
     "steps": [("Text: ", b"e\r")], "status": 0},
    {"name": "secure answered", "args": ["-s", "secure", "-t", "Unlock"],
     "steps": [("Password: ", b"hunter2\x7f2\r")], "status": 0},
    {"name": "login-password answered", "args": ["-s", "login-password", "-t", "Sign in"],
     "steps": [("Login: ", b"ann\r"), ("Password: ", b"s3cret\r")], "status": 0},
    {"name": "cancel with Ctrl-D", "args": ["-t", "Continue?", "Yes", "No"],
     "steps": [("Choice [", b"\x04")], "status": 1},
    {"name": "secure cancelled with Ctrl-D", "args": ["-s", "secure", "-t", "Unlock"],
     "steps": [("Password: ", b"\x04")], "status": 1},
    {"name": "piped answer, no terminal", "args": ["-t", "Continue?", "Yes", "No"],
     "pipe": b"2\n", "status": 0},
    {"name": "piped secret, no terminal", "args": ["-s", "secure", "-t", "Unlock"],
     "pipe": b"hunter2\n", "status": 0},
]

# valgrind is slow to start a Swift program: generous, but bounded.
STEP_TIMEOUT = 60.0


class Failure(Exception):
    pass


def run_on_terminal(command, env, steps):
    """Runs `command` on a new pseudo-terminal; returns (status, screen)."""
    master, slave = os.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    # A session of its own whose controlling terminal is the slave, as a
    # shell's job has; stdout a pipe, as in x=$(ask ...).
    child = subprocess.Popen(command, stdin=slave, stdout=subprocess.PIPE, stderr=slave, env=env,
                             start_new_session=True, close_fds=True,
                             preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
    os.close(slave)
    screen = b""
    try:
        for wanted, keys in steps:
            deadline = time.monotonic() + STEP_TIMEOUT
            while True:
                ready = select.select([master], [], [], 0.05)[0]
                if ready:
                    try:
                        screen += os.read(master, 65536)
                    except OSError:
                        pass
                # Typed once the prompt is drawn and ask reads key by key.
                if wanted.encode() in screen and not termios.tcgetattr(master)[3] & termios.ICANON:
                    break
                if child.poll() is not None or time.monotonic() > deadline:
                    raise Failure(f"no {wanted!r} on the terminal; it shows {screen[-300:]!r}")
            os.write(master, keys)
            screen = b""  # the next step waits for its own prompt
        deadline = time.monotonic() + STEP_TIMEOUT
        while child.poll() is None:
            if time.monotonic() > deadline:
                raise Failure("did not exit")
            if select.select([master], [], [], 0.05)[0]:
                try:
                    os.read(master, 65536)
                except OSError:
                    pass
        child.stdout.read()
        return child.returncode
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
        os.close(master)


def run_piped(command, env, answer):
    """Runs `command` with `answer` on stdin and no controlling terminal."""
    done = subprocess.run(command, input=answer, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                          start_new_session=True, timeout=STEP_TIMEOUT)
    return done.returncode


def run(case, command, env):
    if "pipe" in case:
        return run_piped(command, env, case["pipe"])
    return run_on_terminal(command, env, case["steps"])


def figure(summary, kind):
    """The bytes of `kind` ("definitely lost", ...) in a valgrind log, 0 if absent."""
    m = re.search(kind + r": ([\d,]+) bytes in ([\d,]+) blocks", summary)
    return (int(m.group(1).replace(",", "")), int(m.group(2).replace(",", ""))) if m else (0, 0)


def without_debug_info(ask, workdir):
    """A copy of `ask` with its symbols but no DWARF: valgrind 3.19 (Debian
    12) cannot read the DWARF 5 the Swift toolchain writes and gives up on
    the whole program ("Possibly corrupted debuginfo file")."""
    copy = os.path.join(workdir, "ask")
    subprocess.run(["objcopy", "--strip-debug", ask, copy], check=True)
    return copy


VALGRIND_EXTRA = []

# A block still reachable at exit that passed through the C shim or libedit
# is ours not freed: a libedit handle or history, a termios copy, a secret's
# buffer, a console never ended. Not so when the allocation also passed
# through one of RUN_LONG: the Swift runtime's metadata, conformance,
# witness-table and key-path caches (the shim calls Swift to measure and
# draw), a one-time initializer, or terminfo's entry for the terminal
# (ncurses keeps the process's current terminal: libedit's el_init loads
# it and el_end leaves it; freeing it would pull it from under a host that
# uses curses). The Swift values main holds when `ask` exits are reachable
# too, and not leaks: exit() does not unwind the stack (ask_main is the
# executable's Swift main, not the shim).
THROUGH_OURS = re.compile(r": (ask_(?!main )\w+|el_\w+|history\w*) \(|libedit\.so")
RUN_LONG = re.compile(r"swift::|swift_get|swift_conformsToProtocol|once_slow|_dl_init|_GLOBAL__sub_I|libtinfo")


def reachable_of_ours(log):
    """The still-reachable loss records of `log` that are ours not freed."""
    records = re.split(r"\n(?:==\d+== )?\n", log)
    return [r.strip() for r in records if "are still reachable in loss record" in r
            and THROUGH_OURS.search(r) and not RUN_LONG.search(r)]


def check_valgrind(case, ask, env, workdir):
    log = os.path.join(workdir, "valgrind.%p.log")
    command = ["valgrind", "--leak-check=full", "--show-leak-kinds=definite,indirect,reachable",
               "--errors-for-leak-kinds=definite,indirect", "--error-exitcode=99",
               "--log-file=" + log] + VALGRIND_EXTRA + [ask] + case["args"]
    status = run(case, command, env)
    logs = [os.path.join(workdir, f) for f in os.listdir(workdir) if f.startswith("valgrind.")]
    text = "".join(open(f, errors="replace").read() for f in logs)
    for f in logs:
        os.unlink(f)
    figures = {k: figure(text, k) for k in ("definitely lost", "indirectly lost", "possibly lost",
                                              "still reachable")}
    errors = re.search(r"ERROR SUMMARY: (\d+) errors", text)
    ours = reachable_of_ours(text)
    line = ", ".join(f"{k} {b} B in {n}" for k, (b, n) in figures.items()) + f" ({len(ours)} records of ours)"
    problems = []
    if figures["definitely lost"][0] or figures["indirectly lost"][0]:
        problems.append("leaks")
    if ours:
        problems.append("still reachable blocks of ours:\n" + "\n".join(ours))
    if errors is None or int(errors.group(1)) != 0:
        problems.append("memcheck errors")
    if status != case["status"]:
        problems.append(f"exit status {status}, expected {case['status']}")
    return line, problems, text


def check_lsan(case, ask, env, workdir):
    env = dict(env, ASAN_OPTIONS="detect_leaks=1:exitcode=86:fast_unwind_on_malloc=0:"
               "log_path=" + os.path.join(workdir, "lsan"))
    status = run(case, [ask] + case["args"], env)
    logs = [os.path.join(workdir, f) for f in os.listdir(workdir) if f.startswith("lsan")]
    text = "".join(open(f, errors="replace").read() for f in logs)
    for f in logs:
        os.unlink(f)
    leaked = re.search(r"SUMMARY: AddressSanitizer: (\d+) byte\(s\) leaked in (\d+) allocation", text)
    line = f"leaked {leaked.group(1)} B in {leaked.group(2)}" if leaked else "no leak"
    problems = []
    if text.strip():
        problems.append("sanitizer report")
    if status != case["status"]:
        problems.append(f"exit status {status}, expected {case['status']}")
    return line, problems, text


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--valgrind", metavar="ASK", help="check this (dynamically linked) ask under valgrind")
    parser.add_argument("--lsan", metavar="ASK", help="check this -sanitize=address ask with LeakSanitizer")
    parser.add_argument("--only", metavar="TEXT", help="run only the cases whose name contains TEXT")
    parser.add_argument("--valgrind-option", metavar="OPTION", action="append", default=[],
                        help="one more option for valgrind (--track-origins=yes, --show-leak-kinds=all)")
    parser.add_argument("--show-logs", action="store_true", help="print each case's report, not only a failed one's")
    options = parser.parse_args()
    VALGRIND_EXTRA.extend(options.valgrind_option)
    tools = [(name, check, path) for name, check, path in
             (("valgrind", check_valgrind, options.valgrind), ("LeakSanitizer", check_lsan, options.lsan))
             if path]
    if not tools:
        parser.error("name at least one ask to check")
    failed = passed = 0
    with tempfile.TemporaryDirectory() as home:
        # A HOME of its own (no editrc), a known terminal and a UTF-8 locale.
        env = {"PATH": "/usr/bin:/bin", "HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8",
               "NO_COLOR": "1"}
        workdir = os.path.join(home, "logs")
        os.mkdir(workdir)
        bindir = os.path.join(home, "bin")
        os.mkdir(bindir)
        for tool, check, ask in tools:
            ask = os.path.abspath(ask)
            if check is check_valgrind:
                ask = without_debug_info(ask, bindir)
            for case in CASES:
                if options.only and options.only not in case["name"]:
                    continue
                try:
                    line, problems, text = check(case, ask, env, workdir)
                except (Failure, subprocess.TimeoutExpired) as e:
                    line, problems, text = str(e), ["did not run through"], ""
                print(f"{tool}: {case['name']}: {line}" + (f"  FAILED: {', '.join(problems)}" if problems else ""))
                if problems or options.show_logs:
                    sys.stdout.write(text)
                if problems:
                    failed += 1
                else:
                    passed += 1
    print(f"leak check: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
