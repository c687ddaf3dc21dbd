import CPseudoTerminal
import Glibc

/// Runs a program on a pseudo-terminal that is its controlling terminal, for
/// end-to-end tests: type keys, wait for screen text, check exit status,
/// stdout, stderr and that the terminal modes were restored.
///
/// Every wait has a deadline, so a hung child fails the test instead of
/// hanging it, and every wait is on something the test can observe (screen
/// text, the exit, the terminal's modes, a condition on files or processes),
/// never on time alone. While waiting, all output fds are drained and queued
/// input is written, so the child never blocks on a full pipe.
///
/// Each session has its own temporary directory (HOME, TMPDIR, the XDG base
/// directories and the working directory), removed when the session goes
/// away, so a test writes nothing outside it.
final class PseudoTerminal {
  /// Where the child's stdin comes from.
  enum Stdin {
    /// stdin is the pty (the usual interactive case).
    case terminal
    /// stdin is a pipe fed these bytes, then closed; the pty stays the
    /// controlling terminal (/dev/tty).
    case pipe([UInt8])
    /// stdin is a pipe fed these bytes, then closed; no controlling terminal
    /// at all (opening /dev/tty fails with ENXIO).
    case noTerminal([UInt8])
  }

  /// A failed start or wait; the description includes what the child wrote.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The child's process id. The child leads its own session and process
  /// group: its session id and group id are this pid too.
  let pid: pid_t
  /// The session's own directory, new and empty at the start: the child's
  /// HOME, TMPDIR and XDG base directories and its working directory, unless
  /// the caller chose others. The place for any file the test writes; it is
  /// removed, with all in it, when this object goes away.
  var temporaryDirectory: String { scratch.path }
  /// Every byte the child wrote to the pty (echo included).
  private(set) var screenBytes: [UInt8] = []
  private(set) var stdoutBytes: [UInt8] = []
  private(set) var stderrBytes: [UInt8] = []
  /// Exit code, or 128+N for signal N; nil while the child runs.
  private(set) var exitStatus: Int32?
  /// When the child was reaped (``now()``), within a few milliseconds of
  /// its exit (its stdout and stderr closing wake the wait); nil while it
  /// runs.
  private(set) var exitTime: Double?
  /// How many bytes of a `.pipe` or `.noTerminal` stdin the child has not
  /// taken yet (the pipe's own buffer holds up to 64 KiB of what it has).
  var stdinLeft: Int { pendingStdin.count }

  var screen: String { String(decoding: screenBytes, as: UTF8.self) }
  var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
  var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }

  private var master: Int32
  private var slave: Int32
  private var stdinFD: Int32
  private var stdoutFD: Int32
  private var stderrFD: Int32
  private var pendingKeys: [UInt8] = []
  /// What ``echoChanges(until:timeout:_:)`` saw, for a failure's message:
  /// the terminal's local, input and output flags (hex) at each change of
  /// them, with the screen bytes read by then and the round of I/O, and
  /// any tcgetattr that failed.
  private(set) var modeChanges: [String] = []
  private var pendingStdin: [UInt8]
  private var termiosBefore: termios
  private var termiosAfter: termios?
  /// hangUp() closed the master: the terminal is gone.
  private var hungUp = false
  /// When false, the screen is not read: what the child draws fills the
  /// terminal's buffers until its writes block (a terminal stopped by
  /// Ctrl-S, or one nobody reads). Set it true again to read on.
  var readsScreen = true
  private let scratch: TemporaryDirectory

  /// Starts `executable` (a path; no PATH search) with `arguments` (argv[1...])
  /// in `directory` (nil: `temporaryDirectory`). Its whole environment is
  /// `environment` plus HOME, TMPDIR, XDG_CONFIG_HOME, XDG_DATA_HOME,
  /// XDG_STATE_HOME, XDG_CACHE_HOME and XDG_RUNTIME_DIR in
  /// `temporaryDirectory`, and ``inherited`` (where `environment` names one
  /// of these, its value wins). HOME starts empty: no `.editrc`, no shell history, no fish or zsh
  /// state. `readsScreen`: the first value of ``readsScreen`` (false: not
  /// a byte of the screen is read until it is set true). Throws if the
  /// directory or the pty cannot be made or the program cannot be executed.
  init(
    executable: String, arguments: [String], environment: [String: String],
    stdin: Stdin = .terminal, rows: Int = 24, columns: Int = 80,
    directory: String? = nil, readsScreen: Bool = true
  ) throws {
    self.readsScreen = readsScreen
    scratch = try TemporaryDirectory()
    let home = scratch.path
    let environment = [
      "HOME": home, "TMPDIR": home, "XDG_RUNTIME_DIR": home,
      "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
      "XDG_STATE_HOME": home + "/.local/state", "XDG_CACHE_HOME": home + "/.cache",
    ].merging(Self.inherited) { $1 }.merging(environment) { $1 }
    let mode: Int32
    switch stdin {
    case .terminal: (mode, pendingStdin) = (ASKPTY_STDIN_TERMINAL, [])
    case .pipe(let bytes): (mode, pendingStdin) = (ASKPTY_STDIN_PIPE, bytes)
    case .noTerminal(let bytes): (mode, pendingStdin) = (ASKPTY_NO_TERMINAL, bytes)
    }
    // strdup'd C strings, freed once the child has its own copy (after fork).
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }

    var child = askpty_child_t()
    let result = askpty_spawn(
      executable, argv, envp, mode, UInt16(clamping: rows), UInt16(clamping: columns),
      directory ?? home, &child)
    guard result == 0 else {
      let error = errno
      throw Failure(description: "cannot start \(executable): \(String(cString: strerror(error)))")
    }
    pid = child.pid
    master = child.master_fd
    slave = child.slave_fd
    stdinFD = child.stdin_fd
    stdoutFD = child.stdout_fd
    stderrFD = child.stderr_fd
    termiosBefore = child.termios_before
    service()
  }

  /// Kills the child (and its process group) if it still runs, closes the
  /// fds; then the temporary directory is removed.
  deinit {
    if exitStatus == nil {
      kill(-pid, SIGKILL)  // the child leads its own process group
      kill(pid, SIGKILL)
      var status: Int32 = 0
      _ = askpty_wait(pid, 2000, &status)
    }
    for fd in [master, slave, stdinFD, stdoutFD, stderrFD] where fd >= 0 { close(fd) }
  }

  /// What every child gets from the tests' own environment: `LOCPATH`, where
  /// `make test` puts the locales the translated screens are drawn in
  /// (`.build/locales`: it does not install them into the system).
  static let inherited: [String: String] = getenv("LOCPATH").map { ["LOCPATH": String(cString: $0)] } ?? [:]

  /// The directory of the running test binary (under `swift test`:
  /// `.build/<triple>/debug`, where the package's executables are built).
  static var binDirectory: String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return "." }
    let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The path of executable `name` next to the test binary.
  static func locate(_ name: String) -> String { binDirectory + "/" + name }

  /// The terminal's node (ttyname(3) of its slave side: `/dev/pts/N`);
  /// `nil` once it is closed.
  var devicePath: String? {
    var name = [CChar](repeating: 0, count: 64)
    guard slave >= 0, ttyname_r(slave, &name, name.count) == 0 else { return nil }
    return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Resizes the terminal (TIOCSWINSZ on the master): the kernel sends
  /// SIGWINCH to its foreground process group.
  func resize(rows: Int, columns: Int) {
    var window = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &window)
  }

  /// Queues keys for the terminal; they are written as the pty accepts them
  /// (now, or during the next wait). Ignored without a terminal (also after
  /// hangUp()).
  func type(_ text: String) { type(bytes: Array(text.utf8)) }

  func type(bytes: [UInt8]) {
    guard master >= 0 else { return }
    pendingKeys += bytes
    service()
  }

  /// Sends `sig` to the child, unless it has been reaped already.
  func signal(_ sig: Int32) {
    service()
    if exitStatus == nil { kill(pid, sig) }
  }

  /// Waits until the screen (all pty output so far) contains `text`.
  func waitFor(_ text: String, timeout: Double = 5) throws {
    let needle = Array(text.utf8)
    let found = pump(timeout: timeout) { screenBytes.contains(needle) || finished }
    guard screenBytes.contains(needle) else {
      let why = found ? "the child exited" : "timed out after \(timeout) s"
      throw failure("waitFor(\(String(reflecting: text))): \(why)")
    }
  }

  /// Keeps servicing the terminal and pipes (keys go out, output comes in)
  /// until `condition` holds; it is checked after each round of I/O, so it
  /// can look at `screen`, `stdout`, files or processes. Throws a failure
  /// that names `what` and shows what the child wrote when `timeout` seconds
  /// pass first, or as soon as the child has exited (and closed stdout and
  /// stderr) with the condition still false.
  ///
  ///     try pty.waitUntil("the redraw") { pty.count("Choice [") == 2 }
  func waitUntil(_ what: String, timeout: Double = 5, _ condition: () -> Bool) throws {
    var holds = false
    let done = pump(timeout: timeout) {
      holds = condition()
      return holds || finished
    }
    if holds { return }
    throw failure("waitUntil(\(what)): \(done ? "the child exited" : "timed out after \(timeout) s")")
  }

  /// Waits until every key typed so far has been written to the terminal
  /// and read from it by the program (the terminal's input queue is empty):
  /// e.g. a key that shows nothing, such as Esc, has been taken. For a
  /// program reading keys one by one: in canonical mode a line not yet ended
  /// does not count as queued. Throws on timeout, once the child has exited,
  /// and without a terminal.
  func waitForKeysRead(timeout: Double = 5) throws {
    try requireTerminal("waitForKeysRead")
    var read = false
    let done = pump(timeout: timeout) {
      read = queuedKeys == 0
      return read || finished
    }
    if read { return }
    throw failure("waitForKeysRead: \(done ? "the child exited" : "timed out after \(timeout) s")")
  }

  /// Waits until every key typed so far has been written to the terminal
  /// and at least `count` bytes wait in its input queue, unread (the
  /// program stopped, say). Throws on timeout and without a terminal.
  func waitForKeysQueued(_ count: Int32, timeout: Double = 5) throws {
    try requireTerminal("waitForKeysQueued")
    var queued: Int32?
    _ = pump(timeout: timeout) {
      queued = queuedKeys
      return (queued ?? -1) >= count
    }
    if (queued ?? -1) >= count { return }
    throw failure("waitForKeysQueued: \(queued.map(String.init) ?? "keys not yet written or no") bytes queued after \(timeout) s, not \(count)")
  }

  /// The bytes in the terminal's input queue, unread, once every key typed
  /// has been written to it; `nil` while some are still to be written (or
  /// the queue cannot be read).
  private var queuedKeys: Int32? {
    var queued: Int32 = 0
    guard pendingKeys.isEmpty, ioctl(slave, UInt(TIOCINQ), &queued) == 0 else { return nil }
    return queued
  }

  /// Throws for `what` when there is no terminal, or it was hung up.
  private func requireTerminal(_ what: String) throws {
    guard slave >= 0, !hungUp else {
      throw failure("\(what): \(hungUp ? "the terminal was hung up" : "no terminal")")
    }
  }

  /// Keeps servicing the terminal and pipes for `seconds`, whatever happens.
  /// Only for a test of time itself (ask's 100 ms rule for a lone Esc, which
  /// nothing on the screen, in the modes or in /proc shows): to wait for
  /// something the child does, use a wait on what can be observed.
  func pause(_ seconds: Double) { _ = pump(timeout: seconds) { false } }

  /// Waits until the child has exited and closed stdout and stderr; returns
  /// its exit status (128+N for signal N). On timeout kills the child's
  /// process group (which its background processes share) and throws.
  @discardableResult
  func waitForExit(timeout: Double = 10) throws -> Int32 {
    if pump(timeout: timeout, until: { finished }), let status = exitStatus { return status }
    let why = exitStatus == nil ? "still running" : "exited, but its stdout/stderr stayed open"
    // The group outlives the child while a member (holding the pipes) lives.
    kill(-pid, SIGKILL)
    if exitStatus == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      if askpty_wait(pid, 2000, &status) == 0 { exitStatus = status }
    }
    throw failure("waitForExit: \(why) after \(timeout) s; killed")
  }

  /// Waits until the terminal leaves canonical mode (the program is reading
  /// keys one by one), so typed keys cannot race its mode switch.
  func waitUntilNonCanonical(timeout: Double = 5) throws {
    try waitForModes(canonical: false, timeout: timeout)
  }

  /// Waits until the terminal's modes are as asked: ECHO set (`echo: true`)
  /// or clear (`false`), ICANON set (`canonical: true`) or clear (`false`);
  /// nil does not care. E.g. `canonical: true` after a prompt: the program
  /// has given the terminal back to line editing, so what is typed next is
  /// read as a line. Throws on timeout, once the child has exited with the
  /// modes still otherwise, and without a terminal (or after hangUp()).
  func waitForModes(echo: Bool? = nil, canonical: Bool? = nil, timeout: Double = 5) throws {
    let wanted = [echo.map { ($0 ? "" : "-") + "echo" }, canonical.map { ($0 ? "" : "-") + "icanon" }]
      .compactMap { $0 }.joined(separator: " ")
    guard slave >= 0, !hungUp else {
      throw failure("waitForModes(\(wanted)): \(hungUp ? "the terminal was hung up" : "no terminal")")
    }
    func has(_ flag: Int32, _ modes: termios, _ wanted: Bool?) -> Bool {
      wanted.map { $0 == (modes.c_lflag & tcflag_t(flag) != 0) } ?? true
    }
    var matched = false
    let done = pump(timeout: timeout) {
      var modes = termios()
      matched = tcgetattr(slave, &modes) == 0 && has(ECHO, modes, echo) && has(ICANON, modes, canonical)
      return matched || finished
    }
    if matched { return }
    throw failure("waitForModes(\(wanted)): \(done ? "the child exited" : "timed out after \(timeout) s")")
  }

  /// How many record locks of `type` ("READ" or "WRITE") on byte `byte`
  /// of this terminal's node /proc/locks lists (lines such as `3: OFDLCK
  /// ADVISORY READ -1 00:1a:16 1 1`: the node's device in hex, its inode,
  /// the first and last byte): what the prompts sharing it say to each
  /// other (a waiter's read lock on byte 1 asks the holder for room).
  func recordLocks(_ type: String, onByte byte: Int) -> Int {
    var node = stat()
    guard slave >= 0, fstat(slave, &node) == 0, let text = try? ArtifactsTests.read("/proc/locks") else { return 0 }
    // glibc's gnu_dev_major and gnu_dev_minor, which Swift does not see.
    let device = UInt64(node.st_dev)
    let major = (device >> 8) & 0xfff | (device >> 32) & ~0xfff, minor = device & 0xff | (device >> 12) & ~0xff
    return text.split(separator: "\n").filter { line in
      let fields = line.split(separator: " ")
      guard fields.count >= 8, fields[1] != "FLOCK", fields[3] == type, fields[6] == "\(byte)" else { return false }
      let place = fields[5].split(separator: ":")
      return place.count == 3 && UInt64(place[0], radix: 16) == major && UInt64(place[1], radix: 16) == minor
        && place[2] == "\(node.st_ino)"
    }.count
  }

  /// The terminal's ECHO flag as first seen and at each change of it, from
  /// now until `condition` holds (checked as in waitUntil) and once more
  /// when it holds, looked at in a
  /// tight loop between rounds of I/O, so that modes set for a few
  /// microseconds are seen. Throws as waitUntil, and without a terminal.
  func echoChanges(until what: String, timeout: Double = 5, _ condition: () -> Bool) throws -> [Bool] {
    guard slave >= 0, !hungUp else { throw failure("echoChanges(\(what)): no terminal") }
    var changes: [Bool] = []
    let deadline = Self.now() + timeout
    var round = 0, flags = ""
    modeChanges = []
    while true {
      round += 1
      for _ in 0..<2000 {
        var modes = termios()
        guard tcgetattr(slave, &modes) == 0 else {
          modeChanges.append("tcgetattr: errno \(errno), round \(round)")
          break
        }
        let echo = modes.c_lflag & tcflag_t(ECHO) != 0
        if changes.last != echo { changes.append(echo) }
        let now = "l=\(String(modes.c_lflag, radix: 16)) i=\(String(modes.c_iflag, radix: 16)) o=\(String(modes.c_oflag, radix: 16))"
        if now != flags { modeChanges.append("\(now) after \(screenBytes.count) screen bytes, round \(round)") }
        flags = now
      }
      service()
      if condition() {
        // The modes when it held, too: a slow start (a sanitized build)
        // can let every sample of the round fall before the child held
        // the terminal, and the condition come true within the round.
        var modes = termios()
        if tcgetattr(slave, &modes) == 0 {
          let echo = modes.c_lflag & tcflag_t(ECHO) != 0
          if changes.last != echo { changes.append(echo) }
          let now = "l=\(String(modes.c_lflag, radix: 16)) i=\(String(modes.c_iflag, radix: 16)) o=\(String(modes.c_oflag, radix: 16))"
          if now != flags { modeChanges.append("\(now) after \(screenBytes.count) screen bytes, when it held") }
        }
        return changes
      }
      if finished || Self.now() > deadline {
        throw failure("echoChanges(\(what)): \(finished ? "the child exited" : "timed out after \(timeout) s")")
      }
    }
  }

  /// Closes the master side of the terminal, as when a terminal window is
  /// closed: the kernel hangs the terminal up, so the child (its session
  /// leader) gets SIGHUP and SIGCONT, and reads of the terminal end. What the
  /// child wrote until now is on `screen`; keys not yet written are dropped,
  /// and `type` is ignored from now on. Waits for exit, stdout and stderr go
  /// on as before. The hang-up reaches every fd on the terminal, the
  /// harness's own too, so its modes cannot be read any more: waitForModes
  /// throws, and termiosRestored is true (no terminal is left whose modes
  /// could be wrong).
  func hangUp() {
    service()
    pendingKeys = []
    if master >= 0 {
      close(master)
      master = -1
    }
    hungUp = slave >= 0
  }

  /// The path of the terminal the harness reads the modes of (its slave
  /// side), or nil: for a failure's message.
  var terminalPath: String? {
    guard slave >= 0 else { return nil }
    var name = [CChar](repeating: 0, count: 128)
    guard ttyname_r(slave, &name, name.count) == 0 else { return nil }
    return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether the slave's modes (flags and control characters) equal those
  /// before the child started. Meaningful after exit (compares the modes at
  /// reaping); before that it compares the current modes. True without a pty,
  /// and after hangUp() (unless the child had exited before it).
  var termiosRestored: Bool {
    guard slave >= 0, !hungUp || termiosAfter != nil else { return true }
    var now = termios()
    if let after = termiosAfter { now = after } else if tcgetattr(slave, &now) != 0 { return false }
    return askpty_termios_equal(&termiosBefore, &now) == 1
  }

  // MARK: - Pumping

  /// The child has been reaped and its stdout and stderr reached EOF.
  private var finished: Bool { exitStatus != nil && stdoutFD < 0 && stderrFD < 0 }

  /// Services the fds until `done` holds (true) or `timeout` seconds pass
  /// (false). `done` is checked after each round of I/O.
  private func pump(timeout: Double, until done: () -> Bool) -> Bool {
    let deadline = Self.now() + timeout
    while true {
      service()
      if done() { return true }
      let left = deadline - Self.now()
      if left <= 0 { return false }
      var fds: [pollfd] = []
      if master >= 0 { fds.append(pollfd(fd: master, events: Int16(POLLIN | (pendingKeys.isEmpty ? 0 : POLLOUT)), revents: 0)) }
      if stdoutFD >= 0 { fds.append(pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)) }
      if stderrFD >= 0 { fds.append(pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)) }
      if stdinFD >= 0 { fds.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)) }
      // At most 10 ms: a child's exit does not wake poll.
      _ = poll(&fds, nfds_t(fds.count), Int32(min(left, 0.01) * 1000) + 1)
    }
  }

  /// One non-blocking round: reap, write queued input, read all output.
  /// Reaping first means the reads that follow see everything written.
  private func service() {
    if exitStatus == nil {
      var status: Int32 = 0
      if askpty_wait(pid, 0, &status) == 0 {
        exitStatus = status
        exitTime = Self.now()
        var modes = termios()
        if slave >= 0, !hungUp, tcgetattr(slave, &modes) == 0 { termiosAfter = modes }
      }
    }
    if !Self.send(&pendingKeys, to: master) { pendingKeys = [] }
    if stdinFD >= 0 {
      // Closing after the last byte (or when the child stops reading) is EOF.
      if !Self.send(&pendingStdin, to: stdinFD) || pendingStdin.isEmpty {
        close(stdinFD)
        stdinFD = -1
      }
    }
    if master >= 0, readsScreen, !Self.receive(from: master, into: &screenBytes) { close(master); master = -1 }
    if stdoutFD >= 0, !Self.receive(from: stdoutFD, into: &stdoutBytes) { close(stdoutFD); stdoutFD = -1 }
    if stderrFD >= 0, !Self.receive(from: stderrFD, into: &stderrBytes) { close(stderrFD); stderrFD = -1 }
  }

  /// Writes as much of `bytes` as `fd` takes now, removing it from `bytes`.
  /// Returns false on a hard error (the rest can never be written).
  private static func send(_ bytes: inout [UInt8], to fd: Int32) -> Bool {
    while !bytes.isEmpty {
      let n = bytes.withUnsafeBytes { askpty_write(fd, $0.baseAddress, $0.count) }
      if n > 0 { bytes.removeFirst(n); continue }
      return n < 0 && errno == EAGAIN
    }
    return true
  }

  /// Appends what `fd` has now to `bytes`. Returns false at end of file or on
  /// an error (EIO from a master whose slave is gone).
  private static func receive(from fd: Int32, into bytes: inout [UInt8]) -> Bool {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n > 0 { bytes += buffer[..<n]; continue }
      if n < 0 && errno == EINTR { continue }
      return n < 0 && errno == EAGAIN
    }
  }

  /// CLOCK_MONOTONIC, in seconds.
  static func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }

  /// A failure whose description shows what the child wrote, control
  /// characters escaped.
  private func failure(_ message: String) -> Failure {
    func show(_ bytes: [UInt8]) -> String {
      var out = ""
      for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        switch scalar {
        case "\n": out += "\n"
        case "\r": out += "\\r"
        case "\u{1B}": out += "\\e"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
          out += "\\x" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
        default: out.unicodeScalars.append(scalar)
        }
      }
      return out
    }
    let status = exitStatus.map { "exit status \($0)" } ?? "running"
    return Failure(description: """
      \(message) [pid \(pid), \(status)]
      --- screen ---
      \(show(screenBytes))
      --- stdout ---
      \(show(stdoutBytes))
      --- stderr ---
      \(show(stderrBytes))
      """)
  }
}
