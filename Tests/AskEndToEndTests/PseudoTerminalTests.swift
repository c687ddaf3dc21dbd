import Glibc
import Testing

/// Proves the pseudo-terminal harness against ordinary system programs.
@Suite(.serialized, .ownThread)
struct PseudoTerminalTests {
  let environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C"]

  func shell(_ script: String, stdin: PseudoTerminal.Stdin = .terminal, rows: Int = 24, columns: Int = 80)
    throws -> PseudoTerminal
  {
    try PseudoTerminal(
      executable: "/bin/sh", arguments: ["-c", script], environment: environment,
      stdin: stdin, rows: rows, columns: columns)
  }

  func seconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }

  @Test("A line typed on the terminal reaches the program, which answers on stdout")
  func typedLine() throws {
    let pty = try shell(#"read x; echo "got $x""#)
    pty.type("hi\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "got hi\n")
    #expect(pty.screen.contains("hi"))  // the terminal's echo
    #expect(pty.stderr == "")
    #expect(pty.termiosRestored)
  }

  @Test("Modes changed and not restored are reported, untouched modes are not")
  func termiosRestoration() throws {
    let changed = try PseudoTerminal(
      executable: "/bin/bash", arguments: ["-c", "stty -echo"], environment: environment)
    #expect(try changed.waitForExit() == 0)
    #expect(!changed.termiosRestored)

    let untouched = try shell("true")
    #expect(try untouched.waitForExit() == 0)
    #expect(untouched.termiosRestored)
  }

  @Test("Death by a signal is reported as 128 plus the signal number")
  func killedBySignal() throws {
    let pty = try shell("kill -TERM $$")
    #expect(try pty.waitForExit() == 128 + SIGTERM)
  }

  @Test("The child starts with no blocked and no ignored signals")
  func cleanSignalState() throws {
    let pty = try shell("grep -E '^Sig(Blk|Ign):' /proc/self/status")
    #expect(try pty.waitForExit() == 0)
    let masks = pty.stdout.split(separator: "\n").compactMap {
      $0.split(separator: "\t").last.flatMap { UInt64($0, radix: 16) }
    }
    #expect(masks.count == 2)
    #expect(masks.first == 0)  // SigBlk
    // SigIgn, signals 1...31. glibc's sigaction cannot reset its reserved
    // signals 32 and 33 (`swift test` starts the test binary with 32
    // ignored); glibc in the exec'd program installs its own handlers there.
    #expect(masks.last.map { $0 & 0x7FFF_FFFF } == 0)
  }

  @Test("signal() delivers a signal to a waiting child")
  func sendSignal() throws {
    let pty = try shell("echo ready > /dev/tty; exec sleep 30")
    try pty.waitFor("ready")
    pty.signal(SIGINT)
    #expect(try pty.waitForExit() == 128 + SIGINT)
  }

  @Test("Without a terminal /dev/tty cannot be opened")
  func noTerminal() throws {
    let pty = try shell("cat /dev/tty", stdin: .noTerminal([]))
    #expect(try pty.waitForExit() != 0)
    #expect(pty.stderr.contains("No such device or address"))
    #expect(pty.screen == "")
    #expect(pty.termiosRestored)
  }

  @Test("On the terminal /dev/tty opens and reads typed keys")
  func devTtyOnTerminal() throws {
    let pty = try shell("cat /dev/tty")
    pty.type("x\r\u{4}")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "x\n")
  }

  @Test("With piped stdin the bytes reach the child and /dev/tty is still the terminal")
  func pipedStdin() throws {
    let pty = try shell(
      "cat; [ -t 0 ] || echo 'stdin is no tty' > /dev/tty",
      stdin: .pipe(Array("abc\ndef".utf8)))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "abc\ndef")
    #expect(pty.screen == "stdin is no tty\r\n")
  }

  @Test("Without a terminal the piped bytes reach the child too")
  func noTerminalStdin() throws {
    let pty = try shell("cat", stdin: .noTerminal(Array("piped\n".utf8)))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "piped\n")
  }

  @Test("Large input and output flow without blocking either side")
  func largeStreams() throws {
    let input = (0..<300_000).map { UInt8(truncatingIfNeeded: $0) }
    let pty = try shell("cat; head -c 300000 /dev/zero >&2", stdin: .pipe(input))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdoutBytes == input)
    #expect(pty.stderrBytes.count == 300_000)
  }

  @Test("Output written to the terminal just before exit is on the screen")
  func lastOutputCaptured() throws {
    for _ in 0..<20 {
      let pty = try shell("printf 'last words'")
      #expect(try pty.waitForExit() == 0)
      #expect(pty.stdout == "last words")
      let tty = try shell("printf 'last words' > /dev/tty")
      #expect(try tty.waitForExit() == 0)
      #expect(tty.screen == "last words")
    }
  }

  @Test("The window size is set on the terminal")
  func windowSize() throws {
    let pty = try shell("stty size", rows: 33, columns: 101)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "33 101\n")
  }

  @Test("waitUntilNonCanonical returns once the program reads single keys")
  func nonCanonical() throws {
    let pty = try PseudoTerminal(
      executable: "/bin/bash",
      arguments: ["-c", #"stty -icanon min 1; IFS= read -r -n 1 k; stty icanon; echo "[$k]""#],
      environment: environment)
    try pty.waitUntilNonCanonical()
    pty.type("k")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "[k]\n")
  }

  @Test("waitFor on text that never comes throws within its timeout")
  func waitForTimesOut() throws {
    let pty = try shell("echo ready > /dev/tty; exec sleep 30")
    let start = seconds()
    #expect(throws: PseudoTerminal.Failure.self) { try pty.waitFor("never", timeout: 0.5) }
    #expect(seconds() - start < 2)
    #expect(pty.screen == "ready\r\n")
  }

  @Test("waitFor fails as soon as the child exits without the text")
  func waitForChildExited() throws {
    let pty = try shell("echo bye")
    let start = seconds()
    #expect(throws: PseudoTerminal.Failure.self) { try pty.waitFor("never", timeout: 5) }
    #expect(seconds() - start < 2)
  }

  @Test("A hung child is killed when waitForExit times out")
  func hungChildKilled() throws {
    let pty = try shell("exec sleep 30")
    let start = seconds()
    #expect(throws: PseudoTerminal.Failure.self) { try pty.waitForExit(timeout: 0.5) }
    #expect(seconds() - start < 3)
    #expect(kill(pty.pid, 0) == -1 && errno == ESRCH)
  }

  @Test("Output pipes held open by a background process time out and get it killed")
  func backgroundHoldsPipes() throws {
    let pty = try shell("sleep 30 & echo started", stdin: .noTerminal([]))  // no SIGHUP at exit
    #expect(throws: PseudoTerminal.Failure.self) { try pty.waitForExit(timeout: 0.5) }
    #expect(pty.exitStatus == 0)
    #expect(pty.stdout == "started\n")
  }

  @Test("A program that cannot be executed makes init throw")
  func execFailure() {
    #expect(throws: PseudoTerminal.Failure.self) {
      _ = try PseudoTerminal(executable: "/nonexistent/ask", arguments: [], environment: [:])
    }
  }

  @Test("waitUntil returns once its condition holds, and names it when it times out")
  func waitUntil() throws {
    let pty = try shell("echo one > /dev/tty; read x; echo two > /dev/tty; exec sleep 30")
    try pty.waitUntil("one") { pty.screen.contains("one") }
    let start = seconds()
    do {
      try pty.waitUntil("two on the screen", timeout: 0.3) { pty.screen.contains("two") }
      Issue.record("waitUntil did not time out")
    } catch let failure as PseudoTerminal.Failure {
      #expect(failure.description.hasPrefix("waitUntil(two on the screen): timed out"))
      #expect(failure.description.contains("--- screen ---\none\\r\n"))
    }
    #expect(seconds() - start < 2)
    pty.type("\r")
    try pty.waitUntil("two") { pty.screen.contains("two") }
  }

  @Test("waitUntil fails as soon as the child exits with the condition false")
  func waitUntilChildExited() throws {
    let pty = try shell("true")
    let start = seconds()
    #expect(throws: PseudoTerminal.Failure.self) { try pty.waitUntil("never", timeout: 5) { false } }
    #expect(seconds() - start < 2)
  }

  @Test("waitForModes waits for echo and canonical mode as asked")
  func modes() throws {
    let pty = try shell("stty -echo; read x; stty echo -icanon; read x; stty icanon")
    try pty.waitForModes(echo: false, canonical: true)
    pty.type("\r")
    try pty.waitForModes(echo: true, canonical: false)
    #expect(throws: PseudoTerminal.Failure.self) { try pty.waitForModes(canonical: true, timeout: 0.2) }
    pty.type("\n")
    try pty.waitForModes(canonical: true)
    #expect(try pty.waitForExit() == 0)
    #expect(throws: PseudoTerminal.Failure.self) {
      try shell("true", stdin: .noTerminal([])).waitForModes(echo: true)
    }
  }

  @Test("waitForKeysRead waits until the program has read what was typed")
  func keysRead() throws {
    let pty = try PseudoTerminal(
      executable: "/bin/bash",
      arguments: ["-c", #"echo ready > /dev/tty; read -r line; stty -icanon min 1; IFS= read -r -n 1 k; echo "[$line][$k]""#],
      environment: environment)
    try pty.waitFor("ready")
    pty.type("line\r")
    try pty.waitForKeysRead()
    pty.type("k")
    try pty.waitForKeysRead()
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "[line][k]\n")
  }

  @Test("hangUp closes the terminal: the child gets SIGHUP, output so far is kept")
  func hangUp() throws {
    let pty = try shell("stty -echo; echo ready > /dev/tty; exec sleep 30")
    try pty.waitFor("ready")
    pty.hangUp()
    pty.type("ignored")
    #expect(try pty.waitForExit() == 128 + SIGHUP)
    #expect(pty.screen == "ready\r\n")
    #expect(pty.termiosRestored)  // no terminal is left whose modes could be wrong
    #expect(throws: PseudoTerminal.Failure.self) { try pty.waitForModes(echo: true) }

    // A child that catches SIGHUP sees its read of the terminal end. The
    // kernel ends reads on the hung-up terminal before it sends the signal,
    // so the shell waits for its trap before it reports.
    let catching = try shell("trap 'hup=1; echo hup >&2' HUP; echo ready > /dev/tty; read x; r=$?; while [ -z \"$hup\" ]; do sleep 0.01; done; echo \"read=$r\"")
    try catching.waitFor("ready")
    catching.hangUp()
    #expect(try catching.waitForExit() == 0)
    #expect(catching.stdout == "read=1\n")
    #expect(catching.stderr == "hup\n")
  }

  @Test("Each session has its own empty HOME, TMPDIR and working directory, removed at the end")
  func temporaryDirectory() throws {
    var directory = ""
    do {
      let pty = try shell(#"echo "$HOME|$TMPDIR|$XDG_CONFIG_HOME|$(pwd)|$(ls -A)"; touch "$HOME/file"; mkdir "$HOME/d""#)
      directory = pty.temporaryDirectory
      #expect(directory.hasPrefix("/") && directory.contains("/ask-test."))
      #expect(try pty.waitForExit() == 0)
      #expect(pty.stdout == "\(directory)|\(directory)|\(directory)/.config|\(directory)|\n")
      #expect(access(directory + "/file", F_OK) == 0)
      let other = try shell("true")
      #expect(other.temporaryDirectory != directory)
    }
    #expect(access(directory, F_OK) == -1 && errno == ENOENT)
    let chosen = try PseudoTerminal(executable: "/bin/sh", arguments: ["-c", #"echo "$HOME""#],
                                    environment: environment.merging(["HOME": "/home/x"]) { $1 })
    #expect(try chosen.waitForExit() == 0)
    #expect(chosen.stdout == "/home/x\n")
  }

  @Test("The session's processes are the child's own, with their states")
  func processes() throws {
    let pty = try shell("sleep 30 & echo ready > /dev/tty; wait")
    try pty.waitFor("ready")
    kill(try pty.waitForProcess(named: "sleep").pid, SIGSTOP)
    let sleeper = try pty.waitForProcess(named: "sleep", state: "T")
    #expect(sleeper.parent == pty.pid)
    #expect(pty.state(of: sleeper.pid) == "T")
    #expect(pty.sessionProcesses.map(\.pid) == [pty.pid, sleeper.pid])
    #expect(pty.processes(named: "sh").map(\.pid) == [pty.pid])
    #expect(pty.state(of: getpid()) == nil)  // the test itself is not in the session
    kill(sleeper.pid, SIGKILL)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.state(of: sleeper.pid) == nil)
  }

  @Test("A child that died and is not reaped is Z, with the signal that ended it")
  func unreapedChild() throws {
    // The shell becomes a sleep that never waits for its first child.
    let pty = try shell("sleep 30 & echo $! > /dev/tty; exec sleep 30")
    try pty.waitUntil("the child's pid") { pty.screen.contains("\r\n") }
    let pid = try #require(pid_t(pty.screen.split(separator: "\r\n")[0]))
    try pty.waitUntil("the shell is a sleep too") { pty.processes(named: "sleep").count == 2 }
    #expect(pty.processes(named: "sleep").first { $0.pid == pid }?.waitStatus == nil)
    kill(pid, SIGTERM)
    try pty.waitUntil("the child is Z: \(pid) in \(pty.sessionProcesses)") { pty.state(of: pid) == "Z" }
    let dead = try #require(pty.processes(named: "sleep").first { $0.pid == pid })
    #expect(dead.waitStatus == SIGTERM)
    kill(pty.pid, SIGKILL)
    #expect(try pty.waitForExit() == 128 + SIGKILL)
  }

  @Test("pipeReaders lists who still reads a pipe, and is empty once the reader is gone")
  func pipeReaders() throws {
    let pty = try shell("sleep 30 | { echo ready > /dev/tty; read x < /dev/tty; }; echo done")
    try pty.waitFor("ready")
    let sleeper = try pty.waitForProcess(named: "sleep")
    // The shell closes its own copy of the pipe after it has started both
    // sides: under load, after the group has said "ready".
    try pty.waitUntil("one reader: \(pty.pipeReaders(fd: 1, of: sleeper.pid) ?? [])") {
      pty.pipeReaders(fd: 1, of: sleeper.pid)?.count == 1
    }
    let readers = try #require(pty.pipeReaders(fd: 1, of: sleeper.pid))
    #expect(readers != [pty.pid] && readers != [sleeper.pid])
    #expect(pty.pipeReaders(fd: 0, of: sleeper.pid) == nil)  // the terminal, no pipe
    pty.type("\r")
    try pty.waitUntil("the reader gone") { pty.pipeReaders(fd: 1, of: sleeper.pid) == [] }
    kill(sleeper.pid, SIGKILL)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "done\n")
  }

  @Test("binDirectory is the directory of the test binary")
  func binDirectory() {
    let directory = PseudoTerminal.binDirectory
    #expect(directory.hasPrefix("/"))
    #expect(access(directory, X_OK) == 0)
    #expect(PseudoTerminal.locate("ask") == directory + "/ask")
  }
}
