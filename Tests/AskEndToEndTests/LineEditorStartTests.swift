import AskTestSupport
import Glibc
import Testing

/// libedit starts when a key needs it (issue 27): text and Enter alone —
/// an answer's digits, a title, a name — are read and drawn by `ask`;
/// the first other key starts libedit, which edits the text typed so far
/// as if it had read every key.
@Suite("libedit started when a key needs it", .ownThread)
struct LineEditorStartTests {
  /// The descriptors `ask` holds open on `/dev/null`: libedit's error
  /// stream is one, opened when it starts and kept to the end.
  static func nullStreams(_ pty: PseudoTerminal) -> Int {
    TemporaryDirectory.entries(of: "/proc/\(pty.pid)/fd").filter {
      PseudoTerminal.link("/proc/\(pty.pid)/fd/\($0)") == "/dev/null"
    }.count
  }

  @Test("Text alone does not start libedit; the first editing key does, and edits the text typed before it",
        arguments: [
    (["-t", "Pick", "Alpha", "Beta"], "Choice [", "Bta", "\u{1B}[D\u{1B}[De", "Beta"),
    (["-s", "plain"], "Text: ", "caf\u{E9}", "\u{7F}e", "cafe"),
    (["-s", "login-password"], "Login: ", "\u{6F22}\u{5B57}", "\u{1}x", "x\u{6F22}\u{5B57}"),
  ] as [([String], String, String, LoggedText, String)])
  func startsAtAnEditingKey(arguments: [String], prompt: String, text: String, key: LoggedText, answer: String) throws {
    let pty = try AskSession.ask(arguments)
    try pty.waitForPrompt(prompt)
    pty.type(text)
    try pty.waitFor(text)
    try pty.waitForKeysRead()
    #expect(Self.nullStreams(pty) == 0)
    pty.type(key.text)
    try pty.waitForKeysRead()
    try pty.waitUntil("libedit's streams open") { Self.nullStreams(pty) == 1 }
    pty.type("\r")
    if arguments.contains("login-password") {
      try pty.waitForPrompt("Password: ")
      pty.type("pw\r")
    }
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout.hasPrefix(answer + "\n"))
    #expect(pty.termiosRestored)
  }

  @Test("An answer typed without libedit is in the history once a key starts it: Up recalls it")
  func historyBeforeTheStart() throws {
    let pty = try AskSession.ask(["-t", "Pick", "Alpha", "Beta"])
    try pty.waitForPrompt()
    pty.type("Bex\r")
    try pty.waitFor("No button matches 'Bex'")
    pty.type("Zeta\r")
    try pty.waitFor("No button matches 'Zeta'")
    #expect(Self.nullStreams(pty) == 0)
    pty.type("\u{1B}[A\u{1B}[A\u{7F}ta\r")  // Up, Up: "Bex"; Backspace, "ta"
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Beta\n")
  }

  @Test("Bytes that are no text start libedit, which drops them as before: a broken UTF-8 sequence, a C1 control",
        arguments: [
    ([0x61, 0xC3, 0x62, 0x0D], "ab"),
    ([0x78, 0xC2, 0x85, 0x79, 0x0D], "xy"),
    ([0x61, 0xED, 0xA0, 0x80, 0x62, 0x0D], "ab"),  // a surrogate
    ([0x61, 0xC3, 0x0D], "a"),  // Enter cuts the sequence, and is Enter
  ] as [([UInt8], String)])
  func notText(bytes: [UInt8], answer: String) throws {
    let pty = try AskSession.ask(["-s", "plain"])
    try pty.waitForPrompt("Text: ")
    pty.type(bytes: bytes)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == answer + "\n")
  }

  @Test("A printable key stty made a terminal character is that character, typed after text", arguments: [
    ("erase '#'", "ab#c", "ac"), ("kill '@'", "ab@cd", "cd"), ("werase '%'", "ab cd%e", "ab e"),
    // A character of 0xA0 to 0xFF is that code point to libedit: é typed is kill.
    ("kill $'\\xe9'", "ab\u{E9}c", "c"), ("erase $'\\xa9'", "ab\u{A9}c", "ac"),
  ])
  func printableTerminalCharacters(stty: String, keys: String, answer: String) throws {
    let pty = try AskSession.shell("stty \(stty) >/dev/null; exec ask -s plain")
    try pty.waitForPrompt("Text: ")
    pty.type(keys + "\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == answer + "\n")
  }

  @Test("With an editrc, libedit starts with the first read, before any key")
  func editrcStartsIt() throws {
    let pty = try EditrcTests.ask(editrc: "bind -e", ["-s", "plain"])
    try pty.waitForPrompt("Text: ")
    pty.type("ab")
    try pty.waitFor("ab")
    try pty.waitForKeysRead()
    #expect(Self.nullStreams(pty) == 1)
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "ab\n")
  }
}
