import AskTestSupport
import Glibc
import Testing

/// Text styles on a pseudo-terminal: what is typed, what is shown, what
/// comes out, and that the terminal comes back as it was.
@Suite("Text entry, secrets and timeouts", .serialized, .ownThread)
struct TextEntryTests {
  @Test("pw=$(ask -s secure) with pässwörd shows eight * and never the text")
  func secureCapture() throws {
    let pty = try AskSession.shell("pw=$(ask -s secure -t Unlock); printf '[%s] %s\\n' \"$pw\" $?")
    try pty.waitFor("Password: ")
    try pty.waitUntilNonCanonical()
    pty.type("pässwörd")
    try pty.waitFor("Password: ********")
    #expect(pty.screen.hasSuffix("Password: ********"))
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "[pässwörd] 0\n")
    #expect(!pty.screen.contains("pässwörd") && !pty.screen.contains("ässw"))
    #expect(pty.termiosRestored)
  }

  @Test("Backspace removes a whole character, and the mask follows (C13)", arguments: [
    ("pä", "\u{7F}aö\r", "paö\n", 3), ("密码", "\u{7F}\r", "密\n", 1),
  ])
  func backspace(first: String, rest: LoggedText, stdout: LoggedText, stars: Int) throws {
    let pty = try AskSession.ask(["-s", "secure", "-t", "Password"], environment: ["LC_ALL": "C.UTF-8"])
    try pty.waitFor("Password: ")
    try pty.waitUntilNonCanonical()
    pty.type(first)
    try pty.waitFor("Password: " + String(repeating: "*", count: first.count))  // one * a character
    pty.type(rest.text)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == stdout.text)
    #expect(pty.count("*") - pty.count("\u{8} \u{8}") == stars)
  }

  @Test("--echo no shows nothing; Ctrl-U clears; Tab is part of the secret; arrows are not")
  func echoNoAndKeys() throws {
    let pty = try AskSession.ask(["-s", "secure", "--echo", "no"])
    try pty.waitForPrompt("Password: ")  // keys before it would be discarded
    pty.type("wrong\u{15}a\tb\u{1B}[D\u{1B}[200~c\u{1B}[201~\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "a\tbc\n")
    #expect(!pty.screen.contains("*"))
  }

  @Test("Keys typed before a secure prompt are discarded: they were shown in clear")
  func secureTypeAheadDiscarded() throws {
    // ask starts once "early" is a whole line waiting on the terminal.
    let pty = try AskSession.shell(AskSession.untilLineTyped + "ask -s secure")
    pty.type("early\r")
    try pty.waitFor("Password: ")
    try pty.waitUntilNonCanonical()
    pty.type("late\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "late\n")
  }

  @Test("login-password returns both fields; a fast typist's password never shows")
  func loginPassword() throws {
    let pty = try AskSession.ask(["-s", "login-password", "-t", "Sign in", "--placeholder", "alice@example.com",
                                  "--print", "json"], environment: ["NO_COLOR": "1"])
    try pty.waitFor("Login (e.g. alice@example.com): ")
    try pty.waitUntilNonCanonical()
    pty.type("alice\rs3cr3t\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == #"{"button":"OK","role":"other","login":"alice","password":"s3cr3t"}"# + "\n")
    #expect(!pty.screen.contains("s3cr3t"))
    #expect(pty.screen.contains("Password: ******"))
    #expect(pty.termiosRestored)
  }

  @Test("login-password prints two lines, or NUL-terminated values with -0")
  func loginPasswordTitle() throws {
    for (options, stdout) in [([String](), "alice\nsecret\n"), (["-0"], "alice\0secret\0"), (["-0", "-n"], "alice\0secret")] {
      let pty = try AskSession.ask(["-s", "login-password"] + options)
      try pty.waitUntilNonCanonical()
      pty.type("alice\rsecret\r")
      #expect(try pty.waitForExit() == 0)
      #expect(pty.stdout == stdout)
    }
  }

  @Test("A plain field edits its initial text with libedit")
  func plainInitialText() throws {
    let pty = try AskSession.ask(["-s", "plain", "--label", "File", "--text", "report.txt"])
    try pty.waitFor("File: report.txt")
    try pty.waitUntilNonCanonical()
    pty.type("\u{1}old-\r")  // Ctrl-A, then type at the start
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "old-report.txt\n")
  }

  @Test("Backspace over é in a plain field under a UTF-8 locale leaves no half character (C12)")
  func plainBackspace() throws {
    let pty = try AskSession.ask(["-s", "plain", "-t", "Name"], environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
    try pty.waitUntilNonCanonical()
    pty.type("café")
    try pty.waitFor("Text: café")
    pty.type("\u{7F}e\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdoutBytes == [0x63, 0x61, 0x66, 0x65, 0x0A])
  }

  @Test("--pattern asks again with a hint until the whole text matches")
  func pattern() throws {
    let pty = try AskSession.ask(["-s", "plain", "--label", "PIN", "--pattern", "[0-9]{4}"])
    try pty.waitUntilNonCanonical()
    pty.type("12a4\r")
    try pty.waitFor("'12a4' does not match the pattern '[0-9]{4}'.")
    pty.type("\u{15}1234\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "1234\n")
  }

  @Test("--repeat asks again on a mismatch")
  func repeatEntry() throws {
    let pty = try AskSession.ask(["-s", "secure", "--repeat"])
    try pty.waitForPrompt("Password: ")  // keys before it would be discarded
    pty.type("one\rtwo\r")
    try pty.waitFor("The two entries do not match.")
    pty.type("same\rsame\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "same\n")
  }

  @Test("Explicit buttons after the fields: the title first, then the value")
  func buttonsAfterFields() throws {
    let pty = try AskSession.ask(["-s", "plain", "-t", "Rename", "-c", "Keep", "Rename"])
    try pty.waitFor("Text: ")
    try pty.waitUntilNonCanonical()
    pty.type("new.txt\r")
    try pty.waitFor("Choice [1-2, Ctrl-D = cancel]: ")
    pty.type("1\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Rename\nnew.txt\n")
  }

  @Test("Ctrl-D on an empty field cancels the whole prompt: nothing printed, status 1")
  func cancel() throws {
    let pty = try AskSession.ask(["-s", "login-password", "--print", "json"])
    try pty.waitUntilNonCanonical()
    pty.type("alice\r")
    try pty.waitFor("Password: ")
    pty.type("\u{4}")
    #expect(try pty.waitForExit() == 1)
    #expect(pty.stdout == #"{"button":"Cancel","role":"cancel","eof":true}"# + "\n")
    #expect(pty.termiosRestored)
  }

  @Test("From a pipe a secret is a plain line, shown masked (like sudo -S)")
  func pipedSecret() throws {
    let pty = try AskSession.ask(["-s", "secure", "-t", "P"], stdin: .pipe(Array("hunter2\r\n".utf8)))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "hunter2\n")
    #expect(pty.screen.contains("Password: *******\r\n"))
    #expect(!pty.screen.contains("hunter2"))
  }

  @Test("Each way out of a secure or login-password prompt restores the terminal (C01)", arguments: [
    ("secure", SIGINT, Int32(130)), ("secure", SIGTERM, 143), ("secure", SIGHUP, 129),
    ("login-password", SIGINT, 130), ("login-password", SIGTERM, 143), ("secure", SIGQUIT, 131),
  ])
  func signals(style: String, signal: Int32, status: Int32) throws {
    // The calling shell ignores the signal sent to the whole group (so it
    // outlives ask, and the terminal is checked after ask is gone); ask
    // gets the default disposition back.
    let pty = try AskSession.shell(
      "trap '' TERM HUP QUIT; pw=$(trap - TERM HUP QUIT; exec ask -s \(style) -t Unlock); echo \"status=$? len=${#pw}\"")
    try pty.waitFor("Unlock")
    try pty.waitUntilNonCanonical()
    if style == "login-password" {
      pty.type("alice\r")
      try pty.waitFor("Password: ")
    }
    pty.type("hunt")
    try pty.waitFor("Password: ****")  // ask has read the four keys
    if signal == SIGINT { pty.type("\u{3}") } else { kill(-pty.pid, signal) }
    let exit = try pty.waitForExit()
    #expect(exit == status || exit == 0)
    #expect(["", "status=\(status) len=0\n"].contains(pty.stdout))
    #expect(!pty.screen.contains("hunt"))
    #expect(pty.termiosRestored)
  }

  @Test("A timeout chooses the default: ask -t Continue? --timeout 1 --default Yes prints Yes")
  func timeoutDefault() throws {
    let pty = try AskSession.ask(["-t", "Continue?", "--timeout", "1", "--default", "Yes", "-c", "No", "Yes",
                                  "--print", "json"])
    try pty.waitFor("(times out in 1 s, then chooses Yes)")
    #expect(try pty.waitForExit(timeout: 5) == 0)
    #expect(pty.stdout == #"{"button":"Yes","index":1,"buttonIndex":0,"role":"other","timedOut":true}"# + "\n")
    #expect(pty.screen.contains("Ctrl-D = cancel]: \r\nTimed out: chose Yes.\r\n"))
    #expect(pty.termiosRestored)
  }

  @Test("A buttonless alert dismisses itself on a timeout with its implied OK (C10)")
  func timeoutImpliedOK() throws {
    let pty = try AskSession.ask(["-t", "Saved", "--timeout", "0.5"])
    #expect(try pty.waitForExit(timeout: 5) == 0)
    #expect(pty.stdout == "OK\n")
  }

  @Test("A timeout without a default, or in a text style, is 124 with nothing printed", arguments: [
    ["-t", "T", "A", "B"], ["-s", "plain", "--default", "Go", "Go"], ["-s", "secure"],
  ])
  func timeout124(arguments: [String]) throws {
    let pty = try AskSession.ask(arguments + ["--timeout", "0.5"])
    try pty.waitUntilNonCanonical()
    pty.type("typed")
    #expect(try pty.waitForExit(timeout: 5) == 124)
    #expect(pty.stdout == "")
    // On a line of its own, after what was typed (masked for a secret).
    #expect(pty.screen.contains(arguments.contains("secure") ? "*****\r\nTimed out.\r\n" : "typed\r\nTimed out.\r\n"))
    #expect(pty.termiosRestored)
  }

  @Test("Ctrl-C during a timed prompt is 130, never 124 or a timeout message (C06)")
  func controlCWithTimeout() throws {
    let pty = try AskSession.ask(["-t", "Choose", "--timeout", "30", "One", "Two"])
    try pty.waitForPrompt()
    pty.type("\u{3}")
    #expect(try pty.waitForExit(timeout: 2) == 130)
    #expect(!pty.screen.contains("timed out") && !pty.stderr.contains("timed out"))
  }

  @Test("SIGTSTP restores the terminal; on continuing, the whole prompt is drawn again with what was typed")
  func suspendAndResume() throws {
    // ask is a session leader here, an orphaned group: the stop itself is
    // discarded by the kernel, but the restore, hold and redraw all run.
    let pty = try AskSession.ask(["-t", "Resume me", "A", "B"])
    try pty.waitForPrompt()
    pty.type("b")
    try pty.waitFor("cancel]: b")
    pty.signal(SIGTSTP)
    // The redraw ends with what was typed; then ask reads keys again.
    try pty.waitUntil("the prompt drawn again") { pty.count("cancel]: b") == 2 }
    try pty.waitUntilNonCanonical()
    #expect(pty.count("Resume me") == 2)
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "B\n")
    #expect(pty.termiosRestored)
  }

  @Test("The secure prompt comes back masked after SIGTSTP")
  func suspendSecure() throws {
    let pty = try AskSession.ask(["-s", "secure", "-t", "Vault"])
    try pty.waitForPrompt("Password: ")  // keys before it would be discarded
    pty.type("abc")
    try pty.waitFor("Password: ***")
    pty.signal(SIGTSTP)
    try pty.waitUntil("the prompt drawn again") { pty.count("Vault") >= 2 && pty.screen.hasSuffix("Password: ***") }
    try pty.waitUntilNonCanonical()  // else "d" would be echoed in clear
    #expect(pty.count("Vault") == 2)
    #expect(pty.screen.hasSuffix("Password: ***"))
    pty.type("d\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "abcd\n")
  }

  @Test("Ctrl-Z inside $(…) under a job-control shell carries on when answered")
  func controlZInCommandSubstitution() throws {
    let pty = try AskSession.interactiveShell()
    try pty.waitFor("$ ")
    pty.type("x=$(ask -t T A B); echo \"got=$x\"\r")
    try pty.waitForPrompt()
    pty.type("\u{1A}")
    // The terminal has taken the Ctrl-Z (its SIGTSTP is sent), and ask reads
    // keys again.
    try pty.waitForKeysRead()
    try pty.waitUntilNonCanonical()
    pty.type("2\r")
    try pty.waitFor("got=B")
    pty.type("exit\r")
    #expect(try pty.waitForExit() == 0)
  }

  @Test("A secret typed on a terminal that is not the controlling one never shows")
  func secureOnOtherTerminal() throws {
    // setsid: a new session with no controlling terminal; stdin (and, by
    // the shell's redirection, stderr) stay on the pty.
    let pty = try AskSession.shell("setsid -w ask -s secure --print json 2>/dev/tty")
    try pty.waitFor("Password: ")
    try pty.waitForModes(echo: false)  // ask has turned the echo off
    pty.type("TOPSECRET\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == #"{"button":"OK","role":"other","text":"TOPSECRET"}"# + "\n")
    #expect(!pty.screen.contains("TOPSECRET"))
    #expect(pty.termiosRestored)
  }

  @Test("A piped secret that is not UTF-8 is refused (exit 2), never turned into U+FFFD in the JSON")
  func invalidUTF8Secret() throws {
    let pty = try AskSession.ask(["-s", "secure", "--print", "json"], stdin: .pipe([0x61, 0xFF, 0x62, 0x0A]))
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stdout == "")
    #expect(pty.stderr == "ask: Answer line 1 of standard input is not valid UTF-8\n")
  }

  /// The owner of `/proc/PID/status`: the process's user while it is dumpable,
  /// root once it is not (proc(5)).
  static func procOwner(_ pid: pid_t) -> uid_t? {
    var info = stat()
    return stat("/proc/\(pid)/status", &info) == 0 ? info.st_uid : nil
  }

  @Test("ask is not dumpable from its start, whatever it asks: a secret, login-password's login, a plain field, buttons",
        .enabled(if: getuid() == 0, "runs ask as nobody, which needs root"),
        arguments: [(["-s", "login-password"], "Login: "), (["-s", "secure"], "Password: "),
                    (["-s", "plain"], "Text: "), (["-t", "Pick", "Alpha", "Beta"], "Choice [")])
  func notDumpable(arguments: [String], prompt: String) throws {
    let pty = try PseudoTerminal(
      executable: "/usr/bin/setpriv",
      arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", AskSession.executable] + arguments,
      environment: AskSession.environment)
    try pty.waitForPrompt(prompt)
    #expect(Self.procOwner(pty.pid) == 0)  // setpriv became ask: the same process
    pty.type("\u{4}")
    #expect(try pty.waitForExit() == 1)
  }

  @Test("A lone Esc does nothing, and does not eat the next key, in every kind of field", arguments: [
    (["-s", "secure"], "Password: ", "Password: *"), (["-s", "plain"], "Text: ", "Text: a"),
    (["-t", "Pick", "ab", "other"], "Choice [", "cancel]: a"),
  ])
  func loneEscape(arguments: [String], prompt: String, echoed: String) throws {
    let pty = try AskSession.ask(arguments)
    try pty.waitForPrompt(prompt)  // keys before it would be discarded
    pty.type("a")
    try pty.waitFor(echoed)
    pty.type("\u{1B}")
    try pty.waitForKeysRead()  // ask has the Esc
    // Time is what is tested here: an Esc is lone when no key follows it
    // within 100 ms; nothing on the screen or in the modes shows that.
    pty.pause(0.2)
    pty.type("b\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "ab\n")
  }

  @Test("After SIGTSTP in the password field the redraw shows the login too")
  func suspendLoginPassword() throws {
    let pty = try AskSession.ask(["-s", "login-password"])
    try pty.waitUntilNonCanonical()
    pty.type("bob\r")
    try pty.waitFor("Password: ")
    pty.type("pw")
    try pty.waitFor("Password: **")
    pty.signal(SIGTSTP)
    try pty.waitUntil("the prompt drawn again") {
      pty.count("Login: bob") >= 2 && pty.screen.hasSuffix("Password: **")
    }
    try pty.waitUntilNonCanonical()
    #expect(pty.count("Login: bob") == 2)
    #expect(pty.screen.hasSuffix("Password: **"))
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "bob\npw\n")
  }

  @Test("A huge timeout is no limit, not a crash")
  func hugeTimeout() throws {
    for timeout in ["1e16", "1e300"] {
      let pty = try AskSession.ask(["-t", "T", "--timeout", timeout], stdin: .pipe([]))
      #expect(try pty.waitForExit() == 1)
    }
  }

  @Test("ask started in the background stops until fg, without spinning")
  func background() throws {
    let pty = try AskSession.interactiveShell()
    try pty.waitFor("$ ")
    pty.type("ask -t InBackground A B > /dev/null &\r")
    // Setting the terminal's modes from the background stops it (SIGTTOU).
    let ask = try pty.waitForProcess(named: "ask", state: "T")
    pty.type("jobs\r")
    try pty.waitFor("Stopped")
    #expect(pty.state(of: ask.pid) == "T")  // still stopped, not running
    pty.type("fg\r")
    try pty.waitForPrompt("Choice [")
    pty.type("2\r")
    try pty.waitFor("cancel]: 2\r\n\u{1B}[?2004h$ ")  // ask is gone: the shell's prompt
    pty.type("echo \"st=$?\"; exit\r")
    try pty.waitFor("st=0")
    #expect(try pty.waitForExit() == 0)
  }

  @Test("Ctrl-Z, then bg: ask stops again rather than spin; fg draws the prompt again once, not once per continue")
  func suspendThenBackground() throws {
    let pty = try AskSession.interactiveShell()
    try pty.waitFor("$ ")
    pty.type("ask -t Bounce A B > /dev/null\r")
    try pty.waitForPrompt()
    pty.type("\u{1A}")
    try pty.waitFor("Stopped")
    pty.type("bg\r")
    // The shell prompts again once bg has continued ask (SIGCONT); from
    // then on, state T is ask stopped again.
    let continued = "[1]+ ask -t Bounce A B > /dev/null &\r\n"
    try pty.waitUntil("the prompt after bg") {
      pty.screen.split(separator: continued, omittingEmptySubsequences: false).dropFirst().last?.contains("$ ") == true
    }
    let ask = try pty.waitForProcess(named: "ask", state: "T")
    pty.type("fg\r")
    try pty.waitUntil("the prompt drawn again after fg") {
      pty.count("Bounce") >= 2 && pty.screen.hasSuffix("Choice [1-2, Ctrl-D = cancel]: ")
    }
    try pty.waitUntilNonCanonical()
    #expect(pty.state(of: ask.pid) != "T")
    #expect(pty.count("Bounce") >= 2)
    pty.type("1\r")
    try pty.waitFor("cancel]: 1\r\n\u{1B}[?2004h$ ")  // ask is gone: the shell's prompt
    pty.type("echo \"st=$?\"; exit\r")
    try pty.waitFor("st=0")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.count("\u{1B}[1mBounce") == 2)  // the first draw, and one for the resume
  }

  @Test("Ctrl-Z at the shell suspends ask; fg brings the prompt back, and the line with its cursor")
  func controlZAndFg() throws {
    let pty = try AskSession.interactiveShell()
    try pty.waitFor("$ ")
    pty.type("ask -t Suspended Alpha Beta\r")
    try pty.waitForPrompt()
    pty.type("Apha\u{1B}[H\u{1B}[C")  // Home, Right: the cursor after the A
    try pty.waitFor("cancel]: Apha")
    try pty.waitForKeysRead()  // all read: Ctrl-Z flushes input not yet read (no NOFLSH)
    pty.type("\u{1A}")
    try pty.waitFor("Stopped")
    pty.type("stty -a | grep -o ' icanon' ; fg\r")
    try pty.waitFor("\r icanon\r\n")  // stty's line: canonical while ask is suspended
    try pty.waitUntil("the prompt drawn again after fg") {
      pty.count("Suspended\u{1B}[0m\r\n") >= 2 && pty.screen.hasSuffix("cancel]: Apha\u{1B}[3D")
    }
    try pty.waitUntilNonCanonical()
    #expect(pty.count("Suspended\u{1B}[0m\r\n") == 2)
    pty.type("l\r")  // typed where the cursor was before Ctrl-Z
    try pty.waitFor("Apha\u{1B}[3Dlpha\r\nAlpha\r\n\u{1B}[?2004h$ ")  // the line, the answer on stdout, the shell
    pty.type("echo \"status=$?\"; exit\r")
    try pty.waitFor("status=0")
    #expect(try pty.waitForExit() == 0)
  }
}

extension AskSession {
  /// An interactive bash with job control on the pty (its prompt, and all
  /// its output, on the terminal).
  static func interactiveShell() throws -> PseudoTerminal {
    try PseudoTerminal(executable: "/bin/sh",
                       arguments: ["-c", "exec bash --norc --noprofile -i >&0 2>&0"],
                       environment: environment.merging(["PS1": "$ "]) { $1 })
  }
}
