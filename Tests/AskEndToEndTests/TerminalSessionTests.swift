import AskTestSupport
import Glibc
import Testing

/// The terminal session gives back everything it borrowed, whatever way
/// `ask` ends: every signal of SPEC §6, a hang-up, a stop in the
/// background, a spec that never comes, a flood of resizes.
@Suite("The terminal session and signals", .serialized, .ownThread)
struct TerminalSessionTests {
  /// The fault signals, with the status of death by each.
  static let faults: [(Int32, Int32)] = [
    (SIGABRT, 134), (SIGSEGV, 139), (SIGBUS, 135), (SIGFPE, 136), (SIGILL, 132), (SIGTRAP, 133),
    (SIGSYS, 159),
  ]

  @Test("A fault signal sent with kill at a secure field restores the terminal and ends ask by it (P02)",
        arguments: faults)
  func faultAtSecureField(signal: Int32, status: Int32) throws {
    let pty = try AskSession.ask(["-s", "secure", "-t", "Unlock", "-m", "Vault password"])
    try pty.waitFor("Password: ")
    try pty.waitForModes(echo: false, canonical: false)
    pty.type("hun")
    try pty.waitFor("Password: ***")
    pty.signal(signal)
    #expect(try pty.waitForExit(timeout: 2) == status)
    #expect(pty.stdout == "")
    #expect(pty.termiosRestored)
    #expect(!pty.screen.contains("hun"))
  }

  @Test("A fault signal in login-password's password field, or at a button prompt, ends ask by it",
        arguments: faults)
  func faultElsewhere(signal: Int32, status: Int32) throws {
    let login = try AskSession.ask(["-s", "login-password", "-t", "Sign in"])
    try login.waitFor("Login: ")
    try login.waitForModes(echo: false, canonical: false)
    login.type("alice\r")
    try login.waitFor("Password: ")
    login.type("pw")
    try login.waitFor("Password: **")
    login.signal(signal)
    #expect(try login.waitForExit(timeout: 2) == status)
    #expect(login.stdout == "")
    #expect(login.termiosRestored)

    let buttons = try AskSession.ask(["-t", "Pick", "Alpha", "Beta"])
    try buttons.waitForPrompt()
    buttons.signal(signal)
    #expect(try buttons.waitForExit(timeout: 2) == status)
    #expect(buttons.termiosRestored)
  }

  @Test("Keys typed the moment a prompt appears, while line editing starts, are never echoed by the terminal",
        arguments: [["-s", "login-password", "-t", "Sign in"], ["-t", "Pick", "Alpha", "Beta"]])
  func noEchoWhileLineEditingStarts(arguments: [String]) throws {
    let pty = try AskSession.ask(arguments)
    let prompt = arguments.contains("login-password") ? "Login: " : "Choice [1-2, Ctrl-D = cancel]: "
    var typed = false
    let changes = try pty.echoChanges(until: "the typed keys drawn") {
      if !typed && pty.screen.contains(prompt) {
        pty.type("2lice")  // at once: libedit starts after the prompt is drawn
        typed = true
      }
      return pty.screen.contains(prompt + "2lice")
    }
    // The terminal's own modes (when seen before ask held it), then held:
    // never echoing again until ask ends.
    #expect(changes.last == false && !changes.drop(while: { $0 }).contains(true),
            """
            ECHO as seen: \(changes) on \(pty.terminalPath ?? "?"), ask's terminal \
            \(PseudoTerminal.link("/proc/\(pty.pid)/fd/0") ?? "?")
            \(pty.modeChanges.suffix(12).joined(separator: "\n"))
            screen: \(loggedText(pty.screen, limit: 120))
            """)
    #expect(pty.count("2lice") == 1)
    pty.type("\u{3}")
    try pty.waitForExit()
    #expect(pty.termiosRestored)
  }

  @Test("A real-time signal restores the terminal and ends ask by it",
        arguments: [0, 1, 15, 30])
  func realTimeSignal(offset: Int32) throws {
    let signal = __libc_current_sigrtmin() + offset
    #expect(signal <= __libc_current_sigrtmax())
    let pty = try AskSession.ask(["-s", "secure", "-t", "Unlock"])
    try pty.waitFor("Password: ")
    try pty.waitForModes(echo: false, canonical: false)
    pty.signal(signal)
    #expect(try pty.waitForExit(timeout: 2) == 128 + signal)
    #expect(pty.termiosRestored)
  }

  @Test("A signal blocked and pending when ask starts (a parent's mask) ends it by that signal before it touches the terminal",
        arguments: [(SIGTERM, ["-t", "T", "a", "b"]), (SIGUSR1, ["-s", "plain"]), (SIGINT, ["-s", "secure"])])
  func pendingAtStart(signal: Int32, arguments: [String]) throws {
    // perl blocks the signal, sends it to itself, and execs ask: the mask
    // and the pending signal survive exec.
    let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
    let pty = try AskSession.shell("""
      exec perl -e 'use POSIX; sigprocmask(SIG_BLOCK, POSIX::SigSet->new(\(signal))); kill \(signal), $$; exec @ARGV' ask \(quoted)
      """)
    #expect(try pty.waitForExit() == 128 + signal)
    #expect(pty.termiosRestored)
    #expect(pty.screen.isEmpty)
  }

  @Test("kill -PIPE while ask waits ends it by SIGPIPE (141), terminal restored")
  func pipeWhileWaiting() throws {
    let pty = try AskSession.ask(["-t", "Pick", "Alpha", "Beta"])
    try pty.waitForPrompt()
    pty.signal(SIGPIPE)
    #expect(try pty.waitForExit(timeout: 2) == 141)
    #expect(pty.stdout == "")
    #expect(pty.termiosRestored)
  }

  @Test("Output stopped with Ctrl-S does not keep a signal from ending ask: 128+N at once, the terminal restored",
        arguments: [(["-t", "Pick", "Alpha", "Beta"], "Choice ["), (["-s", "secure", "-t", "Unlock"], "Password: ")],
        [SIGTERM, SIGHUP, SIGUSR1])
  func signalWhileOutputStopped(prompt: ([String], String), sig: Int32) throws {
    let pty = try AskSession.ask(prompt.0)
    try pty.waitForPrompt(prompt.1)
    try pty.waitForModes(echo: false, canonical: false)
    pty.type("\u{13}")  // Ctrl-S: the terminal stops ask's output (IXON)
    try pty.waitForModes(echo: false, canonical: false)
    pty.signal(sig)
    // The line end ask writes on its way out must not wait for Ctrl-Q.
    #expect(try pty.waitForExit(timeout: 2) == 128 + sig)
    #expect(pty.stdout == "")
    #expect(pty.termiosRestored)
  }

  @Test("Output stopped with Ctrl-S, then an answer typed: the answer line's last drawings do not keep SIGTERM from ending ask",
        arguments: [["-t", "Pick", "Alpha", "Beta"], ["-s", "plain", "-t", "Name"]])
  func signalAfterAnswerWhileOutputStopped(arguments: [String]) throws {
    let pty = try AskSession.ask(arguments)
    try pty.waitForPrompt(arguments.contains("plain") ? ": " : "Choice [")
    try pty.waitForModes(echo: false, canonical: false)
    pty.type("\u{13}")  // Ctrl-S: the terminal stops ask's output
    pty.type("2\r")
    try pty.waitUntil("ask blocked drawing the answer") { TerminalSessionTests.syscall(of: pty.pid)?.first == 1 }
    pty.signal(SIGTERM)
    #expect(try pty.waitForExit(timeout: 2) == 128 + SIGTERM)
    #expect(pty.termiosRestored)
  }

  @Test("Output stopped with Ctrl-S before the prompt is drawn: a signal sent only by another program (SIGUSR1, SIGRTMIN) still ends ask at once",
        arguments: [SIGUSR1, Int32(34 + 3), SIGTERM] as [Int32])  // 34: SIGRTMIN under glibc
  func signalWhileFirstDrawingWaits(sig: Int32) throws {
    // Ctrl-S typed first: ask's first drawing waits for Ctrl-Q.
    let pty = try AskSession.shell("printf 'go\\n' > /dev/tty; read -r x; exec ask -t Pick Alpha Beta")
    try pty.waitFor("go")
    pty.type("\r\u{13}")
    try pty.waitUntil("ask blocked drawing") {
      TerminalSessionTests.name(of: pty.pid) == "ask" && TerminalSessionTests.syscall(of: pty.pid)?.first == 1
    }
    pty.signal(sig)
    #expect(try pty.waitForExit(timeout: 2) == 128 + sig)
    pty.type("\u{11}")  // Ctrl-Q, for what is left
    #expect(pty.termiosRestored)
  }

  @Test("Closing the terminal is a hang-up: 129 and nothing on stdout, not a cancel",
        arguments: [["--print", "json", "-t", "T", "-c", "Cancel", "A"], ["--print", "json", "-s", "secure"],
                    ["--print", "json", "-s", "plain"]])
  func hangUp(arguments: [String]) throws {
    let pty = try AskSession.ask(arguments)
    try pty.waitForModes(echo: false, canonical: false)
    try pty.waitFor(": ")
    pty.hangUp()
    #expect(try pty.waitForExit(timeout: 2) == 129)
    #expect(pty.stdout == "")
  }

  @Test("Started in the background, ask holds the terminal after fg: the secret never shows, the prompt is drawn once")
  func backgroundThenForeground() throws {
    let pty = try AskSession.interactiveShell()
    try pty.waitFor("$ ")
    pty.type("ask -s secure -t Unlock -m 'Vault password' > \"$HOME/out\" &\r")
    try pty.waitForProcess(named: "ask", state: "T")  // stopped by SIGTTOU: the terminal is the shell's
    pty.type("fg\r")
    try pty.waitFor("Password: ")
    try pty.waitForModes(echo: false, canonical: false)
    pty.type("hunter2")
    try pty.waitFor("Password: *******")
    pty.type("\r")
    // Keys typed before ask exits are discarded with its terminal: wait.
    try pty.waitUntil("ask gone") { pty.processes(named: "ask").isEmpty }
    pty.type("wc -c < \"$HOME/out\"; exit\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.screen.contains("\r8\r\nexit"))  // the secret and its newline
    #expect(!pty.screen.contains("hunter2"))
    #expect(pty.count("\u{1B}[1mUnlock") == 1)
  }

  @Test("kill %1 ends a stopped ask by SIGTERM at once (the shell sends SIGCONT after it): stopped by Ctrl-Z, or in the background before it held the terminal",
        arguments: [("ask -s plain -t Name > /dev/null", true), ("ask -s secure -t Unlock > /dev/null &", false)])
  func killStoppedJob(command: String, byControlZ: Bool) throws {
    let pty = try AskSession.interactiveShell()
    try pty.waitFor("$ ")
    pty.type(command + "\r")
    if byControlZ {
      try pty.waitForPrompt("Text: ")
      pty.type("\u{1A}")
      try pty.waitFor("Stopped")
    } else {
      try pty.waitForProcess(named: "ask", state: "T")  // SIGTTOU: the terminal is the shell's
    }
    pty.type("kill %1\r")
    try pty.waitForProcessDead(named: "ask", timeout: 3)
    // Killed before it held the terminal: nothing of the prompt was drawn.
    if !byControlZ { #expect(!pty.screen.contains("Password: ")) }
    // How it ended: from /proc while bash has not reaped it (a job that
    // dies at once under bash's `kill` may stay unreaped, and bash's job
    // table says Stopped), else from bash.
    if let ended = pty.processes(named: "ask").first {
      #expect(ended.waitStatus == SIGTERM)
    } else {
      pty.type("jobs\r")
      try pty.waitFor("Terminated")
    }
    pty.type("disown -a; exit\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.termiosRestored)
  }

  @Test("After Ctrl-Z and fg a partial answer comes back whole, non-ASCII letters too")
  func partialAnswerAfterResume() throws {
    let pty = try AskSession.interactiveShell()
    try pty.waitFor("$ ")
    pty.type("ask -s plain -t Name > \"$HOME/out\"\r")
    try pty.waitForPrompt("Text: ")
    pty.type("abcПривет")
    try pty.waitFor("Text: abcПривет")
    pty.type("\u{1A}")
    try pty.waitFor("Stopped")
    pty.type("fg\r")
    try pty.waitUntil("the answer drawn again") { pty.count("Text: abcПривет") == 2 }
    try pty.waitForModes(canonical: false)
    pty.type("!\r")
    try pty.waitUntil("ask gone") { pty.processes(named: "ask").isEmpty }
    pty.type("cat \"$HOME/out\"; exit\r")
    try pty.waitFor("abcПривет!\r\nexit")
    #expect(try pty.waitForExit() == 0)
  }

  @Test("A SIGCONT that did not follow a stop of ask's draws nothing again")
  func strayContinue() throws {
    let pty = try AskSession.ask(["-t", "Pick", "Alpha", "Beta"])
    try pty.waitForPrompt()
    for _ in 0..<5 { pty.signal(SIGCONT) }
    pty.type("x")
    try pty.waitFor("cancel]: x")
    #expect(pty.count("Choice [") == 1)
    pty.type("\u{15}2\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Beta\n")
  }

  // MARK: - A spec from a FIFO with no writer yet

  /// `ask --spec FIFO` (the FIFO made in the session's directory), once it
  /// is waiting for a writer; and the FIFO's path.
  private func waitingOnFIFO(_ extra: [String] = []) throws -> (PseudoTerminal, String) {
    let arguments = extra.map { "'\($0)'" }.joined(separator: " ")
    let pty = try AskSession.shell("mkfifo spec.fifo && exec ask --spec spec.fifo \(arguments)")
    try pty.waitUntil("ask waiting for the FIFO's writer") {
      Self.name(of: pty.pid) == "ask" && Self.waitsOnFIFO(pty, pid: pty.pid)
    }
    return (pty, Self.directory(of: pty.pid) + "/spec.fifo")
  }

  /// Whether `ask` (process `pid`) sleeps with spec.fifo open: it opens the
  /// FIFO once its console holds the terminal, and may sleep before that
  /// too, setting the terminal up (under load, the hang-up test closed the
  /// terminal then: exit 2, not 129).
  static func waitsOnFIFO(_ pty: PseudoTerminal, pid: pid_t) -> Bool {
    pty.state(of: pid) == "S" && pty.hasOpen(pathEndingWith: "/spec.fifo", pid: pid)
  }

  @Test("Waiting for a spec from a FIFO: a resize, Ctrl-Z, a stop and a continue do not end it, and the terminal is not held")
  func fifoWaitsThroughSignals() throws {
    let (pty, fifo) = try waitingOnFIFO()
    #expect(pty.termiosRestored)  // nothing to ask yet: the terminal is as it was
    pty.signal(SIGWINCH)
    // ask leads its own session here: its process group is orphaned, so the
    // kernel discards the stop of a SIGTSTP; SIGSTOP stops it all the same.
    pty.signal(SIGTSTP)
    pty.signal(SIGSTOP)
    try pty.waitUntil("ask stopped") { pty.state(of: pty.pid) == "T" }
    pty.signal(SIGCONT)
    try pty.waitUntil("ask waiting again") { pty.state(of: pty.pid) == "S" }
    pty.signal(SIGCONT)
    pty.signal(SIGWINCH)
    let writer = open(fifo, O_WRONLY | O_CLOEXEC)
    try #require(writer >= 0)
    let spec = #"{"title":"From a FIFO","buttons":["Alpha","Beta"]}"# + "\n"
    _ = spec.withCString { Glibc.write(writer, $0, strlen($0)) }
    close(writer)
    try pty.waitForPrompt()
    pty.type("2\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Beta\n")
    #expect(pty.count("From a FIFO") == 1)
    #expect(pty.termiosRestored)
  }

  @Test("Waiting for a spec from a FIFO: SIGINT and SIGTERM end ask by that signal",
        arguments: [(SIGINT, Int32(130)), (SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
  func fifoInterrupted(signal: Int32, status: Int32) throws {
    let (pty, _) = try waitingOnFIFO()
    pty.signal(signal)
    #expect(try pty.waitForExit(timeout: 2) == status)
    #expect(pty.stderr == "")
    #expect(pty.termiosRestored)
  }

  @Test("Waiting for a spec from a FIFO: --timeout limits the wait (124, one line)")
  func fifoTimeout() throws {
    let (pty, _) = try waitingOnFIFO(["--timeout", "1"])
    #expect(try pty.waitForExit(timeout: 3) == 124)
    #expect(pty.stderr == "ask: No spec arrived within 1 s\n")
    #expect(pty.stdout == "")
    #expect(pty.termiosRestored)
  }

  @Test("The terminal closed while a spec is awaited, under a parent that ignores SIGHUP: 129 when the spec comes")
  func fifoHangUpIgnored() throws {
    let pty = try AskSession.shell("""
      trap '' HUP; mkfifo spec.fifo; ask --spec spec.fifo; echo "ask=$?" > status
      """)
    try pty.waitUntil("ask waiting for the FIFO's writer") {
      pty.processes(named: "ask").first.map { Self.waitsOnFIFO(pty, pid: $0.pid) } ?? false
    }
    let directory = Self.directory(of: pty.pid)
    pty.hangUp()
    let writer = open(directory + "/spec.fifo", O_WRONLY | O_CLOEXEC)
    try #require(writer >= 0)
    let spec = #"{"title":"Late","buttons":["Alpha","Beta"]}"# + "\n"
    _ = spec.withCString { Glibc.write(writer, $0, strlen($0)) }
    close(writer)
    #expect(try pty.waitForExit() == 0)
    #expect(Self.contents(of: directory + "/status") == "ask=129\n")
    #expect(pty.stdout == "")
  }

  // MARK: - Writes cut by signals

  /// Waits until the `ask` whose pid the script wrote to `pid` (in the
  /// script's folder) sleeps in write(1, …) on a full pipe; its pid.
  static func waitForBlockedWrite(_ pty: PseudoTerminal) throws -> pid_t {
    var askPID: pid_t = 0
    // Reading the 300,000-byte secret a byte at a time and drawing its
    // mask took a debug build over 5 s with the other suites running.
    try pty.waitUntil("ask blocked writing its result to a full pipe", timeout: 20 * AskSession.slowdown) {
      let directory = Self.directory(of: pty.pid)
      askPID = Self.contents(of: directory + "/pid").flatMap { pid_t($0.split(separator: "\n").first ?? "") } ?? 0
      return askPID > 0 && Self.syscall(of: askPID) == [1, 1] && pty.state(of: askPID) == "S"
    }
    return askPID
  }

  @Test("A JSON secret is written whole although signals arrive while stdout is full")
  func resultWrittenWhole() throws {
    let pty = try AskSession.shell("""
      head -c 300000 /dev/zero | tr '\\0' s > secret
      { ask -s secure --print json < secret 2>/dev/null & echo $! > pid; wait $!; echo "ask=$?" > status; } \
        | { until [ -e go ]; do sleep 0.01; done; wc -c; }
      cat status
      """)
    let askPID = try Self.waitForBlockedWrite(pty)
    let directory = Self.directory(of: pty.pid)
    for _ in 0..<3 { kill(askPID, SIGWINCH) }
    kill(askPID, SIGCONT)
    close(open(directory + "/go", O_WRONLY | O_CREAT | O_CLOEXEC, 0o600))
    #expect(try pty.waitForExit() == 0)
    // {"button":"OK","role":"other","text":"sss…"} and its newline.
    #expect(pty.stdout == "300041\nask=0\n")
  }

  @Test("kill -PIPE while the result waits on a full pipe ends ask by SIGPIPE at once")
  func pipeSignalDuringResultWrite() throws {
    let pty = try AskSession.shell("""
      head -c 300000 /dev/zero | tr '\\0' s > secret
      { ask -s secure < secret 2>/dev/null & echo $! > pid; wait $!; echo "ask=$?" > status; } \
        | { until [ -e go ]; do sleep 0.01; done; cat > /dev/null; }
      cat status
      """)
    let askPID = try Self.waitForBlockedWrite(pty)
    kill(askPID, SIGPIPE)
    try pty.waitUntil("ask gone") { pty.state(of: askPID) == nil }
    close(open(Self.directory(of: pty.pid) + "/go", O_WRONLY | O_CREAT | O_CLOEXEC, 0o600))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "ask=141\n")
  }

  @Test("A terminal that is not the controlling one (setsid) keeps no typed-ahead line after ask")
  func setsidDiscards() throws {
    let pty = try AskSession.shell("""
      setsid -w ask -s secure -t Unlock; echo "ask=$?"; read -t 0 && echo pending || echo none
      """)
    // No controlling terminal: the prompt goes to stderr.
    try pty.waitUntil("the prompt on stderr") { pty.stderr.contains("Password: ") }
    try pty.waitForModes(echo: false)
    pty.type("pw\recho LEFT\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "pw\nask=0\nnone\n")
  }

  @Test("A flood of SIGWINCH that fills the wake-up pipe does not lose the SIGTERM after it")
  func floodDoesNotLoseTerm() throws {
    // A message far larger than the terminal's buffers (about 68 KB: the
    // pty's 64 KiB and the line discipline's 4 KiB): the first draw blocks
    // while the screen is not read — not a byte of it, from the start (a
    // first read while ask draws could leave room for the rest, and ask
    // would wait for keys instead) — and nothing drains the pipe.
    let message = String(repeating: "word ", count: 24_000)
    let pty = try AskSession.ask(["-t", "Flood", "-m", message, "A", "B"], readsScreen: false)
    // Laying out 120 KB of message takes a sanitized build seconds.
    try pty.waitUntil("ask blocked drawing", timeout: 5 * AskSession.slowdown) {
      Self.syscall(of: pty.pid)?.first == 1 && pty.state(of: pty.pid) == "S"
    }
    // Signals sent while one is pending merge: send until the pipe is full
    // (a 64 KiB pipe holds 65 536 wake-ups), or give up after 20 s (a
    // loaded machine runs ask's handler seldom: 3 million were not enough).
    let deadline = PseudoTerminal.now() + 20
    while PseudoTerminal.now() < deadline && Self.pendingBytes(inPipeOf: pty.pid) < 65536 {
      for _ in 0..<1000 { kill(pty.pid, SIGWINCH) }
    }
    #expect(Self.pendingBytes(inPipeOf: pty.pid) == 65536)  // the flood filled it
    pty.signal(SIGTERM)
    pty.readsScreen = true
    #expect(try pty.waitForExit(timeout: 5) == 143)
    #expect(pty.termiosRestored)
  }

  // MARK: - /proc

  /// The command name of process `pid`, or nil.
  static func name(of pid: pid_t) -> String? {
    contents(of: "/proc/\(pid)/comm").map { String($0.prefix { $0 != "\n" }) }
  }

  /// The working directory of process `pid` (where the session's files are).
  static func directory(of pid: pid_t) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = readlink("/proc/\(pid)/cwd", &buffer, buffer.count - 1)
    return n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "."
  }

  /// The system call process `pid` is blocked in, with its first argument
  /// (`[1, 1]`: write(2) to fd 1), or nil.
  static func syscall(of pid: pid_t) -> [Int]? {
    guard let fields = contents(of: "/proc/\(pid)/syscall")?.split(whereSeparator: { $0 == " " || $0 == "\n" }),
          let number = fields.first.flatMap({ Int($0) }) else { return nil }
    let argument = fields.dropFirst().first.flatMap { Int($0.dropFirst(2), radix: 16) }
    return [number] + (argument.map { [$0] } ?? [])
  }

  /// The bytes waiting in the fullest pipe that process `pid` holds both
  /// ends of (its wake-up pipe), seen through /proc without reading them.
  static func pendingBytes(inPipeOf pid: pid_t) -> Int32 {
    var ends: [String: [Int32]] = [:]
    for fd in Int32(3)..<64 {
      var buffer = [CChar](repeating: 0, count: 128)
      let n = readlink("/proc/\(pid)/fd/\(fd)", &buffer, buffer.count - 1)
      guard n > 0 else { continue }
      let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if target.hasPrefix("pipe:") { ends[target, default: []].append(fd) }
    }
    var most: Int32 = 0
    for fds in ends.values where fds.count == 2 {
      let fd = open("/proc/\(pid)/fd/\(fds[0])", O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard fd >= 0 else { continue }
      var count: Int32 = 0
      if ioctl(fd, UInt(FIONREAD), &count) == 0 { most = max(most, count) }
      close(fd)
    }
    return most
  }

  /// The text of a small file, or nil.
  static func contents(of path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = read(fd, &buffer, buffer.count)
    return n >= 0 ? String(decoding: buffer[..<n], as: UTF8.self) : nil
  }
}
