#!/usr/bin/env python3
"""Writes the symbol order the release link lays the start-up code out in.

    scripts/startup-order.py BINARY OUTPUT

Runs BINARY (a release `ask`) under valgrind's lackey, which traces every
instruction and every access, for the prompts people and scripts start
most: an alert on a pseudo-terminal, a secure field, a login-password
pair, a JSON spec, an answer piped in and --help. Writes every function
they ran, one linker symbol a line, to OUTPUT, which the release link gives
lld (`--symbol-ordering-file`); then every variable they read or wrote.
What runs before a prompt is drawn (up to the first write(2)) comes first,
each prompt's in the order first run, then what runs after it: the answer,
the result, the exit.

Why: a page of code is read from the file and mapped when first touched,
16 pages around it at a time (the kernel's fault-around): one fault for
each 64 KB window a prompt touches. Code run at start-up lies scattered
over the 6 MB of the Swift runtime, the standard library, libedit and
libc, so every prompt touched ~4 MB of it (its resident size) with ~40
page faults. Laid out together, it touches what it runs; with what runs
after the prompt laid out behind it, the code before the prompt takes the
fewest windows (issue 27: the alert's took 8 with the two mixed, 240 KB of
functions spread over 480 KB). A stale list costs only that: a symbol it
names that no longer exists is skipped, and code it misses keeps its old
place. Code without a symbol (the compiler's unnamed helpers) cannot be
named, and keeps its place.

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
import glob
import os
import pty
import re
import select
import shutil
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
# CPU has no AVX-512: the profile names the AVX2 ones, which a CPU with AVX2
# alone runs, while one with AVX-512 runs the EVEX or AVX-512 ones, which
# then lay elsewhere (4 page faults a prompt). Those are listed with them;
# the others (SSE2, SSSE3, SSE4.2, RTM: older CPUs, or TSX) are not, 65 KB
# that would spread the rest over a window more.
STRING_VARIANT = re.compile(r"(__(?:mem|str|stp|wmem|wcs|raw)[a-z]*)_(?:sse|ssse|avx|evex|erms)")
AVX512_VARIANT = re.compile(r"_(?:evex|avx512)(?:_|$)")


def with_variants(names, binary):
    """`names`, each glibc string function variant followed by its EVEX and
    AVX-512 siblings in `binary` (nm)."""
    listing = subprocess.run(["nm", binary], stdout=subprocess.PIPE, text=True, check=True).stdout
    siblings = {}  # the function's base name → its variants in the binary
    for fields in (line.split() for line in listing.splitlines()):
        match = STRING_VARIANT.match(fields[2]) if len(fields) == 3 and fields[1] in "tT" else None
        if match and AVX512_VARIANT.search(fields[2]) and not fields[2].endswith("_rtm"):
            siblings.setdefault(match.group(1), []).append(fields[2])
    out, seen = [], set()
    for name in names:
        match = STRING_VARIANT.match(name)
        for symbol in [name] + (siblings.get(match.group(1), []) if match else []):
            if symbol not in seen:
                seen.add(symbol)
                out.append(symbol)
    return out


# A line of lackey's trace: "I  04a1b2c0,5" (an instruction fetched),
# " L 04a1b2c0,8" (load), " S" (store), " M" (modify).
INSTRUCTION = re.compile(r"I  ([0-9a-f]+),")
ACCESS = re.compile(r" [LSM] ([0-9a-f]+),")


def symbols_of(binary, types):
    """`binary`'s symbols of nm's `types`, sorted by address, each (start,
    end, names): the names at one address together, a symbol without a size
    (crtbegin's functions, variables defined in assembly) ending where the
    next begins."""
    found = {}
    for fields in (line.split() for line in subprocess.run(
            ["nm", "--defined-only", "--print-size", "--numeric-sort", binary],
            stdout=subprocess.PIPE, text=True, check=True).stdout.splitlines()):
        # nm gives no size for a symbol without one (crtbegin's frame_dummy).
        if len(fields) == 3:
            fields.insert(1, "0")
        if len(fields) == 4 and fields[2] in types:
            start, size = int(fields[0], 16), int(fields[1], 16)
            entry = found.setdefault(start, [start, start + size, []])
            entry[1] = max(entry[1], start + size)
            entry[2].append(fields[3])
    table = sorted(found.values())
    for index, entry in enumerate(table):
        if entry[1] == entry[0]:
            entry[1] = table[index + 1][0] if index + 1 < len(table) else entry[0] + 1
    return [tuple(entry) for entry in table]


def shared_sections():
    """The names of the functions and variables that share one big section
    with others (64 KB of code or 4 KB of data and more) in the Swift static
    libraries: the standard library's code is one 1.6 MB section, its
    variables one of 86 KB. The linker moves a section whole, to where its
    first listed symbol is, so such a section is listed after what the
    prompts run before they are drawn: in the middle of it, it would split
    the rest in two, 1.6 MB apart."""
    swiftc = shutil.which("swiftc")
    if swiftc is None:
        return set()
    folder = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swiftc))), "lib", "swift_static", "linux")
    names = set()
    for library in sorted(glob.glob(os.path.join(folder, "libswift*.a"))):
        sections = {}  # (member, section index, kind) → [start, end, names]
        member = ""
        for line in subprocess.run(["readelf", "-sW", library], stdout=subprocess.PIPE,
                                   text=True, errors="replace", check=True).stdout.splitlines():
            if line.startswith("File: "):
                member = line
                continue
            fields = line.split()
            if len(fields) != 8 or fields[3] not in ("FUNC", "OBJECT") or not fields[6].isdigit():
                continue
            start, size = int(fields[1], 16), int(fields[2], 0)
            entry = sections.setdefault((member, fields[6], fields[3]), [start, start + size, []])
            entry[0], entry[1] = min(entry[0], start), max(entry[1], start + size)
            entry[2].append(fields[7])
        for (_, _, kind), (start, end, members) in sections.items():
            if len(members) > 1 and end - start >= (65536 if kind == "FUNC" else 4096):
                names.update(members)
    return names


class Order:
    """Names in the order first met: those any prompt met before it was
    drawn, then the others."""

    def __init__(self):
        self.before, self.after = [], []
        self.seen_before, self.seen_after = set(), set()

    def add(self, names, drawn):
        for name in names:
            if name in self.seen_before:
                continue
            if not drawn:
                if name in self.seen_after:  # met after one prompt, before another
                    self.seen_after.remove(name)
                    self.after.remove(name)
                self.seen_before.add(name)
                self.before.append(name)
            elif name not in self.seen_after:
                self.seen_after.add(name)
                self.after.append(name)

    def names(self, shared=frozenset()):
        """The names, those in `shared` (shared_sections()) after the others
        met before a prompt was drawn."""
        return ([name for name in self.before if name not in shared] + [name for name in self.before if name in shared]
                + self.after)


def follow(trace, functions, variables, writes, code, data):
    """Adds to the Orders `code` and `data` the functions (symbols_of) run
    and the variables read or written in lackey's `trace`, each before or
    after the first call of write(2) (its addresses in `writes`), the one
    that draws the prompt."""
    function_starts = [start for start, _, _ in functions]
    variable_starts = [start for start, _, _ in variables]
    drawn, current = False, (0, 0, ())
    with open(trace, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            match = INSTRUCTION.match(line)
            if match:
                address = int(match.group(1), 16)
                if not current[0] <= address < current[1]:
                    index = bisect.bisect_right(function_starts, address) - 1
                    current = functions[index] if index >= 0 and address < functions[index][1] else (0, 0, ())
                    code.add(current[2], drawn)  # write(2) itself draws the prompt
                if address in writes:
                    drawn = True
                continue
            match = ACCESS.match(line)
            if match:
                address = int(match.group(1), 16)
                index = bisect.bisect_right(variable_starts, address) - 1
                if index >= 0 and address < variables[index][1]:
                    data.add(variables[index][2], drawn)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    binary, output = sys.argv[1], sys.argv[2]
    functions = symbols_of(binary, "tTwW")
    # Initialized, zeroed or read-only data, not code.
    variables = symbols_of(binary, "bBdDrRvVu")
    writes = {start for start, _, names in functions if {"write", "__libc_write", "__write"} & set(names)}
    code, data = Order(), Order()
    # Not SWIFT_DETERMINISTIC_HASHING, though the random seed of Swift's
    # hashing makes a variable touched after a prompt come and go between
    # two runs: a start with it set skips the seeding, which every real
    # start runs (three page faults more before the prompt).
    with tempfile.TemporaryDirectory() as scratch:
        copy = os.path.join(scratch, "ask")
        subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
        locale = os.path.join(os.path.dirname(os.path.abspath(binary)), "locale")
        if os.path.isdir(locale):
            os.symlink(locale, os.path.join(scratch, "locale"))
        for index, (arguments, keys, marker, stdin) in enumerate(SCENARIOS):
            trace = os.path.join(scratch, f"lackey.{index}")
            command = ["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={trace}", copy] + arguments
            if keys is None:
                subprocess.run(command, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               check=False)
            else:
                run_on_terminal(command, keys, marker)
            follow(trace, functions, variables, writes, code, data)
            os.remove(trace)
    shared = shared_sections()
    names = with_variants(code.names(shared), binary)
    with open(output, "w", encoding="utf-8") as out:
        out.write("\n".join(names + data.names(shared)) + "\n")
    print(f"startup-order: {len(names)} functions ({len(code.before)} before a prompt is drawn) "
          f"and {len(data.names())} variables to {output}")


if __name__ == "__main__":
    main()
