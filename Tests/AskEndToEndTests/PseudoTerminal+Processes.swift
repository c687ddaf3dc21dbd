import Glibc

/// The test's own processes: those in the child's session, read from /proc.
/// The child is a session leader (its session id is its pid), and what it
/// starts stays in its session unless it calls setsid, so a check here never
/// sees another test's processes, nor another user's (unlike `ps -C ask`).
extension PseudoTerminal {
  /// A process of the child's session, as `/proc/<pid>/stat` shows it.
  struct SessionProcess: Equatable, CustomStringConvertible {
    let pid: pid_t
    /// The parent's pid.
    let parent: pid_t
    /// The process group (the job, under a job-control shell).
    let group: pid_t
    /// The command name: the executable's file name, at most 15 bytes
    /// (`ask`; a shell's child is named after the shell until it execs).
    let name: String
    /// The state letter: R running, S sleeping (e.g. blocked in a read),
    /// D uninterruptible, T stopped, t traced, Z exited but not yet reaped.
    let state: Character
    /// For a process that exited and is not yet reaped (Z), its status as
    /// waitpid(2) would report it (field 52 of `/proc/<pid>/stat`): death
    /// by signal N is N; nil while it runs.
    let waitStatus: Int32?

    var description: String { "\(pid) \(name) \(state) (parent \(parent), group \(group))" }
  }

  /// Every process now in the child's session, the child itself included
  /// (unless already reaped), in pid order.
  var sessionProcesses: [SessionProcess] {
    TemporaryDirectory.entries(of: "/proc").compactMap { pid_t($0) }.sorted()
      .compactMap(Self.process).filter { $0.session == pid }.map { $0.process }
  }

  /// The processes of the child's session named `name` (see
  /// SessionProcess.name), in pid order.
  func processes(named name: String) -> [SessionProcess] {
    sessionProcesses.filter { $0.name == name }
  }

  /// The state letter of process `pid` (see SessionProcess.state) if it is
  /// in the child's session; nil if it is gone or not the test's own.
  func state(of pid: pid_t) -> Character? {
    Self.process(pid).flatMap { $0.session == self.pid ? $0.process.state : nil }
  }

  /// Waits until a process named `name` is in the child's session, in
  /// `state` if given (e.g. "T": stopped), and returns it (the first by pid).
  /// Throws, listing the session's processes, on timeout or once the child
  /// has exited.
  @discardableResult
  func waitForProcess(named name: String, state: Character? = nil, timeout: Double = 5) throws
    -> SessionProcess
  {
    var found: SessionProcess?
    let what = "a process named \(name)" + (state.map { " in state \($0)" } ?? "")
    do {
      try waitUntil(what, timeout: timeout) {
        found = processes(named: name).first { state == nil || $0.state == state }
        return found != nil
      }
    } catch let failure as Failure {
      throw Failure(description: failure.description + "\n--- session ---\n"
        + sessionProcesses.map(\.description).joined(separator: "\n"))
    }
    return found!
  }

  /// Waits until no process named `name` is alive in the child's session:
  /// gone, or dead and not yet reaped (Z; bash reaps a job killed by its
  /// `kill` builtin only at its next command). Throws, listing the
  /// session's processes, on timeout.
  func waitForProcessDead(named name: String, timeout: Double = 5) throws {
    do {
      try waitUntil("no live process named \(name)", timeout: timeout) {
        processes(named: name).allSatisfy { $0.state == "Z" }
      }
    } catch let failure as Failure {
      throw Failure(description: failure.description + "\n--- session ---\n"
        + sessionProcesses.map(\.description).joined(separator: "\n"))
    }
  }

  /// The processes of the child's session that hold the read end of the pipe
  /// that is file descriptor `fd` of process `pid`, in pid order; nil if
  /// that fd is no pipe (or `pid` is gone or not the test's own). An empty
  /// list means the pipe is broken: whatever `pid` writes there next fails
  /// with EPIPE (or SIGPIPE), as for `ask … | true` once `true` has exited.
  func pipeReaders(fd: Int32, of pid: pid_t) -> [pid_t]? {
    guard state(of: pid) != nil, let pipe = Self.link("/proc/\(pid)/fd/\(fd)"), pipe.hasPrefix("pipe:")
    else { return nil }
    return sessionProcesses.map(\.pid).filter { holder in
      TemporaryDirectory.entries(of: "/proc/\(holder)/fd").contains { entry in
        guard Self.link("/proc/\(holder)/fd/\(entry)") == pipe,
              let info = Self.contents("/proc/\(holder)/fdinfo/\(entry)"),
              let flags = info.split(separator: "\n").first(where: { $0.hasPrefix("flags:") })
                .flatMap({ Int32($0.dropFirst(6).drop { $0 == "\t" || $0 == " " }, radix: 8) })
        else { return false }
        return flags & O_ACCMODE == O_RDONLY
      }
    }
  }

  /// The CPU time (user and system) process `pid` of the child's session
  /// has used, in seconds, counted in the kernel's clock ticks; nil if it
  /// is gone or not the test's own.
  func cpuSeconds(of pid: pid_t) -> Double? {
    guard state(of: pid) != nil, let stat = Self.contents("/proc/\(pid)/stat"),
          let close = stat.lastIndex(of: ")") else { return nil }
    // After "pid (comm) ": state is field 3, utime 14, stime 15.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  // MARK: - /proc

  /// Process `pid` from /proc/<pid>/stat, with its session id; nil if gone.
  private static func process(_ pid: pid_t) -> (process: SessionProcess, session: pid_t)? {
    // "pid (comm) state ppid pgrp session …"; comm may hold spaces and ")".
    guard let stat = contents("/proc/\(pid)/stat"),
          let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard fields.count > 3, let state = fields[0].first,
          let parent = pid_t(fields[1]), let group = pid_t(fields[2]), let session = pid_t(fields[3])
    else { return nil }
    let name = String(stat[stat.index(after: open)..<close])
    let waitStatus = state == "Z" && fields.count > 49 ? Int32(fields[49]) : nil
    return (SessionProcess(pid: pid, parent: parent, group: group, name: name, state: state,
                           waitStatus: waitStatus), session)
  }

  /// The text of a small file (as those in /proc), or nil if it cannot be read.
  private static func contents(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n > 0 { bytes += buffer[..<n]; continue }
      if n < 0 && errno == EINTR { continue }
      return n == 0 ? String(decoding: bytes, as: UTF8.self) : nil
    }
  }

  /// Whether process `pid` has a file open whose path ends with `suffix`
  /// (`/proc/PID/fd`).
  func hasOpen(pathEndingWith suffix: String, pid: pid_t) -> Bool {
    TemporaryDirectory.entries(of: "/proc/\(pid)/fd").contains { fd in
      Self.link("/proc/\(pid)/fd/\(fd)")?.hasSuffix(suffix) == true
    }
  }

  /// Where symbolic link `path` points, or nil.
  static func link(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
