import Glibc
import Testing

/// The field cases handed with the core issue (failures reported against
/// peers' tools), ported as they were given: command, keys, exit status,
/// stdout, and termios restored. Their prose checks are in the other suites
/// (noted per case).
@Suite("Field cases from peers' bug trackers", .serialized, .ownThread)
struct FieldCaseTests {
  /// What the test does, in order. Each wait is on something observable.
  enum Key {
    /// Types the text.
    case text(String)
    /// Waits for the text on the screen.
    case wait(String)
    /// Waits until the terminal is non-canonical: `ask` reads keys.
    case reading
    /// Waits until nobody reads `ask`'s stdout any more (`ask … | true`,
    /// once `true` has exited).
    case stdoutGone
    /// Sends the signal to the child (`kill`).
    case signal(Int32)
  }

  struct FieldCase: CustomTestStringConvertible, Sendable {
    let id: String
    let argv: [String]
    let keys: [Key]
    let exit: Int32
    let stdout: String
    var testDescription: String { id }
  }

  static let cases: [FieldCase] = [
    // C01: Ctrl-C at a masked prompt inside $(…) restores the terminal
    // (TextEntryTests.signals repeats it with SIGTERM, SIGHUP, login-password).
    FieldCase(id: "C01", argv: ["bash", "-c", "pw=$(ask -s secure -t Unlock -m \"Vault password\"); echo \"status=$? len=${#pw}\""],
              keys: [.wait("Unlock"), .text("hunt"), .wait("Password: ****"), .text("\u{3}")], exit: 130, stdout: ""),
    // P02: a fault signal sent with kill at a secure field restores the
    // terminal and ends ask by it, at once (TerminalSessionTests repeats it
    // with every fault signal, login-password and a button prompt).
    FieldCase(id: "P02", argv: ["ask", "-s", "secure", "-t", "Unlock", "-m", "Vault password"],
              keys: [.wait("Password:"), .reading, .text("hun"), .wait("Password: ***"), .signal(SIGABRT)],
              exit: 134, stdout: ""),
    // P04: a flag (two regional indicators) is one character in a masked
    // field: one *, and one Backspace takes it whole.
    FieldCase(id: "P04", argv: ["ask", "-s", "secure", "-t", "Unlock"],
              keys: [.wait("Password:"), .reading, .text("pass🇺🇸"), .wait("Password: *****"), .text("\u{7F}"),
                     .wait("\u{8} \u{8}"), .text("🇩🇪"), .wait("*\u{8} \u{8}*"), .text("\r")],
              exit: 0, stdout: "pass🇩🇪\n"),
    // C06: Ctrl-C in a timed prompt is an interrupt, not a timeout.
    FieldCase(id: "C06", argv: ["ask", "-t", "Choose", "--timeout", "30", "One", "Two"],
              keys: [.wait("Two"), .reading, .text("\u{3}")], exit: 130, stdout: ""),
    // C12: libedit edits characters, not bytes, whatever the locale.
    FieldCase(id: "C12", argv: ["env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "ask", "-s", "plain", "-t", "Name"],
              keys: [.wait("Name"), .reading, .text("café"), .wait("Text: café"), .text("\u{7F}"), .text("e\r")], exit: 0, stdout: "cafe\n"),
    // C13: Backspace in a masked field removes one character.
    FieldCase(id: "C13", argv: ["env", "LC_ALL=C.UTF-8", "ask", "-s", "secure", "-t", "Password"],
              keys: [.wait("Password: "), .text("pä"), .wait("Password: **"), .text("\u{7F}"), .text("aö\r")], exit: 0, stdout: "paö\n"),
    // C02: the prompt must not be captured with the answer (ScriptingTests.capture).
    FieldCase(id: "C02", argv: ["bash", "-c", """
      choice=$(ask -t 'Delete 3 files?' -m 'This cannot be undone.' -c Cancel -d Delete); \
      printf '[%s] %s\\n' "$choice" $?
      """], keys: [.wait("Delete 3 files?"), .text("Delete\r")], exit: 0, stdout: "[Delete] 0\n"),
    // C03: a prompt reading a piped script consumes only its own line.
    FieldCase(id: "C03", argv: ["bash", "-c", "printf '%s\\n' 'ask -t First One Two' 2 'echo after' | bash"],
              keys: [], exit: 0, stdout: "Two\nafter\n"),
    // C05: end of input while re-asking ends the prompt (ScriptingTests.noTerminalInvalid).
    FieldCase(id: "C05", argv: ["ask", "-t", "Pick", "Alpha", "Beta"],
              keys: [.wait("Beta"), .reading, .text("9\r"), .wait("No button matches"), .text("\u{4}")], exit: 1, stdout: ""),
    // C08: Ctrl-C stops the calling script too.
    FieldCase(id: "C08", argv: ["bash", "-c", """
      ask -t 'Step 1' -c Stop Go; echo "step1=$?"; ask -t 'Step 2' -c Stop Go; echo "step2=$?"
      """], keys: [.wait("Step 1"), .text("\u{3}")], exit: 130, stdout: ""),
    // C10: no buttons at all gives the implied OK.
    FieldCase(id: "C10", argv: ["ask", "-t", "Nothing to choose"],
              keys: [.wait("OK"), .text("1\r")], exit: 0, stdout: "OK\n"),
    // C11: duplicate titles, compared case-insensitively, are a spec error.
    FieldCase(id: "C11", argv: ["ask", "-t", "Which file?", "report.txt", "Report.TXT", "other.txt"],
              keys: [], exit: 2, stdout: ""),
    // C18: NO_COLOR is honoured (ScriptingTests.noColor checks the SGR).
    FieldCase(id: "C18", argv: ["env", "NO_COLOR=1", "ask", "-t", "Delete backups?", "-c", "Cancel", "-d", "Delete"],
              keys: [.wait("Delete"), .text("Cancel\r")], exit: 1, stdout: ""),
    // C20: escape sequences from the spec are shown, not sent (ScriptingTests.escapeInjection).
    FieldCase(id: "C20", argv: ["ask", "-t", "Update\u{1B}]0;pwned\u{7}", "-m", "ok\u{1B}[2J\u{1B}[H",
                                "-c", "Cancel", "Yes\u{1B}]52;c;ZWNobyBoaQ==\u{7}"],
              keys: [.wait("Cancel"), .text("Cancel\r")], exit: 1, stdout: ""),
    // C24: CR LF is one line ending (AnsweringTests.crlfEnter for the pty).
    FieldCase(id: "C24", argv: ["bash", "-c", "printf 'Yes\\r\\n' | ask -t 'Deploy?' -c No Yes"],
              keys: [], exit: 0, stdout: "Yes\n"),
    // C25: a closed stdout ends ask by SIGPIPE, quietly.
    FieldCase(id: "C25", argv: ["bash", "-c", "ask -t Pick Alpha Beta | true; echo \"ask=${PIPESTATUS[0]}\""],
              keys: [.wait("Beta"), .stdoutGone, .text("Alpha\r")], exit: 0, stdout: "ask=141\n"),
  ]

  @Test("Each field case behaves as the case says", arguments: cases)
  func fieldCase(_ fieldCase: FieldCase) throws {
    let executable = fieldCase.argv[0] == "ask" ? AskSession.executable
      : fieldCase.argv[0] == "env" ? "/usr/bin/env" : "/bin/bash"
    let pty = try PseudoTerminal(executable: executable, arguments: Array(fieldCase.argv.dropFirst()),
                                 environment: AskSession.environment)
    for key in fieldCase.keys {
      switch key {
      case .text(let text): pty.type(text)
      case .wait(let text): try pty.waitFor(text)
      case .reading: try pty.waitUntilNonCanonical()
      case .stdoutGone: try pty.waitForStdoutGone()
      case .signal(let number): pty.signal(number)
      }
    }
    #expect(try pty.waitForExit(timeout: 15) == fieldCase.exit)
    #expect(pty.stdout == fieldCase.stdout)
    #expect(pty.termiosRestored)
    #expect(!pty.screen.contains("Fatal error") && !pty.stderr.contains("Fatal error"))
    if fieldCase.id == "C01" || fieldCase.id == "C13" || fieldCase.id == "P02" {
      for letter in ["h", "u", "n", "t", "ä", "ö"] { #expect(!pty.screen.contains("Password: " + letter)) }
    }
  }

  @Test("C05: after '9' exactly one hint and one re-prompt appear, and Ctrl-D ends it within 1 s")
  func c05Screen() throws {
    let pty = try AskSession.ask(["-t", "Pick", "Alpha", "Beta"])
    try pty.waitForPrompt()
    pty.type("9\r")
    try pty.waitFor("No button matches")
    // Once a later key is echoed, all that "9" brought is on the screen.
    pty.type("x")
    try pty.waitFor("cancel]: x")
    #expect(pty.count("No button matches") == 1)
    #expect(pty.count("Choice [") == 2)
    pty.type("\u{15}\u{4}")  // Ctrl-U empties the line again, Ctrl-D ends
    #expect(try pty.waitForExit(timeout: 1) == 1)
  }

  @Test("C11: one stderr line names the duplicate, and nothing is drawn")
  func c11Message() throws {
    let pty = try AskSession.ask(["-t", "Which file?", "report.txt", "Report.TXT", "other.txt"])
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stderr == "ask: Duplicate button title 'Report.TXT' (same as 'report.txt')\n")
    #expect(pty.screen == "")
  }
}
