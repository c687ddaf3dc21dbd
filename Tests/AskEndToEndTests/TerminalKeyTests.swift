import AskTestSupport
import Glibc
import Testing

/// The terminal's own editing characters as the user set them with stty,
/// in both editors, and how a field ends on Ctrl-D and Ctrl-C (SPEC §6;
/// issue 24, points 4 to 6).
@Suite("The terminal's editing characters, and the answer line's end", .ownThread)
struct TerminalKeyTests {
  /// A kind of field: how `ask` shows one whose answer is `answer`, and
  /// the prompt it waits at.
  enum Field: String, CaseIterable, CustomTestStringConvertible {
    case secure, plain, buttons

    func arguments(answer: String) -> [String] {
      switch self {
      case .secure: ["-s", "secure"]
      case .plain: ["-s", "plain"]
      case .buttons: ["-t", "Pick", answer, "other"]  // the answer chooses its button
      }
    }

    var prompt: String {
      switch self {
      case .secure: "Password: "
      case .plain: "Text: "
      case .buttons: "Choice ["
      }
    }

    var testDescription: String { rawValue }
  }

  /// `ask` with `arguments` under bash, which writes `[host STATUS]` on the
  /// terminal once ask has ended (it ignores the SIGINT a Ctrl-C sends the
  /// whole job; ask gets it as usual).
  static func hosted(_ arguments: [String]) throws -> PseudoTerminal {
    let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
    return try AskSession.shell("trap '' INT; (trap - INT; exec ask \(quoted)); printf '[host %s]' $? > /dev/tty")
  }

  /// The keys typed after `stty`, and the answer they leave, in every kind
  /// of field; VLNEXT quotes in line-edited fields only.
  static let edits: [(Field, String, LoggedText, LoggedText)] = Field.allCases.flatMap { field in
    [
      (field, "kill ^X werase ^B", "abc\u{18}def gh\u{2}ij", "def ij"),            // ^B erases a word, not Left
      (field, "erase ^T", "abcd\u{14}\u{14}x", "abx"),                              // ^T erases, not transposes
      (field, "erase ^T", "abc\u{7F}\u{8}d", "ad"),                                 // DEL and ^H still erase
      (field, "kill ^X werase ^B", "zz\u{15}xy ab\u{17}cd", "xy cd"),               // Ctrl-U and Ctrl-W still work
      (field, "kill undef werase undef", "zz\u{15}ab\u{0}cd one two\u{17}x", "abcd one x"),  // undefined: NUL is nothing
      (field, "kill ^M", "abc", "abc"),                                            // Enter stays Enter
      (field, "erase ^M", "abc", "abc"),
    ] as [(Field, String, LoggedText, LoggedText)]
  } + [
    (.plain, "lnext ^Y", "a\u{19}\u{2}b\u{19}\u{19}c", "a\u{2}b\u{19}c"),  // quoted: ^B and ^Y themselves
    (.plain, "lnext ^V", "a\u{16}\u{15}b\u{16}\u{1B}[Dc", "a\u{15}bc"),          // ^V (the default) quotes; no sequence gets in
    (.plain, "lnext undef", "a\u{16}\u{15}b", "b"),                         // undefined: ^V does nothing
    (.plain, "lnext ^Y", "a\u{19}\u{1B}[D", "a"),      // a sequence after it ends the quote: Enter is Enter
    (.plain, "lnext ^Y", "a\u{19}\u{0}", "a"),         // and NUL
    (.buttons, "lnext ^Y", "Al\u{19}\u{1B}[Cpha", "Alpha"),
    (.buttons, "lnext ^Y", "Al\u{19}\u{2}pha", "Al\u{2}pha"),
    (.secure, "lnext ^Y", "a\u{19}\u{15}b", "b"),                           // no quoting in a secret
    (.secure, "werase ^I", "ab cd\u{9}", "ab cd\u{9}"),                    // Tab stays text: no stty key
    (.plain, "kill ^U", "ab\u{18}c", "abc"),           // Ctrl-X does nothing: it is no prefix…
    (.buttons, "kill ^U", "Al\u{18}pha", "Alpha"),
    (.plain, "kill ^X", "ab\u{18}c", "c"),             // …unless stty made it a character
  ]

  @Test("The terminal's editing characters, as stty set them, edit each kind of field", arguments: edits)
  func sttyKeys(field: Field, stty: String, keys: LoggedText, answer: LoggedText) throws {
    let pty = try AskSession.shell("stty \(stty) >/dev/null; exec ask "
      + field.arguments(answer: answer.text).map { "'\($0)'" }.joined(separator: " "))
    try pty.waitForPrompt(field.prompt)
    pty.type(keys.text + "\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == answer.text + "\n")
    if field == .secure {  // the mask shrinks as the secret does
      #expect(pty.count("*") - pty.count("\u{8} \u{8}") == answer.text.count)
    }
  }

  /// libedit's emacs map made Ctrl-X the prefix of two-key commands: the
  /// key after it, Enter or Ctrl-D, did nothing.
  @Test("Enter and Ctrl-D after a Ctrl-X answer and cancel", arguments: [Field.plain, Field.buttons])
  func controlXThenEnter(field: Field) throws {
    let answered = try AskSession.ask(field.arguments(answer: "Alpha"))
    try answered.waitForPrompt(field.prompt)
    answered.type("Alpha\u{18}\r")
    #expect(try answered.waitForExit() == 0)
    #expect(answered.stdout == "Alpha\n")
    let cancelled = try AskSession.ask(field.arguments(answer: "Alpha"))
    try cancelled.waitForPrompt(field.prompt)
    cancelled.type("\u{18}\u{4}")
    #expect(try cancelled.waitForExit() == 1)
  }

  @Test("The terminal's EOF character (stty eof) cancels as Ctrl-D does, in every kind of field", arguments: Field.allCases)
  func eofCharacter(field: Field) throws {
    let pty = try AskSession.shell("stty eof ^A >/dev/null; exec ask "
      + field.arguments(answer: "Alpha").map { "'\($0)'" }.joined(separator: " "))
    try pty.waitForPrompt(field.prompt)
    pty.type("\u{1}")
    #expect(try pty.waitForExit() == 1)
    #expect(pty.stdout == "")
    #expect(pty.screen.contains("^D"))
  }

  /// Before a terminating signal ended the answer line, the host's text
  /// continued it: `Password: **[host 130]`.
  @Test("Ctrl-C typed ends the answer line before the terminal is given back: the host's next output starts below",
        arguments: [
    (["-t", "Pick", "Alpha", "Beta"], "Choice [", "Al", "cancel]: Al"),
    (["-s", "secure"], "Password: ", "ab", "Password: **"),
    (["-s", "secure", "--echo", "no"], "Password: ", "ab", "Password: "),
    (["-s", "plain"], "Text: ", "ab", "Text: ab"),
  ])
  func controlC(arguments: [String], prompt: String, typed: String, shown: String) throws {
    let pty = try Self.hosted(arguments)
    try pty.waitForPrompt(prompt)
    pty.type(typed)
    try pty.waitFor(shown)
    try pty.waitForKeysRead()
    pty.type("\u{3}")
    try pty.waitFor("[host 130]")
    #expect(pty.screen.hasSuffix(shown + "\r\n[host 130]"))
  }

  @Test("Ctrl-D shows ^D on every field, masked or echoed, and ends the answer line", arguments: [
    (["-t", "Pick", "Alpha", "Beta"], "Ctrl-D = cancel]: "), (["-s", "plain"], "Text: "),
    (["-s", "secure"], "Password: "), (["-s", "secure", "--echo", "no"], "Password: "),
    (["-s", "login-password"], "Login: "),
  ])
  func controlD(arguments: [String], prompt: String) throws {
    let pty = try Self.hosted(arguments)
    try pty.waitForPrompt(prompt)
    pty.type("\u{4}")
    try pty.waitFor("[host 1]")
    #expect(pty.screen.hasSuffix(prompt + "^D\r\n[host 1]"))
  }
}
