import Glibc
import Testing

/// Hostile sizes and long work (SPEC §6; issue 12): a terminal size of 0 is
/// unknown, more than 1000 counts as 1000, no size traps; a signal acts at
/// once even while a huge prompt is laid out.
@Suite("Hostile sizes and long work")
struct HostileInputTests {
  static let longTitle = String(repeating: "h", count: 5000)
  static let huge = ["COLUMNS": "10", "LINES": "9223372036854775807"]

  @Test("LINES at Int.max with no terminal lays out a long list in pages, not a trap")
  func hugeLinesNoTerminal() throws {
    let child = try AskSession.ask(["-t", "x", Self.longTitle, "a", "b", "c", "d", "e", "f", "g"],
                                   stdin: .noTerminal([]), environment: Self.huge)
    #expect(try child.waitForExit() == 1)  // end of input: a cancel
    #expect(child.stderr.contains("Choice [1-8, Ctrl-D = cancel]: "))
  }

  @Test("A terminal that reports 0×0, with LINES at Int.max, still prompts and cancels")
  func zeroSizedTerminal() throws {
    let pty = try PseudoTerminal(executable: AskSession.executable,
                                 arguments: ["-t", "x", Self.longTitle, "a", "b", "c", "d", "e", "f", "g"],
                                 environment: AskSession.environment.merging(Self.huge) { $1 },
                                 rows: 0, columns: 0)
    try pty.waitForPrompt()
    pty.type("\u{4}")
    #expect(try pty.waitForExit() == 1)
    #expect(pty.termiosRestored)
  }

  /// The resident memory of process `pid` in KiB (VmRSS), or 0.
  static func residentKiB(_ pid: pid_t) -> Int {
    guard let file = fopen("/proc/\(pid)/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
      let text = String(cString: line)
      if text.hasPrefix("VmRSS:") { return Int(text.filter(\.isNumber)) ?? 0 }
    }
    return 0
  }

  @Test("SIGINT while a 10 MB title is laid out ends ask at once, not when the layout is done (issue 12)")
  func signalDuringLayout() throws {
    let directory = try TemporaryDirectory()
    let spec = directory.path + "/big.json"
    let file = try #require(fopen(spec, "w"))
    fputs("{\"title\":\"" + String(repeating: "h", count: 10_000_000) + "\",\"buttons\":[\"a\",\"b\"]}", file)
    fclose(file)
    let pty = try AskSession.ask(["--spec", spec])
    // The spec read (about 30 MB resident) and the layout begun.
    try pty.waitUntil("the layout begun", timeout: 60) { Self.residentKiB(pty.pid) > 34_000 }
    kill(pty.pid, SIGINT)
    #expect(try pty.waitForExit(timeout: 2) == 130)
    #expect(pty.termiosRestored)
  }

  // MARK: - A backtracking --pattern (issue 12's first point)

  static let backtracking = "([a-zA-Z0-9]+[._-]?)+@[a-z]+\\.[a-z]+"

  @Test("A backtracking pattern on a piped answer is given up after 2 s with a hint naming it, exit 2")
  func backtrackingPiped() throws {
    let child = try AskSession.ask(["-s", "plain", "--pattern", Self.backtracking],
                                   stdin: .noTerminal(Array("john.smith.from.the.accounting.department\n".utf8)))
    #expect(try child.waitForExit(timeout: 10) == 2)
    #expect(child.stderr.contains("could not be checked against the pattern '\(Self.backtracking)' in 2 s"))
    #expect(child.stdout == "")
  }

  @Test("SIGTERM during a backtracking match ends ask at once, with its terminal restored and the match killed")
  func signalDuringMatch() throws {
    let pty = try AskSession.ask(["-s", "plain", "--pattern", "(a*)*b", "--timeout", "30"])
    try pty.waitForPrompt("Text: ")
    pty.type(String(repeating: "a", count: 40) + "\r")
    try pty.waitUntil("the match begun in its own process") { pty.processes(named: "ask").count == 2 }
    kill(pty.pid, SIGTERM)
    #expect(try pty.waitForExit(timeout: 2) == 143)
    #expect(pty.termiosRestored)
    try pty.waitForProcessDead(named: "ask")
  }

  @Test("The prompt's timeout acts during a backtracking match")
  func timeoutDuringMatch() throws {
    let pty = try AskSession.ask(["-s", "plain", "--pattern", "(a*)*b", "--timeout", "1"])
    try pty.waitForPrompt("Text: ")
    pty.type(String(repeating: "a", count: 40) + "\r")
    #expect(try pty.waitForExit(timeout: 3) == 124)
    #expect(pty.termiosRestored)
    try pty.waitForProcessDead(named: "ask")
  }

  @Test("A 65535×65535 terminal prompts at once and edits the line in its own canonical mode (libedit would allocate 9 GB)")
  func hugeTerminal() throws {
    let pty = try PseudoTerminal(executable: AskSession.executable, arguments: ["-t", "x", "a", "b"],
                                 environment: AskSession.environment, rows: 65535, columns: 65535)
    try pty.waitFor("Choice [1-2, Ctrl-D = cancel]: ")
    try pty.waitForModes(canonical: true)
    pty.type("3\u{7F}2\r")  // the terminal's own erase edits it
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "b\n")
    #expect(pty.termiosRestored)
  }
}
