#!/usr/bin/env python3
"""Writes the symbol order the release link lays the start-up code out in.

    scripts/startup-order.py BINARY OUTPUT

Runs BINARY (a release `ask`) one instruction at a time (ptrace), and
under valgrind's lackey, which traces every access, for the prompts people
and scripts start most: an alert on a pseudo-terminal, a secure field, a
login-password pair, a JSON spec, an answer piped in and --help. Writes
every function they ran, one linker symbol a line, to OUTPUT, which the
release link gives lld (`--symbol-ordering-file`); then every variable
they read or wrote. The code is traced on the machine's own CPU, with the
kernel's vDSO mapped: under valgrind, glibc chose other string functions,
and never ran its vDSO set-up, which every real start runs (x86-64 only).
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
place. Code without a symbol cannot be named, and keeps its place: the
release build turns LLVM's function merging off (the Makefile), which made
unnamed functions of identical helpers.

The standard library's code is one section of 1.6 MB, which the linker
moves whole; where it starts decides how many 64 KB windows the places the
prompts run in it fall into (9 to 12 for the alert). So the order puts
Sources/CStartupLayout's code anchor, aligned to 64 KB, right before it,
then code no prompt runs, as much as makes the section start where the
alert and the secure field touch the fewest windows (9 and 10; the other
prompts decide between equal starts). The sizes are the binary traced's,
so a change that moves code is traced again, as for the order itself.

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
import ctypes
import glob
import os
import platform
import pty
import re
import select
import shutil
import signal
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


class Registers(ctypes.Structure):
    """x86-64 Linux's user_regs_struct, as PTRACE_GETREGS fills it."""
    _fields_ = [(name, ctypes.c_ulonglong) for name in (
        "r15 r14 r13 r12 rbp rbx r11 r10 r9 r8 rax rcx rdx rsi rdi orig_rax rip cs eflags rsp ss "
        "fs_base gs_base ds es fs gs").split()]


PTRACE_TRACEME, PTRACE_GETREGS, PTRACE_SINGLESTEP = 0, 12, 9


def step_through(command, keys, stdin, seen, waits):
    """Runs `command` one instruction at a time (ptrace), on a pseudo-terminal
    typing each line of `keys` when it next waits for input after drawing
    (entering poll(2) with a timeout, or read(2)), or with `stdin` piped,
    and calls seen(address) with the address of every instruction it runs,
    in order, to its exit. Its own code, not valgrind's: on the machine's
    own CPU and with the kernel's vDSO mapped, which valgrind hides (glibc
    sets a static program's vDSO up at every start)."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
    lines = [line + b"\r" for line in keys.split(b"\r")[:-1]] if keys is not None else []
    if keys is None:
        reader, writer = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.dup2(reader, 0)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            libc.ptrace(PTRACE_TRACEME, 0, None, None)
            os.execv(command[0], command)
        os.close(reader)
        os.write(writer, stdin)
        os.close(writer)
        terminal = None
    else:
        pid, terminal = pty.fork()
        if pid == 0:
            os.environ["TERM"] = "xterm-256color"
            libc.ptrace(PTRACE_TRACEME, 0, None, None)
            os.execv(command[0], command)
        os.set_blocking(terminal, False)

    def overdue(*_):
        os.kill(pid, signal.SIGKILL)
        sys.exit(f"startup-order: {command[-1]}: no end after 10 minutes of single steps")
    signal.signal(signal.SIGALRM, overdue)
    signal.alarm(600)
    registers, armed, steps = Registers(), False, 0
    _, status = os.waitpid(pid, 0)  # stopped at its execve
    while os.WIFSTOPPED(status):
        libc.ptrace(PTRACE_GETREGS, pid, None, ctypes.byref(registers))
        address = registers.rip
        if seen(address):
            armed = True  # a write: the prompt (or its next field) is being drawn
        wait = waits.get(address)
        if armed and lines and (wait == "read" or (wait == "poll" and registers.rdx != 0)):
            os.write(terminal, lines.pop(0))
            armed = False
        steps += 1
        if terminal is not None and steps % 1024 == 0:
            try:
                os.read(terminal, 65536)  # what it draws, read so that it never blocks on a full terminal
            except (BlockingIOError, OSError):
                pass
        stop = os.WSTOPSIG(status)
        libc.ptrace(PTRACE_SINGLESTEP, pid, None, ctypes.c_void_p(0 if stop == signal.SIGTRAP else stop))
        _, status = os.waitpid(pid, 0)
    signal.alarm(0)
    if terminal is not None:
        os.close(terminal)
    if lines:
        sys.exit(f"startup-order: {command[-1]}: the prompt never waited for its answer")


# glibc's string functions come in variants for each instruction set
# (__memmove_avx_unaligned_erms, __memmove_evex_unaligned_erms,
# __strlen_avx2, __strlen_evex …), one chosen at start by the CPU. The trace
# names those of the CPU it ran on; a CPU with AVX2 alone runs the AVX2
# ones, one with AVX-512 the EVEX or AVX-512 ones, which would lie elsewhere
# (4 page faults a prompt). Both kinds are listed with each; the others
# (SSE2, SSSE3, SSE4.2, RTM: older CPUs, or TSX) are not, 65 KB that would
# spread the rest over a window more.
STRING_VARIANT = re.compile(r"(__(?:mem|str|stp|wmem|wcs|raw)[a-z]*)_(?:sse|ssse|avx|evex|erms)")
CURRENT_VARIANT = re.compile(r"_(?:avx|avx2|evex|avx512)(?:_|$)")


def with_variants(names, binary):
    """`names`, each glibc string function variant followed by its AVX2,
    EVEX and AVX-512 siblings in `binary` (nm)."""
    listing = subprocess.run(["nm", binary], stdout=subprocess.PIPE, text=True, check=True).stdout
    siblings = {}  # the function's base name → its variants in the binary
    for fields in (line.split() for line in listing.splitlines()):
        match = STRING_VARIANT.match(fields[2]) if len(fields) == 3 and fields[1] in "tT" else None
        if match and CURRENT_VARIANT.search(fields[2]) and not fields[2].endswith("_rtm"):
            siblings.setdefault(match.group(1), []).append(fields[2])
    out, seen = [], set()
    for name in names:
        match = STRING_VARIANT.match(name)
        for symbol in [name] + (siblings.get(match.group(1), []) if match else []):
            if symbol not in seen:
                seen.add(symbol)
                out.append(symbol)
    return out


# Sources/CStartupLayout/layout.c: the variable listed first, aligned to a
# page, and the function aligned to 64 KB put before the shared sections.
DATA_ANCHOR = "ask_startup_data_anchor"
CODE_ANCHOR = "ask_startup_code_anchor"
WINDOW = 65536  # the kernel's fault-around: what one page fault of code maps
# Functions of ask's own modules: each in a section of its own, aligned to
# 16 bytes, so that a run of them takes exactly its sizes rounded up to 16.
OWN_FUNCTION = re.compile(r"\$s(6AskCLI|7AskCore)")

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
    """The sections that hold one big share of others (64 KB of code or 4 KB
    of data and more) in the Swift static libraries, each as the set of its
    functions' or variables' names and its size: the standard library's code is one
    1.6 MB section, its variables one of 86 KB. The linker moves a section
    whole, to where its first listed symbol is, so such a section is listed
    after what the prompts run before they are drawn: in the middle of it,
    it would split the rest in two, 1.6 MB apart."""
    swiftc = shutil.which("swiftc")
    if swiftc is None:
        return []
    folder = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swiftc))), "lib", "swift_static", "linux")
    found = []
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
                found.append((set(members), end - start))
    return found


def window_counts(offsets):
    """How many 64 KB windows the code at `offsets` (bytes into a block of
    code) falls into, for every start of the block in a window that is a
    multiple of 16 bytes, in one pass: two pieces of code d bytes apart (d
    below 64 KB) fall in two windows for d of the starts, one interval
    (counted in 16-byte units, as is the code: exact, as the starts are
    multiples of 16)."""
    size = WINDOW // 16
    units = sorted({offset // 16 for offset in offsets})
    counts = [1 if units else 0] * size
    change = [0] * (size + 1)
    for a, b in zip(units, units[1:]):
        gap = b - a
        if gap >= size:
            counts = [c + 1 for c in counts]
            continue
        first = (size - gap - a) % size  # the starts whose a lies within gap of a window's end
        last = first + gap
        change[first] += 1
        if last <= size:
            change[last] -= 1
        else:
            change[size] -= 1
            change[0] += 1
            change[last - size] -= 1
    running = 0
    for start in range(size):
        running += change[start]
        counts[start] += running
    return counts


def shifted(before, after, sections, shared, functions, executed):
    """The pre-prompt names `before` (shared sections last, as Order.names
    gives them) with the code anchor and the code no prompt runs that
    places the shared sections where the code the prompts ran in them
    before they were drawn (`executed`, an address set a prompt) takes the
    fewest 64 KB windows; (names, a line that says so). The shared
    sections follow one another, the one the prompts ran the most first,
    each as long as in the binary traced (`functions`, symbols_of); a
    section's own small sections beside it are not counted, so the second
    one's place is only near."""
    anchors = [(start, end) for start, end, names in functions if CODE_ANCHOR in names]
    if not anchors:
        return before, "no code anchor in the binary (Sources/CStartupLayout): the shared sections not placed"
    count = {}
    for _, _, names in functions:
        for name in names:
            count[name] = count.get(name, 0) + 1
    placed = []  # (code run in it before a prompt, start, end, its one name) of each shared section
    for members, size in sections:
        # Where the section lies: the span of its size that holds the most
        # of its names (a specialization in ask's modules can bear the name
        # of one in the standard library; a library not linked has none).
        starts = sorted((start, names) for start, _, names in functions if members.intersection(names))
        first, most = 0, (0, 0)
        for last, (start, _) in enumerate(starts):
            while start - starts[first][0] >= size:
                first += 1
            most = max(most, (last - first + 1, -first))
        if most[0] * 2 < len(members):
            continue
        start = starts[-most[1]][0]
        ran = sum(1 for addresses in executed for address in addresses if start <= address < start + size)
        unique = [name for _, names in starts[-most[1]:-most[1] + most[0]] for name in names if count[name] == 1]
        if ran and unique:
            placed.append((-ran, start, start + size, unique[0]))
    # The section that runs the most first, each pinned by a name no other
    # function bears.
    placed.sort()
    block, offsets = 0, [set() for _ in executed]  # each section's code, as bytes into the block
    for _, start, end, _ in placed:
        for ran, into in zip(executed, offsets):
            into.update(block + address - start for address in ran if start <= address < end)
        block += (end - start + 15) // 16 * 16
    if not any(offsets):
        return before, "no prompt ran shared code before it was drawn: the shared sections not placed"
    # The first two prompts (the alert and the secure field: what people
    # and scripts start most, and what `make bench` measures) come first;
    # the others decide between their best starts.
    cost = [sum(column[:2]) * 1000 + sum(column) for column in zip(*(window_counts(ran) for ran in offsets))]
    best = min(cost)
    # The middle of the longest run of the best starts: a few bytes more or
    # less (a function's alignment) keep it.
    runs, current = [], []
    for index, value in enumerate(cost + [None]):
        if value == best:
            current.append(index)
        elif current:
            runs.append(current)
            current = []
    target = max(runs, key=len)[len(max(runs, key=len)) // 2] * 16
    anchor = anchors[0]
    room = target - (anchor[1] - anchor[0] + 15) // 16 * 16
    ran_anywhere = set(before) | set(after)
    fillers, filled = [], 0
    for start, end, names in sorted(functions, key=lambda f: f[0] - f[1]):
        size = (end - start + 15) // 16 * 16
        if 0 < size <= room - filled and OWN_FUNCTION.match(names[0]) and not ran_anywhere & set(names):
            fillers.append(names[0])
            filled += size
    names = ([name for name in before if name not in shared] + [CODE_ANCHOR] + fillers
             + [pin for _, _, _, pin in placed] + [name for name in before if name in shared])
    counts = [window_counts(ran) for ran in offsets]
    at = [sum(column[index] for column in counts[:2]) for index in (target // 16, placed[0][1] % WINDOW // 16)]
    worst = max(sum(column[:2]) for column in zip(*counts))
    return names, (f"the shared code starts {target:#x} into a 64 KB window (after {len(fillers)} functions no "
                   f"prompt runs, {filled} bytes): the code the alert and the secure field ran in it before they "
                   f"were drawn takes {at[0]} windows (in the binary traced: {at[1]}; {worst} at the worst start)")


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


class CodeFollower:
    """seen(address) for step_through: adds to the Order `code` each
    function (symbols_of) as it is entered, before or after the first call
    of write(2) (its addresses in `writes`), the one that draws the prompt
    (write(2) itself counted before), and to the set `executed` the address
    of every instruction run before it; True at a call of write(2)."""

    def __init__(self, functions, writes, code, executed):
        self.functions, self.writes, self.code, self.executed = functions, writes, code, executed
        self.starts = [start for start, _, _ in functions]
        self.drawn, self.current = False, (0, 0, ())

    def __call__(self, address):
        if not self.current[0] <= address < self.current[1]:
            index = bisect.bisect_right(self.starts, address) - 1
            found = self.functions[index] if index >= 0 and address < self.functions[index][1] else None
            self.current = found or (address, address + 1, ())
            self.code.add(self.current[2], self.drawn)
        if address in self.writes:
            self.drawn = True
            return True
        if not self.drawn:
            self.executed.add(address)
        return False


def follow(trace, variables, writes, data):
    """Adds to the Order `data` the variables (symbols_of) read or written in
    lackey's `trace`, each before or after the first call of write(2) (its
    addresses in `writes`), the one that draws the prompt."""
    variable_starts = [start for start, _, _ in variables]
    drawn = False
    with open(trace, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            match = INSTRUCTION.match(line)
            if match:
                if int(match.group(1), 16) in writes:
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
    if platform.machine() != "x86_64":
        sys.exit("startup-order: the code is traced with x86-64's registers; this machine is " + platform.machine())
    functions = symbols_of(binary, "tTwW")
    # Initialized, zeroed or read-only data, not code.
    variables = symbols_of(binary, "bBdDrRvVu")
    writes = {start for start, _, names in functions if {"write", "__libc_write", "__write"} & set(names)}
    waits = {start: kind for start, _, names in functions
             for kind, calls in (("poll", {"poll", "__poll"}), ("read", {"read", "__libc_read", "__read"}))
             if calls & set(names)}
    code, data = Order(), Order()
    executed = []  # a set of instruction addresses a prompt, run before it was drawn
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
            follow(trace, variables, writes, data)
            os.remove(trace)
            executed.append(set())
            step_through([copy] + arguments, keys, stdin, CodeFollower(functions, writes, code, executed[-1]), waits)
    sections = shared_sections()
    shared = set().union(*(members for members, _ in sections))
    before = code.names(shared)[:len(code.before)]
    before, placement = shifted(before, code.after, sections, shared, functions, executed)
    names = with_variants(before + [name for name in code.after if name not in before], binary)
    with open(output, "w", encoding="utf-8") as out:
        out.write("\n".join(names + [DATA_ANCHOR] + data.names(shared)) + "\n")
    print(f"startup-order: {len(names)} functions ({len(code.before)} before a prompt is drawn) "
          f"and {len(data.names())} variables to {output}; {placement}")


if __name__ == "__main__":
    main()
