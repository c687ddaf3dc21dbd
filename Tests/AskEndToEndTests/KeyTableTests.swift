import AskTestSupport
import CShim
import Glibc
import Testing

/// Every row of the key table (SPEC §6; keys.c), typed into each kind of
/// field: a plain field and a button answer do the row's editing action,
/// a secure field ignores it; no byte of a sequence becomes text.
@Suite("The key table in every field", .ownThread)
struct KeyTableTests {
  /// The table's rows: (name, bytes, action).
  static let rows: [(String, LoggedText, ask_key_action_t)] = sequence(first: 0) { $0 + 1 }
    .lazy.map(ask_key_row).prefix { $0 != nil }.map { row in
      (String(cString: row!.pointee.key), LoggedText(String(cString: row!.pointee.sequence)), row!.pointee.action)
    }

  /// "ab cd" with the cursor after the space, then the key, then `X`.
  static func edited(by action: ask_key_action_t) -> String {
    switch action {
    case ASK_KEY_LEFT: "abX cd"
    case ASK_KEY_RIGHT: "ab cXd"
    case ASK_KEY_WORD_LEFT, ASK_KEY_HOME: "Xab cd"
    case ASK_KEY_WORD_RIGHT, ASK_KEY_END: "ab cdX"
    case ASK_KEY_DELETE: "ab Xd"
    case ASK_KEY_DELETE_WORD: "ab X"
    default: "ab Xcd"  // Up and Down with no history, and the ignored keys
    }
  }

  static let toThirdCharacter = "ab cd\u{1}\u{6}\u{6}\u{6}"  // Ctrl-A, then Ctrl-F three times

  @Test("In a plain field each key does its action and leaves no text", arguments: rows)
  func plain(key: String, sequence: LoggedText, action: ask_key_action_t) throws {
    let pty = try AskSession.ask(["-s", "plain", "-t", "Name"])
    try pty.waitForPrompt("Text: ")
    pty.type(Self.toThirdCharacter + sequence.text + "X\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == Self.edited(by: action) + "\n", "\(key)")
  }

  @Test("In a button answer each key does its action and leaves no text", arguments: rows)
  func button(key: String, sequence: LoggedText, action: ask_key_action_t) throws {
    let titles = ["abX cd", "ab cXd", "Xab cd", "ab cdX", "ab Xd", "ab X", "ab Xcd"]
    let pty = try AskSession.ask(["-t", "Pick"] + titles)
    try pty.waitForPrompt()
    pty.type(Self.toThirdCharacter + sequence.text + "X\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == Self.edited(by: action) + "\n", "\(key)")
  }

  @Test("In a secure field each key is consumed whole, drawing no mask", arguments: rows)
  func secure(key: String, sequence: LoggedText, action: ask_key_action_t) throws {
    let pty = try AskSession.ask(["-s", "secure", "-t", "Unlock"])
    try pty.waitForPrompt("Password: ")
    pty.type("ab" + sequence.text + "cd")
    try pty.waitFor("Password: ****")
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "abcd\n", "\(key)")
    #expect(!pty.screen.contains("*****"))
  }

  @Test("The man page's Keys section lists every row of the table", arguments: rows)
  func manPage(key: String, sequence: LoggedText, action: ask_key_action_t) throws {
    let page = try ArtifactsTests.read(ArtifactsTests.root + "/man/ask.1")
    let shown = "ESC" + sequence.text.dropFirst()
    let listed = page.split(separator: "\n").contains { line in
      line.hasPrefix(".It \(key) Ta Li ") && line.split(separator: " ").contains { $0 == shown }
    }
    #expect(listed, "\(key) \(shown)")
  }

  /// Sequences outside the table and the terminal's reports, consumed
  /// whole, and the control keys that do nothing.
  static let consumed: [LoggedText] = [
    "\u{1B}x", "\u{1B}c", "\u{1B}u", "\u{1B}1",  // Alt-keys outside the table: M-x would open libedit's command line
    "\u{1B}[1;7Q", "\u{1B}OP", "\u{1B}[15~", "\u{1B}[24;5~", "\u{1B}[[A", "\u{1B}O5P", "\u{1B}[Z",
    "\u{1B}[12;40R", "\u{1B}[?62;22c", "\u{1B}[0n", "\u{1B}[8;24;80t",
    "\u{1B}]11;rgb:1c1c/1e1e/2626\u{1B}\\", "\u{1B}]10;rgb:ffff/ffff/ffff\u{7}", "\u{1B}P1$r0m\u{1B}\\",
    "\u{1B}_Gi=1;OK\u{1B}\\", "\u{1B}^note\u{1B}\\", "\u{1B}Xstring\u{1B}\\",
    LoggedText("\u{1B}]52;c;" + String(repeating: "QUJD", count: 1250) + "\u{7}"),  // 5000 bytes: consumed whole too
    "\u{16}\u{1B}[A", "\u{12}",  // Ctrl-V (lnext) quotes no sequence in; Ctrl-R (no hidden search) does nothing
  ]

  @Test("A sequence not in the table, or a report, leaves a plain field as typed", arguments: consumed)
  func plainConsumes(sequence: LoggedText) throws {
    let pty = try AskSession.ask(["-s", "plain", "-t", "Name"])
    try pty.waitForPrompt("Text: ")
    pty.type("hun" + sequence.text + "ter2\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "hunter2\n")
  }

  @Test("A sequence not in the table, or a report, leaves a button answer as typed", arguments: consumed)
  func buttonConsumes(sequence: LoggedText) throws {
    let pty = try AskSession.ask(["-t", "Pick", "hunter2", "other"])
    try pty.waitForPrompt()
    pty.type("hun" + sequence.text + "ter2\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "hunter2\n")
  }

  @Test("A report with no terminator ends at Enter, which still answers")
  func unterminatedReport() throws {
    let pty = try AskSession.ask(["-s", "plain", "-t", "Name"])
    try pty.waitForPrompt("Text: ")
    pty.type("ok\u{1B}]11;rgb:1c1c\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "ok\n")
  }
}
