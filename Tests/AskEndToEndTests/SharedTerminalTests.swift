import AskTestSupport
import Glibc
import Testing

/// The terminal is shared (SPEC §6): one prompt at a time per terminal
/// across processes, stop signals that give it back, and drawing that
/// starts each line at the left margin whatever output modes the caller
/// left.
@Suite("The shared terminal", .ownThread)
struct SharedTerminalTests {
  /// The screen after its last occurrence of `marker`: what the prompt
  /// drawn last shows.
  static func after(last marker: String, in screen: String) -> Substring? {
    screen.ranges(of: marker).last.map { screen[$0.upperBound...] }
  }

  /// A script's second secure prompt, titled "Second vault", waited for
  /// the first, which timed out ("Timed out."): drawn after that, with one
  /// waiting line; the secret typed, masked (the mask seen before Enter
  /// when `masksAsTyped`), reaches stdout as "hunter2" and then the
  /// script's "status 0", and is never on the screen; the modes restored.
  /// `canonical`: the mode the second prompt reads in (nil: either).
  static func expectSecondAfterFirst(_ pty: PseudoTerminal, canonical: Bool? = false,
                                     masksAsTyped: Bool = false) throws {
    try pty.waitFor("Second vault", timeout: 10)
    try pty.waitForModes(echo: false, canonical: canonical)
    let screen = pty.screen
    // Drawn only once the first prompt had ended, with the wait's line before.
    let second = try #require(screen.ranges(of: "Second vault").first)
    let timedOut = try #require(screen.ranges(of: "Timed out.").first, "\(loggedText(screen, limit: 400))")
    #expect(second.lowerBound > timedOut.lowerBound)
    #expect(pty.count("Waiting for another prompt on this terminal…") == 1)
    pty.type("hunter2")
    if masksAsTyped { try pty.waitFor("Password: *******") }
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "hunter2\nstatus 0\n")
    #expect(!pty.screen.contains("hunter2"))
    #expect(pty.termiosRestored)
  }

  @Test("Two secure prompts on one terminal: the second waits, drawing one line, until the first times out; its secret is never echoed and the shell gets its own modes back")
  func secondPromptWaits() throws {
    let pty = try AskSession.shell("""
      ask -s secure -t 'First vault' --timeout 1.5 </dev/tty >/dev/null &
      until stty -a | grep -q -- ' -echo '; do sleep 0.05; done
      ask -s secure -t 'Second vault'; echo "status $?"; wait
      """)
    try Self.expectSecondAfterFirst(pty, masksAsTyped: true)
  }

  @Test("SIGTERM to the prompt that has the terminal gives it, restored, to the one waiting, which then holds it")
  func holderEndsBySignal() throws {
    let pty = try AskSession.shell("""
      ask -s secure -t 'First vault' </dev/tty >/dev/null & echo $! > "$HOME/first"
      until stty -a | grep -q -- ' -echo '; do sleep 0.05; done
      ask -s secure -t 'Second vault'; echo "status $?"; wait
      """)
    try pty.waitFor("Waiting for another prompt on this terminal…")
    #expect(!pty.screen.contains("Second vault"))
    let first = try ArtifactsTests.read(pty.temporaryDirectory + "/first")
    kill(try #require(first.split(separator: "\n").first.flatMap { pid_t($0) }), SIGTERM)
    try pty.waitFor("Second vault")
    try pty.waitForModes(echo: false, canonical: false)
    pty.type("s3cret\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "s3cret\nstatus 0\n")
    #expect(!pty.screen.contains("s3cret"))
    #expect(pty.termiosRestored)
  }

  @Test("The waiting line never lands inside the answer line: the prompt that has the terminal ends its line, and draws itself again below with what was typed")
  func waitingLineBelowAnswerLine() throws {
    let pty = try AskSession.shell("""
      ask -t 'Pick one' Alpha Beta </dev/tty > "$HOME/first" &
      until [ -e "$HOME/go" ]; do sleep 0.05; done
      ask -s secure -t 'Second vault' >/dev/null; wait
      """)
    let prompt = "Choice [1-2, Ctrl-D = cancel]: "
    try pty.waitForPrompt()
    pty.type("x")
    try pty.waitFor(prompt + "x")
    #expect(creat(pty.temporaryDirectory + "/go", 0o600) >= 0)
    try pty.waitFor("Waiting for another prompt on this terminal…")
    // The answer line ended before the waiting line; the prompt drawn
    // again below it, with what was typed.
    #expect(pty.screen.contains(prompt + "x\r\nWaiting for another prompt on this terminal…\r\n"),
            "\(loggedText(pty.screen, limit: 400))")
    try pty.waitUntil("the first prompt drawn again") { pty.count(prompt + "x") == 2 }
    #expect(Self.after(last: "Waiting for another prompt", in: pty.screen)?.contains("Pick one") == true)
    pty.type("\u{7f}2\r")
    try pty.waitForPrompt("Password: ")
    #expect(pty.screen.contains("Second vault"))
    pty.type("\u{4}")
    _ = try pty.waitForExit()
    #expect(try ArtifactsTests.read(pty.temporaryDirectory + "/first") == "Beta\n")
    #expect(pty.termiosRestored)
  }

  @Test("Four ask-askpass started at once by xargs -P4 take the terminal in turn: each answer reaches its own caller, none is echoed")
  func fourAskpassInParallel() throws {
    let pty = try AskSession.shell(AskpassTests.linked("""
      printf '%s\\n' 1 2 3 4 | xargs -P4 -I{} sh -c 'ask-askpass "Passphrase for vault {}: " > "$HOME/out.{}"'
      echo "xargs $?"
      """))
    var answered: Set<Character> = []
    for _ in 1...4 {
      var vault: Character = "?"
      try pty.waitUntil("a prompt not answered yet, held", timeout: 10) {
        guard let rest = Self.after(last: "Passphrase for vault ", in: pty.screen), let number = rest.first,
              !answered.contains(number), rest.hasSuffix("Password: ") else { return false }
        vault = number
        return true
      }
      try pty.waitForModes(echo: false, canonical: false)
      answered.insert(vault)
      pty.type("secret-\(vault)\r")
    }
    #expect(try pty.waitForExit(timeout: 10) == 0)
    #expect(pty.stdout == "xargs 0\n")
    for vault in 1...4 {
      #expect(try ArtifactsTests.read(pty.temporaryDirectory + "/out.\(vault)") == "secret-\(vault)\n")
    }
    #expect(!pty.screen.contains("secret-"))
    // A waiting line never splits a prompt: it comes before a title, or
    // after an answer line that made room for it — never after the hint.
    #expect(!pty.screen.contains("cancel)\r\nWaiting for another prompt"), "\(loggedText(pty.screen, limit: 600))")
    #expect(pty.termiosRestored)
  }

  @Test("An ask that ends while another prompt has the terminal leaves the keys typed for that prompt: parallel askpass helpers are one process group",
        arguments: [
          "ask --version > /dev/null",  // no session: the discard on the way out
          "ask -s secure -t Other --timeout 0.3 </dev/tty > /dev/null",  // waited for the turn in vain
          "echo 1 | ask -t Other --timeout 0.3 Alpha Beta > /dev/null",  // answers from a pipe: never held, waited in vain
        ])
  func endingLeavesTheHoldersInput(other: String) throws {
    // Each ask discards input pending on the terminal as it exits; the
    // helpers of `xargs -P4` share a process group, so one that ended just
    // after the next had drawn took the next one's password from it.
    let pty = try AskSession.shell("""
      ask -s secure -t Vault </dev/tty > "$HOME/secret" & echo $! > "$HOME/pid"
      until [ -e "$HOME/go" ]; do sleep 0.05; done
      \(other); echo ended > "$HOME/ended"
      wait
      """)
    try pty.waitForPrompt("Password: ")
    try pty.waitForModes(echo: false, canonical: false)
    let holder = try Self.pid(pty, "pid")
    kill(holder, SIGSTOP)  // the terminal held, and nothing read
    pty.type("s3cret\r")
    try pty.waitForKeysQueued(7)
    #expect(creat(pty.temporaryDirectory + "/go", 0o600) >= 0)
    try pty.waitUntil("the other ask ended") {
      (try? ArtifactsTests.read(pty.temporaryDirectory + "/ended")) == "ended\n"
    }
    kill(holder, SIGCONT)
    #expect(try pty.waitForExit() == 0)
    #expect(try ArtifactsTests.read(pty.temporaryDirectory + "/secret") == "s3cret\n")
    #expect(!pty.screen.contains("s3cret"))
    #expect(pty.termiosRestored)
  }

  @Test("An ask whose answers come from a pipe waits for the terminal's turn before it draws: nothing of it lands inside another prompt")
  func pipedAnswersWaitForTheTurn() throws {
    let pty = try AskSession.shell("""
      ask -s secure -t Vault </dev/tty > "$HOME/secret" &
      until [ -e "$HOME/go" ]; do sleep 0.05; done
      echo 1 | ask -t Other Alpha Beta > "$HOME/other"; echo "[piped $?]" > /dev/tty
      wait
      """)
    try pty.waitForPrompt("Password: ")
    try pty.waitForModes(echo: false, canonical: false)
    #expect(creat(pty.temporaryDirectory + "/go", 0o600) >= 0)
    try pty.waitFor("Waiting for another prompt on this terminal…")
    try pty.waitUntil("the holder's prompt drawn again below the waiting line") {
      Self.after(last: "Waiting for another prompt on this terminal…", in: pty.screen)?.contains("Password: ") == true
    }
    #expect(!pty.screen.contains("Other"))
    pty.type("s3cret\r")
    try pty.waitFor("[piped 0]")
    #expect(try pty.waitForExit() == 0)
    #expect(try ArtifactsTests.read(pty.temporaryDirectory + "/secret") == "s3cret\n")
    #expect(try ArtifactsTests.read(pty.temporaryDirectory + "/other") == "Alpha\n")
    #expect(!pty.screen.contains("s3cret"))
    #expect(pty.termiosRestored)
  }

  @Test("A line typed ahead for the shell is discarded as ask ends, even while a prompt stopped from outside (SIGSTOP) keeps the terminal's turn")
  func typedAheadWithStoppedHolder() throws {
    // The stopped prompt cannot see its stop, and keeps the turn; the shell
    // has the terminal (canonical) and what is typed is the shell's.
    let pty = try AskSession.interactiveShell()
    try pty.waitFor("$ ")
    pty.type("ask -s secure -t Vault\r")
    try pty.waitForPrompt("Password: ")
    let holder = try #require(pty.processes(named: "ask").first).pid
    kill(holder, SIGSTOP)
    try pty.waitFor("Stopped")
    let go = pty.temporaryDirectory + "/go"
    pty.type("until [ -e '\(go)' ]; do sleep 0.05; done; ask --bogus; echo status $?\r")
    try pty.waitUntil("the shell running the line") { !pty.processes(named: "sleep").isEmpty }
    pty.type("echo LEAKED-$((6*7))\r")
    try pty.waitForKeysQueued(20)
    #expect(creat(go, 0o600) >= 0)
    try pty.waitFor("status 2")
    try pty.waitUntil("the shell's prompt again") { pty.screen.hasSuffix("$ ") }
    let ranTheLine = pty.screen.contains("LEAKED-42")  // a Bool: the screen holds escapes
    #expect(!ranTheLine, "\(loggedText(pty.screen, limit: 400))")
    kill(holder, SIGKILL)
    // bash may not have seen the stopped job end yet: its first exit then
    // says "There are stopped jobs." (a status of 1), and a second one
    // exits (with the status given: exit alone would give that 1).
    pty.type("exit 0\r")
    try pty.waitUntil("the shell gone, or its warning") {
      pty.exitStatus != nil || pty.screen.contains("There are stopped jobs.")
    }
    if pty.exitStatus == nil { pty.type("exit 0\r") }
    #expect(try pty.waitForExit() == 0)
  }

  @Test("Two git credential fill in parallel with core.askPass=ask-askpass: four prompts in turn, each username and password read back by its own git")
  func twoGitsInParallel() throws {
    let pty = try AskSession.shell(AskpassTests.linked("""
      for i in 1 2; do
        printf 'protocol=https\\nhost=host%s.example\\n\\n' $i |
          git -c core.askPass=ask-askpass credential fill > "$HOME/git.$i" &
      done
      wait; echo done
      """), environment: ["GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0"])
    var answered: Set<String> = []
    for _ in 1...4 {
      var prompt = ""
      try pty.waitUntil("a git prompt not answered yet, held", timeout: 10) {
        let screen = pty.screen
        let username = screen.ranges(of: "Username for 'https://").last
        let password = screen.ranges(of: "Password for 'https://").last
        guard let last = [username, password].compactMap({ $0 }).max(by: { $0.lowerBound < $1.lowerBound }) else {
          return false
        }
        let rest = screen[last.lowerBound...]
        guard let line = rest.split(separator: "\r\n").first, !answered.contains(String(line)),
              rest.hasSuffix("Username: ") || rest.hasSuffix("Password: ") else { return false }
        prompt = String(line)
        return true
      }
      try pty.waitForModes(canonical: false)
      answered.insert(prompt)
      let host = prompt.contains("host1") ? "1" : "2"
      pty.type(prompt.hasPrefix("Username") ? "user\(host)\r" : "pw-\(host)\r")
    }
    #expect(try pty.waitForExit(timeout: 10) == 0)
    #expect(pty.stdout == "done\n")
    for host in 1...2 {
      #expect(try ArtifactsTests.read(pty.temporaryDirectory + "/git.\(host)")
        == "protocol=https\nhost=host\(host).example\nusername=user\(host)\npassword=pw-\(host)\n")
    }
    #expect(!pty.screen.contains("pw-"))
    #expect(pty.termiosRestored)
  }

  /// The pid a script wrote to `$HOME/name`.
  static func pid(_ pty: PseudoTerminal, _ name: String) throws -> pid_t {
    var pid: pid_t?
    // Written by the shell once it has started the job: maybe after the
    // job has already drawn.
    try pty.waitUntil("\(name) written") {
      pid = (try? ArtifactsTests.read(pty.temporaryDirectory + "/" + name))
        .flatMap { $0.hasSuffix("\n") ? pid_t($0.dropLast()) : nil }
      return pid != nil
    }
    return try #require(pid)
  }

  @Test("A signal that ends the prompt ends its answer line first: what the shell writes next starts at the left margin",
        arguments: [SIGTERM, SIGHUP, SIGUSR1, SIGALRM])  // SIGINT is ignored in a script's background job
  func endingSignalEndsLine(signal: Int32) throws {
    let pty = try AskSession.shell("ask -s secure -t Vault </dev/tty >/dev/null & echo $! > \"$HOME/pid\"; wait $!; echo \"status $?\"")
    try pty.waitForPrompt("Password: ")
    pty.type("ab")
    try pty.waitFor("Password: **")
    kill(try Self.pid(pty, "pid"), signal)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "status \(128 + signal)\n")
    let rest = try #require(Self.after(last: "Password: **", in: pty.screen))
    #expect(rest.hasPrefix("\r\n"), "\(loggedText(pty.screen, limit: 400))")
    #expect(pty.termiosRestored)
  }

  /// A prompt whose answer line libedit draws (TERM `dumb` or empty):
  /// its command, the answer line's marker, and the TERM it runs with.
  struct LibeditDrawn: CustomTestStringConvertible, Sendable {
    let command: String, marker: String, term: String
    var testDescription: String { loggedText("TERM=\(term) \(command)") }
  }

  @Test("Where libedit draws the answer line (TERM dumb or empty), a signal that ends the prompt ends the line first",
        arguments: [
          LibeditDrawn(command: "ask -t T Yes No", marker: "Choice [1-2, Ctrl-D = cancel]: ", term: "dumb"),
          LibeditDrawn(command: "ask -t T Yes No", marker: "Choice [1-2, Ctrl-D = cancel]: ", term: ""),
          LibeditDrawn(command: "ask -s plain -t T", marker: "Text: ", term: "dumb"),
        ])
  func libeditDrawnLineEnded(_ prompt: LibeditDrawn) throws {
    let pty = try AskSession.shell("\(prompt.command) </dev/tty >/dev/null & echo $! > \"$HOME/pid\"; wait $!; echo \"status $?\"",
                                   environment: ["TERM": prompt.term])
    try pty.waitForPrompt(prompt.marker)
    pty.type("ab")
    try pty.waitFor(prompt.marker + "ab")
    kill(try Self.pid(pty, "pid"), SIGTERM)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "status \(128 + SIGTERM)\n")
    let rest = try #require(Self.after(last: prompt.marker + "ab", in: pty.screen))
    #expect(rest.hasPrefix("\r\n"), "\(loggedText(pty.screen, limit: 400))")
    #expect(pty.termiosRestored)
  }

  /// A job for an interactive shell: a secure prompt that takes the
  /// terminal (its pid in `$HOME/pid`, its answer in `$HOME/first`), then
  /// a button prompt of the same job that waits (its answer in
  /// `$HOME/second`).
  static let twoPromptJob = """
    ( ask -s secure -t 'First vault' </dev/tty > "$HOME/first" & echo $! > "$HOME/pid"; \\
    until stty -a | grep -q -- ' -echo '; do sleep 0.05; done; ask -t Second Alpha Beta > "$HOME/second"; wait )\r
    """

  /// An interactive shell running ``twoPromptJob``: the second prompt
  /// waiting, `ab` typed into the first.
  static func twoPromptJobTyped() throws -> PseudoTerminal {
    let pty = try AskSession.interactiveShell()
    try pty.waitFor("$ ")
    pty.type(twoPromptJob)
    try pty.waitFor("Waiting for another prompt on this terminal…")
    try pty.waitForModes(echo: false, canonical: false)
    pty.type("ab")
    try pty.waitFor("Password: **")
    return pty
  }

  /// Types `keys` at the prompt the job shows last, then waits until the
  /// job is done and the shell prompts again; the shell is left.
  static func endJob(_ pty: PseudoTerminal, typing keys: String) throws {
    let shellPrompts = pty.count("\u{1B}[?2004h$ ")
    pty.type(keys)
    try pty.waitUntil("the job done: the shell's prompt") { pty.count("\u{1B}[?2004h$ ") > shellPrompts }
    pty.type("exit\r")
    #expect(try pty.waitForExit() == 0)
  }

  @Test("kill -TSTP to the prompt that has the terminal while another of its job waits: its answer line ends before the other draws, and once continued it is drawn again below with no empty line")
  func stoppedHolderEndsLine() throws {
    let pty = try Self.twoPromptJobTyped()
    let first = try Self.pid(pty, "pid")
    kill(first, SIGTSTP)  // alone, its job the foreground: its claim is let go after a second
    try pty.waitForPrompt("Choice [", timeout: 10)
    let between = try #require(Self.after(last: "Password: **", in: pty.screen))
    #expect(between.hasPrefix("\r\n\u{1B}[1mSecond"), "\(loggedText(pty.screen, limit: 400))")
    pty.type("2\r")
    try pty.waitUntil("the second prompt done") { (try? ArtifactsTests.read(pty.temporaryDirectory + "/second")) == "Beta\n" }
    let drawn = pty.count("\u{1B}[1mFirst vault")  // drawn, not the command echoed
    kill(first, SIGCONT)
    try pty.waitUntil("the first prompt drawn again") { pty.count("\u{1B}[1mFirst vault") == drawn + 1 }
    try pty.waitForModes(echo: false, canonical: false)
    let redrawn = try #require(Self.after(last: "cancel]: 2", in: pty.screen))
    #expect(redrawn.hasPrefix("\r\n\u{1B}[1mFirst vault"), "\(loggedText(pty.screen, limit: 400))")
    try Self.endJob(pty, typing: "cd\r")
    #expect(try ArtifactsTests.read(pty.temporaryDirectory + "/first") == "abcd\n")
  }

  @Test("Ctrl-Z then fg on a job whose prompt has the terminal while another of the job waits: the stopped prompt gets the terminal back first, and the keys typed for it")
  func stoppedHolderFirstAfterFg() throws {
    let pty = try Self.twoPromptJobTyped()
    try pty.waitForKeysRead()  // all read: Ctrl-Z flushes input not yet read
    let drawn = pty.count("\u{1B}[1mFirst vault")  // drawn, not the command echoed
    pty.type("\u{1A}")
    try pty.waitFor("Stopped")
    pty.type("fg\r")
    try pty.waitUntil("the first prompt drawn again after fg") {
      pty.count("\u{1B}[1mFirst vault") == drawn + 1 && pty.screen.hasSuffix("Password: **")
    }
    try pty.waitForModes(echo: false, canonical: false)
    pty.type("cd\r")
    try pty.waitForPrompt()
    #expect(pty.count("\u{1B}[1mSecond") == 1)  // drawn once the first had ended
    try Self.endJob(pty, typing: "2\r")
    #expect(try ArtifactsTests.read(pty.temporaryDirectory + "/first") == "abcd\n")
    #expect(try ArtifactsTests.read(pty.temporaryDirectory + "/second") == "Beta\n")
    #expect(!pty.screen.contains("cd\r"))
  }

  @Test("A waiter that saw the stopped holder's claim before its own stop lets it go first for a second from fg, however long the job was stopped")
  func claimGraceCountsFromContinue() throws {
    let pty = try Self.twoPromptJobTyped()
    try pty.waitForKeysRead()
    let first = try Self.pid(pty, "pid")
    let waiter = try #require(pty.processes(named: "ask").first { $0.pid != first }).pid
    // The holder stops alone: it claims the turn back, and the waiter,
    // seeing that claim in the foreground, starts letting it go first.
    kill(first, SIGTSTP)
    try pty.waitUntil("the holder stopped") { pty.state(of: first) == "T" }
    var looks = Self.wakeUps(of: waiter)
    try pty.waitUntil("the waiter looked at the turn twice since") { Self.wakeUps(of: waiter) >= looks + 2 }
    let seen = PseudoTerminal.now()
    pty.type("\u{1A}")  // the whole job stops: the waiter too
    try pty.waitFor("Stopped")
    // The user's pause before fg, longer than the waiter's second of grace.
    try pty.waitUntil("1.5 s after the waiter saw the claim") { PseudoTerminal.now() > seen + 1.5 }
    // The test has the turn while the job continues, so that the holder
    // can be kept from coming back: stopped, it is a claimant that never
    // comes, whom the waiter lets go first for a second from its continue.
    let node = open(try #require(pty.terminalPath), O_RDWR | O_NOCTTY | O_CLOEXEC)
    try #require(node >= 0 && flock(node, LOCK_EX) == 0)
    defer { close(node) }
    let continued = PseudoTerminal.now()
    pty.type("fg\r")
    try pty.waitUntil("both prompts continued") { pty.state(of: first) == "S" && pty.state(of: waiter) == "S" }
    looks = Self.wakeUps(of: waiter)
    try pty.waitUntil("the waiter looked at the turn twice since") { Self.wakeUps(of: waiter) >= looks + 2 }
    kill(first, SIGSTOP)
    try pty.waitUntil("the holder stopped again") { pty.state(of: first) == "T" }
    flock(node, LOCK_UN)
    try pty.waitFor("\u{1B}[1mSecond", timeout: 5)
    let waited = PseudoTerminal.now() - continued
    #expect(waited >= 0.95, "the waiter took the turn \(waited) s after fg")
    kill(first, SIGCONT)
    try pty.waitForPrompt()
    pty.type("2\r")
    try pty.waitUntil("the first prompt drawn again") { pty.screen.hasSuffix("Password: **") }
    try Self.endJob(pty, typing: "cd\r")
    #expect(try ArtifactsTests.read(pty.temporaryDirectory + "/first") == "abcd\n")
    #expect(try ArtifactsTests.read(pty.temporaryDirectory + "/second") == "Beta\n")
  }

  /// How many times process `pid` has slept and woken (its voluntary
  /// context switches, from /proc/PID/status): a waiter wakes once a look
  /// at the turn. 0 when it cannot be read.
  static func wakeUps(of pid: pid_t) -> Int {
    guard let text = try? ArtifactsTests.read("/proc/\(pid)/status") else { return 0 }
    let line = text.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
    return line.flatMap { $0.split(whereSeparator: { $0 == "\t" || $0 == " " }).last.flatMap { Int($0) } } ?? 0
  }

  @Test("Ctrl-Z on a prompt whose parent stops first (sh -c): once the shell has taken the terminal back, ask leaves it the shell's modes, and fg brings the prompt back")
  func stoppedUnderParent() throws {
    let pty = try AskSession.interactiveShell()
    try pty.waitFor("$ ")
    pty.type("sh -c 'ask -s secure -t Vault; true' > \"$HOME/out\"\r")
    try pty.waitForPrompt("Password: ")
    pty.type("ab")
    try pty.waitFor("Password: **")
    try pty.waitForKeysRead()
    pty.type("\u{1A}")
    try pty.waitFor("Stopped")
    try pty.waitForProcess(named: "ask", state: "T")
    // The shell's line editor has the terminal: not canonical, no echo.
    // ask, stopping after its parent, put back the modes it had found
    // (canonical, echo) over them: the shell's next line was echoed twice.
    try pty.waitUntil("the shell's prompt") { pty.screen.hasSuffix("$ ") }
    try pty.waitForModes(echo: false, canonical: false)
    pty.type("fg\r")
    try pty.waitUntil("the prompt drawn again") { pty.count("\u{1B}[1mVault") == 2 }
    try pty.waitForModes(echo: false, canonical: false)
    // The shell's prompt before exit is typed: keys typed while ask still
    // holds the terminal are typeahead it discards as it ends.
    try Self.endJob(pty, typing: "cd\r")
    #expect(try ArtifactsTests.read(pty.temporaryDirectory + "/out") == "abcd\n")
  }

  @Test("A prompt that cannot open the terminal's node (another user's pty) still waits its turn, through the terminal it inherited: after one of root's, and after one of its own user's sharing that terminal's open file",
        .enabled(if: getuid() == 0, "runs ask as nobody, which needs root"),
        arguments: [false, true])
  func unopenableNodeWaits(firstAsNobody: Bool) throws {
    // Their stderr the terminal, as a shell's after su has it (the
    // harness's is a pipe): with only /dev/tty, there is no lock to take.
    let pty = try AskSession.shell("""
      exec 2>&0; nobody='setpriv --reuid=65534 --regid=65534 --clear-groups'
      \(firstAsNobody ? "$nobody " : "")ask -s secure -t 'First vault' --timeout 1.5 </dev/tty >/dev/null &
      until stty -a | grep -q -- ' -echo '; do sleep 0.05; done
      $nobody ask -s secure -t 'Second vault'; echo "status $?"; wait
      """)
    try Self.expectSecondAfterFirst(pty)
  }

  @Test("A prompt whose answers come from a terminal that is not its controlling one (setsid ask) waits its turn there: drawn after the other prompt ends, its secret never echoed")
  func setsidPromptWaits() throws {
    let pty = try AskSession.shell("""
      ask -s secure -t 'First vault' --timeout 1.5 </dev/tty >/dev/null &
      until stty -a | grep -q -- ' -echo '; do sleep 0.05; done
      setsid -w ask -s secure -t 'Second vault' 2>&0; echo "status $?"; wait
      """)
    try Self.expectSecondAfterFirst(pty, canonical: nil)  // read as a line: the kernel's canonical mode
  }

  @Test("A setsid prompt that has the terminal: a prompt that waits draws nothing inside its answer line, which a signal ends too")
  func setsidHolderLine() throws {
    let pty = try AskSession.shell("""
      setsid ask -s secure -t 'First vault' <&0 2>&0 > "$HOME/first" & echo $! > "$HOME/pid"
      until [ -e "$HOME/go" ]; do sleep 0.05; done
      ask -t Second Alpha Beta > "$HOME/second"; wait
      """)
    try pty.waitFor("Password: ")
    try pty.waitForModes(echo: false)
    #expect(creat(pty.temporaryDirectory + "/go", 0o600) >= 0)
    try pty.waitUntil("the second prompt asking for room") { pty.recordLocks("READ", onByte: 1) > 0 }
    #expect(!pty.screen.contains("Waiting for another prompt"))  // not inside "Password: "
    kill(try Self.pid(pty, "pid"), SIGTERM)
    try pty.waitForPrompt()
    let rest = try #require(Self.after(last: "Password: ", in: pty.screen))
    #expect(rest.hasPrefix("\r\n"), "\(loggedText(pty.screen, limit: 400))")
    pty.type("2\r")
    #expect(try pty.waitForExit() == 0)
    #expect(try ArtifactsTests.read(pty.temporaryDirectory + "/second") == "Beta\n")
  }

  @Test("Prompts on another terminal never wait: a prompt held on one pty does not delay one on another")
  func otherTerminalNeverWaits() throws {
    let first = try AskSession.ask(["-s", "secure", "-t", "First vault"])
    try first.waitForPrompt("Password: ")
    let second = try AskSession.ask(["-s", "secure", "-t", "Second vault"])
    try second.waitForPrompt("Password: ")
    #expect(!second.screen.contains("Waiting for another prompt"))
    second.type("two\r")
    #expect(try second.waitForExit() == 0)
    first.type("one\r")
    #expect(try first.waitForExit() == 0)
    #expect(first.stdout == "one\n" && second.stdout == "two\n")
  }

  /// A GETPIN asked twice (SETREPEAT), then BYE.
  static let repeatedPIN = PinentryTests.commands(["SETPROMPT Passphrase:", "SETREPEAT Repeat:", "GETPIN", "BYE"])

  @Test("pinentry's GETPIN with SETREPEAT holds the terminal across both fields: keys typed ahead for both are kept")
  func repeatKeepsTypeahead() throws {
    let pty = try AskSession.ask(["--pinentry"], stdin: Self.repeatedPIN)
    try pty.waitForPrompt("Passphrase: ")
    pty.type("abc\rabc\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout.hasSuffix("OK\nS PIN_REPEATED\nD abc\nOK\nOK closing connection\n"))
    #expect(!pty.screen.contains("abc"))
    #expect(pty.termiosRestored)
  }

  @Test("pinentry's GETPIN with SETREPEAT: echo stays off from the first field to the second")
  func repeatNeverEchoes() throws {
    let pty = try AskSession.ask(["--pinentry"], stdin: Self.repeatedPIN)
    try pty.waitForPrompt("Passphrase: ")
    pty.type("abc\r")
    let changes = try pty.echoChanges(until: "the repeat field") { pty.screen.contains("Repeat: ") }
    #expect(!changes.contains(true), "ECHO as seen: \(changes)")
    pty.type("abc\r")
    #expect(try pty.waitForExit() == 0)
  }

  /// A Python parent that is not a job-control shell: `ask` in a process
  /// group of its own, made the terminal's foreground (so stop signals
  /// stop it: its group is not orphaned); the status passed on.
  static let foregroundChild = """
    import os, signal, subprocess, sys
    signal.signal(signal.SIGTTOU, signal.SIG_IGN)  # for tcsetpgrp, not the child's
    def own_group():  # the foreground before ask starts, SIGTTOU at its default
        os.setpgrp()
        os.tcsetpgrp(0, os.getpgrp())
        signal.signal(signal.SIGTTOU, signal.SIG_DFL)
    child = subprocess.Popen(sys.argv[1:], preexec_fn=own_group)
    while True:
        _, status = os.waitpid(child.pid, os.WUNTRACED | os.WCONTINUED)
        if os.WIFEXITED(status) or os.WIFSIGNALED(status): break
    os.tcsetpgrp(0, os.getpgrp())
    sys.exit(os.waitstatus_to_exitcode(status) & 0xff)
    """

  @Test("kill -TTIN or -TTOU on a foreground ask: the terminal given back before it stops, held again on SIGCONT",
        arguments: [SIGTTIN, SIGTTOU])
  func stopSignals(signal: Int32) throws {
    let pty = try AskSession.shell("exec python3 -c \"$PARENT\" ask -s secure -t Vault",
                                   environment: ["PARENT": Self.foregroundChild])
    try pty.waitForPrompt("Password: ")
    try pty.waitForModes(echo: false, canonical: false)
    let ask = try pty.waitForProcess(named: "ask")
    kill(ask.pid, signal)
    try pty.waitForProcess(named: "ask", state: "T")
    try pty.waitForModes(echo: true, canonical: true)
    kill(ask.pid, SIGCONT)
    try pty.waitUntil("the prompt drawn again") { pty.count("Password: ") == 2 }
    try pty.waitForModes(echo: false, canonical: false)
    pty.type("pw\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "pw\n")
    #expect(pty.termiosRestored)
  }

  @Test("A terminal the caller left raw (stty raw -echo): every line drawn starts at the left margin, and the raw modes come back",
        arguments: [["-t", "Pick", "Alpha", "Beta"], ["-s", "login-password", "-t", "Sign in"]])
  func rawCaller(arguments: [String]) throws {
    let pty = try AskSession.shell(
      "stty raw -echo; ask \(arguments.map { "'\($0)'" }.joined(separator: " ")) >/dev/null; stty -a > \"$HOME/after\"")
    let first = arguments.contains("Pick") ? "Choice [" : "Login: "
    try pty.waitForPrompt(first)
    pty.type(arguments.contains("Pick") ? "1\r" : "alice\r")
    if !arguments.contains("Pick") {
      try pty.waitForPrompt("Password: ")
      pty.type("pw\r")
    }
    #expect(try pty.waitForExit() == 0)
    // Every LF ask drew came after a CR (LF alone: the next line starts
    // where this one ended).
    let bytes = pty.screenBytes
    let bare = bytes.indices.filter { bytes[$0] == 10 && ($0 == 0 || bytes[$0 - 1] != 13) }
    #expect(bare.isEmpty, "\(loggedBytes(bytes, limit: 400))")
    let after = try ArtifactsTests.read(pty.temporaryDirectory + "/after")
    #expect(after.contains("-opost") && after.contains("-icanon") && after.contains("-echo "))
  }

  @Test("pinentry on a terminal left raw draws each line from the left margin")
  func rawPinentry() throws {
    let pty = try AskSession.shell(
      "stty raw -echo; ask --pinentry >/dev/null <<'END'\nOPTION ttyname=/dev/tty\nSETDESC Unlock%0Athe key\nGETPIN\nBYE\nEND\nstty sane")
    try pty.waitForPrompt("PIN: ")
    pty.type("pw\r")
    #expect(try pty.waitForExit() == 0)
    let bytes = pty.screenBytes
    #expect(bytes.indices.allSatisfy { bytes[$0] != 10 || ($0 > 0 && bytes[$0 - 1] == 13) },
            "\(loggedBytes(bytes, limit: 400))")
  }
}
