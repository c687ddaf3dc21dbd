import AskTestSupport
import Glibc
import Testing
@testable import AskCLI

/// `ask --pinentry`: the Assuan server gpg-agent talks to (SPEC §7),
/// driven here with the commands on a pipe and the prompts answered on the
/// pseudo-terminal that `OPTION ttyname` names (/dev/tty: the test's pty).
@Suite("Pinentry mode", .ownThread)
struct PinentryTests {
  static func commands(_ lines: [String]) -> PseudoTerminal.Stdin {
    .pipe(Array((["OPTION ttyname=/dev/tty", "OPTION ttytype=xterm-256color"] + lines).map { $0 + "\n" }
      .joined().utf8))
  }

  @Test("GETPIN: title, description and prompt drawn, the secret masked; D line, OK, and BYE")
  func getPIN() throws {
    let pty = try AskSession.ask(["--pinentry"], stdin: Self.commands([
      "SETTITLE Unlock", "SETDESC Please enter the passphrase%0Afor the key", "SETPROMPT Passphrase:",
      "GETPIN", "BYE",
    ]))
    try pty.waitForPrompt("Passphrase: ")
    #expect(pty.screen.contains("Unlock"))
    #expect(pty.screen.contains("Please enter the passphrase\r\nfor the key"))
    pty.type("50% off\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "OK Pleased to meet you\nOK\nOK\nOK\nOK\nOK\nD 50%25 off\nOK\nOK closing connection\n")
    #expect(!pty.screen.contains("50%"))
    #expect(pty.termiosRestored)
  }

  /// The options sent before GETPIN, and the hint line and prompt drawn;
  /// shown in the log by the options (the test's name leaves little room).
  struct LanguageCase: CustomTestStringConvertible, Sendable {
    let options: [String]
    let hint: String
    let prompt: String
    init(_ options: [String], _ hint: String, _ prompt: String) {
      self.options = options
      self.hint = hint
      self.prompt = prompt
    }
    var testDescription: String { options.isEmpty ? "no OPTION" : loggedText(options.joined(separator: "; ")) }
  }

  @Test("The language is OPTION lc-messages', not the agent's environment's: English until it comes, then its language for the defaults and the hint line",
        .needsTranslations, arguments: [
          LanguageCase([], "(Enter = OK, Ctrl-D = cancel)", "PIN: "),
          LanguageCase(["OPTION lc-messages=zh_CN.UTF-8"], "（Enter = 确定，Ctrl-D = 取消）", "PIN："),
          LanguageCase(["OPTION lc-messages=ru_RU.UTF-8", "RESET"], "(Enter = OK, Ctrl-D = отмена)", "PIN: "),
        ])
  func language(_ language: LanguageCase) throws {
    let (options, hint, prompt) = (language.options, language.hint, language.prompt)
    let pty = try AskSession.ask(["--pinentry"], stdin: Self.commands(options + ["SETDESC Unlock", "GETPIN", "BYE"]),
                                 environment: ["LANG": "ru_RU.UTF-8", "LANGUAGE": "ru"])
    try pty.waitForPrompt(prompt)
    #expect(pty.screen.contains("Unlock\r\n\u{1B}[2m" + hint + "\u{1B}[0m\r\n"), "\(pty.screen.debugDescription)")
    pty.type("1234\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout.contains("D 1234\nOK\n"))
  }

  @Test("Run as pinentry (the name the Debian package's alternative gives it): the Assuan server")
  func runAsPinentry() throws {
    let pty = try AskSession.shell(
      "ln -s \"\(AskSession.executable)\" \"$HOME/pinentry\" && exec \"$HOME/pinentry\"",
      stdin: .pipe(Array("GETINFO flavor\nBYE\n".utf8)))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "OK Pleased to meet you\nD ask\nOK\nOK closing connection\n")
  }

  @Test("GETPIN ends as pinentry-tty's: Ctrl-D cancels, Enter alone is an empty PIN (no D line)",
        arguments: [("\u{4}", "ERR 83886179 Operation cancelled <Pinentry>"), ("\r", "OK")])
  func getPINEndings(keys: LoggedText, reply: String) throws {
    let pty = try AskSession.ask(["--pinentry"], stdin: Self.commands(["GETPIN", "BYE"]))
    try pty.waitForPrompt("PIN: ")
    pty.type(keys.text)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "OK Pleased to meet you\nOK\nOK\n\(reply)\nOK closing connection\n")
  }

  @Test("SETTIMEOUT: a GETPIN nobody answers is pinentry's Timeout")
  func timeout() throws {
    let pty = try AskSession.ask(["--pinentry"], stdin: Self.commands(["SETTIMEOUT 1", "GETPIN", "BYE"]))
    try pty.waitForPrompt("PIN: ")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout.hasSuffix("OK\nERR 83886142 Timeout <Pinentry>\nOK closing connection\n"))
  }

  /// How long gpg may take to bring up its agent and the agent its
  /// pinentry, or to derive a key, before the passphrase is asked (seconds):
  /// on a loaded machine it took over 5.
  static let agentStart: Double = 30

  /// Answers a passphrase and a different repeat, and waits until the
  /// mismatch (gpg's SETREPEATERROR text) is shown and the passphrase asked
  /// again.
  static func mismatchedRepeat(_ pty: PseudoTerminal) throws {
    try pty.waitForPrompt("Passphrase: ", timeout: Self.agentStart)
    pty.type("c0rrect-horse\r")
    try pty.waitForPrompt("Repeat: ")
    pty.type("c0rrect-h0rse\r")
    try pty.waitFor("*** does not match - try again ***")
    try pty.waitUntil("asked again") { pty.count("Passphrase: ") == 2 }
  }

  @Test("SETREPEAT: asked twice; a mismatch shows SETREPEATERROR's text and asks again; a match is S PIN_REPEATED")
  func repeatEntry() throws {
    let pty = try AskSession.ask(["--pinentry"], stdin: Self.commands([
      "SETPROMPT Passphrase:", "SETREPEAT Repeat:", "SETREPEATERROR does not match - try again", "GETPIN", "BYE",
    ]))
    try Self.mismatchedRepeat(pty)
    pty.type("c0rrect-horse\r")
    try pty.waitUntil("repeat asked again") { pty.count("Repeat: ") == 2 }
    pty.type("c0rrect-horse\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout.hasSuffix("OK\nS PIN_REPEATED\nD c0rrect-horse\nOK\nOK closing connection\n"))
  }

  @Test("CONFIRM with OK, Not OK and Cancel (accelerators dropped): OK, Not confirmed, cancelled", arguments: [
    ("1\r", "OK"), ("2\r", "ERR 83886194 Not confirmed <Pinentry>"), ("3\r", "ERR 83886179 Operation cancelled <Pinentry>"),
    ("\u{4}", "ERR 83886179 Operation cancelled <Pinentry>"),
  ])
  func confirm(keys: LoggedText, reply: String) throws {
    let pty = try AskSession.ask(["--pinentry"], stdin: Self.commands([
      "SETDESC Take this one anyway?", "SETOK _Take this one", "SETNOTOK _No way", "SETCANCEL _Enter new passphrase",
      "CONFIRM", "BYE",
    ]))
    try pty.waitForPrompt()
    #expect(pty.screen.contains("1) Take this one"))
    #expect(pty.screen.contains("2) No way"))
    #expect(pty.screen.contains("3) Enter new passphrase"))
    pty.type(keys.text)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout.hasSuffix("OK\n\(reply)\nOK closing connection\n"))
  }

  @Test("MESSAGE and CONFIRM --one-button: OK only, any answer is OK", arguments: ["MESSAGE", "CONFIRM --one-button"])
  func message(command: String) throws {
    let pty = try AskSession.ask(["--pinentry"], stdin: Self.commands(["SETDESC Key created", command, "BYE"]))
    try pty.waitForPrompt()
    #expect(pty.screen.contains("1) OK"))
    #expect(!pty.screen.contains("Cancel"))
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout.hasSuffix("OK\nOK\nOK closing connection\n"))
  }

  @Test("GETINFO, NOP, RESET, HELP, END, an unknown command, empty lines and comments (no reply), and pinentry's own options")
  func commands() throws {
    let lines = ["GETINFO flavor", "", "# a comment", "GETINFO ttyinfo", "GETINFO bogus", "NOP", "RESET", "HELP",
                 "END", "OPTION", "FROB x", "BYE"]
    let pty = try AskSession.ask(["--pinentry", "--display", ":0", "--ttytype=xterm", "--no-global-grab"],
                                 stdin: .pipe(Array(lines.map { $0 + "\n" }.joined().utf8)))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == """
      OK Pleased to meet you
      D ask
      OK
      D - xterm -
      OK
      ERR 83886360 IPC parameter error <Pinentry>
      OK
      OK
      OK
      ERR 536870981 Not implemented <User defined source 1>
      ERR 536871188 IPC syntax error <User defined source 1>
      ERR 536871187 Unknown IPC command <User defined source 1>
      OK closing connection

      """)
  }

  @Test("What gpg-agent sends besides: every OPTION, SETKEYINFO, SETREPEATOK, SETQUALITYBAR, SETGENPIN are OK; GETINFO pid and version; SETERROR shown once")
  func acceptedCommands() throws {
    let pty = try AskSession.ask(["--pinentry"], stdin: Self.commands([
      "OPTION no-grab", "OPTION lc-ctype=C.UTF-8", "OPTION lc-messages=C.UTF-8", "OPTION allow-external-password-cache",
      "OPTION default-ok=_OK", "OPTION default-cancel=_Cancel", "OPTION default-prompt=PIN:", "OPTION owner=1 vm",
      "SETKEYINFO u/S1234", "SETREPEATOK Passphrases match.", "SETQUALITYBAR", "SETQUALITYBAR_TT Quality",
      "SETGENPIN Suggest", "SETGENPIN_TT Suggest a random passphrase.", "GETINFO pid", "GETINFO version",
      "SETERROR Bad passphrase (try 2 of 3)", "GETPIN", "GETPIN", "BYE",
    ]))
    try pty.waitForPrompt("PIN: ")
    #expect(pty.screen.contains("*** Bad passphrase (try 2 of 3) ***"))
    pty.type("first\r")
    try pty.waitUntil("asked again") { pty.count("PIN: ") == 2 }
    try pty.waitUntilNonCanonical()
    pty.type("second\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.count("*** Bad passphrase") == 1)  // shown once, then forgotten
    let replies = pty.stdout.split(separator: "\n")
    #expect(replies.filter { $0 == "OK" }.count == 10 + 6 + 2 + 1 + 2)  // OPTIONs, SETs, GETINFOs, SETERROR, GETPINs
    #expect(replies.contains("D \(askVersion)"))
    #expect(replies.contains { $0.hasPrefix("D ") && Int($0.dropFirst(2)) != nil })  // the pid
    #expect(replies.suffix(5) == ["D first", "OK", "D second", "OK", "OK closing connection"])
  }

  @Test("pinentry's short options are its long ones: -T TTY, -Nxterm, -D, -g, -d (an unknown one is 2)")
  func shortOptions() throws {
    let pty = try AskSession.ask(["--pinentry", "-D", ":0", "-Nxterm", "-g", "-d", "-T", "/dev/pts/9", "-o5"],
                                 stdin: .pipe(Array("GETINFO ttyinfo\nBYE\n".utf8)))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "OK Pleased to meet you\nD /dev/pts/9 xterm -\nOK\nOK closing connection\n")
    let unknown = try AskSession.ask(["--pinentry", "-Z"], stdin: .pipe([]))
    #expect(try unknown.waitForExit() == 2)
    #expect(unknown.stderr == "ask: Unknown option '-Z' in pinentry mode\n")
  }

  @Test("--version and --help, as every pinentry takes them; an unknown option is 2 with a line", arguments: [
    (["--version"], Int32(0), "ask "), (["--help"], Int32(0), "Usage: ask-pinentry"), (["--frob"], Int32(2), ""),
  ])
  func ownOptions(arguments: [String], status: Int32, stdout: String) throws {
    let pty = try AskSession.ask(["--pinentry"] + arguments, stdin: .pipe([]))
    #expect(try pty.waitForExit() == status)
    #expect(pty.stdout.hasPrefix(stdout))
    if status == 2 { #expect(pty.stderr == "ask: Unknown option '--frob' in pinentry mode\n") }
  }

  @Test("A 2 KB passphrase comes back in D lines of at most 1000 bytes, whole")
  func longPassphrase() throws {
    let secret = String(repeating: "0123456789%", count: 190)  // 2090 bytes, % escaped
    let pty = try AskSession.ask(["--pinentry"], stdin: Self.commands(["GETPIN", "BYE"]))
    try pty.waitForPrompt("PIN: ")
    pty.type(secret + "\r")
    #expect(try pty.waitForExit() == 0)
    let data = pty.stdout.split(separator: "\n").filter { $0.hasPrefix("D ") }
    #expect(data.count >= 3)
    #expect(data.allSatisfy { $0.utf8.count + 1 <= 1000 })
    #expect(data.map { $0.dropFirst(2) }.joined().replacing("%25", with: "%") == secret)
  }

  @Test("A command line of 1001 bytes and its LF is served; 1002 end the session as pinentry-tty's: no reply, nothing after, its line on stderr, status 2",
        arguments: [
    (1001, "", true), (1002, "", false), (1001, "\r", true), (1002, "\r", false),
  ] as [(Int, LoggedText, Bool)])
  func lineLength(length: Int, end: LoggedText, served: Bool) throws {
    // SETDESC and its argument: `length` bytes with the CR, then LF.
    let line = "SETDESC " + String(repeating: "x", count: length - 8 - end.text.utf8.count) + end.text
    let pty = try AskSession.ask(["--pinentry"], stdin: .pipe(Array("NOP\n\(line)\nGETINFO flavor\nBYE\n".utf8)))
    if served {
      #expect(try pty.waitForExit() == 0)
      #expect(pty.stdout == "OK Pleased to meet you\nOK\nOK\nD ask\nOK\nOK closing connection\n")
      #expect(pty.stderr == "")
    } else {
      #expect(try pty.waitForExit() == 2)
      #expect(pty.stdout == "OK Pleased to meet you\nOK\n")
      #expect(pty.stderr == "ask: Assuan processing failed: Line passed to IPC too long\n")
    }
  }

  @Test("A last command line without its LF is not run: the session ends as pinentry-tty's, no reply, its line on stderr, status 2",
        arguments: ["GETINFO flavor", "BYE", "GETPIN"])
  func incompleteLastLine(last: String) throws {
    let pty = try AskSession.ask(["--pinentry"], stdin: .pipe(Array("NOP\n\(last)".utf8)))
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stdout == "OK Pleased to meet you\nOK\n")
    #expect(pty.stderr == "ask: Assuan processing failed: Incomplete line passed to IPC\n")
    #expect(!pty.screen.contains("PIN"))
  }

  @Test("200 MB without an LF end the session at once, with memory bounded: a few MB resident, not 200")
  func endlessLine() throws {
    let python = try #require(ArtifactsTests.tool("python3"), "python3 is not installed")
    // ask's own peak (os.wait4's ru_maxrss), not the test process's: a
    // child forked from this process would count its memory too. ask is
    // started from python (about 10 MB), fed by head through a pipe.
    let script = """
      import os, subprocess, sys
      feed = subprocess.Popen(["head", "-c", "200000000", "/dev/zero"], stdout=subprocess.PIPE)
      ask = subprocess.Popen([sys.argv[1], "--pinentry"], stdin=feed.stdout)
      feed.stdout.close()
      _, status, usage = os.wait4(ask.pid, 0)
      feed.kill()
      feed.wait()
      print("exit", os.waitstatus_to_exitcode(status), "peak", usage.ru_maxrss, flush=True)
      """
    let run = try PseudoTerminal(executable: python, arguments: ["-c", script, AskSession.executable],
                                 environment: AskSession.environment, stdin: .noTerminal([]))
    #expect(try run.waitForExit(timeout: 10 * AskSession.slowdown) == 0)
    #expect(run.stderr == "ask: Assuan processing failed: Line passed to IPC too long\n")
    let report = try #require(run.stdout.split(separator: "\n").last { $0.hasPrefix("exit ") }, "\(run.stdout)")
    let fields = report.split(separator: " ")
    #expect(run.stdout == "OK Pleased to meet you\n" + report + "\n")
    #expect(fields[1] == "2")
    let peak = try #require(Int(fields[3]))
    #expect(peak < 50_000, "ask had \(peak) KiB resident")
  }

  @Test("No terminal to draw on: an error reply, not a hang")
  func noTerminal() throws {
    let pty = try AskSession.ask(["--pinentry"], stdin: .pipe(Array("OPTION ttyname=/nonexistent/tty\nGETPIN\nBYE\n".utf8)))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "OK Pleased to meet you\nOK\nERR 83886165 No pinentry <Pinentry>\nOK closing connection\n")
  }

  /// A bash script: the `ask` under test installed by `make install` in
  /// the session's own folder, a GNUPGHOME there whose gpg-agent runs the
  /// installed `ask-pinentry`, GPG_TTY this terminal, and `body`; the
  /// agent (a daemon) is killed on exit.
  static func gpg(_ body: String) -> String {
    """
    export GNUPGHOME="$HOME/g" GPG_TTY=$(tty)
    make -s -C '\(ArtifactsTests.root)' install DESTDIR="$HOME/root" ASK_BIN='\(AskSession.executable)' \\
      >/dev/null || exit 9
    mkdir -m 700 "$GNUPGHOME" || exit 9
    echo "pinentry-program $(find "$HOME/root" -name ask-pinentry)" > "$GNUPGHOME/gpg-agent.conf"
    trap 'gpgconf --kill gpg-agent' EXIT
    echo 'attack at dawn' > "$HOME/plain.txt"
    gpg() { command gpg --pinentry-mode ask --batch --yes --no-symkey-cache "$@"; }
    \(body)
    """
  }

  @Test("gpg --symmetric then --decrypt, gpg-agent's pinentry-program the installed ask-pinentry: description and masked entry, asked twice, then once; the file round-trips")
  func gpgRoundTrip() throws {
    let pty = try AskSession.shell(Self.gpg("""
      gpg -o "$HOME/plain.txt.gpg" --symmetric "$HOME/plain.txt" 2>/dev/null; echo "enc=$?"
      gpg -o "$HOME/out.txt" --decrypt "$HOME/plain.txt.gpg" 2>/dev/null; echo "dec=$?"
      cat "$HOME/out.txt"
      """))
    try pty.waitForPrompt("Passphrase: ", timeout: Self.agentStart)
    #expect(pty.screen.contains("Enter passphrase"))  // gpg-agent's SETDESC
    pty.type("c0rrect-horse")
    try pty.waitFor("Passphrase: *************")
    pty.type("\r")
    try pty.waitForPrompt("Repeat: ")
    pty.type("c0rrect-horse\r")
    try pty.waitUntil("asked for the decryption", timeout: Self.agentStart) { pty.count("Passphrase: ") == 2 }
    try pty.waitFor("Please enter the passphrase for decryption.")
    try pty.waitUntilNonCanonical()
    pty.type("c0rrect-horse\r")
    #expect(try pty.waitForExit(timeout: 30) == 0)
    #expect(pty.stdout == "enc=0\ndec=0\nattack at dawn\n")
    #expect(pty.count("(Enter = OK, Ctrl-D = cancel)") == 3)  // ask drew all three prompts
    #expect(!pty.screen.contains("c0rrect"))
  }

  @Test("gpg --symmetric with ask-pinentry: Ctrl-D is gpg's Operation cancelled; a mismatched repeat is asked again")
  func gpgCancelAndMismatch() throws {
    let pty = try AskSession.shell(Self.gpg("""
      gpg -o "$HOME/plain.txt.gpg" --symmetric "$HOME/plain.txt"; echo "enc=$?"
      """))
    try Self.mismatchedRepeat(pty)
    try pty.waitUntilNonCanonical()
    pty.type("\u{4}")
    #expect(try pty.waitForExit(timeout: 30) == 0)
    #expect(pty.stdout == "enc=2\n")
    #expect(pty.stderr.contains("Operation cancelled"))
  }
}
