import Glibc
import Testing

/// `make bench`'s tooling (`bench/bench.py` and the harness `bench/ttp.py`
/// beside it) kept working: its quick run — one run of the C floor, the
/// Swift floor (with and without the argument scan), bash `select` and the
/// `ask` under test (and one more of each under strace), 1,000 and 10,000
/// buttons, 20 calls from a script — into a file of the test's own. Figures are not checked against any goal (no
/// test fails on time), only that every table and goal has one.
@Suite("make bench's tooling", .serialized, .ownThread)
struct BenchmarkToolTests {
  static let script = ArtifactsTests.root + "/bench/bench.py"
  static let begin = "<!-- begin make bench:"
  static let end = "<!-- end make bench -->"

  /// The goals a quick run measures (the rest need the peers, the big
  /// sizes or valgrind, and say "not measured").
  static let quickGoals = [
    "3-button alert, time to prompt ≤ 1.5× C floor", "3-button alert, time to prompt below bash `select`",
    "secure prompt, time to prompt ≤ 1.3× C floor", "peak RSS, small alert ≤ 3.2 MB",
    "peak RSS, small alert no more than bash `select`", "10,000 buttons to prompt ≤ 8 ms",
    "big lists, time to prompt per button ≤ 0.8 µs", "big lists, peak RSS per button ≤ 100 B",
    "script throughput: ask ≤ `head -n1`",
  ]

  /// Issue 27's goals: a quick run measures them all (the system calls
  /// with strace; without it they say so). The last is reported, no goal.
  static let startupGoals = [
    "3-button alert, time to prompt ≤ 1.3× C floor", "3-button alert, time to prompt ≤ 1.2× the Swift floor",
    "secure field, time to prompt ≤ 1.25× C floor", "peak RSS, alert ≤ bash `select`'s",
    "system calls before the prompt, alert ≤ 90", "system calls before the prompt, secure field ≤ 80",
    "minor faults per run over the Swift floor, alert ≤ +40",
    "minor faults per run over the Swift floor, secure field (reported)",
    "the Swift floor against the C floor (reported)",
    "the Swift floor without the argument scan against the C floor (reported)",
    "3-button alert against the Swift floor without the argument scan (reported)",
    "3-button alert as `make install` leaves it, against the C floor and the Swift floor (reported)",
    "secure field as `make install` leaves it, against the C floor and the Swift floor (reported)",
  ]
  static let strace = ArtifactsTests.tool("strace") != nil

  /// Runs bench.py with `arguments`, no terminal, until it exits.
  static func bench(_ arguments: [String]) throws -> PseudoTerminal {
    let python = try #require(ArtifactsTests.tool("python3"), "python3 is not installed")
    // The toolchain's directories too: swiftc builds the Swift floor.
    var environment = AskSession.environment
    environment["PATH", default: ""] += getenv("PATH").map { ":" + String(cString: $0) } ?? ""
    let child = try PseudoTerminal(executable: python, arguments: [script] + arguments,
                                   environment: environment, stdin: .noTerminal([]),
                                   directory: ArtifactsTests.root)
    // The first run builds the Swift floor (swiftc, static: seconds).
    try child.waitForExit(timeout: 240 * AskSession.slowdown)
    return child
  }

  @Test("The quick run fills every table and each goal it measures with a figure; a second writing replaces the generated part and keeps the rest",
        .enabled(if: ArtifactsTests.tool("cc") != nil, "cc is not installed (make test installs gcc)"))
  func quickRun() throws {
    let directory = try TemporaryDirectory()
    let report = directory.path + "/BENCHMARKS.md", figures = directory.path + "/bench.json"
    let history = "## History\n\nWritten by hand, kept.\n"
    let file = try #require(fopen(report, "w"))
    fputs("# Benchmarks\n\n" + history, file)
    fclose(file)

    let run = try Self.bench(["--ask", AskSession.executable, "--quick", "--out", report, "--json", figures,
                              "--copies", directory.path])
    #expect(run.exitStatus == 0, "bench.py failed: \(run.stderr)")
    let text = try ArtifactsTests.read(report)
    #expect(text.hasPrefix("# Benchmarks\n\n" + Self.begin))
    #expect(text.hasSuffix(Self.end + "\n\n" + history))
    let sections = Self.tables(text)
    // Each table with the rows a quick run has, every figure a number: in
    // the small prompts' tables the time, both ratios, the minor faults and
    // the system calls (with strace).
    let small = [1, 2, 3, 8] + (Self.strace ? [9] : [])
    let expected: [(section: String, rows: Int, columns: [Int])] = [
      ("### Goals of issue 15", 18, []), ("### Goals of issue 27", 13, []),
      ("### 3-button alert:", 7, small), ("### Secure prompt:", 6, small),
      ("### System calls of ask before its prompt", Self.strace ? 8 + 2 : 0, [1, 2]),
      ("### Big lists:", 2 + 2 + 1, [2]), ("### Scripts:", 4, [1]),
    ]
    for (heading, count, columns) in expected {
      let section = sections.first { $0.heading.hasPrefix(heading) }
      let rows = count == 0 ? [] : try #require(section, "no '\(heading)' table").rows
      #expect(rows.count == count, "\(heading): \(rows)")
      for row in rows {
        // The growth row of the big lists ("1,000 → 10,000") has its time in
        // column 1, as the paging and filter rows (keys, ms) have.
        for column in row[0].contains("→") || row.count == 2 ? [1] : columns {
          // A growth measured on a loaded machine may come out below zero.
          #expect(row[column].drop { $0 == "-" }.first?.isNumber == true, "\(heading): no figure in \(row)")
        }
      }
    }
    let goals = sections.first { $0.heading.hasPrefix("### Goals of issue 15") }?.rows ?? []
    for goal in Self.quickGoals {
      let row = try #require(goals.first { $0.first == goal }, "no goal line '\(goal)'")
      #expect(row.count == 3 && row[1].contains { $0.isNumber }, "no figure: \(row)")
      #expect(row.last == "met" || row.last == "not met", "neither met nor not met: \(row)")
    }
    let startup = sections.first { $0.heading.hasPrefix("### Goals of issue 27") }?.rows ?? []
    for goal in Self.startupGoals {
      let row = try #require(startup.first { $0.first == goal }, "no goal line '\(goal)'")
      if !Self.strace && goal.hasPrefix("system calls") {
        #expect(row[1] == "not measured (strace missing)", "\(row)")
        continue
      }
      #expect(row.count == 3 && row[1].contains { $0.isNumber }, "no figure: \(row)")
      let verdicts = goal.hasSuffix("(reported)") ? ["reported"] : ["met", "not met"]
      #expect(verdicts.contains(row.last ?? ""), "not \(verdicts): \(row)")
    }
    #expect(text.contains("### Instructions (callgrind)"))

    // Written again from the saved figures: the one generated block replaced.
    let again = try Self.bench(["--from-json", figures, "--out", report])
    #expect(again.exitStatus == 0, "bench.py --from-json failed: \(again.stderr)")
    let rewritten = try ArtifactsTests.read(report)
    #expect(rewritten == text)
  }
}

extension BenchmarkToolTests {
  /// The Markdown tables of `text` by the `###` heading they are under:
  /// the body rows of the tables under each, as cells without the spaces
  /// and bold around them.
  static func tables(_ text: String) -> [(heading: String, rows: [[String]])] {
    var tables: [(heading: String, rows: [[String]])] = []
    var heading = "", inTable = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("### ") { heading = String(line) }
      guard line.hasPrefix("|") else { inTable = false; continue }
      if !inTable {  // the header row; a second table under one heading adds to the first
        if tables.last?.heading != heading { tables.append((heading, [])) }
        inTable = true
        continue
      }
      if line.hasPrefix("|---") { continue }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
        .map { String($0.drop { $0 == " " || $0 == "*" }.reversed().drop { $0 == " " || $0 == "*" }.reversed()) }
      tables[tables.count - 1].rows.append(cells)
    }
    return tables
  }
}
