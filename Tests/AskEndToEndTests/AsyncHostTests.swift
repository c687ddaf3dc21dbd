import AskTestSupport
import Glibc
import Testing

/// AskKit's `async` presenting and scoped consoles in a host (SPEC §8):
/// the host probe's async modes on a pseudo-terminal. The prompt waits on
/// a thread of its own; Task cancellation ends it with the terminal given
/// back; a second prompt at once is refused; a console's hold ends where
/// the host says.
@Suite("AskKit presenting with async/await, and scoped consoles, in a host", .ownThread)
struct AsyncHostTests {
  func probe(_ mode: String) throws -> PseudoTerminal {
    try PseudoTerminal(executable: HostTests.probe, arguments: [mode], environment: HostTests.environment)
  }

  func line(_ pty: PseudoTerminal, startingWith prefix: String) throws -> String {
    try HostTests().line(pty, startingWith: prefix)
  }

  @Test("A sheet presented with await from a detached task is answered by typing")
  func detachedTask() throws {
    let pty = try probe("async")
    try pty.waitForPrompt("Choice [1-4")
    // It waits on a thread of its own, not a pool worker, which blocks
    // only what the host's main thread blocks.
    let thread = try line(pty, startingWith: "prompt thread:")
    #expect(thread == "prompt thread: ask-prompt, main thread's mask")
    pty.type("2\r")  // Negotiate: spec index 1
    #expect(try line(pty, startingWith: "async sheet:") == "async sheet: chose Negotiate")
    #expect(try line(pty, startingWith: "after:") == "after: same")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.termiosRestored)
  }

  @Test("Ctrl-Z stops an async prompt at once, five times over, and fg draws it once more each time: the stop is sent to the presenting thread itself")
  func stopAndContinue() throws {
    // Sent to the process, the stop went to the main thread (the kernel's
    // first choice), which took it only after the presenting thread had
    // put the session's action back: caught again, drawn again, and
    // sometimes never stopped.
    let pty = try AskSession.interactiveShell()
    try pty.waitFor("$ ")
    pty.type("'\(HostTests.probe)' async\r")
    try pty.waitForPrompt("Choice [1-4")
    let prompt = "\u{1B}[1mAvailable"  // the sheet's title as drawn, not the command echoed
    for round in 1...5 {
      try pty.waitForKeysRead()
      let (drawn, stops) = (pty.count(prompt), pty.count("Stopped"))
      pty.type("\u{1A}")
      try pty.waitUntil("stopped, round \(round)") { pty.count("Stopped") > stops }
      #expect(pty.count(prompt) == drawn, "drawn again before it stopped, round \(round)")
      pty.type("fg\r")
      try pty.waitUntil("drawn again after fg, round \(round)") { pty.count(prompt) > drawn }
      try pty.waitForModes(canonical: false)
      #expect(pty.count(prompt) == drawn + 1, "drawn more than once after fg, round \(round)")
    }
    pty.type("2\r")  // Negotiate: spec index 1
    try pty.waitFor("async sheet: chose Negotiate")
    #expect(pty.count("Stopped") == 5)
    #expect(pty.count(prompt) == 6, "drawn once, then once after each fg")
    try pty.waitFor("$ ")
    pty.type("exit\r")
    #expect(try pty.waitForExit() == 0)
  }

  @Test("Cancelling the presenting task ends the prompt: modes back, the error thrown, the host goes on")
  func cancelled() throws {
    let directory = try TemporaryDirectory()
    let cancelNow = directory.path + "/cancel"
    let pty = try PseudoTerminal(executable: HostTests.probe, arguments: ["async-cancel", cancelNow],
                                 environment: HostTests.environment)
    try pty.waitForPrompt("Choice [1-4")
    let made = creat(cancelNow, 0o600)  // the host cancels the task now
    #expect(made >= 0)
    close(made)
    #expect(try line(pty, startingWith: "cancelled task:")
      == "cancelled task: The prompt was cancelled by its task")
    #expect(try line(pty, startingWith: "after:") == "after: same")
    _ = try line(pty, startingWith: "continues")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.termiosRestored)
  }

  @Test("A second prompt while one waits, on the same terminal or another, is refused at once")
  func twoAtOnce() throws {
    let pty = try probe("async-two")
    try pty.waitForPrompt("Choice [1-4")
    #expect(try line(pty, startingWith: "second, same terminal:")
      == "second, same terminal: Cannot use the terminal: another console of this process has it")
    #expect(try line(pty, startingWith: "second, other terminal:")
      == "second, other terminal: Cannot use the terminal: another console of this process has it")
    pty.type("3\r")  // Compromise: spec index 2
    #expect(try line(pty, startingWith: "first:") == "first: chose Compromise")
    #expect(try line(pty, startingWith: "after:") == "after: same")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.termiosRestored)
  }

  @Test("A pattern is matched in a child process while the concurrency pool's threads are busy allocating")
  func patternWithPoolThreads() throws {
    let pty = try probe("async-pattern")
    try pty.waitForPrompt("Text: ")
    pty.type("12a4\r")
    try pty.waitFor("'12a4' does not match the field's pattern.")
    pty.type("\u{15}1234\r")
    #expect(try line(pty, startingWith: "pattern:") == "pattern: 1234")
    #expect(try line(pty, startingWith: "after:") == "after: same")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.termiosRestored)
  }

  @Test("close() gives the terminal back at once, twice is harmless, later use throws, a new console has it")
  func closeGivesTerminalBack() throws {
    let pty = try probe("close")
    try pty.waitForPrompt("Choice [1-4")
    pty.type("1\r")
    #expect(try line(pty, startingWith: "first:") == "first: chose Destroy")
    #expect(try line(pty, startingWith: "closed:") == "closed: true")
    #expect(try line(pty, startingWith: "closed console:") == "closed console: Cannot use the console: it was closed")
    try pty.waitForPrompt("Choice [1")
    pty.type("1\r")
    #expect(try line(pty, startingWith: "next console:") == "next console: Yes")
    #expect(try line(pty, startingWith: "after:") == "after: same")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.termiosRestored)
  }

  @Test("withTerminalConsole closes the console when its closure throws, sync and async")
  func scopedThrow() throws {
    let pty = try probe("scoped-throw")
    try pty.waitForPrompt("Choice [1-4")
    pty.type("4\r")  // Cancel: spec index 3
    #expect(try line(pty, startingWith: "scoped:") == "scoped: chose Cancel")
    #expect(try line(pty, startingWith: "scoped threw:") == "scoped threw: LeaveScope()")
    #expect(try line(pty, startingWith: "scoped console closed:") == "scoped console closed: true")
    try pty.waitForPrompt("Choice [1-4")
    pty.type("2\r")
    #expect(try line(pty, startingWith: "async scoped:") == "async scoped: chose Negotiate")
    #expect(try line(pty, startingWith: "async scoped threw:") == "async scoped threw: LeaveScope()")
    #expect(try line(pty, startingWith: "async scoped console closed:") == "async scoped console closed: true")
    #expect(try line(pty, startingWith: "after:") == "after: same")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.termiosRestored)
  }
}
