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
        --xunit-output FILE); its tests are counted from it, and a run of no
        test fails. --counts: the last line that ends `N passed, M failed`
        (`, K skipped`) gives its counts. --no-warnings: a line with
        `warning:` fails the stage (a build a newcomer can trust).
        --keep-going: a failed stage is kept and this exits 0, so that later
        stages still run; `total` fails.
    stage.py total RESULTS [STATUS]
        Each stage's time and counts; under them, for each failed stage,
        its first lines that say what failed (at most 8: a log cut to its
        end still shows them); then the counts of all summed as the last
        line: `N passed, M failed` (`, K skipped` when tests skipped).
        A failed stage with no tests of its own (a build), a stage that
        started and never ended, and a chain of stages that stopped with
        STATUS other than 0 each count as one failed, so the line never says
        `0 failed` after a failure. Exit status 1 when anything failed.

The command runs in a session of its own, with no controlling terminal:
what it prints reaches the terminal only through here (Ctrl-C, SIGTERM and
SIGHUP are passed on to it). Every C0 control but newline and tab, DEL,
every C1 control (U+0080 to U+009F), the bidi controls, the line and
paragraph separators and every byte that is not UTF-8 is shown escaped
(`\\u{1B}`, `\\xFF`), never sent, and fails the stage, naming the test
whose output held it (or the one shown last before it); so does a line
wider than 300 columns, tabs counted to the next multiple of 8 (shown
folded, at most 4 rows of it; V=1, which shows the commands make runs,
allows long lines). Swift Testing prints a parameterized test's arguments
as they are: give them a CustomTestStringConvertible description that is
escaped and short. The stage ends when the command has ended and its
output is closed, or 10 s after the command ended while a process it left
holds the output (then the stage fails).

By default the lines that only say that something started or passed
(Swift Testing's `◇` and per-test `✔` lines and its version lines,
SwiftPM's `[n/m] Compiling` lines) are left out; the suites' results,
skips with their reasons, failures, warnings and each run's own summary
are shown. V=1 in the environment shows every line. Every line, shown or
not, is checked, and written escaped to RESULTS/NAME.log.

Standard library only, any Python 3.7 or later.
"""
import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import unicodedata
import xml.etree.ElementTree as ElementTree

MAX_COLUMNS = 300
# The rows of a long line shown; the rest is in the log.
MAX_ROWS = 4
# How long the output may stay open after the command has ended (seconds).
LINGER = 10

# Lines left out unless V=1: what starts, and what merely passed.
QUIET = re.compile(
    r"^(◇ |↳ (Testing Library Version|Target Platform):|✔ Test (?!run with)|\[\d+/\d+\] |Building for |Write "
    r"|Planning build|Compiling plugin|Building build-tool|Fetching |Computing version)")
# A line naming a Swift Testing test: a test case's line names it last.
TEST_NAME = re.compile(r' to ("(?:[^"\\]|\\.)*"|\S+\(.*\)) started\.$|^\S+ Test ("(?:[^"\\]|\\.)*"|\S+\([^)]*\))')
COUNTS = re.compile(r"(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$")
# A line that says what failed, among those shown: a failed test or issue
# (Swift Testing's ✘), an error, a sanitizer's or libFuzzer's report (with
# the failing input in Base64), a count of failures above zero. `total`
# repeats a failed stage's first ones under its table, where a log cut to
# its end still shows them.
FAILURE = re.compile(r"✘|\bFAILED\b|\bERROR\b|\b[Ee]rror:|Fatal error|SUMMARY:|fuzz check failed|^Base64:"
                     r"|Test unit written|\b[1-9]\d* failed")
# How many of a failed stage's failure lines `total` repeats.
FAILURE_LINES = 8
# Zero-width characters a terminal draws as nothing.
ZERO_WIDTH = {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF}


def is_unsafe(code):
    """True for a code point no test output may send to a terminal: C0 but
    tab, DEL, C1, the bidi controls, the line and paragraph separators."""
    return ((code < 0x20 and code != 0x09) or 0x7F <= code <= 0x9F or 0x202A <= code <= 0x202E
            or 0x2066 <= code <= 0x2069 or code in (0x200E, 0x200F, 0x061C, 0x2028, 0x2029))


def width(text, start=0):
    """Display width in terminal columns, as a terminal draws it, of `text`
    starting at column `start` (a tab goes to the next multiple of 8)."""
    columns = start
    for character in text:
        code = ord(character)
        if character == "\t":
            columns += 8 - columns % 8
        elif code in ZERO_WIDTH or unicodedata.combining(character) or unicodedata.category(character) in ("Mn", "Me"):
            continue
        else:
            columns += 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1
    return columns - start


def folded(text):
    """`text` as rows of at most MAX_COLUMNS columns, at most MAX_ROWS of
    them (a failure's message can be longer: it is shown folded)."""
    if width(text) <= MAX_COLUMNS:
        return [text]
    rows, row, columns = [], [], 0
    for character in text:
        wide = width(character, columns)
        if columns + wide > MAX_COLUMNS:
            rows.append("".join(row))
            if len(rows) == MAX_ROWS:
                return rows + ["… (a line of %d columns: the whole of it is in the stage's log)" % width(text)]
            row, columns = [], 0
            wide = width(character, 0)
        row.append(character)
        columns += wide
    return rows + ["".join(row)]


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
    """Escapes each line and charges what is unsafe to a test: the one the
    line names, else the one named last before it (lines of one test's
    output may come after another's name: the tests run at once)."""

    def __init__(self, stage, long_lines_allowed):
        self.stage = stage
        self.long_lines_allowed = long_lines_allowed
        self.last = None
        self.problems = {}  # owner -> {problem: count}

    def line(self, raw):
        text, unsafe = escape_line(raw)
        found = ["raw " + name for name in unsafe]
        if not self.long_lines_allowed and width(text) > MAX_COLUMNS:
            found.append("a line of more than %d columns" % MAX_COLUMNS)
        match = TEST_NAME.search(text)
        if match:
            self.last = match.group(1) or match.group(2)
            owner = "test " + self.last
        else:
            owner = "near test " + self.last if self.last else self.stage
        for problem in found:
            counts = self.problems.setdefault(owner, {})
            counts[problem] = counts.get(problem, 0) + 1
        return text


def drained_lines(stream, child):
    """The lines of `stream` (bytes, newline removed), read by a thread of
    their own as fast as the command writes them: a writer blocked on a full
    pipe can have its write cut short by a signal (the in-process terminal
    session tests deliver them), and glibc's stdio then drops what it held.
    Ends at the end of the output, or LINGER seconds after `child` ended
    with the output still open; then a last None says so."""
    chunks = queue.Queue()

    def read():
        while True:
            chunk = os.read(stream.fileno(), 1 << 16)
            chunks.put(chunk)
            if not chunk:
                return

    threading.Thread(target=read, daemon=True).start()
    pending = b""
    ended = None
    while True:
        try:
            chunk = chunks.get(timeout=0.5)
        except queue.Empty:
            if child.poll() is not None:
                ended = ended or time.monotonic()
                if time.monotonic() - ended > LINGER:
                    if pending:
                        yield pending
                    yield None
                    return
            continue
        if not chunk:
            if pending:
                yield pending
            return
        pending += chunk
        *lines, pending = pending.split(b"\n")
        yield from lines


# Where a Swift Testing event line begins (◇, ✔ or ✘, then Test or Suite).
EVENT_START = re.compile(rb"(?<=.)(?=(?:\xe2\x97\x87|\xe2\x9c\x94|\xe2\x9c\x98) (?:Test|Suite) )")


def event_lines(lines):
    """`lines`, with a line that holds a second Swift Testing event cut
    before it: a write of Swift Testing's cut short by a signal that a test
    delivered in its process loses the rest of its line, newline included,
    and the next event's line runs on from there (seen once: a 367-column
    line, two `started` lines in one)."""
    for raw in lines:
        if raw is None:
            yield raw
        else:
            yield from EVENT_START.split(raw)


def xunit_counts(path):
    """(passed, failed, skipped) of a Swift Testing JUnit XML file, or None."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError:
        return None
    # Swift Testing writes a failure's message as it is, and a form feed or
    # a vertical tab in it as a character reference: XML 1.0 takes neither.
    data = bytes(b if b >= 0x20 or b in (0x09, 0x0A, 0x0D) else 0x3F for b in data)
    data = re.sub(rb"&#(x[0-9A-Fa-f]+|[0-9]+);", lambda m: b"?" if invalid_reference(m.group(1)) else m.group(0), data)
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError:
        return None
    passed = failed = skipped = 0
    for case in root.iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
    return passed, failed, skipped


def invalid_reference(number):
    """Whether the character reference &#NUMBER; names no XML 1.0 character."""
    code = int(number[1:], 16) if number[:1] in (b"x", b"X") else int(number)
    return (code < 0x20 and code not in (0x09, 0x0A, 0x0D)) or 0xD800 <= code <= 0xDFFF or code in (0xFFFE, 0xFFFF)


def stage_file(results, name, extension):
    return os.path.join(results, re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-") + extension)


def keep(results, record):
    with open(os.path.join(results, "stages.jsonl"), "a", encoding="utf-8") as file:
        file.write(json.dumps(record) + "\n")


def run(results, name, command, xunit=None, counts=False, no_warnings=False, keep_going=False):
    verbose = os.environ.get("V") == "1"
    print("== " + name, flush=True)
    os.makedirs(results, exist_ok=True)
    if xunit:
        try:
            os.unlink(xunit)
        except FileNotFoundError:
            pass
    # Started: a stage that never ends (this process killed) is a failure.
    keep(results, {"name": name, "started": True})
    record = {"name": name, "seconds": 0.0, "passed": 0, "failed": 0, "skipped": 0,
              "counted": bool(xunit or counts)}
    checker = Checker("stage '%s'" % name, long_lines_allowed=verbose)
    warnings = 0
    last_counts = None
    lingered = False
    notes = []
    failure_lines = []
    start = time.monotonic()
    with open(stage_file(results, name, ".log"), "w", encoding="utf-8", errors="surrogateescape") as log:
        try:
            child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        except OSError as error:
            child = None
            notes.append("cannot run %s: %s" % (command[0], error.strerror))
        if child is not None:
            passing_on = pass_signals_to(child)
            for raw in event_lines(drained_lines(child.stdout, child)):
                if raw is None:
                    lingered = True
                    break
                text = checker.line(raw)
                log.write(text + "\n")
                if no_warnings and "warning:" in text:
                    warnings += 1
                # Among the lines shown (not a test that started or passed).
                if len(failure_lines) < FAILURE_LINES and not QUIET.match(text) and FAILURE.search(text):
                    failure_lines.append(text)
                found = COUNTS.search(text)
                if found:
                    last_counts = tuple(int(n or 0) for n in found.groups())
                if verbose or not QUIET.match(text):
                    for part in folded(text):
                        print(part, flush=True)
            status = child.wait()
            passing_on()
            if passing_on.signal:
                # Interrupted (Ctrl-C): no verdict, no total; end as make would.
                print("== %s interrupted by signal %d" % (name, passing_on.signal), flush=True)
                signal.signal(passing_on.signal, signal.SIG_DFL)
                os.kill(os.getpid(), passing_on.signal)
    record["seconds"] = round(time.monotonic() - start, 1)
    problems = checker.problems

    if child is not None and xunit:
        found = xunit_counts(xunit)
        if found is None:
            notes.append("no test results were written (%s): the run did not finish" % xunit)
            record["failed"] = 1
        elif sum(found) == 0:
            notes.append("no test ran (does the filter name the tests?)")
            record["failed"] = 1
        else:
            record["passed"], record["failed"], record["skipped"] = found
    elif child is not None and counts:
        if last_counts is None:
            notes.append("it printed no line ending 'N passed, M failed'")
            record["failed"] = 1
        else:
            record["passed"], record["failed"], record["skipped"] = last_counts
    if child is not None:
        if status < 0:
            notes.append("%s ended by signal %d" % (command[0], -status))
        elif status > 0:
            notes.append("%s exited with status %d" % (command[0], status))
    if lingered:
        notes.append("a process %s left still held its output %d s after it ended" % (command[0], LINGER))
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
    failed = bool(child is None or status != 0 or lingered or warnings or problems or record["failed"])
    record["ok"] = not failed
    if failed:
        record["why"] = (failure_lines + ["stage '%s': %s" % (name, note) for note in notes])[:FAILURE_LINES]
    if failed and not record["failed"]:
        # A build or a check with no tests of its own, or a suite whose
        # tests passed but whose output was refused: one failure, so that
        # the last line never says "0 failed" after one.
        record["failed"] = 1
    for note in notes:
        for part in folded("stage '%s': %s" % (name, note)):
            print(part, flush=True)
    keep(results, record)
    summary = "== %s %s in %.1f s" % (name, "failed" if failed else "passed", record["seconds"])
    if record["counted"]:
        summary += ": " + counts_line(record)
    print(summary, flush=True)
    if failed and not keep_going:
        return 1
    return 0


def pass_signals_to(child):
    """Passes SIGINT, SIGTERM and SIGHUP to `child`'s session (it has no
    terminal to get Ctrl-C from); the returned function puts the old
    actions back, and its `signal` is the signal that came, or 0."""
    signals = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

    def forward(number, frame):
        restore.signal = number
        try:
            os.killpg(child.pid, number)
        except ProcessLookupError:
            pass

    old = {number: signal.signal(number, forward) for number in signals}

    def restore():
        for number, action in old.items():
            signal.signal(number, action)

    restore.signal = 0
    return restore


def counts_line(record):
    line = "%d passed, %d failed" % (record["passed"], record["failed"])
    if record["skipped"]:
        line += ", %d skipped" % record["skipped"]
    return line


def total(results, status):
    try:
        with open(os.path.join(results, "stages.jsonl"), encoding="utf-8") as file:
            lines = [json.loads(line) for line in file if line.strip()]
    except FileNotFoundError:
        lines = []
    records, open_stages = [], []
    for line in lines:
        if line.get("started"):
            open_stages.append(line["name"])
        else:
            records.append(line)
            if line["name"] in open_stages:
                open_stages.remove(line["name"])
    print("== total")
    sums = {"passed": 0, "failed": 0, "skipped": 0}
    seconds = 0.0
    wide = max([len(r["name"]) for r in records] + [len(n) for n in open_stages] + [6])
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
    for name in open_stages:
        print("  %-*s %9s   FAILED: it did not end" % (wide, name, ""))
        sums["failed"] += 1
    if status != 0:
        print("  the stages stopped early (status %d)" % status)
        if sums["failed"] == 0:
            sums["failed"] += 1
    print("  %-*s %7.1f s" % (wide, "in all", seconds))
    # What failed, last, where a log cut to its end still shows it.
    for record in records:
        if not record["ok"] and record.get("why"):
            print("what failed in '%s' (its first lines of failure; all of it: %s):"
                  % (record["name"], os.path.relpath(stage_file(results, record["name"], ".log"))))
            for text in record["why"]:
                for part in folded("  " + text)[:2]:
                    print(part)
    print(counts_line(sums), flush=True)
    ok = records and not open_stages and status == 0 and all(r["ok"] for r in records)
    return 0 if ok else 1


def main(argv):
    if len(argv) >= 2 and argv[0] == "begin":
        os.makedirs(argv[1], exist_ok=True)
        for entry in os.listdir(argv[1]):
            if entry == "stages.jsonl" or entry.endswith((".log", ".xml")):
                os.unlink(os.path.join(argv[1], entry))
        return 0
    if len(argv) in (2, 3) and argv[0] == "total" and (len(argv) == 2 or argv[2].isdigit()):
        return total(argv[1], int(argv[2]) if len(argv) == 3 else 0)
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
    # What the commands print is UTF-8 (escaped here); so is what is shown,
    # whatever PYTHONIOENCODING or the locale say.
    sys.stdout.reconfigure(encoding="utf-8", errors="surrogateescape")
    sys.exit(main(sys.argv[1:]))
