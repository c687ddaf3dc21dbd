import AskTestSupport
import Glibc
import Testing

/// Many buttons on a pseudo-terminal: columns, pages, filters, widths.
@Suite("Long lists, columns and widths", .serialized, .ownThread)
struct LongListTests {
  static func items(_ range: ClosedRange<Int>) -> [String] { range.map { "Item\($0 < 10 ? "0" : "")\($0)" } }

  @Test("A 40-button sheet fits 80×24 in columns with every number visible, each column's numbers two columns in")
  func fortyButtons() throws {
    let pty = try AskSession.ask(["--sheet", "-t", "Forty", "-c", "Cancel", "-d", "Destroy"] + Self.items(2...39),
                                 environment: ["NO_COLOR": "1"])
    try pty.waitForPrompt()
    #expect(pty.screen.contains("""
      Forty\r
        1) Destroy (destructive)   9) Item09  17) Item17  25) Item25  33) Item33\r
        2) Item02                 10) Item10  18) Item18  26) Item26  34) Item34
      """))  // (no CR at the end: CR LF is one Character, a lone CR is not)
    #expect(pty.screen.contains("  8) Item08                 16) Item16  24) Item24  32) Item32\r\n\r\n  40) Cancel\r\n"))
    for number in 1...40 { #expect(pty.screen.contains(" \(number)) ")) }
    let lines = pty.screen.split(separator: "\r\n")
    #expect(lines.count <= 24 && lines.allSatisfy { $0.count <= 80 })
    pty.type("em1\r")  // a filter lays out its matches in narrow columns
    try pty.waitFor("cancel]: em1\r\n  10) Item10  12) Item12  14) Item14  16) Item16  18) Item18\r\n"
      + "  11) Item11  13) Item13  15) Item15  17) Item17  19) Item19\r\n")
    pty.type("17\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Item17\n")
  }

  @Test("Chinese, Korean, emoji and combining titles align exactly")
  func mixedScripts() throws {
    let titles = ["你好", "👍", "e\u{301}cole", "日本語", "Ωmega", "🇫🇷", "한국", "ok", "Zürich", "Ковёр-самолёт", "👨‍👩‍👧‍👦"]
    let pty = try AskSession.ask(["--sheet", "-t", "Mixed", "-c", "Отмена"] + titles, environment: ["NO_COLOR": "1"])
    try pty.waitForPrompt()
    #expect(pty.screen.contains("""
      Mixed\r
        1) 你好  3) e\u{301}cole   5) Ωmega  7) 한국   9) Zürich         11) 👨‍👩‍👧‍👦\r
        2) 👍    4) 日本語  6) 🇫🇷     8) ok    10) Ковёр-самолёт\r
      \r
        12) Отмена
      """))
    pty.type("ecole\u{4}")
    pty.type("\u{15}4\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "日本語\n")
  }

  @Test("Pages turn with Enter and >, back with <; each button keeps its number")
  func paging() throws {
    let pty = try AskSession.ask(["-t", "Many"] + Self.items(1...99).map { $0 + " long title" }, environment: ["NO_COLOR": "1"])
    try pty.waitForPrompt()
    #expect(pty.screen.contains("(page 1 of "))
    #expect(!pty.screen.contains("Item99"))
    pty.type("\r")
    try pty.waitFor("(page 2 of ")
    pty.type(">\r")  // past the last page: back to the first
    try pty.waitFor("cancel]: >\r\n   1) Item01")
    pty.type("<\r")  // before the first: the last
    try pty.waitFor("cancel]: <\r\n  61) Item61")
    pty.type("99\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Item99 long title\n")
  }

  @Test("Text that is not a title, number or unique prefix filters; a filter never chooses")
  func filtering() throws {
    let pty = try AskSession.ask(["-t", "Filter"] + Self.items(1...30) + ["Zebra"], environment: ["NO_COLOR": "1"])
    try pty.waitForPrompt()
    pty.type("m2\r")
    try pty.waitFor("20) Item20")
    #expect(pty.screen.contains("29) Item29"))
    pty.type("zebr\r")  // a unique prefix still chooses
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Zebra\n")
  }

  /// What `screen` shows after the last `marker`.
  static func after(_ marker: String, in screen: String) -> String {
    guard let range = screen.ranges(of: marker).last else { return "" }
    return String(screen[range.upperBound...])
  }

  @Test("A filter's matches page with Enter, > and <, not the whole list's pages (issue 13)")
  func filterPages() throws {
    let titles = (1...100).map { "Apple \($0) long title" } + (1...100).map { "Pear \($0) long title" }
    let pty = try AskSession.ask(["-t", "Fruit"] + titles, environment: ["NO_COLOR": "1"])
    try pty.waitForPrompt()
    pty.type("pear\r")
    try pty.waitFor("(100 matches, page 1 of ")
    let firstPage = Self.after("cancel]: pear\r\n", in: pty.screen)
    #expect(firstPage.contains("101) Pear 1 long title") && !firstPage.contains("Apple"))
    pty.type("\r")  // no default: Enter turns the matches' page
    try pty.waitFor("(100 matches, page 2 of ")
    let secondPage = Self.after("cancel]: \r\n", in: pty.screen)
    #expect(!secondPage.contains("Apple") && !secondPage.contains("101) Pear 1 long"))
    pty.type("<\r")
    try pty.waitFor("cancel]: <\r\n  101) Pear 1 long title")
    pty.type("<\r")  // before the first: the matches' last page
    try pty.waitFor("cancel]: <\r\n")
    try pty.waitFor("Pear 100 long title")
    pty.type("200\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Pear 100 long title\n")
  }

  @Test("A filter with one match lists it and waits")
  func filterOneMatch() throws {
    let pty = try AskSession.ask(["-t", "Filter"] + Self.items(1...30), environment: ["NO_COLOR": "1"])
    try pty.waitForPrompt()
    pty.type("m17\r")
    try pty.waitFor("17) Item17\r\nChoice")
    // Once the next keys are echoed, a choice by the filter would have ended ask.
    pty.type("17")
    try pty.waitFor("cancel]: 17")
    #expect(pty.exitStatus == nil)
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Item17\n")
  }

  @Test("From a pipe, a filter or a page turn is an unrecognised answer")
  func pipedFilter() throws {
    let pty = try AskSession.ask(["-t", "T"] + Self.items(1...30), stdin: .noTerminal(Array("m2\n".utf8)))
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stderr.hasSuffix("ask: 'm2' chooses no button: give a number or a title.\n"))
  }

  @Test("10 000 buttons stay usable: the prompt comes at once and a number chooses")
  func tenThousand() throws {
    let titles = (1...10_000).map { "Button \($0)" }
    let pty = try AskSession.ask(["-t", "Big"] + titles)
    try pty.waitForPrompt()
    pty.type("9999\r")
    #expect(try pty.waitForExit(timeout: 5) == 0)
    #expect(pty.stdout == "Button 9999\n")
  }

  /// A JSON spec of `count` titles `Item 000001`…, with `extra` after them.
  static func bigSpec(_ count: Int, extra: [String] = [], cancel: String? = nil) -> [UInt8] {
    let titles = (1...count).map { n in "\"Item \(String(repeating: "0", count: max(0, 6 - String(n).count)))\(n)\"" }
      + extra.map { "\"\($0)\"" }
    return Array((#"{"title":"Big","buttons":["# + titles.joined(separator: ",") + "]"
      + (cancel.map { #","cancel":""# + $0 + "\"" } ?? "") + "}").utf8)
  }

  @Test("100 000 buttons from JSON answer as a short list does: a title in another case, a number, a filter, Ctrl-D",
        arguments: [
    ("ITEM 099999\r", "Item 099999\n", 0), ("77777\r", "Item 077777\n", 0), ("\u{4}", "", 1),
    ("m 09999\r99995\r", "Item 099995\n", 0),
  ])
  func hundredThousand(keys: LoggedText, stdout: LoggedText, status: Int32) throws {
    let pty = try AskSession.ask(["--json"], stdin: .pipe(Self.bigSpec(100_000, cancel: "Stop")),
                                 environment: ["NO_COLOR": "1"])
    try pty.waitForPrompt()
    #expect(pty.screen.contains("(page 1 of "))
    if keys.text.hasPrefix("m ") {  // a filter lists its ten matches, with their own numbers, and waits
      pty.type("m 09999\r")
      try pty.waitFor("99999) Item 099999")
      let shown = Self.after("cancel]: m 09999", in: pty.screen)
      #expect((99990...99999).allSatisfy { shown.contains("\($0)) Item 0\($0)") })
      #expect(!shown.contains("Item 009999") && !shown.contains("(page"))
      pty.type("99995\r")
    } else {
      pty.type(keys.text)
    }
    #expect(try pty.waitForExit(timeout: 30) == status)
    #expect(pty.stdout == stdout.text)
  }

  @Test("A duplicate at the end of 100 000 titles is found, folded, and named with the title it repeats")
  func hundredThousandDuplicate() throws {
    let pty = try AskSession.ask(["--json"], stdin: .pipe(Self.bigSpec(100_000, extra: ["item 000001"])))
    #expect(try pty.waitForExit(timeout: 30) == 2)
    #expect(pty.stderr.hasSuffix("Duplicate button title 'item 000001' (same as 'Item 000001')\n"))
    #expect(!pty.screen.contains("Item 000002"))  // nothing drawn
  }

  // MARK: - A signal during a big spec's set-up

  /// The spec of a million buttons (15 MB), made once for the tests below.
  static let millionSpec = bigSpec(1_000_000)

  /// What a million-button spec's set-up takes once it is read — decoding,
  /// validating and indexing the titles, measuring and packing the pages —
  /// in CPU time and in time on the clock, measured once: ask is run to its
  /// prompt, then ended.
  static let setUp = Result<(cpu: Double, wall: Double), any Error> {
    let pty = try AskSession.ask(["--json"], stdin: .pipe(millionSpec), environment: ["NO_COLOR": "1"])
    let limit = 60 * AskSession.slowdown
    try pty.waitUntil("the spec read", timeout: limit) { pty.stdinLeft == 0 }
    let (cpu, wall) = (try #require(pty.cpuSeconds(of: pty.pid)), PseudoTerminal.now())
    try pty.waitForPrompt(timeout: limit)
    let took = (cpu: try #require(pty.cpuSeconds(of: pty.pid)) - cpu, wall: PseudoTerminal.now() - wall)
    pty.signal(SIGTERM)
    try pty.waitForExit(timeout: limit)
    return took
  }

  /// When a test signals ask during a million-button spec's set-up.
  enum SetUpMoment: CustomTestStringConvertible, Sendable {
    /// Half the spec taken from ask's stdin: reading and scanning it.
    case reading
    /// The whole spec taken, and then this share of the CPU time that the
    /// rest of the set-up takes (``setUp``) used. In a release build about
    /// 0–0.1 is decoding the titles, 0.1–0.75 validating and indexing them,
    /// the rest measuring and packing the pages; a debug build spends about
    /// half of it on each of the two halves.
    case afterReading(Double)

    var testDescription: String {
      switch self {
      case .reading: "half the spec read"
      case .afterReading(let share): "the spec read, then \(Int(share * 100)) % of the rest of the set-up"
      }
    }
  }

  @Test("SIGTERM at any moment of a million-button spec's set-up ends ask at once: 143, the terminal restored (issue 23)",
        arguments: [SetUpMoment.reading, .afterReading(0.05), .afterReading(0.2), .afterReading(0.4),
                    .afterReading(0.6)])
  func signalDuringSetUp(moment: SetUpMoment) throws {
    let setUp = try Self.setUp.get()
    let spec = Self.millionSpec
    let pty = try AskSession.ask(["--json"], stdin: .pipe(spec), environment: ["NO_COLOR": "1"])
    let limit = 60 * AskSession.slowdown
    switch moment {
    case .reading:
      try pty.waitUntil("half the spec read", timeout: limit) { pty.stdinLeft <= spec.count / 2 }
    case .afterReading(let share):
      try pty.waitUntil("the spec read", timeout: limit) { pty.stdinLeft == 0 }
      let start = try #require(pty.cpuSeconds(of: pty.pid))
      try pty.waitUntil("\(share) of the set-up's CPU time used", timeout: limit) {
        pty.cpuSeconds(of: pty.pid).map { $0 >= start + share * setUp.cpu } ?? true
      }
    }
    // Still setting up; at 60 % a loaded machine may overshoot the
    // moment (the CPU time is looked at every few ms, and packing is the
    // last 25 % of a release build's set-up): the checks below hold
    // either way.
    if case .afterReading(let share) = moment, share >= 0.6 {} else { #expect(!pty.screen.contains("Choice [")) }
    let sent = PseudoTerminal.now()
    pty.signal(SIGTERM)
    #expect(try pty.waitForExit(timeout: limit) == 128 + SIGTERM)
    // Ending takes ask 5–15 ms on a quiet machine (most of it the kernel
    // taking back its memory). Before, a signal waited for the end of the
    // phase it came in: 0.23–0.93 s in a debug build (set-up 2 s), 0.04–0.12
    // s in a release one (set-up 0.19 s) at the moments after reading. The
    // bound, a quarter of the set-up (which grows with the machine's load
    // as ask's own work does) and at most 100 ms, failed every one of those
    // in a debug build and four of five in a release one, and leaves a
    // loaded machine three times the time ask needs.
    let bound = min(0.1, setUp.wall / 4) * AskSession.slowdown
    let took = try #require(pty.exitTime) - sent
    #expect(took < bound, "ended \(Int(took * 1000)) ms after the signal, over \(Int(bound * 1000)) ms")
    #expect(pty.termiosRestored)
    #expect(pty.stdout.isEmpty && pty.stderr.isEmpty)
  }

  @Test("A long title and message wrap at the terminal width without splitting a character; between ideographs as well as at spaces")
  func wrapping() throws {
    let pty = try AskSession.ask(["-t", "T", "-m", String(repeating: "你好世界 ", count: 12), "A"],
                                 environment: ["NO_COLOR": "1"], columns: 30)
    try pty.waitForPrompt()
    #expect(pty.screen.contains("你好世界 你好世界 你好世界 你\r\n好世界 你好世界 你好世界 你好\r\n"))
    pty.type("1\r")
    #expect(try pty.waitForExit() == 0)
  }
}
