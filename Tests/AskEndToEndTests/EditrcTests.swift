import AskTestSupport
import Glibc
import Testing

/// The user's editrc (SPEC §6; issue 24): read by `ask` itself, and only
/// its editing lines applied; vi mode usable.
@Suite("The editrc and vi mode", .ownThread)
struct EditrcTests {
  /// `ask arguments` with `editrc` (a line, its LF added) as the test's own
  /// ~/.editrc.
  static func ask(editrc: String, _ arguments: [String]) throws -> PseudoTerminal {
    try PseudoTerminal(executable: "/bin/bash",
                       arguments: ["-c", "printf '%s\\n' \"$1\" > \"$HOME/.editrc\" && shift && exec ask \"$@\"",
                                   "bash", editrc] + arguments,
                       environment: AskSession.environment)
  }

  @Test("An editrc cannot turn the password's echo on, Enter into text or Ctrl-C into text", arguments: [
    "setty -d +echo +icanon", "bind ^M ed-insert", "setty -d -isig", "ask:setty -d +echo +icanon", "bind '\\r' ed-insert",
  ] as [LoggedText])
  func cannotUndoThePrompt(editrc: LoggedText) throws {
    let pty = try Self.ask(editrc: editrc.text, ["-s", "login-password", "-t", "x"])
    try pty.waitForPrompt("Login: ")
    pty.type("alice")
    try pty.waitFor("Login: alice")  // read by the editor, in the modes it edits in
    pty.type("\r")
    try pty.waitFor("Password: ")
    try pty.waitForModes(echo: false, canonical: false)
    pty.type("s3cr3t")
    try pty.waitFor("Password: ******")
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "alice\ns3cr3t\n")
    #expect(!pty.screen.contains("s3cr3t") && !pty.screen.contains("^M"))
    #expect(pty.termiosRestored)

    let interrupted = try Self.ask(editrc: editrc.text, ["-s", "login-password", "-t", "x"])
    try interrupted.waitForPrompt("Login: ")
    interrupted.type("al")
    try interrupted.waitFor("Login: al")
    interrupted.type("\u{3}")
    #expect(try interrupted.waitForExit() == 130)
    #expect(interrupted.stdout == "")
    #expect(interrupted.termiosRestored)
  }

  @Test("EDITRC naming an endless device is skipped: the prompt comes, memory stays small, Ctrl-C ends it")
  func endlessEditrc() throws {
    let pty = try AskSession.ask(["-t", "x", "-c", "No", "Yes"], environment: ["EDITRC": "/dev/zero"])
    try pty.waitForPrompt()
    // Peak resident memory (kB): a few MB; el_source on /dev/zero grew past 500 MB a second.
    let status = String(decoding: try #require(Self.contents("/proc/\(pty.pid)/status")), as: UTF8.self)
    let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
      .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    #expect(try #require(peak) < 100_000 * Int(AskSession.slowdown))
    pty.type("\u{3}")
    #expect(try pty.waitForExit() == 130)
    #expect(pty.termiosRestored)
  }

  @Test("EDITRC naming a FIFO no one writes is skipped: --timeout still ends the prompt")
  func fifoEditrc() throws {
    let pty = try AskSession.shell("mkfifo \"$HOME/fifo\" && EDITRC=\"$HOME/fifo\" exec ask --timeout 1 -t x -c No Yes")
    try pty.waitForPrompt()
    #expect(try pty.waitForExit(timeout: 5) == 124)
    #expect(pty.screen.contains("Timed out."))
    #expect(pty.termiosRestored)
  }

  @Test("An editrc of at most 64 KiB is read; a larger one is not (its bind -v does not apply)", arguments: [
    (65_000, "ello"), (66_000, "hellox"),  // emacs: Esc 0 is an Alt-key, which does nothing
  ])
  func editrcSize(bytes: Int, answer: String) throws {
    let pty = try AskSession.shell("""
      { echo 'bind -v'; head -c \(bytes) /dev/zero | tr '\\0' '#'; } > "$HOME/.editrc" && exec ask -s plain -t x
      """)
    try pty.waitForPrompt("Text: ")
    pty.type("hello\u{1B}0x\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == answer + "\n")
  }

  @Test("vi mode: Esc then a key is command mode, and the usual command keys edit", arguments: [
    ("bind -v", "hello world\u{1B}0x\r", "ello world"),
    ("ask:bind -v", "hello world\u{1B}0x\r", "ello world"),
    ("bind -v", "hello world\u{1B}bx\r", "hello orld"),
    ("bind -v", "hello world\u{1B}0wx\r", "hello orld"),
    ("bind -v", "hello world\u{1B}0lx\r", "hllo world"),
    ("bind -v", "hello world\u{1B}0$x\r", "hello worl"),
    ("bind -v", "hello\u{1B}hhx\r", "helo"),
    ("bind -v", "hello world\u{1B}ddiabc\r", "abc"),
    ("bind -v", "hello\u{1B}0iX\r", "Xhello"),
    ("bind -v", "hello\u{1B}0aX\r", "hXello"),
    ("bind -v", "hello\u{1B}0AX\r", "helloX"),
    ("bind -v", "hello\u{1B}[DX\r", "hellXo"),      // Left in insert mode stays in insert mode
    ("bind -v", "hello\u{1B}:x\r", "hell"),         // `:` opens no command line
    ("bind -v", "hello\u{1B}:setty\r", "helletty"), // …so `setty` is vi keys (s: substitute)
    ("bind -v", "hello\u{1B}0vx\r", "ello"),        // `v` starts no editor
    ("other:bind -v", "hello\u{1B}0x\r", "hellox"), // another program's line: emacs
    ("bind -v", "abcz\u{1B}\u{7F}x\r", "ab"),       // erase (DEL) erases in command mode too
    ("bind -v", "abc def\u{1B}\u{15}\r", "f"),      // and kill (Ctrl-U) kills back to the start
  ] as [(LoggedText, LoggedText, String)])
  func viKeys(editrc: LoggedText, keys: LoggedText, answer: String) throws {
    let pty = try Self.ask(editrc: editrc.text, ["-s", "plain", "-t", "x"])
    try pty.waitForPrompt("Text: ")
    pty.type(keys.text)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == answer + "\n")
    #expect(pty.termiosRestored)
  }

  /// `ask -s plain` in vi mode, `typed` typed, then a lone Esc: in command
  /// mode once libedit has moved the cursor for it.
  static func viCommandMode(after typed: String) throws -> PseudoTerminal {
    let pty = try Self.ask(editrc: "bind -v", ["-s", "plain", "-t", "x"])
    try pty.waitForPrompt("Text: ")
    pty.type(typed)
    try pty.waitFor("Text: " + typed)
    let drawn = pty.screenBytes.count
    pty.type("\u{1B}")
    try pty.waitUntil("Esc moved the cursor (command mode)") { pty.screenBytes.count > drawn }
    return pty
  }

  @Test("vi mode: a lone Esc reaches libedit after the key decoder's wait")
  func loneEscape() throws {
    let pty = try Self.viCommandMode(after: "hello world")
    pty.type("0x\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "ello world\n")
  }

  @Test("vi mode: Ctrl-D on an empty line cancels in command mode too, as in insert mode")
  func viControlD() throws {
    let pty = try Self.viCommandMode(after: "a")
    pty.type("x\u{4}")
    #expect(try pty.waitForExit() == 1)
    #expect(pty.stdout == "")
    #expect(pty.screen.contains("^D"))
  }

  @Test("vi mode: Enter submits from command mode at a button prompt, and the masked editor stays emacs-like")
  func viButtonsAndSecrets() throws {
    let buttons = try Self.ask(editrc: "bind -v", ["-t", "x", "-c", "No", "Yes"])
    try buttons.waitForPrompt()
    buttons.type("Yesx\u{1B}x\r")
    #expect(try buttons.waitForExit() == 0)
    #expect(buttons.stdout == "Yes\n")

    let secret = try Self.ask(editrc: "bind -v", ["-s", "secure", "-t", "x"])
    try secret.waitForPrompt("Password: ")
    secret.type("ab\u{1B}0x\r")  // Alt-0 does nothing there
    #expect(try secret.waitForExit() == 0)
    #expect(secret.stdout == "abx\n")
  }

  static func contents(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(fd, &buffer, buffer.count)
      if n <= 0 { return bytes }
      bytes += buffer[..<n]
    }
  }
}
