import AskKit
import CShim
import Glibc
import Testing

/// `async` presenting, cancellation and closing, in this process, on
/// pseudo-terminals of the test's own. In the terminal-session suite:
/// one session at a time in a process, so these never run beside its
/// other tests.
extension TerminalSessionUnitTests {
  /// A pseudo-terminal pair and the slave's path; the caller closes both.
  private func openNamedTerminal() throws -> (master: Int32, slave: Int32, path: String) {
    var master: Int32 = -1
    var slave: Int32 = -1
    try #require(openpty(&master, &slave, nil, nil, nil) == 0)
    var name = [CChar](repeating: 0, count: 128)
    try #require(ttyname_r(slave, &name, name.count) == 0)
    return (master, slave, String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// The flags and control characters of `fd`'s modes, in `stty -g` order.
  /// Waits up to 5 s for `slave`'s modes to be `before` again (the prompt
  /// ended); if they are not, answers the prompt through `master`, so that
  /// the test fails rather than hangs.
  private func waitGivenBack(master: Int32, slave: Int32, to before: [UInt]) async throws {
    for _ in 0..<5000 {
      if modes(slave) == before { return }
      try await Task.sleep(for: .milliseconds(1))
    }
    _ = write(master, "1\r", 2)
  }

  private func modes(_ fd: Int32) -> [UInt] {
    var modes = termios()
    guard tcgetattr(fd, &modes) == 0 else { return [] }
    let flags = [modes.c_iflag, modes.c_oflag, modes.c_cflag, modes.c_lflag].map(UInt.init)
    return flags + withUnsafeBytes(of: modes.c_cc) { $0.map(UInt.init) }
  }

  @Test("A cancelled session's wait ends as for a signal, and its end sends no signal")
  func cancelledSessionWait() throws {
    let (master, slave, _) = try openNamedTerminal()
    defer { close(master); close(slave) }
    let control = ConsoleControl()
    control.cancel()  // before the session begins: it begins cancelled
    let session = try #require(ask_session_begin(slave))
    control.began(session)
    var signo: Int32 = 0
    #expect(Int(ask_session_wait(session, slave, -1, &signo)) == ASK_WAIT_SIGNAL)
    #expect(Int(signo) == ASK_SIGNAL_CANCELLED)
    #expect(ask_session_is_cancelled(session) == 1)
    control.ending()
    #expect(ask_session_end(session) == 0)
  }

  @Test("Cancelling the task presenting on a terminal throws cancelled and gives the terminal's modes back, also through code written against some Console",
        arguments: [false, true])
  func cancellingTheTask(throughSomeConsole: Bool) async throws {
    let (master, slave, path) = try openNamedTerminal()
    defer { close(master); close(slave) }
    let before = modes(slave)
    let task = Task.detached { () async -> AskError? in
      do throws(AskError) {
        let console = try TerminalConsole(terminalPath: path, color: .never)
        let alert = Alert(title: "Wait", buttons: [Button("Yes")])
        _ = try await throughSomeConsole ? presentAsHostCode(alert, on: console) : alert.present(on: console)
        return nil
      } catch {
        return error
      }
    }
    #expect(try await heldNonCanonical(slave))
    task.cancel()
    try await waitGivenBack(master: master, slave: slave, to: before)
    #expect(await task.value == .cancelled)
    #expect(modes(slave) == before)
  }

  @Test("A second prompt on a console whose prompt waits is refused as busy, sync or async; the first goes on and is answered")
  func secondPromptOnTheSameConsole() async throws {
    let (master, slave, path) = try openNamedTerminal()
    defer { close(master); close(slave) }
    let before = modes(slave)
    let shared = try SharedConsole(TerminalConsole(terminalPath: path, color: .never))
    let yes = Button("Yes")
    let alert = Alert(title: "First", buttons: [yes, Button("No")])
    let first = Task.detached { () async -> Result<Response, AskError> in
      do throws(AskError) { return .success(try await alert.present(on: shared.console)) } catch { return .failure(error) }
    }
    #expect(try await heldNonCanonical(slave))
    #expect(throws: AskError.terminalBusy) { try shared.console.answer(alert) }
    let second = await Task.detached { () async -> AskError? in
      do throws(AskError) { _ = try await alert.present(on: shared.console); return nil } catch { return error }
    }.value
    #expect(second == .terminalBusy)
    _ = write(master, "1\r", 2)
    #expect(try await first.value.get() == .button(yes))
    #expect(modes(slave) == before)
  }

  @Test("close() from another task while the console's prompt waits cancels that prompt, and the console closes as it ends")
  func closeWhilePresenting() async throws {
    let (master, slave, path) = try openNamedTerminal()
    defer { close(master); close(slave) }
    let before = modes(slave)
    let shared = try SharedConsole(TerminalConsole(terminalPath: path, color: .never))
    let alert = Alert(title: "Wait", buttons: [Button("Yes")])
    let waiting = Task.detached { () async -> AskError? in
      do throws(AskError) { _ = try await alert.present(on: shared.console); return nil } catch { return error }
    }
    #expect(try await heldNonCanonical(slave))
    shared.console.close()
    try await waitGivenBack(master: master, slave: slave, to: before)
    #expect(await waiting.value == .cancelled)
    #expect(shared.console.isClosed)
    #expect(modes(slave) == before)
  }

  @Test("Code written against some Console presents a scripted console with await, in the calling task")
  func awaitingAScript() async throws {
    let yes = Button("Yes")
    let console = ScriptedConsole(answers: ["yes"])
    #expect(try await presentAsHostCode(Alert(title: "Go?", buttons: [yes, Button("No")]), on: console) == .button(yes))
    #expect(console.answers.isEmpty)
  }

  @Test("close() gives the terminal back, twice is harmless; presenting then throws; a new console has the terminal")
  func closing() throws {
    let (master, slave, path) = try openNamedTerminal()
    defer { close(master); close(slave) }
    let console = try TerminalConsole(terminalPath: path, color: .never)
    #expect(!console.isClosed)
    #expect(throws: AskError.terminalBusy) {
      _ = try TerminalConsole(terminalPath: path)
    }
    console.close()
    console.close()
    #expect(console.isClosed)
    #expect(throws: AskError.io(operation: "use the console: it was closed", reason: nil)) {
      _ = try Alert(title: "Closed", buttons: [Button("Yes")]).present(on: console)
    }
    #expect(throws: Never.self) { _ = try TerminalConsole(terminalPath: path) }
  }
}

/// Presents as a host's code written against `some Console` does.
private func presentAsHostCode(_ alert: Alert, on console: some Console) async throws(AskError) -> Response {
  try await alert.present(on: console)
}

/// A console shared between tasks, as a host that keeps one in a global
/// does (the compiler cannot see that it is used by one prompt at a time:
/// the console checks that itself).
private final class SharedConsole: @unchecked Sendable {
  let console: TerminalConsole
  init(_ console: TerminalConsole) { self.console = console }
}

/// Waits up to 5 s for a prompt to hold `slave` (canonical mode off).
private func heldNonCanonical(_ slave: Int32) async throws -> Bool {
  for _ in 0..<5000 {
    var now = termios()
    if tcgetattr(slave, &now) == 0 && now.c_lflag & tcflag_t(ICANON) == 0 { return true }
    try await Task.sleep(for: .milliseconds(1))
  }
  return false
}
