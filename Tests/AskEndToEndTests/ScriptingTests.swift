import AskTestSupport
import Glibc
import Testing

/// `ask` in scripts: capture, pipes, no terminal, signals, what reaches
/// stdout and stderr.
@Suite("Scripts, pipes and signals", .serialized, .ownThread)
struct ScriptingTests {
  @Test("x=$(ask …) captures only the result; the prompt stays on the terminal (C02)")
  func capture() throws {
    let pty = try AskSession.shell("""
      choice=$(ask -t 'Delete 3 files?' -m 'This cannot be undone.' -c Cancel -d Delete); \
      printf '[%s] %s\\n' "$choice" $?
      """)
    try pty.waitForPrompt("Delete 3 files?")
    #expect(pty.screen.contains("This cannot be undone."))
    #expect(pty.screen.contains("1) "))
    pty.type("Delete\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "[Delete] 0\n")
    #expect(pty.termiosRestored)
  }

  @Test("The README's first example: with -q the chosen title never reaches the script's output", arguments: [
    ("Delete\r", "removed 0\n"), ("Keep\r", "kept 1\n"), ("\u{4}", "kept 1\n"),
  ])
  func quiet(keys: LoggedText, output: LoggedText) throws {
    let pty = try AskSession.shell("""
      if ask -q -t "Delete 3 files?" -d Delete -c Keep; then echo removed $?; else echo kept $?; fi
      """)
    try pty.waitForPrompt("Delete 3 files?")
    pty.type(keys.text)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == output.text)
    #expect(pty.termiosRestored)
  }

  @Test("With stderr thrown away the prompt is still drawn on /dev/tty")
  func stderrDiscarded() throws {
    let pty = try AskSession.shell("ask -t 'Delete 3 files?' -c Cancel -d Delete 2>/dev/null")
    try pty.waitForPrompt("Delete 3 files?")
    pty.type("2\r")
    #expect(try pty.waitForExit() == 1)
    #expect(pty.stdout == "")
  }

  @Test("From a pipe ask consumes exactly its line; the rest stays for the next reader (C03)")
  func pipeConsumesOneLine() throws {
    let pty = try AskSession.shell("ask -t T A B; cat", stdin: .pipe(Array("2\nrest\n".utf8)))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "B\nrest\n")
    #expect(pty.screen.contains("Choice [1-2, Ctrl-D = cancel]: 2\r\n"))
  }

  @Test("A script piped into bash runs every line after an ask (C03)")
  func scriptPipedIntoBash() throws {
    let pty = try AskSession.shell("printf '%s\\n' 'ask -t First One Two' 2 'echo after' | bash")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Two\nafter\n")
    #expect(pty.termiosRestored)
  }

  @Test("Piped answers: CR LF is LF, a last line without newline counts, end of input cancels",
        arguments: [
    ("Yes\r\n", "Yes\n", Int32(0)), ("yes", "Yes\n", 0), ("", "", 1), ("\n", "", 2),
    ("  1  \n", "Yes\n", 0), ("2\n", "", 1),
  ])
  func pipedAnswers(input: LoggedText, stdout: LoggedText, status: Int32) throws {
    let pty = try AskSession.ask(["-t", "Deploy?", "-c", "No", "Yes"], stdin: .pipe(Array(input.text.utf8)))
    #expect(try pty.waitForExit() == status)
    #expect(pty.stdout == stdout.text)
  }

  @Test("With no terminal at all the prompt goes to stderr and answers come from stdin")
  func noTerminal() throws {
    let pty = try AskSession.ask(["-t", "Pick", "Alpha", "Beta"], stdin: .noTerminal(Array("2\n".utf8)))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Beta\n")
    #expect(pty.stderr == "Pick\n  1) Alpha\n  2) Beta\nChoice [1-2, Ctrl-D = cancel]: 2\n")
  }

  @Test("With no terminal an unrecognised answer is one hint and exit 2, never a loop (C05)")
  func noTerminalInvalid() throws {
    let pty = try AskSession.ask(["-t", "Pick", "Alpha", "Beta"], stdin: .noTerminal(Array("9\n1\n".utf8)))
    #expect(try pty.waitForExit(timeout: 3) == 2)
    #expect(pty.stdout == "")
    #expect(pty.stderr.hasSuffix(": 9\nask: No button matches '9': type a number from 1 to 2 or a title.\n"))
  }

  @Test("A piped answer that chooses nothing shows its hint once on the terminal and once on stderr")
  func pipeInvalidWithTerminal() throws {
    let pty = try AskSession.ask(["-t", "T", "A", "B"], stdin: .pipe(Array("Gamma\n".utf8)))
    #expect(try pty.waitForExit() == 2)
    #expect(pty.count("No button matches 'Gamma'") == 1)
    #expect(pty.stderr == "ask: No button matches 'Gamma': type a number from 1 to 2 or a title.\n")
  }

  @Test("A piped answer that is not UTF-8 is exit 2 naming its line, never U+FFFD; a secret's bytes are never shown",
        arguments: [
    (["-t", "T", "A", "B"], [0xE9, 0x0A], 1),  // a button answer
    (["-s", "plain"], Array("caf".utf8) + [0xE9, 0x0A], 1),
    (["-s", "secure"], Array("hunter".utf8) + [0xFF, 0x0D, 0x0A], 1),
    (["-s", "login-password"], Array("alice\nhunter".utf8) + [0xFF, 0x0A], 2),
    (["-s", "secure", "--repeat"], Array("hunter2\nhunter".utf8) + [0xC3], 2),  // a last line without LF
    (["-s", "plain", "-t", "T", "-b", "Save"], Array("notes\nSa".utf8) + [0xC0, 0xAF, 0x0A], 2),
  ] as [([String], [UInt8], Int)])
  func pipedAnswerNotUTF8(arguments: [String], input: [UInt8], line: Int) throws {
    let pty = try AskSession.ask(arguments + ["--print", "json"], stdin: .pipe(input))
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stdout == "")
    #expect(pty.stderr == "ask: Answer line \(line) of standard input is not valid UTF-8\n")
    #expect(!pty.screen.contains("\u{FFFD}") && !pty.screen.contains("hunter"))
    #expect(pty.count("is not valid UTF-8") == 1)  // drawn once on the terminal too
    #expect(pty.termiosRestored)
  }

  @Test("A title with spaces around it is chosen by its words; ' A ' and 'A' are the same title")
  func paddedTitles() throws {
    let pty = try AskSession.ask(["-t", "T", " A ", "B"], stdin: .noTerminal(Array("a\n".utf8)))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == " A \n")
    let duplicate = try AskSession.ask(["A", "A "])
    #expect(try duplicate.waitForExit() == 2)
    #expect(duplicate.stderr == "ask: Duplicate button title 'A ' (same as 'A')\n")
    let blank = try AskSession.ask(["A", "  "])
    #expect(try blank.waitForExit() == 2)
    #expect(blank.stderr == "ask: Button 2 has an empty title\n")
  }

  @Test("With stdin from /dev/null a script takes the cancel path")
  func devNull() throws {
    let pty = try AskSession.shell("ask -t T -c Keep Delete </dev/null; echo \"status=$?\"")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "status=1\n")
  }

  @Test("With stdin closed ask fails with exit 2 and one line")
  func stdinClosed() throws {
    let pty = try AskSession.shell("ask -t T A B <&-; echo \"status=$?\"", stdin: .noTerminal([]))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "status=2\n")
    #expect(pty.stderr.hasSuffix("ask: Cannot read the answer: standard input is closed\n"))
  }

  @Test("With stdout closed ask fails with exit 2 before asking")
  func stdoutClosed() throws {
    let pty = try AskSession.shell("ask -t T A B >&-; echo \"status=$?\" >&2")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stderr == "ask: Cannot write the result: standard output is closed\nstatus=2\n")
    #expect(pty.screen == "")
  }

  @Test("--answers tty reads the terminal even when stdin is a pipe")
  func answersFromTerminal() throws {
    let pty = try AskSession.ask(["-t", "T", "A", "B", "--answers", "tty"], stdin: .pipe(Array("1\n".utf8)))
    try pty.waitForPrompt()
    pty.type("2\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "B\n")
  }

  @Test("--answers tty without a terminal is exit 2 with a message")
  func answersFromMissingTerminal() throws {
    let pty = try AskSession.ask(["-t", "T", "A", "--answers", "tty"], stdin: .noTerminal([]))
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stderr == "ask: No terminal to read the answer from (/dev/tty cannot be opened)\n")
  }

  @Test("Ctrl-C ends ask by SIGINT with the terminal restored, and the script stops (C08)")
  func controlC() throws {
    let pty = try AskSession.shell("""
      ask -t 'Step 1' -c Stop Go; echo "step1=$?"; ask -t 'Step 2' -c Stop Go; echo "step2=$?"
      """)
    try pty.waitForPrompt("Step 1")
    pty.type("partial\u{3}")
    #expect(try pty.waitForExit() == 130)
    #expect(pty.stdout == "")
    #expect(!pty.screen.contains("Step 2"))
    #expect(pty.termiosRestored)
  }

  @Test("A terminating signal restores the terminal and ends ask by that signal", arguments: [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT,
  ])
  func signals(signal: Int32) throws {
    let pty = try AskSession.ask(["-t", "T", "A", "B"])
    try pty.waitForPrompt()
    pty.type("a")
    try pty.waitFor("cancel]: a")
    pty.signal(signal)
    #expect(try pty.waitForExit() == 128 + signal)
    #expect(pty.stdout == "")
    #expect(pty.termiosRestored)
    #expect(!pty.screen.contains("Crash") && !pty.stderr.contains("Crash"))
  }

  @Test("kill -TERM meant for ask does not kill the calling script")
  func termFromScript() throws {
    let pty = try AskSession.shell("""
      ask -t T A B </dev/tty & echo "pid=$!"; wait $!; echo "ask=$?"; echo survived
      """)
    try pty.waitForPrompt()
    // ask may draw before bash has written the line after the fork.
    try pty.waitUntil("the pid on stdout") { pty.stdout.contains("\n") }
    let pid = pty.stdout.split(separator: "\n").first.flatMap { Int32($0.dropFirst(4)) }
    try #require(pid != nil)
    kill(pid!, SIGTERM)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "pid=\(pid!)\nask=143\nsurvived\n")
    #expect(pty.termiosRestored)
  }

  @Test("A signal ignored when ask starts stays ignored (nohup)")
  func ignoredSignal() throws {
    // The test sends the HUP once ask reads keys, and a key echoed after it
    // shows it was delivered (ask looks at signals before keys); then USR1
    // tells the script to look.
    let pty = try AskSession.shell("""
      trap 'go=1' USR1; trap '' HUP; ask -t T A B </dev/tty & pid=$!
      until [ -n "$go" ] || ! kill -0 $pid 2>/dev/null; do wait $pid; done
      kill -0 $pid && echo alive; kill -TERM $pid; wait $pid; echo "ask=$?"
      """)
    try pty.waitForPrompt()
    let ask = try pty.waitForProcess(named: "ask")
    kill(ask.pid, SIGHUP)
    pty.type("a")
    try pty.waitFor("cancel]: a")
    pty.signal(SIGUSR1)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "alive\nask=143\n")
    #expect(pty.termiosRestored)
  }

  @Test("A closed stdout ends ask by SIGPIPE, quietly, terminal restored (C25)")
  func brokenPipe() throws {
    let pty = try AskSession.shell("ask -t Pick Alpha Beta | true; echo \"ask=${PIPESTATUS[0]}\"")
    try pty.waitForPrompt()
    try pty.waitForStdoutGone()
    pty.type("Alpha\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "ask=141\n")
    #expect(pty.stderr == "")
    #expect(pty.termiosRestored)
  }

  @Test("Escape sequences in titles, messages and buttons are shown, never sent (C20)")
  func escapeInjection() throws {
    let pty = try AskSession.ask(["-t", "Update\u{1B}]0;pwned\u{7}", "-m", "ok\u{1B}[2J\u{1B}[H",
                                  "-c", "Cancel", "Yes\u{1B}]52;c;ZWNobyBoaQ==\u{7}", "\u{9B}31mC1"])
    try pty.waitForPrompt()
    pty.type("Cancel\r")
    #expect(try pty.waitForExit() == 1)
    for raw in ["\u{1B}]0;", "\u{1B}]52;", "\u{1B}[2J", "\u{1B}[H", "\u{7}", "\u{9B}"] {
      #expect(!pty.screen.contains(raw))
    }
    #expect(pty.screen.contains("Update^[]0;pwned^G"))
    #expect(pty.screen.contains("Yes^[]52;c;ZWNobyBoaQ==^G"))
    #expect(pty.screen.contains("\\u{9B}31mC1"))
  }

  @Test("Choosing a button with control characters prints its title as given")
  func rawTitleOnStdout() throws {
    let pty = try AskSession.ask(["-t", "T", "Yes\u{1B}[1m"])
    try pty.waitForPrompt()
    pty.type("1\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Yes\u{1B}[1m\n")
  }

  @Test("Colour: NO_COLOR, TERM=dumb, --color never and an unknown TERM write no SGR (C18)",
        arguments: [
    ["NO_COLOR": "1"], ["TERM": "dumb"], ["TERM": "no-such-terminal"], ["TERM": ""],
  ])
  func noColor(environment: [String: String]) throws {
    let pty = try AskSession.ask(["-t", "Delete backups?", "-c", "Cancel", "-d", "Delete"],
                                 environment: environment)
    try pty.waitForPrompt()
    pty.type("Cancel\r")
    #expect(try pty.waitForExit() == 1)
    #expect(!pty.screenHasSGR)
    #expect(pty.screen.contains("1) Delete (destructive)"))
    #expect(!pty.screen.contains("No entry for terminal type"))
  }

  @Test("Colour needs a TERM whose terminfo entry has colours: vt100 and xterm-mono none, xterm and xterm-256color do",
        arguments: [
    ("vt100", false), ("xterm-mono", false), ("no-such-term", false), ("xterm", true), ("xterm-256color", true),
  ])
  func colorByTerminfo(term: String, colored: Bool) throws {
    let pty = try AskSession.ask(["-t", "Delete backups?", "-c", "Cancel", "-d", "Delete", "-m", "Sure?"],
                                 environment: ["TERM": term])
    try pty.waitForPrompt()
    pty.type("2\r")
    #expect(try pty.waitForExit() == 1)
    #expect(pty.screenHasSGR == colored)
    #expect(pty.screen.contains("\u{1B}[31mDelete (destructive)\u{1B}[0m") == colored)
    #expect(pty.screen.contains("1) Delete (destructive)") == !colored)
  }

  @Test("A secure prompt (no line editor) and a prompt answered from a pipe decide colour by terminfo too",
        arguments: [("vt100", false), ("xterm-256color", true)])
  func colorWithoutLineEditor(term: String, colored: Bool) throws {
    let secure = try AskSession.ask(["-s", "secure", "-t", "Unlock"], environment: ["TERM": term])
    try secure.waitForPrompt("Password: ")
    secure.type("pw\r")
    #expect(try secure.waitForExit() == 0)
    #expect(secure.screenHasSGR == colored)
    let piped = try AskSession.ask(["-t", "T", "A", "B"], stdin: .pipe(Array("1\n".utf8)), environment: ["TERM": term])
    #expect(try piped.waitForExit() == 0)
    #expect(piped.screenHasSGR == colored)
  }

  @Test("TERM=dumb gets no cursor movement, not even with --color always (only SGR)")
  func dumbTerminal() throws {
    let pty = try AskSession.ask(["-t", "T", "-d", "Delete", "Keep", "--color", "always"], environment: ["TERM": "dumb"])
    try pty.waitForPrompt()
    pty.type("xy\u{7F}\u{7F}2\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.screenHasSGR)
    // Every escape sequence on the screen is an SGR one (ESC [ … m).
    var rest = pty.screenBytes[...]
    while let escape = rest.firstIndex(of: 0x1B) {
      let body = rest[(escape + 1)...].prefix { $0 != UInt8(ascii: "m") && $0 != 0x1B }
      #expect(body.first == UInt8(ascii: "[") && body.dropFirst().allSatisfy { (0x30...0x3F).contains($0) })
      rest = rest[(escape + 1)...]
    }
  }

  @Test("--color always wins over NO_COLOR; an empty NO_COLOR allows colour", arguments: [
    (["--color", "always"], ["NO_COLOR": "1"], true),
    ([], ["NO_COLOR": ""], true),
    (["--color", "never"], [:], false),
    (["--color", "always"], ["TERM": "vt100"], true),
    ([], ["TERM": "vt100", "CLICOLOR_FORCE": "1"], true),
    ([], ["TERM": "xterm-256color", "CLICOLOR_FORCE": "1", "NO_COLOR": "1"], false),
  ])
  func colorOverrides(options: [String], environment: [String: String], colored: Bool) throws {
    let pty = try AskSession.ask(["-t", "T", "-d", "Delete", "Keep"] + options, environment: environment)
    try pty.waitForPrompt()
    pty.type("2\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.screenHasSGR == colored)
  }

  @Test("Spec and usage errors are one line on stderr, exit 2, and nothing is drawn (C11)",
        arguments: [
    (["-t", "Which file?", "report.txt", "Report.TXT", "other.txt"],
     "ask: Duplicate button title 'Report.TXT' (same as 'report.txt')\n"),
    (["-c", "Close", "Close"], "ask: Duplicate button title 'Close'\n"),
    (["-t", "T", ""], "ask: Button 1 has an empty title\n"),
    (["--destructve", "x"], "ask: Unknown option '--destructve'. Did you mean '--destructive'?\n"),
    (["-t"], "ask: Missing value for '-t'\n"),
    (["--print", "xml"], "ask: The value 'xml' is invalid for '--print'; expected one of: title, index, json, none\n"),
  ] as [([String], LoggedText)])
  func errors(arguments: [String], stderr: LoggedText) throws {
    let pty = try AskSession.ask(arguments)
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stderr == stderr.text)
    #expect(pty.stdout == "")
    #expect(pty.screen == "")
    #expect(pty.termiosRestored)
  }

  @Test("Titles that differ only by an invisible character are duplicates, from flags and from JSON: exit 2 naming it",
        arguments: [0xAD, 0x200B, 0x200C, 0x200D, 0x180E, 0x3164, 0xE0001, 0xE0041, 0xE007F].map { LoggedScalar($0) })
  func invisibleDuplicates(_ invisible: LoggedScalar) throws {
    let message = "Duplicate button title 'Sa\(invisible.escaped)ve' (same as 'Save')\n"
    let flags = try AskSession.ask(["-t", "T", "Save", "Sa\(invisible.text)ve"])
    #expect(try flags.waitForExit() == 2)
    #expect(flags.stderr == "ask: " + message)
    let spec = #"{"title":"T","buttons":["Save","Sa"# + invisible.text + #"ve"]}"#
    let json = try AskSession.ask(["--json"], stdin: .pipe(Array(spec.utf8)))
    #expect(try json.waitForExit() == 2)
    #expect(json.stderr == "ask: Spec at line 1, column 1: " + message)
    for run in [flags, json] {
      #expect(run.stdout == "")
      #expect(run.screen == "")
    }
  }

  @Test("The caller's own modes come back, not libedit's cooked ones")
  func callerModesKept() throws {
    let pty = try AskSession.shell("stty -echo -icrnl; ask -t T A B; stty -a | tr ' ' '\\n' | grep -xE -- '-?(echo|icrnl)'")
    try pty.waitForPrompt()
    pty.type("1\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "A\n-icrnl\n-echo\n")
  }

  @Test("Any signal that ends ask restores the terminal first", arguments: [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM])
  func otherSignals(signal: Int32) throws {
    let pty = try AskSession.ask(["-t", "T", "A", "B"])
    try pty.waitForPrompt()
    pty.signal(signal)
    #expect(try pty.waitForExit() == 128 + signal)
    #expect(pty.termiosRestored)
  }

  @Test("Keys typed before an early error never reach the shell")
  func earlyErrorDiscardsTypeAhead() throws {
    // ask starts once the line is queued; after it, the shell takes a line
    // only if one is left (nothing more can come).
    let pty = try AskSession.shell(AskSession.untilLineTyped
      + "ask --bogus; read -t 0 && read -t 1 -r line; echo \"[$line]\"")
    pty.type("echo LEAK\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "[]\n")
  }

  @Test("A piped line of NULs without end is refused at 1 MiB, not read forever")
  func endlessLine() throws {
    let pty = try AskSession.shell("head -c 2000000 /dev/zero | ask -t T A B 2>&1 >/dev/null | tail -c 80; echo \"status=${PIPESTATUS[1]}\"")
    #expect(try pty.waitForExit(timeout: 20) == 0)
    #expect(pty.stdout.hasSuffix("ask: Cannot read the answer: a line is longer than 1 MiB\nstatus=2\n"))
  }

  @Test("A drawing stream that is gone does not lose a valid answer")
  func drawingStreamGone() throws {
    // fd 3: the write end of a FIFO whose one reader, a background job, has
    // opened it and exited (wait) before ask starts. (A process
    // substitution's `wait $!` failed now and then under load.)
    let pty = try AskSession.shell("""
      mkfifo "$HOME/gone"; { exec <"$HOME/gone"; } & exec 3>"$HOME/gone"; wait $! || exit 9
      printf '1\\n' | ask A B 2>&3 >"$HOME/answer"; echo $?; cat "$HOME/answer"
      """, stdin: .noTerminal([]))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "0\nA\n")
  }

  @Test("With SIGPIPE ignored at start, a closed stdout is a failure (2), not death by SIGPIPE")
  func ignoredSigpipe() throws {
    let pty = try AskSession.shell("trap '' PIPE; ask -t Pick Alpha Beta | true; echo \"ask=${PIPESTATUS[0]}\"")
    try pty.waitForPrompt()
    try pty.waitForStdoutGone()
    pty.type("Alpha\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "ask=2\n")
    #expect(pty.stderr == "ask: Cannot write the result: Broken pipe\n")
  }

  @Test("An editrc with 'edit off' cannot break the prompt")
  func editOff() throws {
    let pty = try AskSession.shell("echo 'edit off' > \"$HOME/.editrc\" && ask -t T A B")  // the test's own HOME
    try pty.waitForPrompt()
    pty.type("b\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "B\n")
  }

  @Test("Error lines show control characters visibly")
  func errorEscapes() throws {
    let pty = try AskSession.ask(["\u{1B}]0;pwn\u{7}", "\u{1B}]0;PWN\u{7}"])
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stderr == "ask: Duplicate button title '^[]0;PWN^G' (same as '^[]0;pwn^G')\n")
  }

  @Test("An argument that is not UTF-8 is a usage error")
  func invalidUTF8() throws {
    let pty = try AskSession.shell("ask -t $'\\xff\\xfe' A; echo \"status=$?\"")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "status=2\n")
    #expect(pty.stderr == "ask: Argument 2 is not valid UTF-8\n")
  }

  @Test("An alert with no buttons has the implied OK, the default (C10)")
  func impliedOK() throws {
    let pty = try AskSession.ask(["-t", "Nothing to choose"])
    try pty.waitForPrompt("Choice [1, Enter = OK, Ctrl-D = cancel]: ")
    #expect(pty.screen.contains("1) OK (default)"))
    pty.type("1\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "OK\n")
  }

  @Test("--help and --version print on stdout and exit 0")
  func helpAndVersion() throws {
    let help = try AskSession.ask(["--help"])
    #expect(try help.waitForExit() == 0)
    #expect(help.stdout.hasPrefix("Usage: ask [OPTIONS] [BUTTON ...]\n"))
    let version = try AskSession.ask(["--version"])
    #expect(try version.waitForExit() == 0)
    #expect(version.stdout == "ask 0.1.0\n")
  }
}
