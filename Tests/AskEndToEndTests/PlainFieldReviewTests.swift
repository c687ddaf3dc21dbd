import AskTestSupport
import Glibc
import Testing

/// Plain fields (libedit) as an adversarial review typed into them: a
/// partial answer with quoted control characters across Ctrl-Z and fg,
/// terminal strings and C1 characters, Ctrl-W over emoji, vi's mode
/// across a stop.
@Suite("Plain field keys from the adversarial review", .serialized, .ownThread)
struct PlainFieldReviewTests {
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
