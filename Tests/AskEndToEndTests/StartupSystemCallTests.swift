import AskTestSupport
import Glibc
import Testing

/// What `ask` asks of the kernel on its way to the prompt, seen with strace
/// (issue 27, BENCHMARKS.md): no file the prompt does not need, and what
/// is drawn above the answer line written with it.
@Suite("System calls on the way to the prompt")
struct StartupSystemCallTests {
  static let strace = ArtifactsTests.tool("strace")
  /// The environment of an `ask` run under strace: LeakSanitizer cannot
  /// work under ptrace and fails the run of a sanitized build at its exit
  /// (`make check`'s leak stages check leaks).
  static let environment = AskSession.environment.merging(["ASAN_OPTIONS": "detect_leaks=0"]) { $1 }

  /// A prompt drawn in one piece: its arguments, the marker of its answer
  /// line, the keys that answer it, and a text drawn above the marker.
  struct Drawing: CustomTestStringConvertible, Sendable {
    let arguments: [String], marker: String, keys: String, above: String
    var testDescription: String { loggedText(arguments.joined(separator: " ")) }
  }

  static let drawings = [
    Drawing(arguments: ["--title", "Pick", "--cancel", "Cancel", "Alpha", "Beta", "Gamma"],
            marker: "Choice [1-4, Ctrl-D = cancel]: ", keys: "2\r", above: "4) Cancel"),
    Drawing(arguments: ["-s", "secure", "-t", "Unlock"], marker: "Password: ", keys: "hunter2\r", above: "Unlock"),
    Drawing(arguments: ["-s", "plain", "-t", "Name?"], marker: "Text: ", keys: "Ada\r", above: "Name?"),
  ]

  @Test("What is drawn above an answer line reaches the terminal in the write of the line",
        .enabled(if: strace != nil, "strace is missing (make test installs it)"), arguments: drawings)
  func drawnInOneWrite(_ drawing: Drawing) throws {
    let scratch = try TemporaryDirectory()
    let log = scratch.path + "/strace.log"
    let term = try PseudoTerminal(executable: try #require(Self.strace),
                                  arguments: ["-qq", "-e", "trace=write", "-s", "4096", "-o", log,
                                              AskSession.executable] + drawing.arguments,
                                  environment: Self.environment)
    try term.waitForPrompt(drawing.marker)
    term.type(drawing.keys)
    #expect(try term.waitForExit() == 0, "\(term.stderr)")
    let writes = try ArtifactsTests.read(log).split(separator: "\n").filter { $0.hasPrefix("write(") }
    let withMarker = writes.filter { $0.contains(drawing.marker) }
    #expect(withMarker.count == 1, "\(writes)")
    #expect(withMarker.allSatisfy { $0.contains(drawing.above) }, "\(writes)")
  }

  @Test("A static ask gets its arguments whole without reading /proc/self/maps",
        .enabled(if: strace != nil && DebianPackageTests.isStatic(AskSession.executable),
                 "needs strace and the static release build (make test's release stage runs it)"))
  func argumentsWithoutMaps() throws {
    let scratch = try TemporaryDirectory()
    let log = scratch.path + "/strace.log"
    let term = try PseudoTerminal(executable: try #require(Self.strace),
                                  arguments: ["-f", "-qq", "-e", "trace=openat,open,readlink", "-o", log,
                                              AskSession.executable, "-t", "Pick", "Alpha beta", "Gämma", "δ"],
                                  environment: Self.environment, stdin: .pipe(Array("2\n".utf8)))
    #expect(try term.waitForExit() == 0, "\(term.stderr)")
    #expect(term.stdout == "Gämma\n")
    let trace = try ArtifactsTests.read(log)
    #expect(trace.contains("/dev/tty"), "\(trace)")  // the trace saw ask's own opens
    #expect(!trace.contains("/proc/self/maps"), "\(trace)")
  }

  @Test("The terminal's own node, for its turn, is opened by its number (/dev/pts/N), not looked up in sysfs",
        .enabled(if: strace != nil, "strace is missing (make test installs it)"))
  func deviceNodeByNumber() throws {
    let scratch = try TemporaryDirectory()
    let log = scratch.path + "/strace.log"
    let term = try PseudoTerminal(executable: try #require(Self.strace),
                                  arguments: ["-qq", "-e", "trace=openat,open", "-o", log,
                                              AskSession.executable, "-t", "Pick", "Alpha", "Beta"],
                                  environment: Self.environment)
    let node = try #require(term.devicePath)
    try term.waitForPrompt("Choice [1-2, Ctrl-D = cancel]: ")
    term.type("2\r")
    #expect(try term.waitForExit() == 0, "\(term.stderr)")
    let trace = try ArtifactsTests.read(log)
    #expect(trace.contains("\"\(node)\""), "\(node): \(trace)")
    #expect(!trace.contains("/sys/dev/char"), "\(trace)")
  }
}
