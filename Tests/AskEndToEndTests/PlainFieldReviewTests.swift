import AskTestSupport
import Glibc
import Testing

/// Plain fields (libedit) as an adversarial review typed into them: a
/// partial answer with quoted control characters across Ctrl-Z and fg,
/// terminal strings and C1 characters, Ctrl-W over emoji, vi's mode
/// across a stop.
@Suite("Plain field keys from the adversarial review", .serialized, .ownThread)
struct PlainFieldReviewTests {
  /// Types `keys` into `ask -s plain` under an interactive bash (with
  /// `editrc` as ~/.editrc when given), stops it with Ctrl-Z, brings it
  /// back with fg, types `after` and Enter, and returns once the answer,
  /// shown by `cat -A`, is `shown` on the screen.
  static func resume(editrc: String? = nil, term: String = "", keys: String, after: String, shown: String) throws {
    let pty = try AskSession.interactiveShell()
    try pty.waitFor("$ ")
    let setup = editrc.map { "printf '%s\\n' '\($0)' > \"$HOME/.editrc\"; " } ?? ""
    pty.type(setup + term + "ask -s plain -t T > \"$HOME/out\"\r")
    try pty.waitForPrompt("Text: ")
    pty.type(keys)
    // ask has the terminal (bash's line editor reads non-canonical too),
    // and has read every key: Ctrl-Z flushes input not yet read.
    let typed = keys.prefix { $0 >= " " }.prefix(3)
    let marker = "Text: " + (typed.isEmpty ? "^D" : typed)  // the ^V^D row: its ^D drawn
    try pty.waitFor(marker)
    try pty.waitForKeysRead()
    let drawn = pty.count(marker)
    pty.type("\u{1A}")
    try pty.waitFor("Stopped")
    pty.type("fg\r")
    try pty.waitUntil("the prompt and the partial answer drawn again, before a key") { pty.count(marker) > drawn }
    try pty.waitForModes(canonical: false)
    pty.type(after + "\r")
    try pty.waitUntil("ask gone") { pty.processes(named: "ask").isEmpty }
    pty.type("cat -A \"$HOME/out\"; exit\r")
    try pty.waitFor(shown + "$\r\nexit")
    #expect(try pty.waitForExit() == 0)
  }

  @Test("After Ctrl-Z and fg a quoted control character comes back as text, the cursor where it was", arguments: [
    ("abc\u{16}\rdef\u{2}\u{2}", "!", "abc^Md!ef"),
    ("\u{16}\u{4}", "!", "^D!"),
    ("abc\u{16}\u{15}def", "!", "abc^Udef!"),
    ("ab\u{16}\tcd", "!", "ab^Icd!"),
  ] as [(LoggedText, LoggedText, String)])
  func quotedControlAfterResume(keys: LoggedText, after: LoggedText, shown: String) throws {
    try Self.resume(keys: keys.text, after: after.text, shown: shown)
  }

  @Test("With TERM=dumb (libedit draws) the partial answer after Ctrl-Z and fg is shown before a key")
  func dumbTerminalResume() throws {
    try Self.resume(term: "TERM=dumb ", keys: "abc\u{16}\tdef\u{2}", after: "!", shown: "abc^Ide!f")
  }

  @Test("vi mode: after Ctrl-Z and fg the field is in the mode it was in, the cursor where it was", arguments: [
    ("hello world\u{1B}0", "dwiX", "Xworld"),
    ("hello world\u{1B}hl", "x", "hello worl"),
    ("hello world\u{1B}b", "x", "hello orld"),
    ("hello world", "X", "hello worldX"),  // insert mode stays insert mode
    ("hello wor\u{1B}0i", "X", "Xhello wor"),
  ] as [(LoggedText, LoggedText, String)])
  func viModeAfterResume(keys: LoggedText, after: LoggedText, shown: String) throws {
    try Self.resume(editrc: "bind -v", keys: keys.text, after: after.text, shown: shown)
  }

  @Test("vi mode: a DCS, SOS, PM or APC string is consumed whole, not read as vi commands", arguments: [
    "\u{1B}P1$r0m\u{1B}\\", "\u{1B}X0x\u{1B}\\", "\u{1B}^0x\u{7}", "\u{1B}_0x\u{1B}\\", "\u{1B}]0;x\u{7}",
  ] as [LoggedText])
  func viTerminalStrings(string: LoggedText) throws {
    let pty = try EditrcTests.ask(editrc: "bind -v", ["-s", "plain", "-t", "x"])
    try pty.waitForPrompt("Text: ")
    pty.type("hello" + string.text + "!\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "hello!\n")
  }

  @Test("A C1 character typed or pasted is dropped: no editing action, no text", arguments: [
    ("", "\u{88}"), ("", "\u{9F}"), ("", "\u{80}"), ("", "\u{9B}"), ("", "\u{85}"),
    ("bind -v", "\u{88}"), ("bind -v", "\u{9F}"),
  ] as [(String, LoggedText)])
  func c1Dropped(editrc: String, c1: LoggedText) throws {
    let pty = try EditrcTests.ask(editrc: editrc, ["-s", "plain", "-t", "x"])
    try pty.waitForPrompt("Text: ")
    pty.type("hello world" + c1.text + "!\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "hello world!\n")
  }

  @Test("Ctrl-W erases the blanks before the cursor, then whole characters back to a blank", arguments: [
    ("", "hello 👍", "hello "),
    ("", "ab 👨‍👩‍👧", "ab "),
    ("", "hello wörld  ", "hello "),
    ("", "a🇫🇷b", ""),
    ("", "x e\u{301}e\u{301}", "x "),
    ("bind -v", "hello 👍", "hello "),
  ] as [(String, LoggedText, LoggedText)])
  func wordErase(editrc: String, text: LoggedText, answer: LoggedText) throws {
    let pty = try EditrcTests.ask(editrc: editrc, ["-s", "plain", "-t", "x"])
    try pty.waitForPrompt("Text: ")
    pty.type(text.text + "\u{17}\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == answer.text + "\n")
  }
}
