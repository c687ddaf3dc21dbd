import Glibc
import Testing
@testable import AskCore

@Suite("Colour decision, SPEC §6")
struct ThemeTests {
  /// fd 2 under `swift test` may or may not be a terminal; an unopened fd
  /// never is.
  static let notATerminal: Int32 = 987

  @Test("The order is --color, NO_COLOR, CLICOLOR_FORCE, then the drawing stream", arguments: [
    (ColorMode.always, ["NO_COLOR": "1"], true),
    (.never, ["CLICOLOR_FORCE": "1"], false),
    (.auto, ["NO_COLOR": "1", "CLICOLOR_FORCE": "1"], false),
    (.auto, ["NO_COLOR": "", "CLICOLOR_FORCE": "1"], true),
    (.auto, ["CLICOLOR_FORCE": "0"], false),
    (.auto, ["TERM": "xterm"], false),
  ])
  func precedence(mode: ColorMode, environment: [String: String], colored: Bool) {
    let theme = Theme.decide(mode: mode, drawingFD: Self.notATerminal) { environment[$0] }
    #expect(theme.isColored == colored)
  }

  @Test("Without colour nothing is styled; with colour the destructive title is red (its word is the layout's)")
  func plain() {
    let theme = Theme(isColored: false)
    #expect(theme.title("T") == "T")
    #expect(theme.dim("d") == "d")
    #expect(theme.destructive("Delete (destructive)") == "Delete (destructive)")
    #expect(Theme(isColored: true).destructive("Delete (destructive)") == "\u{1B}[31mDelete (destructive)\u{1B}[0m")
  }

  /// A compiled terminfo entry as term(5) lays it out: the header, a names
  /// section of `names` bytes, `booleans` booleans, the pad byte when those
  /// two are odd, then `numbers` of `width` bytes (2: legacy, magic 0432;
  /// 4: extended, magic 01036), little-endian; no strings.
  static func entry(names: Int = 6, booleans: Int = 2, numbers: [Int], width: Int = 2) -> [UInt8] {
    func little(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    var bytes = [width == 2 ? 0o432 : 0o1036, names, booleans, numbers.count, 0, 0].flatMap { little($0, 2) }
    bytes += [UInt8](repeating: UInt8(ascii: "x"), count: max(0, names - 1)) + [0]
    bytes += [UInt8](repeating: 1, count: booleans)
    if (names + booleans) % 2 == 1 { bytes.append(0) }
    return bytes + numbers.flatMap { little($0, width) }
  }

  /// Thirteen numbers before `colors` (cols, it, lines, …), all absent.
  static let before = [Int](repeating: -1, count: 13)

  /// An entry's bytes and its colors number, shown in the log by a name.
  struct EntryCase: CustomTestStringConvertible, Sendable {
    let name: String
    let entry: [UInt8]
    let colors: Int
    init(_ name: String, _ entry: [UInt8], _ colors: Int) {
      self.name = name
      self.entry = entry
      self.colors = colors
    }
    var testDescription: String { name }
  }

  @Test("The colors number is read from legacy and extended entries; absent, cancelled or cut short is none",
        arguments: [
    EntryCase("legacy, 8", entry(numbers: before + [8]), 8),
    EntryCase("odd names + booleans: a pad byte", entry(names: 7, numbers: before + [8, 64]), 8),
    EntryCase("extended, 256", entry(numbers: before + [256], width: 4), 256),
    EntryCase("direct colour", entry(numbers: before + [0x1000000], width: 4), 0x1000000),
    EntryCase("absent (vt100)", entry(numbers: before + [-1]), 0),
    EntryCase("cancelled", entry(numbers: before + [-2]), 0),
    EntryCase("fewer numbers than colors' place", entry(numbers: before), 0),
    EntryCase("cut short", Array(entry(numbers: before + [8]).dropLast()), 0),
    EntryCase("not even a header", [0x1A, 0x01, 0x06], 0),
    EntryCase("not terminfo", [0x00, 0x00] + Array(entry(numbers: before + [8]).dropFirst(2)), 0),
  ])
  func colorsNumber(_ testCase: EntryCase) {
    #expect(testCase.entry.withUnsafeBytes { Theme.colors(inTerminfoEntry: $0) } == testCase.colors)
  }

  @Test("The system's entries: vt100 has no colours, xterm and linux 8, xterm-256color 256, a made-up name no entry",
        arguments: [
    ("vt100", 0 as Int?), ("xterm-mono", 0), ("xterm", 8), ("linux", 8), ("xterm-256color", 256),
    ("no-such-terminal-xyz", nil), ("../x", nil), ("", nil),
  ])
  func systemEntries(term: String, colors: Int?) {
    #expect(Theme.terminfoColors(term, environment: { _ in nil }) == colors)
  }

  @Test("The first entry found wins: $TERMINFO before the system's")
  func terminfoDirectory() throws {
    let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    var template = Array((base + "/ask-theme.XXXXXX").utf8CString)
    let dir = String(cString: try #require(mkdtemp(&template)))
    defer {
      unlink(dir + "/x/xterm")
      rmdir(dir + "/x")
      rmdir(dir)
    }
    try #require(mkdir(dir + "/x", 0o700) == 0)
    let fd = open(dir + "/x/xterm", O_WRONLY | O_CREAT, 0o600)
    try #require(fd >= 0)
    let bytes = Self.entry(numbers: Self.before + [-1])
    #expect(write(fd, bytes, bytes.count) == bytes.count)
    close(fd)
    let environment = ["TERMINFO": dir]
    #expect(Theme.terminfoColors("xterm", environment: { environment[$0] }) == 0)
    #expect(Theme.terminfoColors("xterm", environment: { _ in nil }) == 8)
  }

  @Test("On a terminal, colour needs TERM's entry to have colours", arguments: [
    ("vt100", false), ("xterm-mono", false), ("xterm", true), ("xterm-256color", true),
    ("no-such-terminal-xyz", false), ("dumb", false),
  ])
  func terminalColours(term: String, colored: Bool) throws {
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)  // a pty master is a terminal
    try #require(master >= 0 && isatty(master) == 1)
    defer { close(master) }
    let environment = ["TERM": term]
    #expect(Theme.decide(mode: .auto, drawingFD: master) { environment[$0] }.isColored == colored)
    // --color always and CLICOLOR_FORCE still colour whatever the entry says.
    #expect(Theme.decide(mode: .always, drawingFD: master) { environment[$0] }.isColored)
    let forced = ["TERM": term, "CLICOLOR_FORCE": "1"]
    #expect(Theme.decide(mode: .auto, drawingFD: master) { forced[$0] }.isColored)
  }
}
