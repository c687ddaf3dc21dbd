import AskTestSupport
import Glibc
import Testing

/// Keys real terminals send in a libedit field (SPEC §6; issue 11's first
/// point): bound to editing actions, whatever TERM says; none becomes
/// text.
@Suite("Key sequences in line-edited fields", .ownThread)
struct KeySequenceTests {
  static let home = "\u{1B}[1~", end = "\u{1B}[4~", delete = "\u{1B}[3~"

  @Test("Home, End, Delete, word motion and bracketed paste edit the line", arguments: ([
    ("abc" + home + "X", "Xabc"), ("abc\u{1B}[7~X", "Xabc"), ("abc\u{1B}[H" + "X", "Xabc"),
    ("abc" + home + end + "X", "abcX"), ("abc" + home + "\u{1B}[8~X", "abcX"),
    ("abc" + home + delete, "bc"),
    ("ab cd\u{1B}[1;5DX", "ab Xcd"), ("ab cd\u{1B}[1;3DX", "ab Xcd"),
    ("ab cd" + home + "\u{1B}[1;5CX", "abX cd"), ("ab cd" + home + "\u{1B}[1;3CX", "abX cd"),
    ("\u{1B}[200~hello\u{1B}[201~", "hello"), ("a\u{1B}[2~\u{1B}[5~\u{1B}[6~b", "ab"),
  ] as [(String, String)]).map { (LoggedText($0), $1) })
  func edits(keys: LoggedText, answer: String) throws {
    let pty = try AskSession.ask(["-s", "plain", "-t", "Name"])
    try pty.waitForPrompt("Text: ")
    pty.type(keys.text + "\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == answer + "\n")
    #expect(!pty.screen.contains("~") && !pty.screen.contains(";5") && !pty.screen.contains(";3"))
  }

  @Test("A sequence or report that a slow link splits is still consumed whole, in every kind of field", arguments: [
    (["-s", "secure"], "Password: ", "\u{1B}[12;", "5R"),        // a cursor report, split after its parameters
    (["-s", "plain"], "Text: ", "\u{1B}[1;", "5C"),              // Ctrl-Right, split
    (["-s", "plain"], "Text: ", "\u{1B}]11;rgb:", "0/0/0\u{7}"), // an OSC reply, split
    (["-s", "secure"], "Password: ", "\u{1B}[M", " !!"),         // an X10 mouse report
  ])
  func splitSequence(arguments: [String], prompt: String, first: LoggedText, rest: LoggedText) throws {
    let pty = try AskSession.ask(arguments)
    try pty.waitForPrompt(prompt)
    pty.type("a" + first.text)
    try pty.waitForKeysRead()
    // Time is what is tested: the rest comes later than a terminal's one
    // write would bring it (the adversarial test saw 70 ms leak it).
    pty.pause(0.3)
    pty.type(rest.text + "b\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "ab\n")
    #expect(pty.termiosRestored)
  }

  @Test("Delete deletes whatever TERM says", arguments: ["vt100", "dumb", "unknown-terminal", ""])
  func deleteAnyTERM(term: String) throws {
    let pty = try AskSession.ask(["-s", "plain", "-t", "Name"], environment: ["TERM": term])
    try pty.waitForPrompt("Text: ")
    pty.type("abc" + Self.home + Self.delete + "\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "bc\n")
  }

  @Test("An answer ends its line with one line break whatever TERM says (libedit draws it on a dumb one)",
        arguments: ["xterm", "vt100", "dumb", ""])
  func oneLineBreak(term: String) throws {
    let pty = try AskSession.ask(["-t", "T", "A", "B"], environment: ["TERM": term])
    try pty.waitForPrompt()
    pty.type("b\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "B\n")
    #expect(pty.screen.hasSuffix("cancel]: b\r\n"), "\(loggedText(String(pty.screen.suffix(40))))")
  }

  @Test("A button answer with Alt and Ctrl arrows in it still answers (N08)")
  func buttons() throws {
    let pty = try AskSession.ask(["-t", "Deploy to", "staging", "production-eu", "production-us"])
    try pty.waitForPrompt()
    pty.type("stagin\u{1B}[1;3D\u{1B}b\u{1B}f\u{1B}[1;5C\u{5}g\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "staging\n")
  }

  @Test("Up recalls the earlier answer, Down comes back to the line being typed, and Down below it does nothing")
  func upAndDown() throws {
    let pty = try AskSession.ask(["-t", "Pick", "Alpha", "Beta"])
    try pty.waitForPrompt()
    pty.type("gamma\r")
    try pty.waitFor("No button matches")
    pty.type("al\u{1B}[B\u{1B}[A\u{1B}[B\u{1B}[Bpha\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Alpha\n")
  }

  @Test("With TERM=vt100 editing sends no padding bytes", arguments: ["vt100", "vt220", "xterm-256color"])
  func noPadding(term: String) throws {
    let pty = try AskSession.ask(["-s", "plain", "-t", "Name"], environment: ["TERM": term])
    try pty.waitForPrompt("Text: ")
    pty.type("abc" + Self.home + "X" + Self.delete + Self.end + "\u{7F}\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Xb\n")
    #expect(!pty.screenBytes.contains(0))
  }

  @Test("Ctrl-L draws the prompt and the line again below, the cursor where it was: no screen cleared, no cursor addressed (SPEC: line-oriented)")
  func redrawLine() throws {
    let pty = try AskSession.ask(["-s", "plain", "-t", "Name"])
    try pty.waitForPrompt("Text: ")
    pty.type("abd\u{1B}[D")
    try pty.waitForKeysRead()
    pty.type("\u{C}")
    try pty.waitUntil("the line drawn again") {
      pty.count("Text: ") == 2 && pty.screen.hasSuffix("\r\nText: abd\u{1B}[1D")
    }
    #expect(!pty.screen.contains("\u{1B}[2J") && !pty.screen.contains("\u{1B}[H"))
    pty.type("c\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "abcd\n")
  }

  @Test("The window shrinking under a wrapped answer line does not crash (libedit's own resize did)",
        arguments: [("a", 74, 1, 80), ("中", 100, 24, 2)])
  func shrinkUnderWrappedLine(text: String, count: Int, rows: Int, columns: Int) throws {
    let pty = try AskSession.ask(["-s", "plain", "-t", "Name"])
    try pty.waitForPrompt("Text: ")
    pty.type(String(repeating: text, count: count))
    try pty.waitForKeysRead()
    pty.resize(rows: rows, columns: columns)
    pty.type("x\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == String(repeating: text, count: count) + "x\n")
    #expect(pty.termiosRestored)
  }
}
