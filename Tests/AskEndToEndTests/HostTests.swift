import AskTestSupport
import Glibc
import Testing

/// AskKit embedded in a host (SPEC §8): the Examples targets, built with
/// the public API only, run on a pseudo-terminal. A host gets back its
/// terminal modes, signal dispositions and mask, its Ctrl-C, its core dumps
/// and unlocked memory; a signal during a prompt reaches its own handler.
@Suite("AskKit in a host program", .ownThread)
struct HostTests {
  static let probe = PseudoTerminal.locate("ask-host-probe")
  static let example = PseudoTerminal.locate("ask-example")
  /// No LANG, LC_ALL or LC_CTYPE: the host never calls setlocale either.
  static let environment = ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color"]
  /// AddressSanitizer makes mlock a no-op (it would lock the shadow memory
  /// too), so a probe built with it (`make check`, like this test
  /// bundle) has nothing locked to show.
  static let mlockWorks = dlsym(nil, "__asan_init") == nil

  func line(_ pty: PseudoTerminal, startingWith prefix: String) throws -> String {
    try pty.waitUntil("a line '\(prefix)…' on stdout") {
      pty.stdout.split(separator: "\n").contains { $0.hasPrefix(prefix) && pty.stdout.contains($0 + "\n") }
    }
    return String(pty.stdout.split(separator: "\n").first { $0.hasPrefix(prefix) }!)
  }

  @Test("Prompts in one process give the host back everything; its Ctrl-C works after them")
  func prompts() throws {
    let pty = try PseudoTerminal(executable: Self.probe, arguments: ["prompts"], environment: Self.environment)
    try pty.waitForPrompt("Choice [1-4")
    pty.type("2\r")  // Negotiate
    #expect(try line(pty, startingWith: "sheet:") == "sheet: Negotiate")
    try pty.waitForPrompt("Text: ")
    pty.type("да, 你好\r")  // typed without the host calling setlocale
    #expect(try line(pty, startingWith: "text:") == "text: да, 你好")
    try pty.waitForPrompt("Password: ")
    pty.type("hunter2\r")
    let held = try line(pty, startingWith: "secret:")
    #expect(held.hasPrefix("secret: 7 characters, dumpable 0, locked "))
    #expect(!held.hasSuffix("locked 0kB") || !Self.mlockWorks)  // the secret's page is locked
    #expect(try line(pty, startingWith: "wiped:") == "wiped: dumpable 1, locked 0kB")
    #expect(try line(pty, startingWith: "second console:")
      == "second console: Cannot use the terminal: another console of this process has it")
    try pty.waitForPrompt("Choice [1")
    pty.type("1\r")
    #expect(try line(pty, startingWith: "first console still presents:") == "first console still presents: Yes")
    #expect(try line(pty, startingWith: "after:") == "after: same")
    _ = try line(pty, startingWith: "ready for Ctrl-C")
    try pty.waitForModes(echo: true, canonical: true)  // the host's own read
    pty.type("\u{3}")
    #expect(try pty.waitForExit() == 128 + SIGINT)
    #expect(!pty.stdout.contains("did not end"))
    #expect(pty.termiosRestored)
    #expect(!pty.screen.contains("hunter2"))
  }

  @Test("Prompts drawn in the user's language leave the host's locale as it was: C, the thread on the global locale",
        .needsTranslations)
  func promptsInRussian() throws {
    let pty = try PseudoTerminal(executable: Self.probe, arguments: ["prompts"],
                                 environment: Self.environment.merging(["LANG": "ru_RU.UTF-8"]) { $1 })
    #expect(try line(pty, startingWith: "before:").hasSuffix(" locale=C, thread global"))
    try pty.waitForPrompt("Выбор [1-4, Ctrl-D = отмена]: ")
    pty.type("2\r")
    try pty.waitForPrompt("Текст: ")
    pty.type("да\r")
    try pty.waitForPrompt("Пароль: ")
    pty.type("hunter2\r")
    #expect(try line(pty, startingWith: "second console:")
      == "second console: Не удаётся использовать терминал: он занят другой консолью этого процесса")
    try pty.waitForPrompt("Выбор [1")
    pty.type("1\r")
    #expect(try line(pty, startingWith: "after:") == "after: same")
    _ = try line(pty, startingWith: "ready for Ctrl-C")
    try pty.waitForModes(echo: true, canonical: true)
    pty.type("\u{3}")
    #expect(try pty.waitForExit() == 128 + SIGINT)
  }

  @Test("A terminating signal during a prompt: the terminal first, then the host's own handler; present throws")
  func signalToHostHandler() throws {
    let pty = try PseudoTerminal(executable: Self.probe, arguments: ["signal"], environment: Self.environment)
    try pty.waitForPrompt("Choice [1-4")
    pty.signal(SIGTERM)
    #expect(try line(pty, startingWith: "sheet:") == "sheet: Interrupted by signal 15")
    #expect(try line(pty, startingWith: "handler runs:") == "handler runs: 1")
    #expect(try line(pty, startingWith: "modes at handler:") == "modes at handler: the host's")
    #expect(try line(pty, startingWith: "after:") == "after: same")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.termiosRestored)
  }

  /// Where the probe presents from (its mode), and the signal that ends
  /// the prompt: Ctrl-C typed, or SIGTERM sent to the process.
  static let offMainCases: [(String, Int32)] = [
    ("blocking-thread", SIGINT), ("blocking-thread", SIGTERM), ("detached-task", SIGINT), ("detached-task", SIGTERM),
  ]

  /// Ends the probe's prompt by `sig`: Ctrl-C on the terminal, or a kill.
  func interrupt(_ pty: PseudoTerminal, by sig: Int32) {
    if sig == SIGINT { pty.type("\u{3}") } else { pty.signal(sig) }
  }

  @Test("A signal ending a prompt on a thread that blocks it reaches the host's handler", arguments: offMainCases)
  func offMainSignalToHostHandler(mode: String, sig: Int32) throws {
    let pty = try PseudoTerminal(executable: Self.probe, arguments: [mode, "handled"], environment: Self.environment)
    try pty.waitForPrompt("Choice [1-2")
    interrupt(pty, by: sig)
    let blocks = try line(pty, startingWith: "presenting thread blocks:")
    #expect(blocks == "presenting thread blocks: SIGINT SIGTERM")  // as a pool thread does
    let sheet = try line(pty, startingWith: "sheet:")
    #expect(sheet == "sheet: Interrupted by signal \(sig)")
    let pending = try line(pty, startingWith: "pending there:")
    #expect(pending == "pending there: none")
    let runs = try line(pty, startingWith: "handler runs:")
    #expect(runs == "handler runs: 1")
    let modes = try line(pty, startingWith: "modes at handler:")
    #expect(modes == "modes at handler: the host's")
    let status = try pty.waitForExit()
    #expect(status == 0)
    #expect(pty.termiosRestored)
  }

  @Test("A signal ending a prompt on a thread that blocks it, with no host handler, ends the process by it",
        arguments: offMainCases)
  func offMainSignalDefaultAction(mode: String, sig: Int32) throws {
    let pty = try PseudoTerminal(executable: Self.probe, arguments: [mode, "unhandled"], environment: Self.environment)
    try pty.waitForPrompt("Choice [1-2")
    interrupt(pty, by: sig)
    let status = try pty.waitForExit()
    #expect(status == 128 + sig)  // as on the main thread
    #expect(pty.termiosRestored)
  }

  @Test("Signal actions come back bit for bit: handler, flags, restorer, mask")
  func actionsBitForBit() throws {
    let pty = try PseudoTerminal(executable: Self.probe, arguments: ["actions"], environment: Self.environment)
    let read = try line(pty, startingWith: "actions read:")
    #expect(read == "actions read: 64")  // 1…64, SIGKILL and SIGSTOP too (read, never set)
    try pty.waitForPrompt("Choice [1-4")
    pty.type("2\r")
    let sheet = try line(pty, startingWith: "sheet:")
    #expect(sheet == "sheet: Negotiate")
    let after = try line(pty, startingWith: "actions after:")
    #expect(after == "actions after: as before")
    let status = try pty.waitForExit()
    #expect(status == 0)
  }

  @Test("The README's example: the sheet's button index, then the block-based alert's closures")
  func example() throws {
    let pty = try PseudoTerminal(executable: Self.example, arguments: [], environment: Self.environment)
    try pty.waitForPrompt("Choice [1-4")
    #expect(pty.screen.contains("Available Actions"))
    pty.type("neg\r")
    try pty.waitForPrompt("Choice [1-3")
    pty.type("\r")  // the default: Save
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Chose: Negotiate\nSaved.\n")
    #expect(pty.termiosRestored)
  }

  @Test("The example's cancel and destructive closures", arguments: [
    ("\u{4}", "3\r", "Cancelled.\nKept editing.\n"),
    ("1\r", "1\r", "Chose: Destroy\nDiscarded.\n"),
  ])
  func exampleOtherButtons(sheet: LoggedText, alert: LoggedText, stdout: LoggedText) throws {
    let pty = try PseudoTerminal(executable: Self.example, arguments: [], environment: Self.environment)
    try pty.waitForPrompt("Choice [1-4")
    pty.type(sheet.text)
    try pty.waitForPrompt("Choice [1-3")
    pty.type(alert.text)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == stdout.text)
  }

  @Test("The README's AskKit section shows the example target's code, as it is")
  func readmeShowsExample() throws {
    let readme = try ArtifactsTests.read(ArtifactsTests.root + "/README.md")
    let example = try ArtifactsTests.read(ArtifactsTests.root + "/Examples/AvailableActions/main.swift")
    let section = try #require(readme.firstRange(of: "## AskKit, the library")).upperBound
    let block = try #require(readme[section...].firstRange(of: "```swift\n"))
    let end = try #require(readme[block.upperBound...].firstRange(of: "```\n"))
    #expect(String(readme[block.upperBound..<end.lowerBound]) == example)
  }
}
