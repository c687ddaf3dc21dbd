import AskTestSupport
import Glibc
import Testing

/// What `ask` asks of the kernel on its way to the prompt, seen with strace
/// (issue 27, BENCHMARKS.md): no file the prompt does not need.
@Suite("System calls on the way to the prompt")
struct StartupSystemCallTests {
  static let strace = ArtifactsTests.tool("strace")

  @Test("A static ask finds its arguments without reading /proc/self/maps (glibc hands its constructors main's own), and they arrive whole",
        .enabled(if: strace != nil && DebianPackageTests.isStatic(AskSession.executable),
                 "needs strace and the static release build (make test's release stage runs it)"))
  func argumentsWithoutMaps() throws {
    let scratch = try TemporaryDirectory()
    let log = scratch.path + "/strace.log"
    let term = try PseudoTerminal(executable: try #require(Self.strace),
                                  arguments: ["-f", "-qq", "-e", "trace=openat,open,readlink", "-o", log,
                                              AskSession.executable, "-t", "Pick", "Alpha beta", "Gämma", "δ"],
                                  environment: AskSession.environment, stdin: .pipe(Array("2\n".utf8)))
    #expect(try term.waitForExit() == 0, "\(term.stderr)")
    #expect(term.stdout == "Gämma\n")
    let trace = try ArtifactsTests.read(log)
    #expect(trace.contains("/dev/tty"), "\(trace)")  // the trace saw ask's own opens
    #expect(!trace.contains("/proc/self/maps"), "\(trace)")
  }
}
