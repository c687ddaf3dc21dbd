import CShim
import Glibc
import Testing

/// Calls of the host's SIGUSR1 handler (assigned before the handler is
/// installed: lazily initialised globals are not async-signal-safe).
nonisolated(unsafe) private var hostHandlerCalls: sig_atomic_t = 0
/// Calls of the host's SIGWINCH handler.
nonisolated(unsafe) private var hostResizeCalls: sig_atomic_t = 0

/// The C terminal session in this process, as a host sees it: what it
/// borrows comes back, a signal that arrived is delivered once to the
/// host's own action, and a terminal is in one session at a time.
@Suite("The terminal session, in process", .serialized)
struct TerminalSessionUnitTests {
  /// Every signal's action (handler, flags, restorer, the mask's first
  /// word: glibc's sigaction reads them as the kernel holds them) and the
  /// thread's mask. (The flood test's SIGUSR1 action is the test's own
  /// while it runs.)
  private struct Dispositions: Equatable, CustomTestStringConvertible {
    /// Signal number to handler, flags, restorer and mask.
    var actions: [Int32: [UInt]] = [:]
    var mask: [UInt] = []

    static func now() -> Dispositions {
      var result = Dispositions()
      for sig in Int32(1)..<Int32(65) {
        var old = sigaction()
        guard sigaction(sig, nil, &old) == 0 else { continue }
        // Exactly: SA_RESTORER (0x04000000), which glibc's sigaction adds
        // to a default it puts back, is a difference too.
        result.actions[sig] = [unsafeBitCast(old.__sigaction_handler.sa_handler, to: UInt.self),
                               UInt(UInt32(bitPattern: old.sa_flags)),
                               unsafeBitCast(old.sa_restorer, to: UInt.self), old.sa_mask.__val.0]
      }
      var mask = sigset_t()
      pthread_sigmask(SIG_BLOCK, nil, &mask)
      result.mask = withUnsafeBytes(of: mask) { Array($0.bindMemory(to: UInt.self)) }
      return result
    }

    /// How many actions, and the thread mask's first word (short: a
    /// failure shows ``difference(from:)``).
    var testDescription: String { "\(actions.count) actions, mask 0x\(String(mask.first ?? 0, radix: 16))" }

    /// The first signal whose action differs from `other`'s ("signal 1:
    /// 0x0 0x0 0x0 0x0 became …": handler, flags, restorer, mask), the
    /// thread's mask, or nil when none does.
    func difference(from other: Dispositions) -> String? {
      let hex = { (words: [UInt]?) in words?.map { "0x" + String($0, radix: 16) }.joined(separator: " ") ?? "none" }
      if let sig = actions.keys.sorted().first(where: { actions[$0] != other.actions[$0] }) {
        return "signal \(sig): \(hex(other.actions[sig])) became \(hex(actions[sig]))"
      }
      return mask == other.mask ? nil : "the thread's mask \(hex(Array(other.mask.prefix(1)))) became \(hex(Array(mask.prefix(1))))"
    }
  }

  /// A pseudo-terminal pair (master, slave), closed by the caller.
  private func openTerminal() throws -> (Int32, Int32) {
    var master: Int32 = -1
    var slave: Int32 = -1
    try #require(openpty(&master, &slave, nil, nil, nil) == 0)
    return (master, slave)
  }

  @Test("Begin and end give back every signal action and the mask, and the terminal's modes")
  func givesBack() throws {
    let (master, slave) = try openTerminal()
    defer { close(master); close(slave) }
    var before = termios()
    tcgetattr(slave, &before)
    let dispositions = Dispositions.now()
    let session = try #require(ask_session_begin(slave))
    #expect(Dispositions.now() != dispositions)
    #expect(ask_session_hold(session) == 0)
    var held = termios()
    tcgetattr(slave, &held)
    #expect(held.c_lflag & tcflag_t(ECHO | ICANON) == 0)
    #expect(held.c_lflag & tcflag_t(ISIG) != 0)
    #expect(ask_session_end(session) == 0)
    var after = termios()
    tcgetattr(slave, &after)
    #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag)
    let changed = Dispositions.now().difference(from: dispositions)
    #expect(changed == nil)
  }

  @Test("A second session on a terminal already in one fails with EBUSY; after the end it can begin")
  func oneSessionPerTerminal() throws {
    let (master, slave) = try openTerminal()
    defer { close(master); close(slave) }
    let first = try #require(ask_session_begin(slave))
    let again = open("/proc/self/fd/\(slave)", O_RDWR | O_NOCTTY | O_CLOEXEC)
    defer { close(again) }
    errno = 0
    #expect(ask_session_begin(again) == nil)
    #expect(errno == EBUSY)
    ask_session_end(first)
    let second = try #require(ask_session_begin(again))
    ask_session_end(second)
  }

  @Test("A session opens a terminal named by its path, holds it, and gives it back; a path that is no terminal is ENOTTY")
  func byPath() throws {
    let (master, slave) = try openTerminal()
    defer { close(master); close(slave) }
    var name = [CChar](repeating: 0, count: 128)
    try #require(ttyname_r(slave, &name, name.count) == 0)
    var before = termios()
    tcgetattr(slave, &before)
    let session = try #require(ask_session_open(name))
    #expect(ask_session_begin(slave) == nil)  // the same terminal, by another descriptor
    #expect(ask_session_hold(session) == 0)
    var held = termios()
    tcgetattr(slave, &held)
    #expect(held.c_lflag & tcflag_t(ECHO) == 0)
    ask_session_end(session)
    var after = termios()
    tcgetattr(slave, &after)
    #expect(after.c_lflag == before.c_lflag)
    errno = 0
    #expect(ask_session_open("/dev/null") == nil)
    #expect(errno == ENOTTY)
  }

  @Test("A terminal that hangs up after the prompt is drawn, before libedit is on it, is a hang-up, not a read error")
  func hangUpBeforeLibedit() throws {
    let (master, slave) = try openTerminal()
    defer { close(slave) }
    let session = try #require(ask_session_begin(slave))
    #expect(ask_session_hold(session) == 0)
    // Outside #require, whose expansion would pass "ask" as a pointer that
    // does not outlive its conversion.
    let opened = ask_line_open(session, "ask", slave, slave, nil, nil)
    let editor = try #require(opened)
    close(master)  // the terminal hangs up; libedit starts at the first read
    var line: UnsafePointer<CChar>?
    var length: Int32 = 0
    var signo: Int32 = 0
    let status = ask_line_read(editor, nil, "Choice: ", nil, -1, &line, &length, &signo)
    ask_line_close(editor)
    ask_session_end(session)
    #expect(Int(status) == ASK_READ_HANGUP)  // 129 for ask, not "Cannot read the answer"
  }

  /// Runs `body` with `handler` as the host's action for `sig`, and `sig`
  /// unblocked (or blocked, when `blocked`) on this thread (the test
  /// runner's threads block most signals); both put back after.
  private func withHostHandler(_ sig: Int32, _ handler: @convention(c) (Int32) -> Void, blocked: Bool = false,
                               _ body: () throws -> Void) rethrows {
    var host = sigaction()
    host.__sigaction_handler.sa_handler = handler
    var previous = sigaction()
    sigaction(sig, &host, &previous)
    defer { sigaction(sig, &previous, nil) }
    var set = sigset_t()
    var mask = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, sig)
    pthread_sigmask(blocked ? SIG_BLOCK : SIG_UNBLOCK, &set, &mask)
    defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
    try body()
  }

  /// As ``withHostHandler(_:_:blocked:_:)`` for SIGUSR1, counting calls in
  /// `hostHandlerCalls` (from 0).
  private func withHostSIGUSR1(blocked: Bool = false, _ body: () throws -> Void) rethrows {
    hostHandlerCalls = 0
    try withHostHandler(SIGUSR1, { _ in hostHandlerCalls += 1 }, blocked: blocked, body)
  }

  @Test("A signal the host blocked stays blocked during the session: no wait ends by it, and the host gets it when it unblocks")
  func blockedStaysBlocked() throws {
    try withHostSIGUSR1(blocked: true) {
      var fds: [Int32] = [0, 0]
      try #require(pipe(&fds) == 0)
      defer { close(fds[0]); close(fds[1]) }
      let session = try #require(ask_session_begin(-1))
      raise(SIGUSR1)
      var signo: Int32 = 0
      #expect(ask_session_wait(session, fds[0], ask_now_ms() + 50, &signo) == ASK_WAIT_TIMEOUT)
      #expect(ask_session_end(session) == 0)
      var pending = sigset_t()
      sigpending(&pending)
      #expect(sigismember(&pending, SIGUSR1) == 1)
      #expect(hostHandlerCalls == 0)
      var usr1 = sigset_t()
      sigemptyset(&usr1)
      sigaddset(&usr1, SIGUSR1)
      pthread_sigmask(SIG_UNBLOCK, &usr1, nil)  // the host's own choice
      #expect(hostHandlerCalls == 1)
    }
  }

  @Test("The terminal's own modes are what it has before the first hold, and what it had then after it")
  func ownModes() throws {
    let (master, slave) = try openTerminal()
    defer { close(master); close(slave) }
    var before = termios()
    tcgetattr(slave, &before)
    let session = try #require(ask_session_begin(slave))
    var own = termios()
    #expect(ask_session_own_modes(session, &own) == 0)
    #expect(own.c_lflag == before.c_lflag && own.c_iflag == before.c_iflag)
    #expect(ask_session_hold(session) == 0)
    var now = termios()
    tcgetattr(slave, &now)
    #expect(now.c_lflag & tcflag_t(ECHO | ICANON) == 0)  // held
    own = termios()
    #expect(ask_session_own_modes(session, &own) == 0)
    #expect(own.c_lflag == before.c_lflag && own.c_iflag == before.c_iflag)  // not the hold mode
    _ = ask_session_end(session)
  }

  @Test("Once a terminating signal is pending nothing is held, and the terminal keeps its modes")
  func noEditorOnceEnding() throws {
    let (master, slave) = try openTerminal()
    defer { close(master); close(slave) }
    var before = termios()
    tcgetattr(slave, &before)
    try withHostSIGUSR1 {
      let session = try #require(ask_session_begin(slave))
      raise(SIGUSR1)
      #expect(ask_session_hold(session) == 0)   // not held: the signal comes first
      #expect(ask_session_is_held(session) == 0)
      #expect(ask_session_end(session) == SIGUSR1)
      #expect(hostHandlerCalls == 1)
    }
    var after = termios()
    tcgetattr(slave, &after)
    #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag)
  }

  @Test("Resizes during the session reach the host's own SIGWINCH handler after the end, once")
  func resizeReachesHost() throws {
    hostResizeCalls = 0
    try withHostHandler(SIGWINCH, { _ in hostResizeCalls += 1 }) {
      let session = try #require(ask_session_begin(-1))
      for _ in 0..<3 { raise(SIGWINCH) }
      #expect(hostResizeCalls == 0)
      #expect(ask_session_take_resize(session) == 1)  // the prompt saw it too
      #expect(ask_session_end(session) == 0)
      #expect(hostResizeCalls == 1)
    }
  }

  @Test("A flood of SIGWINCH that fills the wake-up pipe loses no later signal; the end delivers it once to the host")
  func floodThenSignal() throws {
    try withHostSIGUSR1 {
      var fds: [Int32] = [0, 0]
      try #require(pipe(&fds) == 0)  // never written: never readable
      defer { close(fds[0]); close(fds[1]) }

      let session = try #require(ask_session_begin(-1))
      for _ in 0..<100_000 { raise(SIGWINCH) }  // each runs the handler at once
      raise(SIGUSR1)
      #expect(hostHandlerCalls == 0)  // the session's handler had it
      var signo: Int32 = 0
      #expect(ask_session_wait(session, fds[0], ask_now_ms() + 2000, &signo) == ASK_WAIT_SIGNAL)
      #expect(signo == SIGUSR1)
      // Still pending: every later wait ends at once, too.
      #expect(ask_session_wait(session, fds[0], ask_now_ms() + 2000, &signo) == ASK_WAIT_SIGNAL)
      #expect(ask_session_end(session) == SIGUSR1)
      #expect(hostHandlerCalls == 1)
    }
  }

  @Test("In a session, a write to a pipe whose reader is gone is EPIPE where it is made, and its SIGPIPE is forgotten")
  func writes() throws {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    close(fds[0])
    defer { close(fds[1]) }
    var signo: Int32 = 0
    let bytes: [UInt8] = Array("result".utf8)
    let session = try #require(ask_session_begin(-1))
    #expect(ask_write_all(session, fds[1], bytes, bytes.count, &signo) == -1)
    #expect(errno == EPIPE)
    // The SIGPIPE that write raised is forgotten: nothing to deliver.
    #expect(ask_session_pending_signal(session) == 0)
    #expect(ask_session_end(session) == 0)
  }
}
