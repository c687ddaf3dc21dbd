// The host probe's modes for `async` presenting and scoped consoles (SPEC
// §8), each run from the probe's main.swift. The main thread starts a
// detached task and waits for it on a semaphore, as a host without an
// async main does; the prompt itself waits on a thread of AskKit's own.
import AskKit
import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` in a detached task and waits on this thread until it ends.
func runDetached(_ body: @escaping @Sendable () async -> Void) {
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    await body()
    done.signal()
  }
  done.wait()
}

/// Waits (at most 10 s) until the terminal on fd 0 is held by a prompt:
/// canonical mode off. True when it is.
func waitUntilHeld() -> Bool {
  for _ in 0..<10_000 {
    var modes = termios()
    if tcgetattr(0, &modes) == 0 && modes.c_lflag & tcflag_t(ICANON) == 0 { return true }
    usleep(1000)
  }
  return false
}

/// What presenting gave, as a line: the chosen button's title, or the error's
/// message.
func outcome(_ present: () async throws(AskError) -> Response) async -> String {
  do throws(AskError) {
    return "chose \(try await present().chosenButton?.title ?? "none")"
  } catch {
    return error.description
  }
}

/// `async`: the sheet presented from a detached task, answered by typing;
/// while it waits, the thread it waits on is reported: its name and
/// whether it blocks what the main thread blocks (no more).
func presentFromDetachedTask(_ sheet: Alert) {
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    say("async sheet: \(await outcome { () async throws(AskError) in try await sheet.present() })")
    done.signal()
  }
  say("held: \(waitUntilHeld())")
  say("prompt thread: \(promptThread())")
  done.wait()
}

/// The threads of this process named `ask-prompt`, with whether each
/// blocks the main thread's signals: "ask-prompt, main thread's mask".
func promptThread() -> String {
  let main = status(["SigBlk"], of: "/proc/self/task/\(getpid())/status")[0]
  guard let directory = opendir("/proc/self/task") else { return "no /proc" }
  defer { closedir(directory) }
  var found: [String] = []
  while let entry = readdir(directory) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    guard name.first?.isNumber == true, let file = fopen("/proc/self/task/\(name)/comm", "r") else { continue }
    var buffer = [CChar](repeating: 0, count: 64)
    let comm = fgets(&buffer, 64, file).map { _ in
      String(decoding: buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    fclose(file)
    guard comm == "ask-prompt" else { continue }
    // Looked at until it is the main thread's, for up to a second: the
    // session blocks signals for a moment around some of its steps (a
    // draw), and the first look may fall in one.
    var mask = status(["SigBlk"], of: "/proc/self/task/\(name)/status")[0]
    for _ in 0..<500 where mask != main {
      usleep(2000)
      mask = status(["SigBlk"], of: "/proc/self/task/\(name)/status")[0]
    }
    found.append("ask-prompt, " + (mask == main ? "main thread's mask" : "mask \(mask), main's \(main)"))
  }
  return found.isEmpty ? "none named ask-prompt" : found.joined(separator: "; ")
}

/// `async-cancel FILE`: the sheet presented from a task that this host
/// cancels once the prompt holds the terminal and FILE exists (the suite
/// makes it when it sees the prompt).
func cancelPresentingTask(_ sheet: Alert, when file: String) {
  let done = DispatchSemaphore(value: 0)
  let task = Task.detached {
    say("cancelled task: \(await outcome { () async throws(AskError) in try await sheet.present() })")
    done.signal()
  }
  say("held: \(waitUntilHeld())")
  var waited = 0
  while access(file, F_OK) != 0 && waited < 10_000 {
    usleep(1000)
    waited += 1
  }
  task.cancel()
  done.wait()
}

/// `async-two`: while one task's sheet waits, a second task presents on
/// the same terminal, then on another one (a pseudo-terminal of the
/// host's own): both are refused at once; then the first is answered.
func presentTwiceAtOnce(_ sheet: Alert) {
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    say("first: \(await outcome { () async throws(AskError) in try await sheet.present() })")
    done.signal()
  }
  say("held: \(waitUntilHeld())")
  runDetached {
    let second = Alert(title: "Second", buttons: [Button("Yes")])
    say("second, same terminal: \(await outcome { () async throws(AskError) in try await second.present() })")
    var master: Int32 = -1
    var slave: Int32 = -1
    guard openpty(&master, &slave, nil, nil, nil) == 0 else { return say("second, other terminal: no pty") }
    defer { close(master); close(slave) }
    var name = [CChar](repeating: 0, count: 128)
    guard ttyname_r(slave, &name, name.count) == 0 else { return say("second, other terminal: no name") }
    let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let line = await outcome { () async throws(AskError) in
      let console = try TerminalConsole(terminalPath: path)
      defer { console.close() }
      return try await second.present(on: console)
    }
    say("second, other terminal: \(line)")
  }
  done.wait()
}

/// `close`: a console closed (twice) gives the terminal back at once;
/// presenting on it then throws; a new console has the terminal.
func closeConsole(_ sheet: Alert) {
  do throws(AskError) {
    let console = try TerminalConsole()
    say("first: chose \(try sheet.present(on: console).chosenButton?.title ?? "none")")
    console.close()
    console.close()
    say("closed: \(console.isClosed)")
    do {
      _ = try sheet.present(on: console)
      say("closed console: presented")
    } catch {
      say("closed console: \(error.description)")
    }
    let next = try TerminalConsole()
    say("next console: \(try Alert(title: "Again?", buttons: [Button("Yes")]).present(on: next).chosenButton?.title ?? "none")")
    withExtendedLifetime(console) {}
  } catch {
    say("failed: \(error.description)")
  }
}

/// Thrown by the scoped uses' closures.
struct LeaveScope: Error {}

/// `scoped-throw`: `withTerminalConsole`, sync then async, each closure
/// throwing after its prompt: the console is closed either way.
func scopedThrow(_ sheet: Alert) {
  nonisolated(unsafe) var kept: TerminalConsole?
  do {
    try withTerminalConsole { console in
      kept = console
      say("scoped: chose \(try sheet.present(on: console).chosenButton?.title ?? "none")")
      throw LeaveScope()
    }
  } catch {
    say("scoped threw: \(error)")
  }
  say("scoped console closed: \(kept?.isClosed ?? false)")
  runDetached {
    var held: TerminalConsole?
    do {
      try await withTerminalConsole { console in
        held = console
        say("async scoped: chose \(try await sheet.present(on: console).chosenButton?.title ?? "none")")
        throw LeaveScope()
      }
    } catch {
      say("async scoped threw: \(error)")
    }
    say("async scoped console closed: \(held?.isClosed ?? false)")
  }
  kept = nil
}

/// `async-pattern`: a plain field with a pattern, presented with await
/// while other tasks keep the concurrency pool's threads allocating: the
/// pattern is matched in a child process forked from this threaded one.
func patternWhilePoolBusy() {
  let busy = ManagedFlag()
  for _ in 0..<4 {
    Task.detached {
      var kept: [[String: Int]] = []
      while !busy.isSet {
        kept.append(["\(kept.count)": kept.count])
        if kept.count > 1000 { kept.removeAll() }
        await Task.yield()
      }
    }
  }
  runDetached {
    var field = Alert(title: "PIN", style: .plainTextInput())
    field.pattern = try! Regex("[0-9]{4}")
    do throws(AskError) {
      let response = try await field.present()
      if case .text(let text, _) = response { say("pattern: \(text)") } else { say("pattern: none") }
    } catch {
      say("pattern: \(error.description)")
    }
  }
  busy.set()
}

/// A flag set once, read by any thread.
final class ManagedFlag: Sendable {
  private let value = Atomic<Bool>(false)
  var isSet: Bool { value.load(ordering: .acquiring) }
  func set() { value.store(true, ordering: .releasing) }
}
