import Testing

/// Odd terminal sizes (SPEC §6; issue 12's third point): 0 is unknown,
/// more than 1000 counts as 1000, and no size traps.
@Suite("Odd terminal sizes")
struct TerminalSizeTests {
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
}
