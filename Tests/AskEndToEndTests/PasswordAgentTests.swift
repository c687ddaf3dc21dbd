import AskTestSupport
import Glibc
import Testing

/// Root, `unshare` and systemd's own asker: each test runs in a mount
/// namespace of its own, with a tmpfs on /run/systemd/ask-password, so no
/// real agent sees its questions and the machine is unchanged.
private let canUnshare = getuid() == 0
  && (["/usr/bin/unshare", "/usr/bin/systemd-ask-password"] as [String]).allSatisfy { access($0, X_OK) == 0 }

/// `ask --password-agent` answering the REAL `systemd-ask-password --no-tty`
/// (SPEC §7): what the asker printed, byte for byte, and its exit status.
/// Every test checks that `ask` drew the prompt (its own hint line, which
/// no systemd program draws) and that the bytes came back through it.
@Suite("Password agent mode", .serialized, .ownThread,
       .enabled(if: canUnshare, "needs root, unshare and systemd-ask-password (systemd), to run in a mount namespace of its own"))
struct PasswordAgentTests {
  /// `bash` in a mount namespace of its own with an empty
  /// /run/systemd/ask-password, running `body`. In it, `asker N ARGS…`
  /// starts `systemd-ask-password --no-tty ARGS…` in the background, its
  /// stdout in $HOME/outN, stderr in $HOME/errN, PID in $HOME/pidN;
  /// `questions K` waits until K question files are there; `finish` waits
  /// for the askers and writes each one's status in $HOME/statusN.
  static func namespace(_ body: String, environment: [String: String] = [:]) throws -> PseudoTerminal {
    let script = """
      D=/run/systemd/ask-password
      if [ -d $D ]; then mount -t tmpfs -o mode=0755 tmpfs $D; else mount -t tmpfs -o mode=0755 tmpfs /run && mkdir -p $D; fi || exit 97
      askers=""
      asker() { n=$1; shift; systemd-ask-password --no-tty "$@" > "$HOME/out$n" 2> "$HOME/err$n" & echo $! > "$HOME/pid$n"; askers="$askers $n"; }
      questions() { until [ "$(ls $D | grep -c '^ask\\.')" -ge "$1" ]; do sleep 0.01; done; }
      finish() { for n in $askers; do wait "$(cat "$HOME/pid$n")"; echo $? > "$HOME/status$n"; done; }
      \(body)
      """
    return try PseudoTerminal(executable: "/usr/bin/unshare", arguments: ["-m", "/bin/bash", "-c", script],
                              environment: AskSession.environment.merging(environment) { $1 })
  }

  /// One asker (`systemd-ask-password --no-tty` with `askerArguments`,
  /// shell words) and `ask --password-agent --query` answering it, in a
  /// namespace as ``namespace(_:environment:)``; the script ends with the
  /// agent's status once the asker has ended.
  static func query(_ askerArguments: String) throws -> PseudoTerminal {
    try namespace("asker 1 \(askerArguments)\nquestions 1; ask --password-agent --query; s=$?; finish; exit $s")
  }

  /// What asker `n` printed on stdout.
  static func output(_ pty: PseudoTerminal, _ n: Int) -> String { file(pty, "out\(n)") }
  /// What asker `n` printed on stderr.
  static func errors(_ pty: PseudoTerminal, _ n: Int) -> String { file(pty, "err\(n)") }
  /// Asker `n`'s exit status.
  static func status(_ pty: PseudoTerminal, _ n: Int) -> Int? {
    Int(file(pty, "status\(n)").filter(\.isNumber))
  }

  static func file(_ pty: PseudoTerminal, _ name: String) -> String {
    let path = pty.temporaryDirectory + "/" + name
    guard let handle = fopen(path, "r") else { return "" }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = fread(&buffer, 1, buffer.count, handle)
      if n <= 0 { break }
      bytes += buffer[..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The hint line of ask's text prompts: drawn by ask only.
  static let askHint = "(Enter = OK, Ctrl-D = cancel)"

  @Test("A secret typed into ask comes back to systemd-ask-password byte for byte, with its newline",
        arguments: [
    (LoggedText("hunter2"), ""), (LoggedText("100% sure, with spaces"), "--echo=no"),
    (LoggedText("пароль 密码 ünï"), "--echo=masked"),
    (LoggedText(String(repeating: "0123456789abcdef%é ", count: 53).prefix(1000).description), ""),
  ] as [(LoggedText, String)])
  func answered(secret: LoggedText, echo: String) throws {
    let pty = try Self.query("\(echo) --id=cryptsetup:/dev/sda5 'Please enter passphrase for disk %s:'")
    try pty.waitForPrompt("Password: ", timeout: 10)
    #expect(pty.screen.contains("Please enter passphrase for disk %s:"))
    #expect(pty.screen.contains("cryptsetup:/dev/sda5"))
    #expect(pty.screen.contains(Self.askHint))
    pty.type(secret.text + "\r")
    #expect(try pty.waitForExit(timeout: 20) == 0)
    #expect(Self.output(pty, 1) == secret.text + "\n")
    #expect(Self.status(pty, 1) == 0)
    #expect(!pty.screen.contains(secret.text))
    #expect(pty.count("*") == (echo == "--echo=no" ? 0 : secret.text.count))
    #expect(pty.stdout == "")  // the answer goes to the asker alone
    #expect(pty.termiosRestored)
  }

  @Test("Echo=1 (systemd-ask-password --echo=yes): the masked editor with the text shown, the answer sent as typed")
  func echoed() throws {
    let pty = try Self.namespace("""
      asker 1 --echo=yes 'User name:'
      questions 1; ask --password-agent; s=$?; finish; exit $s
      """)
    try pty.waitForPrompt("Answer: ", timeout: 10)
    // Backspace takes a wide character's two columns back. Left then
    // tells the two editors apart: a field with a cursor (libedit's)
    // would insert the c before the b; the masked editor has none and
    // drops the key, so the c comes last.
    pty.type("ålice 漢字\u{7F}ab\u{1B}[Dc\r")
    #expect(try pty.waitForExit(timeout: 20) == 0)
    #expect(Self.output(pty, 1) == "ålice 漢abc\n")
    #expect(Self.status(pty, 1) == 0)
    #expect(pty.screen.contains("Answer: ålice 漢字\u{8}\u{8}  \u{8}\u{8}abc\r\n"))
    #expect(pty.stdout == "")
    #expect(pty.termiosRestored)
  }

  @Test("Ctrl-D cancels: ask sends '-', systemd-ask-password prints nothing and fails at once")
  func cancel() throws {
    let pty = try Self.query("'Passphrase:'")
    try pty.waitForPrompt("Password: ", timeout: 10)
    #expect(pty.screen.contains(Self.askHint))
    pty.type("\u{4}")
    #expect(try pty.waitForExit(timeout: 20) == 0)
    #expect(Self.output(pty, 1) == "")
    #expect(Self.status(pty, 1) == 1)
    #expect(Self.errors(pty, 1).contains("Operation canceled"))
    #expect(pty.stdout == "")
    #expect(pty.termiosRestored)
  }

  @Test("Two questions are answered in the order they came, run as ask-password-agent")
  func twoInOrder() throws {
    let pty = try Self.namespace("""
      ln -s "$(command -v ask)" "$HOME/ask-password-agent"
      asker 1 'First question'; questions 1
      asker 2 'Second question'; questions 2
      "$HOME/ask-password-agent"; s=$?; finish; exit $s
      """)
    try pty.waitForPrompt("Password: ", timeout: 10)
    #expect(pty.screen.contains("First question"))
    #expect(!pty.screen.contains("Second question"))
    pty.type("one\r")
    try pty.waitUntil("the second prompt") { pty.screen.contains("Second question") && pty.count("Password: ") == 2 }
    pty.type("two\r")
    #expect(try pty.waitForExit(timeout: 20) == 0)
    #expect(Self.output(pty, 1) == "one\n")
    #expect(Self.output(pty, 2) == "two\n")
    #expect(Self.status(pty, 1) == 0 && Self.status(pty, 2) == 0)
  }

  @Test("NotAfter passes while asked: the prompt says it timed out, the asker gives up on its own")
  func notAfterPassed() throws {
    let pty = try Self.query("--timeout=2 'Quick question'")
    try pty.waitForPrompt("Password: ", timeout: 10)
    #expect(pty.screen.contains("(times out in "))
    pty.type("late")
    #expect(try pty.waitForExit(timeout: 20) == 0)
    #expect(pty.screen.contains("Timed out."))
    #expect(Self.output(pty, 1) == "")
    #expect(Self.status(pty, 1) == 1)
    #expect(Self.errors(pty, 1).contains("Timer expired"))
  }

  @Test("The asker killed (SIGKILL) while asked: the prompt is withdrawn at once, the terminal given back")
  func askerKilled() throws {
    let pty = try Self.query("'Soon gone'")
    try pty.waitForPrompt("Password: ", timeout: 10)
    pty.type("abc")
    try pty.waitFor("Password: ***")
    let pid = pid_t(Self.file(pty, "pid1").filter(\.isNumber)) ?? 0
    #expect(pid > 0)
    kill(pid, SIGKILL)
    #expect(try pty.waitForExit(timeout: 20) == 0)
    #expect(pty.screen.contains("The question was withdrawn"))
    #expect(Self.status(pty, 1) == Int(128 + SIGKILL))
    #expect(pty.termiosRestored)
  }

  @Test("The question file deleted while asked (answered elsewhere), its asker alive: the prompt is withdrawn at once, nothing sent")
  func fileDeleted() throws {
    let pty = try Self.namespace("""
      asker 1 'Answered elsewhere'; questions 1
      ( until [ -e "$HOME/go" ]; do sleep 0.01; done; rm $D/ask.* ) &
      ask --password-agent --query; s=$?; kill "$(cat "$HOME/pid1")"; finish; exit $s
      """)
    try pty.waitForPrompt("Password: ", timeout: 10)
    pty.type("abc")
    try pty.waitFor("Password: ***")
    #expect(creat(pty.temporaryDirectory + "/go", 0o600) >= 0)
    #expect(try pty.waitForExit(timeout: 20) == 0)
    #expect(pty.screen.contains("The question was withdrawn"))
    #expect(Self.output(pty, 1) == "")
    #expect(Self.status(pty, 1) == Int(128 + SIGTERM))  // ended by the kill, never answered
    #expect(pty.termiosRestored)
  }

  @Test("Ctrl-C while asked ends the agent with 130, the terminal restored, nothing sent")
  func interrupted() throws {
    let pty = try Self.namespace("""
      asker 1 'Interrupted'; questions 1
      trap : INT  # the script goes on to finish (a trap, not an ignore: ask gets the default action)
      ask --password-agent --query; s=$?; kill "$(cat "$HOME/pid1")"; finish; exit $s
      """)
    try pty.waitForPrompt("Password: ", timeout: 10)
    pty.type("abc")
    try pty.waitFor("Password: ***")
    pty.type("\u{3}")
    #expect(try pty.waitForExit(timeout: 20) == 130)
    #expect(Self.output(pty, 1) == "")
    #expect(!Self.errors(pty, 1).contains("Operation canceled"))  // no '-' sent either
    #expect(pty.termiosRestored)
  }

  @Test("The terminal is shared: the agent waits while another ask prompt has it, then asks")
  func sharedTerminal() throws {
    let pty = try Self.namespace("""
      asker 1 'After the other one'; questions 1
      ask --askpass 'Other prompt: ' > "$HOME/askpass" & other=$!
      until [ -e "$HOME/go" ]; do sleep 0.01; done
      ask --password-agent --query; s=$?; wait $other; finish; exit $s
      """)
    try pty.waitForPrompt("Password: ", timeout: 10)
    #expect(pty.screen.contains("Other prompt:"))
    #expect(creat(pty.temporaryDirectory + "/go", 0o600) >= 0)
    try pty.waitFor("Waiting for another prompt on this terminal…", timeout: 10)
    #expect(!pty.screen.contains("After the other one"))
    pty.type("first\r")
    // (The other prompt was drawn again below the waiting line, as the holder of a terminal does.)
    try pty.waitUntil("the agent's prompt") { pty.screen.contains("After the other one") && pty.screen.hasSuffix("Password: ") }
    pty.type("second\r")
    #expect(try pty.waitForExit(timeout: 20) == 0)
    #expect(Self.file(pty, "askpass") == "first\n")
    #expect(Self.output(pty, 1) == "second\n")
  }

  @Test("--watch answers a question that arrives after it started, and ends by a signal")
  func watch() throws {
    let pty = try Self.namespace("""
      ( until [ -e "$HOME/go" ]; do sleep 0.01; done; asker 1 'Late question'; finish ) &
      ask --password-agent --watch
      """)
    let agent = try pty.waitForProcess(named: "ask", timeout: 10)
    try pty.waitUntil("the agent watches the folder") {
      TemporaryDirectory.entries(of: "/proc/\(agent.pid)/fd").contains {
        PseudoTerminal.link("/proc/\(agent.pid)/fd/\($0)") == "anon_inode:inotify"
      }
    }
    #expect(creat(pty.temporaryDirectory + "/go", 0o600) >= 0)
    try pty.waitForPrompt("Password: ", timeout: 10)
    #expect(pty.screen.contains("Late question"))
    pty.type("watched\r")
    try pty.waitUntil("the asker's answer") { Self.output(pty, 1) == "watched\n" }
    kill(agent.pid, SIGTERM)
    #expect(try pty.waitForExit(timeout: 20) == 128 + SIGTERM)
  }

  @Test("--watch makes the folder when it is missing, as systemd's agents do, and answers what comes into it")
  func watchMakesTheFolder() throws {
    let pty = try Self.namespace("""
      mount -t tmpfs -o mode=0755 tmpfs /run || exit 97
      ( until [ -d $D ]; do sleep 0.01; done; asker 1 'Early question'; finish ) &
      ask --password-agent --watch
      """)
    try pty.waitForPrompt("Password: ", timeout: 10)
    #expect(pty.screen.contains("Early question"))
    pty.type("early\r")
    try pty.waitUntil("the asker's answer") { Self.output(pty, 1) == "early\n" }
    let agent = try pty.waitForProcess(named: "ask", timeout: 10)
    kill(agent.pid, SIGTERM)
    #expect(try pty.waitForExit(timeout: 20) == 128 + SIGTERM)
  }

  @Test("An asker whose queue stays full is given up after 5 s with one line, and the agent goes on: a send never hangs it")
  func fullQueue() throws {
    // An asker of the test's own: it binds its socket, fills its queue
    // and never reads it.
    let pty = try Self.namespace("""
      python3 -c 'import socket, os, time
      d = "/run/systemd/ask-password"; p = d + "/sck.full"
      s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); s.bind(p); os.chmod(p, 0o600)
      c = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); c.setblocking(False)
      try:
          while True: c.sendto(b"x", p)
      except BlockingIOError: pass
      open(d + "/tmp.full", "w").write("[Ask]\\nPID=%d\\nSocket=%s\\nMessage=Full queue\\n" % (os.getpid(), p))
      os.rename(d + "/tmp.full", d + "/ask.full")
      time.sleep(60)' & holder=$!
      questions 1
      ask --password-agent --query 2> "$HOME/agenterr"; echo $? > "$HOME/agentstatus"
      kill $holder
      """)
    try pty.waitForPrompt("Password: ", timeout: 10)
    pty.type("lost\r")
    #expect(try pty.waitForExit(timeout: 20) == 0)
    #expect(Self.file(pty, "agentstatus") == "0\n")
    #expect(Self.file(pty, "agenterr").hasSuffix(": the asker takes no answer (its queue stays full)\n"))
  }

  @Test("--list run by a user who may not answer still lists the questions: listing only reads")
  func listUnprivileged() throws {
    let pty = try Self.namespace("""
      asker 1 'Root only'; questions 1
      setpriv --reuid=65534 --regid=65534 --clear-groups ask --password-agent --list > "$HOME/list" 2> "$HOME/listerr"
      kill $(cat "$HOME/pid1"); finish
      """)
    #expect(try pty.waitForExit(timeout: 20) == 0)
    let pid = Self.file(pty, "pid1").dropLast()
    #expect(Self.file(pty, "list").hasPrefix("'Root only' (PID \(pid), "))
    #expect(Self.file(pty, "listerr") == "")
  }

  @Test("--watch ends with 129 when its terminal hangs up, waiting for a question or asking one", arguments: [false, true])
  func watchHangUp(asking: Bool) throws {
    let pty = try Self.namespace(asking ? "asker 1 'Hung up'; questions 1; exec ask --password-agent --watch"
                                        : "exec ask --password-agent --watch")
    if asking {
      try pty.waitForPrompt("Password: ", timeout: 10)
    } else {
      let agent = try pty.waitForProcess(named: "ask", timeout: 10)
      try pty.waitUntil("the agent watches the folder") {
        TemporaryDirectory.entries(of: "/proc/\(agent.pid)/fd").contains {
          PseudoTerminal.link("/proc/\(agent.pid)/fd/\($0)") == "anon_inode:inotify"
        }
      }
    }
    pty.hangUp()
    #expect(try pty.waitForExit(timeout: 10) == 129)
  }

  @Test("--list: one line per pending question (message, PID, id, time left); --print json: one object a line")
  func list() throws {
    let pty = try Self.namespace("""
      asker 1 --id=cryptsetup:/dev/sda5 --timeout=60 'Disk passphrase'; questions 1
      asker 2 'Other question'; questions 2
      ask --password-agent --list > "$HOME/list"; ask --password-agent --list --print json > "$HOME/json"
      kill $(cat "$HOME/pid1" "$HOME/pid2"); finish
      """)
    #expect(try pty.waitForExit(timeout: 20) == 0)
    let (pid1, pid2) = (Self.file(pty, "pid1").dropLast(), Self.file(pty, "pid2").dropLast())
    let lines = Self.file(pty, "list").split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("'Disk passphrase' (PID \(pid1), id cryptsetup:/dev/sda5, ") == true)
    #expect(lines.first?.hasSuffix(" s left)") == true)
    #expect(lines.last?.hasPrefix("'Other question' (PID \(pid2), ") == true)
    let json = Self.file(pty, "json").split(separator: "\n")
    #expect(json.count == 2)
    #expect(json.first?.contains("\"message\":\"Disk passphrase\",\"id\":\"cryptsetup:/dev/sda5\",\"pid\":\(pid1),") == true)
    #expect(json.last?.contains("\"message\":\"Other question\",\"id\":null,\"pid\":\(pid2),") == true)
  }

  @Test("Bad questions are skipped with one line each naming the file, nothing sent; the good one after them is answered")
  func badQuestions() throws {
    let pty = try Self.namespace("""
      true & dead=$!; wait $dead
      asker 9 'Killed asker'; questions 1; { kill -9 "$(cat "$HOME/pid9")"; wait "$(cat "$HOME/pid9")"; } 2>/dev/null
      leftover=$(ls $D/sck.*); rm -f $D/ask.*
      asker 8 'Not root'; questions 1; chown 65534 $D/sck.* 2>/dev/null; chown 0 "$leftover"
      f=$(ls $D/ask.*); mv "$f" $D/ask.0notroot
      q() { printf '[Ask]\\nPID=%s\\nSocket=%s\\nMessage=%s\\n' "$1" "$2" "$3"; }
      mkdir $D/ask.1dir
      ln -s /etc/passwd $D/ask.2link
      { q $$ $leftover big; head -c 70000 /dev/zero | tr '\\0' x; } > $D/ask.3big
      { q $$ $leftover; printf 'Message=\\377\\n'; } > $D/ask.4utf8
      { printf '[Ask\\n'; q $$ $leftover; } > $D/ask.5ini
      printf '[Ask]\\nSocket=%s\\n' $leftover > $D/ask.6nopid
      printf '[Ask]\\nPID=%s\\n' $$ > $D/ask.7nosocket
      q $$ /tmp/sck.x outside > $D/ask.8outside
      : > $D/plain; q $$ $D/plain notsocket > $D/ask.9notsocket
      q $dead $leftover deadpid > $D/ask.adeadpid
      q $$ $leftover refused > $D/ask.brefused
      { q $$ $leftover; echo NotAfter=1; } > $D/ask.cexpired
      for f in $D/ask.*; do touch -h "$f"; done
      asker 1 'The good one'; questions 14
      ask --password-agent --query; s=$?; kill "$(cat "$HOME/pid8")"; finish; exit $s
      """)
    try pty.waitForPrompt("Password: ", timeout: 10)
    #expect(pty.screen.contains("The good one"))
    pty.type("good\r")
    #expect(try pty.waitForExit(timeout: 20) == 0)
    #expect(Self.output(pty, 1) == "good\n")
    let expected = [
      ("ask.0notroot", "is not a socket owned by root"), ("ask.1dir", "it is not a regular file"),
      ("ask.2link", "it is not a regular file"), ("ask.3big", "it is larger than 64 KiB"),
      ("ask.4utf8", "it is not valid UTF-8"), ("ask.5ini", "it is not an ini file (line 1)"),
      ("ask.6nopid", "it has no PID"), ("ask.7nosocket", "it has no Socket"),
      ("ask.8outside", "its socket '/tmp/sck.x' is not in /run/systemd/ask-password/"),
      ("ask.9notsocket", "is not a socket owned by root"), ("ask.adeadpid", "has ended"),
      ("ask.brefused", "its socket does not answer: the asker has ended"),
      ("ask.cexpired", "its time limit has passed"),
    ]
    let lines = pty.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == expected.count, "\(lines)")
    for (file, reason) in expected {
      #expect(lines.contains { $0.hasPrefix("ask: Skipped question /run/systemd/ask-password/\(file): ") && $0.contains(reason) },
              "\(file): \(reason)")
    }
    #expect(Self.output(pty, 8) == "")  // the asker not answered: its socket is not root's
  }

  @Test("An answer longer than 2048 bytes is refused with a hint and asked again; 2048 bytes are sent whole")
  func tooLong() throws {
    let pty = try Self.query("'Long one'")
    try pty.waitForPrompt("Password: ", timeout: 10)
    pty.type(String(repeating: "x", count: 2049) + "\r")
    try pty.waitUntil("the hint") { pty.screen.contains("longer than 2048 bytes") && pty.count("Password: ") == 2 }
    pty.type(String(repeating: "y", count: 2048) + "\r")
    #expect(try pty.waitForExit(timeout: 20) == 0)
    #expect(Self.output(pty, 1) == String(repeating: "y", count: 2048) + "\n")
  }

  @Test("--console=DEVICE asks on that terminal, with no controlling terminal at all")
  func consoleDevice() throws {
    let pty = try Self.namespace("""
      asker 1 'On the console'; questions 1
      tty=$(tty); setsid -w ask --password-agent --console="$tty" < /dev/null; s=$?; finish; exit $s
      """)
    try pty.waitForPrompt("Password: ", timeout: 10)
    #expect(pty.screen.contains("On the console"))
    pty.type("console\r")
    #expect(try pty.waitForExit(timeout: 20) == 0)
    #expect(Self.output(pty, 1) == "console\n")
  }
}

/// The example units in contrib/systemd, as `systemd-analyze verify` reads
/// them from a root where /usr/bin/ask is the ask under test.
@Suite("Password agent units", .enabled(if: access("/usr/bin/systemd-analyze", X_OK) == 0,
                                        "needs systemd-analyze (systemd)"))
struct PasswordAgentUnitTests {
  static let units = ["ask-password-console.path", "ask-password-console.service"]

  /// `systemd-analyze verify` of the units in a root of their own, with
  /// `ask` at /usr/bin/ask when `withBinary`.
  static func verify(withBinary: Bool) throws -> (status: Int32?, stderr: String) {
    let root = try TemporaryDirectory(prefix: "ask-units")
    let folder = root.path + "/etc/systemd/system"
    var script = "mkdir -p '\(folder)' '\(root.path)/usr/bin' && cp"
    for unit in units { script += " '\(ArtifactsTests.root)/contrib/systemd/\(unit)'" }
    script += " '\(folder)/'"
    if withBinary { script += " && cp '\(AskSession.executable)' '\(root.path)/usr/bin/ask'" }
    script += " && exec systemd-analyze verify --man=no --root='\(root.path)' " + units.joined(separator: " ")
    let run = try ArtifactsTests.run("/bin/sh", ["-c", script])
    return (run.exitStatus, run.stderr)
  }

  @Test("ask-password-console.path and .service verify; the service runs ask --password-agent --watch --console, in place of systemd's console agent")
  func verify() throws {
    let good = try Self.verify(withBinary: true)
    #expect(good.status == 0, "\(good.stderr)")
    #expect(good.stderr == "")
    // The check looks at the command: without /usr/bin/ask it fails.
    let missing = try Self.verify(withBinary: false)
    #expect(missing.status != 0)
    #expect(missing.stderr.contains("/usr/bin/ask"))
    let service = try ArtifactsTests.read("contrib/systemd/ask-password-console.service")
    #expect(service.contains("\nExecStart=/usr/bin/ask --password-agent --watch --console\n"))
    #expect(service.contains("\nConflicts=systemd-ask-password-console.service\n"))
    let path = try ArtifactsTests.read("contrib/systemd/ask-password-console.path")
    #expect(path.contains("\nDirectoryNotEmpty=/run/systemd/ask-password\n"))
  }
}
