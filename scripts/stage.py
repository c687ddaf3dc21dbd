#!/usr/bin/env python3
"""The stages of `make test` and `make check`: each runs one command, shows
what it prints without letting a control character reach the terminal, and
keeps its counts, so that the run ends with one line `N passed, M failed`.

    stage.py begin RESULTS
        Starts a run: forgets the stages an earlier run kept in RESULTS (a
        folder).
    stage.py run RESULTS NAME [--xunit FILE] [--counts] [--no-warnings]
                 [--keep-going] -- COMMAND [ARGUMENT...]
        Announces `== NAME`, runs COMMAND with its stdout and stderr read
        here, and keeps how long it took and how it ended. --xunit FILE: the
        command writes Swift Testing's JUnit XML there (swift test
        --xunit-output FILE); its tests are counted from it. --counts: the
        last line of the form `N passed, M failed` the command prints gives
        its counts. --no-warnings: a line with `warning:` fails the stage (a
        build a newcomer can trust). --keep-going: a failed stage is kept and
        this exits 0, so that later stages still run; `total` fails.
    stage.py total RESULTS
        Each stage's time and counts, then the counts of all summed as the
        last line: `N passed, M failed` (`, K skipped` when tests skipped);
        a failed stage with no tests of its own (a build) counts as one
        failed. Exit status 1 when a stage or a test failed.

What reaches the terminal is safe to print there. Every C0 control but
newline and tab, DEL, every C1 control (U+0080 to U+009F) and every byte
that is not UTF-8 is shown escaped (`\\u{1B}`, `\\xFF`), never sent, and is
a failure of the stage that names the test whose output held it; so is a
line wider than 300 columns (shown folded). Swift Testing prints a
parameterized test's arguments as they are: give them a
CustomTestStringConvertible description that is escaped and short.

By default the lines that only say that something started or passed
(Swift Testing's `◇` and per-test `✔` lines and its version lines,
SwiftPM's `[n/m] Compiling` lines) are left out; the suites' results, skips with their reasons,
failures, warnings and each run's own summary are shown. V=1 in the
environment shows every line. Every line, shown or not, is checked, and
written escaped to RESULTS/NAME.log.

Standard library only, any Python 3.7 or later.
"""
import json
import os
import queue
import re
import subprocess
import sys
import threading
import time
import unicodedata
import xml.etree.ElementTree as ElementTree

MAX_COLUMNS = 300

# Lines left out unless V=1: what starts, and what merely passed.
QUIET = re.compile(
    r"^(◇ |↳ (Testing Library Version|Target Platform):|✔ Test (?!run with)|\[\d+/\d+\] |Building for |Write |Planning build|Compiling plugin"
    r"|Building build-tool|Fetching |Computing version)")
# A line naming a Swift Testing test: a test case's line names it last.
TEST_NAME = re.compile(r' to ("(?:[^"\\]|\\.)*"|\S+\(.*\)) started\.$|^\S+ Test ("(?:[^"\\]|\\.)*"|\S+\([^)]*\))')
COUNTS = re.compile(r"(\d+) passed, (\d+) failed(?:, (\d+) skipped)?")


def is_unsafe(code):
    """True for a code point no test output may send to a terminal."""
    return (code < 0x20 and code != 0x09) or 0x7F <= code <= 0x9F


def width(text):
    """Display width in terminal columns, as a terminal draws it."""
    columns = 0
    for character in text:
        if unicodedata.combining(character) or unicodedata.category(character) in ("Mn", "Me", "Cf"):
            continue
        columns += 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1
    return columns


def folded(text):
    """`text` as lines of at most MAX_COLUMNS columns (a failure's message
    can be longer: it is shown whole, folded, and fails the stage)."""
    if width(text) <= MAX_COLUMNS:
        return [text]
    parts, part, columns = [], [], 0
    for character in text:
        wide = width(character)
        if columns + wide > MAX_COLUMNS:
            parts.append("".join(part))
            part, columns = [], 0
        part.append(character)
        columns += wide
    return parts + ["".join(part)]


def escape_line(raw):
    """(escaped text, names of the unsafe characters) of one line's bytes,
    its newline removed."""
    text = raw.decode("utf-8", errors="surrogateescape")
    out, unsafe = [], []
    for character in text:
        code = ord(character)
        if 0xDC80 <= code <= 0xDCFF:  # a byte that is not UTF-8
            out.append("\\x%02X" % (code - 0xDC00))
            unsafe.append("byte 0x%02X (not UTF-8)" % (code - 0xDC00))
        elif is_unsafe(code):
            out.append("\\u{%X}" % code)
            unsafe.append("U+%04X" % code)
        else:
            out.append(character)
    return "".join(out), unsafe


class Checker:
    """Escapes each line and attributes what is unsafe to a test."""

    def __init__(self, stage):
        self.stage = stage
        self.pending = []  # problems met before the line naming their test
        self.problems = {}  # test (or stage) -> {problem: count}

    def _add(self, owner, problem):
        counts = self.problems.setdefault(owner, {})
        counts[problem] = counts.get(problem, 0) + 1

    def line(self, raw):
        text, unsafe = escape_line(raw)
        found = ["raw " + name for name in unsafe]
        columns = width(text)
        if columns > MAX_COLUMNS:
            found.append("a line of more than %d columns" % MAX_COLUMNS)
        match = TEST_NAME.search(text)
        name = match and "test " + (match.group(1) or match.group(2))
        # A record Swift Testing wrote over several lines (a raw newline in
        # an argument) names its test on its last line.
        self.pending.extend(found)
        if name or len(self.pending) > 200:
            for problem in self.pending:
                self._add(name or self.stage, problem)
            self.pending = []
        return text

    def finish(self):
        for problem in self.pending:
            self._add(self.stage, problem)
        self.pending = []
        return self.problems


def drained_lines(stream):
    """The lines of `stream` (bytes, newline removed), read by a thread of
    their own as fast as the command writes them: a writer blocked on a full
    pipe can have its write cut short by a signal (the in-process terminal
    session tests deliver them), and glibc's stdio then drops what it held."""
    chunks = queue.Queue()

    def read():
        while True:
            chunk = os.read(stream.fileno(), 1 << 16)
            chunks.put(chunk)
            if not chunk:
                return

    threading.Thread(target=read, daemon=True).start()
    pending = b""
    while True:
        chunk = chunks.get()
        if not chunk:
            if pending:
                yield pending
            return
        pending += chunk
        *lines, pending = pending.split(b"\n")
        yield from lines


def xunit_counts(path):
    """(passed, failed, skipped) of a Swift Testing JUnit XML file, or None."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError:
        return None
    # Swift Testing writes a failure's message as it is: no XML parser takes
    # a raw control character.
    data = bytes(b if b >= 0x20 or b in (0x09, 0x0A, 0x0D) else 0x3F for b in data)
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError:
        return None
    passed = failed = skipped = 0
    for case in root.iter("testcase"):
        if case.find("failure") is not None:
            failed += 1
        elif case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
    return passed, failed, skipped


def stage_file(results, name, extension):
    return os.path.join(results, re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-") + extension)


def run(results, name, command, xunit=None, counts=False, no_warnings=False, keep_going=False):
    verbose = os.environ.get("V") == "1"
    print("== " + name, flush=True)
    os.makedirs(results, exist_ok=True)
    if xunit:
        try:
            os.unlink(xunit)
        except FileNotFoundError:
            pass
    checker = Checker("stage '%s'" % name)
    warnings = 0
    last_counts = None
    start = time.monotonic()
    with open(stage_file(results, name, ".log"), "w", encoding="utf-8", errors="surrogateescape") as log:
        try:
            child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL)
        except OSError as error:
            print("stage: cannot run %s: %s" % (command[0], error.strerror), flush=True)
            return 1
        for raw in drained_lines(child.stdout):
            text = checker.line(raw)
            log.write(text + "\n")
            if no_warnings and "warning:" in text:
                warnings += 1
            found = COUNTS.search(text)
            if found:
                last_counts = tuple(int(n or 0) for n in found.groups())
            if verbose or not QUIET.match(text):
                for part in folded(text):
                    print(part, flush=True)
        status = child.wait()
    seconds = time.monotonic() - start
    problems = checker.finish()

    record = {"name": name, "seconds": round(seconds, 1), "passed": 0, "failed": 0, "skipped": 0,
              "status": status, "counted": bool(xunit or counts)}
    notes = []
    if xunit:
        found = xunit_counts(xunit)
        if found is None:
            notes.append("no test results were written (%s): the run did not finish" % xunit)
            record["failed"] = 1
        else:
            record["passed"], record["failed"], record["skipped"] = found
    elif counts:
        if last_counts is None:
            notes.append("it printed no 'N passed, M failed' line")
            record["failed"] = 1
        else:
            record["passed"], record["failed"], record["skipped"] = last_counts
    if status < 0:
        notes.append("%s ended by signal %d" % (command[0], -status))
    elif status > 0:
        notes.append("%s exited with status %d" % (command[0], status))
    if warnings:
        notes.append("%d line(s) with 'warning:'" % warnings)
    if problems:
        notes.append("its output held what a terminal must not be sent:")
        for owner, found in sorted(problems.items()):
            listed = ", ".join("%s ×%d" % (problem, n) if n > 1 else problem for problem, n in sorted(found.items()))
            notes.append("  %s: %s" % (owner, listed))
        notes.append("  (Swift Testing prints a parameterized test's arguments as they are: describe them"
                     " through CustomTestStringConvertible, escaped and short; a long line may also be"
                     " a long test name with its failure)")
    failed = bool(status != 0 or warnings or problems or record["failed"])
    record["ok"] = not failed
    if failed and not record["failed"]:
        # A build or a check with no tests of its own, or a suite whose
        # tests passed but whose output was refused: one failure, so that
        # the last line never says "0 failed" after one.
        record["failed"] = 1
    for note in notes:
        print("stage '%s': %s" % (name, note), flush=True)
    with open(os.path.join(results, "stages.jsonl"), "a", encoding="utf-8") as file:
        file.write(json.dumps(record) + "\n")
    summary = "%s %s in %.1f s" % ("==", name + (" failed" if failed else " passed"), seconds)
    if record["counted"]:
        summary += ": " + counts_line(record)
    print(summary, flush=True)
    if failed and not keep_going:
        return 1
    return 0


def counts_line(record):
    line = "%d passed, %d failed" % (record["passed"], record["failed"])
    if record["skipped"]:
        line += ", %d skipped" % record["skipped"]
    return line


def total(results):
    try:
        with open(os.path.join(results, "stages.jsonl"), encoding="utf-8") as file:
            records = [json.loads(line) for line in file if line.strip()]
    except FileNotFoundError:
        records = []
    print("== total")
    sums = {"passed": 0, "failed": 0, "skipped": 0}
    seconds = 0.0
    wide = max([len(r["name"]) for r in records] + [6])
    for record in records:
        seconds += record["seconds"]
        for key in sums:
            sums[key] += record[key]
        line = "  %-*s %7.1f s" % (wide, record["name"], record["seconds"])
        if record["counted"]:
            line += "   " + counts_line(record)
        if not record["ok"]:
            line += "   FAILED"
        print(line)
    print("  %-*s %7.1f s" % (wide, "in all", seconds))
    print(counts_line(sums), flush=True)
    return 0 if records and all(r["ok"] for r in records) else 1


def main(argv):
    if len(argv) >= 2 and argv[0] == "begin":
        os.makedirs(argv[1], exist_ok=True)
        for entry in os.listdir(argv[1]):
            if entry == "stages.jsonl" or entry.endswith((".log", ".xml")):
                os.unlink(os.path.join(argv[1], entry))
        return 0
    if len(argv) == 2 and argv[0] == "total":
        return total(argv[1])
    if len(argv) >= 5 and argv[0] == "run" and "--" in argv:
        split = argv.index("--")
        results, name, options, command = argv[1], argv[2], argv[3:split], argv[split + 1:]
        settings = {"xunit": None, "counts": False, "no_warnings": False, "keep_going": False}
        i = 0
        while i < len(options):
            option = options[i]
            if option == "--xunit" and i + 1 < len(options):
                settings["xunit"] = options[i + 1]
                i += 1
            elif option in ("--counts", "--no-warnings", "--keep-going"):
                settings[option[2:].replace("-", "_")] = True
            else:
                print("stage: unknown option '%s'" % option, file=sys.stderr)
                return 2
            i += 1
        if command:
            return run(results, name, command, **settings)
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
