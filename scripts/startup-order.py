#!/usr/bin/env python3
"""Writes the symbol order the release link lays the start-up code out in.

    scripts/startup-order.py BINARY OUTPUT

Runs BINARY (a release `ask`) under callgrind for the prompts people and
scripts start most: an alert on a pseudo-terminal, a secure field, a
login-password pair, a JSON spec, an answer piped in and --help. Writes
every function they ran, in the order first run, one linker symbol a line,
to OUTPUT, which the release link gives lld (`--symbol-ordering-file`);
then every variable they read or wrote (valgrind's lackey traces each
access), in the order first touched.

Why: a page of code is read from the file and mapped when first touched,
16 pages around it at a time (the kernel's fault-around). Code run at
start-up lies scattered over the 6 MB of the Swift runtime, the standard
library, libedit and libc, so every prompt touched ~4 MB of it (its
resident size) with ~40 page faults. Laid out together, it touches what it
runs. A stale list costs only that: a symbol it names that no longer
exists is skipped, and code it misses keeps its old place.

The variables the same way: the runtime's once-flags, caches and
allocation pool, libc's and ask's own globals lay in 14 pages of .bss and 8
of .data, each written page one fault (two when first read: the zero page
or the file's page, then the copy), 9 to 12 faults a prompt more than
gathered. The linker moves a variable with the section it is in: the
runtime's and the C code's have one each, a Swift module's mostly share one.

valgrind cannot read the DWARF of Debian 12's toolchain: the profile runs
on a copy with the debug sections stripped (objcopy --strip-debug), which
keeps the symbols.
"""
import bisect
import os
import pty
import re
import select
import subprocess
import sys
import tempfile
import time

# (arguments, what is typed once the answer line is drawn (None: piped), the
# marker of that line, stdin for a piped run)
SCENARIOS = [
    (["--title", "Pick", "--cancel", "Cancel", "Alpha", "Beta", "Gamma"], b"2\r", b"Choice [1-4", None),
    (["-s", "secure", "-t", "Unlock"], b"hunter2\r", b"Password: ", None),
    (["-s", "login-password", "-t", "Sign in"], b"alice\rpw\r", b"Login: ", None),
    (["-t", "Delete 3 files?", "-d", "Delete", "-c", "Cancel"], b"1\r", b"Choice [1-2", None),
    (["--json"], None, None, b'{"title": "Pick", "buttons": ["Alpha", "Beta"], "cancel": "Cancel"}\n2\n'),
    (["-t", "Pick", "Alpha", "Beta"], None, None, b"2\n"),
    (["--help"], None, None, b""),
]


def run_on_terminal(command, keys, marker):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execvp(command[0], command)
    seen, sent, deadline = b"", False, time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                data = os.read(fd, 4096)
            except OSError:
                break
            if not data:
                break
            seen += data
        if not sent and marker in seen:
            for key in keys.split(b"\r")[:-1]:
                time.sleep(0.5)  # under valgrind a field takes a while to start
                os.write(fd, key + b"\r")
            sent = True
    os.waitpid(pid, 0)
    if not sent:
        sys.exit(f"startup-order: {command[-1]}: the prompt never showed")


# glibc's string functions come in variants for each instruction set
# (__memmove_avx_unaligned_erms, __memmove_evex_unaligned_erms,
# __strlen_avx2, __strlen_evex …), one chosen at start by the CPU. valgrind's
# CPU has no AVX-512: the profile names the AVX2 ones, while the machine runs
# the EVEX or AVX-512 ones, which then lay elsewhere (4 page faults a prompt).
STRING_VARIANT = re.compile(r"(__(?:mem|str|stp|wmem|wcs|raw)[a-z]*)_(?:sse|ssse|avx|evex|erms)")


def with_variants(names, binary):
    """`names`, each glibc string function variant followed by its siblings
    in `binary` (nm)."""
    listing = subprocess.run(["nm", binary], stdout=subprocess.PIPE, text=True, check=True).stdout
    siblings = {}  # the function's base name → its variants in the binary
    for fields in (line.split() for line in listing.splitlines()):
        match = STRING_VARIANT.match(fields[2]) if len(fields) == 3 and fields[1] in "tT" else None
        if match:
            siblings.setdefault(match.group(1), []).append(fields[2])
    out, seen = [], set()
    for name in names:
        match = STRING_VARIANT.match(name)
        for symbol in [name] + (siblings.get(match.group(1), []) if match else []):
            if symbol not in seen:
                seen.add(symbol)
                out.append(symbol)
    return out


# An access in lackey's trace: " L 04a1b2c0,8" (load), " S" (store), " M"
# (modify); "I" lines are instruction fetches.
ACCESS = re.compile(r" [LSM] ([0-9a-f]+),")


def variables(binary):
    """`binary`'s variables sorted by address, each (start, end, name): the
    symbols nm types as data (initialized, zeroed or read-only), not code."""
    symbols = []
    for fields in (line.split() for line in subprocess.run(
            ["nm", "--defined-only", "--print-size", "--numeric-sort", binary],
            stdout=subprocess.PIPE, text=True, check=True).stdout.splitlines()):
        if len(fields) == 4 and fields[2] in "bBdDrRvVu":
            start = int(fields[0], 16)
            symbols.append((start, start + max(int(fields[1], 16), 1), fields[3]))
    return symbols


def touched(trace, symbols, names, seen):
    """Appends to `names` each variable of `symbols` (variables()) that
    lackey's `trace` shows read or written, in the order first touched,
    unless in `seen`."""
    starts = [start for start, _, _ in symbols]
    with open(trace, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            match = ACCESS.match(line)
            if not match:
                continue
            address = int(match.group(1), 16)
            index = bisect.bisect_right(starts, address) - 1
            if index >= 0 and address < symbols[index][1]:
                name = symbols[index][2]
                if name not in seen:
                    seen.add(name)
                    names.append(name)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    binary, output = sys.argv[1], sys.argv[2]
    names, seen = [], set()
    data, data_seen = [], set()
    symbols = variables(binary)
    with tempfile.TemporaryDirectory() as scratch:
        copy = os.path.join(scratch, "ask")
        subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
        locale = os.path.join(os.path.dirname(os.path.abspath(binary)), "locale")
        if os.path.isdir(locale):
            os.symlink(locale, os.path.join(scratch, "locale"))
        for index, (arguments, keys, marker, stdin) in enumerate(SCENARIOS):
            profile = os.path.join(scratch, f"callgrind.{index}")
            trace = os.path.join(scratch, f"lackey.{index}")
            for command in (["valgrind", "--tool=callgrind", "--demangle=no", "--quiet",
                             f"--callgrind-out-file={profile}", copy] + arguments,
                            ["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={trace}",
                             copy] + arguments):
                if keys is None:
                    subprocess.run(command, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   check=False)
                else:
                    run_on_terminal(command, keys, marker)
            touched(trace, symbols, data, data_seen)
            with open(profile, encoding="utf-8", errors="replace") as lines:
                for line in lines:
                    match = re.match(r"c?fn=\(\d+\) (.+)", line)
                    # A symbol (not "(below main)", "0x…", a recursion's "name'2").
                    name = match.group(1) if match else ""
                    if re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$.]*", name) and name not in seen:
                        seen.add(name)
                        names.append(name)
    names = with_variants(names, binary)
    with open(output, "w", encoding="utf-8") as out:
        out.write("\n".join(names + data) + "\n")
    print(f"startup-order: {len(names)} functions and {len(data)} variables to {output}")


if __name__ == "__main__":
    main()
