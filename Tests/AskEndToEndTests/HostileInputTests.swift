import AskTestSupport
import Glibc
import Testing

/// Hostile sizes and long work (SPEC §6; issue 12): a terminal size of 0 is
/// unknown, more than 1000 counts as 1000, no size traps; a signal acts at
/// once even while a huge prompt is laid out.
@Suite("Hostile sizes and long work", .ownThread)
struct HostileInputTests {
  static let longTitle = String(repeating: "h", count: 5000)
  static let huge = ["COLUMNS": "10", "LINES": "9223372036854775807"]

  @Test("LINES at Int.max with no terminal lays out a long list in pages, not a trap")
  func hugeLinesNoTerminal() throws {
    let child = try AskSession.ask(["-t", "x", Self.longTitle, "a", "b", "c", "d", "e", "f", "g"],
                                   stdin: .noTerminal([]), environment: Self.huge)
    #expect(try child.waitForExit() == 1)  // end of input: a cancel
    #expect(child.stderr.contains("Choice [1-8, Ctrl-D = cancel]: "))
  }

  @Test("A terminal that reports 0×0, with LINES at Int.max, still prompts and cancels")
  func zeroSizedTerminal() throws {
    let pty = try PseudoTerminal(executable: AskSession.executable,
                                 arguments: ["-t", "x", Self.longTitle, "a", "b", "c", "d", "e", "f", "g"],
                                 environment: AskSession.environment.merging(Self.huge) { $1 },
                                 rows: 0, columns: 0)
    try pty.waitForPrompt()
    pty.type("\u{4}")
    #expect(try pty.waitForExit() == 1)
    #expect(pty.termiosRestored)
  }

  /// The resident memory of process `pid` in KiB (VmRSS), or 0.
  static func residentKiB(_ pid: pid_t) -> Int {
    guard let file = fopen("/proc/\(pid)/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
      let text = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      if text.hasPrefix("VmRSS:") { return Int(text.filter(\.isNumber)) ?? 0 }
    }
    return 0
  }

  @Test("SIGINT while a 10 MB title is laid out ends ask at once, not when the layout is done (issue 12)")
  func signalDuringLayout() throws {
    let directory = try TemporaryDirectory()
    let spec = directory.path + "/big.json"
    let file = try #require(fopen(spec, "w"))
    fputs("{\"title\":\"" + String(repeating: "h", count: 10_000_000) + "\",\"buttons\":[\"a\",\"b\"]}", file)
    fclose(file)
    let pty = try AskSession.ask(["--spec", spec])
    // The spec read (about 30 MB resident) and the layout begun.
    try pty.waitUntil("the layout begun", timeout: 60 * AskSession.slowdown) { Self.residentKiB(pty.pid) > 34_000 }
    kill(pty.pid, SIGINT)
    #expect(try pty.waitForExit(timeout: 2 * AskSession.slowdown) == 130)
    #expect(pty.termiosRestored)
  }

  // MARK: - A backtracking --pattern (issue 12's first point)

  static let backtracking = "([a-zA-Z0-9]+[._-]?)+@[a-z]+\\.[a-z]+"

  @Test("A backtracking pattern on a piped answer is given up after 2 s with a hint naming it, exit 2")
  func backtrackingPiped() throws {
    let child = try AskSession.ask(["-s", "plain", "--pattern", Self.backtracking],
                                   stdin: .noTerminal(Array("john.smith.from.the.accounting.department\n".utf8)))
    #expect(try child.waitForExit(timeout: 10) == 2)
    #expect(child.stderr.contains("could not be checked against the pattern '\(Self.backtracking)' in 2 s"))
    #expect(child.stdout == "")
  }

  @Test("SIGTERM during a backtracking match ends ask at once, with its terminal restored and the match killed")
  func signalDuringMatch() throws {
    let pty = try AskSession.ask(["-s", "plain", "--pattern", "(a*)*b", "--timeout", "30"])
    try pty.waitForPrompt("Text: ")
    pty.type(String(repeating: "a", count: 40) + "\r")
    try pty.waitUntil("the match begun in its own process") { pty.processes(named: "ask").count == 2 }
    kill(pty.pid, SIGTERM)
    #expect(try pty.waitForExit(timeout: 2) == 143)
    #expect(pty.termiosRestored)
    try pty.waitForProcessDead(named: "ask")
  }

  @Test("The prompt's timeout acts during a backtracking match")
  func timeoutDuringMatch() throws {
    let pty = try AskSession.ask(["-s", "plain", "--pattern", "(a*)*b", "--timeout", "1"])
    try pty.waitForPrompt("Text: ")
    pty.type(String(repeating: "a", count: 40) + "\r")
    #expect(try pty.waitForExit(timeout: 3) == 124)
    #expect(pty.termiosRestored)
    try pty.waitForProcessDead(named: "ask")
  }

  @Test("A 65535×65535 terminal prompts at once and edits the line in its own canonical mode (libedit would allocate 9 GB)")
  func hugeTerminal() throws {
    let pty = try PseudoTerminal(executable: AskSession.executable, arguments: ["-t", "x", "a", "b"],
                                 environment: AskSession.environment, rows: 65535, columns: 65535)
    try pty.waitFor("Choice [1-2, Ctrl-D = cancel]: ")
    try pty.waitForModes(canonical: true)
    pty.type("3\u{7F}2\r")  // the terminal's own erase edits it
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "b\n")
    #expect(pty.termiosRestored)
  }
}

extension HostileInputTests {
  // MARK: - The hostile-input list

  // Issue 12's list of hostile input, one test an item: a clear one-line
  // error and exit 2, or the right behaviour — never a crash, a hang, a raw
  // escape sequence or a broken terminal. Items covered elsewhere are named
  // where they stand in the list.

  /// Writes `bytes` to a new file `name` in `directory`; returns its path.
  static func write(_ bytes: [UInt8], to name: String, in directory: TemporaryDirectory) throws -> String {
    let path = directory.path + "/" + name
    let file = try #require(fopen(path, "w"))
    defer { fclose(file) }
    try #require(fwrite(bytes, 1, bytes.count, file) == bytes.count)
    return path
  }

  /// `before`, the raw `bytes`, then `after`: a spec with bytes no string holds.
  static func spec(_ before: String, _ bytes: [UInt8], _ after: String) -> [UInt8] {
    Array(before.utf8) + bytes + Array(after.utf8)
  }

  @Test("Invalid UTF-8 in a flag is a usage error naming the argument, exit 2", arguments: [
    ("ask -t $'\\xff' A", 2), ("ask -b A -b $'a\\xc3'", 4), ("ask $'--\\xe2\\x82'", 1),
    ("ask -s plain --text $'\\xed\\xa0\\x80'", 4), ("ask --default $'\\xc0\\xaf' A", 2),
  ])
  func invalidUTF8InFlags(command: String, argument: Int) throws {
    let pty = try AskSession.shell(command + "; echo \"status=$?\"", stdin: .noTerminal(Array("1\n".utf8)))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "status=2\n")
    #expect(pty.stderr == "ask: Argument \(argument) is not valid UTF-8\n")
  }

  @Test("Invalid UTF-8 in JSON is a spec error at its line and column, exit 2", arguments: [
    (spec(#"{"title":""#, [0xFF], #""}"#), 11),
    (spec(#"{"buttons":["a","b"#, [0xC3], #""]}"#), 19),      // cut short
    (spec(#"{"message":""#, [0xED, 0xA0, 0x80], #""}"#), 13),  // a surrogate
    (spec(#"{"ti"#, [0xE0, 0x80, 0x80], #"tle":1}"#), 5),      // overlong, in a key
  ] as [([UInt8], Int)])
  func invalidUTF8InJSON(spec: [UInt8], column: Int) throws {
    let pty = try AskSession.ask(["--json"], stdin: .noTerminal(spec + Array("\n1\n".utf8)))
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stderr == "ask: Spec at line 1, column \(column): invalid UTF-8\n")
    #expect(pty.stdout == "")
  }

  /// A spec holding a NUL, the exit status and the error; shown in the log
  /// by the spec, escaped.
  struct NulSpec: CustomTestStringConvertible, Sendable {
    let spec: [UInt8]
    let status: Int32
    let message: String
    init(_ spec: [UInt8], _ status: Int32, _ message: String) {
      self.spec = spec
      self.status = status
      self.message = message
    }
    var testDescription: String { loggedBytes(spec) }
  }

  @Test("NUL in a JSON string: raw, an error; escaped, shown visibly in a title, refused in a button title",
        arguments: [
    NulSpec(spec(#"{"title":"a"#, [0], #"b"}"#), 2,
            "Spec at line 1, column 12: control character U+0000 in a string (escape it)"),
    NulSpec(Array(#"{"buttons":["a\u0000b"]}"#.utf8), 2,
            "Spec at line 1, column 1: Button 1's title 'a^@b' holds a NUL character"),
    NulSpec(Array(#"{"style":"plain","fields":[{"text":"a\u0000b"}]}"#.utf8), 2,
            "Spec at line 1, column 1: 'fields[0].text' holds U+0000, a control or invisible character, which a field cannot edit"),
    NulSpec(Array(#"{"title":"a\u0000b","buttons":["x"]}"#.utf8), 0, ""),
  ])
  func nulInJSON(_ nul: NulSpec) throws {
    let (spec, status, message) = (nul.spec, nul.status, nul.message)
    let pty = try AskSession.ask(["--json"], stdin: .noTerminal(spec + Array("\n1\n".utf8)))
    #expect(try pty.waitForExit() == status)
    if status == 0 {
      #expect(pty.stdout == "x\n")
      #expect(pty.stderr.hasPrefix("a^@b\n"))
    } else {
      #expect(pty.stderr == "ask: \(message)\n")
      #expect(pty.stdout == "")
    }
  }

  @Test("A 10 MB title is drawn, wrapped, and answered in seconds")
  func tenMegabyteTitle() throws {
    let directory = try TemporaryDirectory()
    let words = String(repeating: "lorem ipsum ", count: 10_000_000 / 12)
    let spec = try Self.write(Array("{\"title\":\"\(words)\",\"buttons\":[\"a\",\"b\"]}".utf8),
                              to: "title.json", in: directory)
    let pty = try AskSession.ask(["--spec", spec, "--answers", "stdin"], stdin: .noTerminal(Array("2\n".utf8)))
    #expect(try pty.waitForExit(timeout: 20 * AskSession.slowdown) == 0)
    #expect(pty.stdout == "b\n")
    #expect(pty.stderr.hasPrefix(String(repeating: "lorem ipsum ", count: 6) + "lorem\nipsum lorem"))
    #expect(pty.stderr.hasSuffix("  2) b\nChoice [1-2, Ctrl-D = cancel]: 2\n"))
  }

  @Test("1,000,000 buttons are laid out in pages and answered by number in seconds")
  func millionButtons() throws {
    let directory = try TemporaryDirectory()
    let titles = (1...1_000_000).map { "\"b\($0)\"" }.joined(separator: ",")
    let spec = try Self.write(Array("{\"buttons\":[\(titles)]}".utf8), to: "buttons.json", in: directory)
    let pty = try AskSession.ask(["--spec", spec, "--answers", "stdin"],
                                 stdin: .noTerminal(Array("999999\n".utf8)))
    #expect(try pty.waitForExit(timeout: 30 * AskSession.slowdown) == 0)
    #expect(pty.stdout == "b999999\n")
    #expect(pty.stderr.contains("(page 1 of "))
    #expect(pty.stderr.hasSuffix("Choice [1-1000000, Ctrl-D = cancel]: 999999\n"))
  }

  @Test("A signal while a typed answer is matched against 1,000,000 buttons acts at once, not after the match")
  func signalDuringMillionMatch() throws {
    let directory = try TemporaryDirectory()
    let titles = (1...1_000_000).map { "\"item-\($0)\"" }.joined(separator: ",")
    let spec = try Self.write(Array("{\"buttons\":[\(titles)]}".utf8), to: "buttons.json", in: directory)
    let pty = try AskSession.ask(["--spec", spec])
    try pty.waitFor("Choice [1-1000000, Ctrl-D = cancel]: ", timeout: 60 * AskSession.slowdown)
    pty.type("zzz\r")
    try pty.waitFor("cancel]: zzz\r\n")  // read: the match has begun
    kill(pty.pid, SIGTERM)
    #expect(try pty.waitForExit(timeout: 1 * AskSession.slowdown) == 143)
    #expect(pty.termiosRestored)
  }

  /// A spec nested 100,000 deep and the error; shown in the log by a
  /// summary, not its 600 KB.
  struct DeepSpec: CustomTestStringConvertible, Sendable {
    let summary: String
    let spec: String
    let message: String
    var testDescription: String { summary }
  }

  @Test("JSON nested 100,000 deep is a spec error where it passes 64 levels, not a stack overflow", arguments: [
    DeepSpec(summary: #"{"title":[[…]]} 100,000 deep"#,
             spec: "{\"title\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}",
             message: "Spec at line 1, column 73: nested deeper than 64 levels"),
    DeepSpec(summary: #"{"a":{"a":…1…}} 100,000 deep"#,
             spec: String(repeating: "{\"a\":", count: 100_000) + "1" + String(repeating: "}", count: 100_000),
             message: "Spec at line 1, column 321: nested deeper than 64 levels"),
    DeepSpec(summary: "[[… 100,000 deep, not an object",
             spec: String(repeating: "[", count: 100_000),
             message: "Spec at line 1, column 1: expected '{' to start a spec object"),
  ])
  func deepJSON(_ deep: DeepSpec) throws {
    let pty = try AskSession.ask(["--json"], stdin: .noTerminal(Array(deep.spec.utf8)))
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stderr == "ask: \(deep.message)\n")
  }

  @Test("An empty stdin is the end of input: a cancel (1) for a prompt, exit 2 for a spec stream", arguments: [
    (["-t", "T", "-c", "Keep", "Delete"], 1, "Choice [1-2, Ctrl-D = cancel]: \n"),
    (["-s", "plain"], 1, "Text: \n"), (["-s", "secure"], 1, "Password: \n"),
    (["--json"], 2, "ask: The spec stream is empty: no JSON object to ask\n"),
  ])
  func emptyStdin(arguments: [String], status: Int32, stderrEnd: LoggedText) throws {
    let pty = try AskSession.ask(arguments, stdin: .noTerminal([]))
    #expect(try pty.waitForExit() == status)
    #expect(pty.stdout == "")
    #expect(pty.stderr.hasSuffix(stderrEnd.text))
  }

  // A closed stdin: ScriptingTests "With stdin closed ask fails with exit 2
  // and one line" (answers) and JSONSpecTests "A spec stream that is closed
  // is named as the spec's failure, with a terminal or without" (specs).

  // stdout closed early: ScriptingTests "A closed stdout ends ask by
  // SIGPIPE, quietly, terminal restored (C25)" (the reader gone mid-prompt),
  // "With stdout closed ask fails with exit 2 before asking" (>&-) and
  // "With SIGPIPE ignored at start, a closed stdout is a failure (2), not
  // death by SIGPIPE".

  @Test("stdout full (/dev/full): one line naming the write, exit 2", arguments: [
    ("-t T A B", "1"), ("--print json -t T A B", "1"), ("-s secure", "hunter2"), ("-s login-password -0", "me\nhunter2"),
  ])
  func stdoutFull(options: String, answers: LoggedText) throws {
    let pty = try AskSession.shell("ask \(options) >/dev/full; echo \"status=$?\"",
                                   stdin: .noTerminal(Array((answers.text + "\n").utf8)))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "status=2\n")
    #expect(pty.stderr.hasSuffix("\nask: Cannot write the result: No space left on device\n"))
    #expect(!pty.stderr.contains("hunter2"))
  }

  @Test("No terminal and no stdin: one line and exit 2 (askpass: 1, so the caller asks itself)", arguments: [
    ("-t T A B", 2, "ask: Cannot read the answer: standard input is closed\n"),
    ("-s secure", 2, "ask: Cannot read the answer: standard input is closed\n"),
    ("--json", 2, "ask: Cannot read the spec: standard input is closed\n"),
    ("--answers tty -t T A B", 2, "ask: No terminal to read the answer from (/dev/tty cannot be opened)\n"),
    ("--askpass 'Password:'", 1, "ask: No terminal to read the answer from (/dev/tty cannot be opened)\n"),
  ])
  func noTerminalNoStdin(options: String, status: Int32, message: LoggedText) throws {
    let pty = try AskSession.shell("ask \(options) <&-; echo \"status=$?\"", stdin: .noTerminal([]))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "status=\(status)\n")
    #expect(pty.stderr.hasSuffix(message.text))
    #expect(pty.stderr.split(separator: "\n").filter { $0.hasPrefix("ask:") }.count == 1)
  }

  @Test("TERM unset, unknown or 100k long: the prompt works with no colour and no complaint, terminal restored",
        arguments: [nil, "no-such-terminal", LoggedText(String(repeating: "x", count: 100_000))])
  func oddTERM(term: LoggedText?) throws {
    var environment = AskSession.environment
    environment["TERM"] = term?.text
    let pty = try PseudoTerminal(executable: AskSession.executable, arguments: ["-t", "T", "-d", "Delete", "Keep"],
                                 environment: environment)
    try pty.waitForPrompt()
    pty.type("xy\u{7F}\u{7F}2\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Keep\n")
    #expect(pty.screen.contains("1) Delete (destructive)"))
    #expect(!pty.screenHasSGR)
    #expect(pty.stderr == "")
    #expect(!pty.screen.contains("terminal type"))
    #expect(pty.termiosRestored)
  }

  @Test("A 1×1 and a 10-column terminal: the prompt wraps, answers and edits, terminal restored", arguments: [
    (1, 1, ["-t", "Title", "Alpha", "Beta"], "2\r", "Beta\n"),
    (1, 1, ["-s", "plain", "-t", "Title"], "ab\u{7F}c\r", "ac\n"),
    (24, 10, ["-t", "A long title here", "Alpha button", "Beta button"], "2\r", "Beta button\n"),
    (24, 10, ["-s", "plain", "--label", "A long label here"], "hello world\u{17}there\r", "hello there\n"),
  ])
  func tinyTerminal(rows: Int, columns: Int, arguments: [String], keys: LoggedText, result: LoggedText) throws {
    let pty = try PseudoTerminal(executable: AskSession.executable, arguments: arguments,
                                 environment: AskSession.environment, rows: rows, columns: columns)
    try pty.waitForPrompt(arguments.contains("plain") ? ": " : "Choice [")
    pty.type(keys.text)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == result.text)
    if columns == 10 { #expect(pty.screen.contains(arguments[0] == "-t" ? "A long\u{1B}[0m\r\n" : "A long label here: ")) }
    #expect(pty.termiosRestored)
  }

  @Test("COLUMNS=0 (or not a positive number) is unknown: 80 columns, not 1", arguments: ["0", "-3", "zero"])
  func columnsZero(value: String) throws {
    let title = String(repeating: "word ", count: 30)
    let pty = try AskSession.ask(["-t", title, "A", "B"], stdin: .noTerminal(Array("1\n".utf8)),
                                 environment: ["COLUMNS": value, "LINES": "0"])
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "A\n")
    #expect(pty.stderr.hasPrefix(String(repeating: "word ", count: 15) + "word\nword "))
  }

  // A terminal hung up mid-prompt: TerminalSessionTests "Closing the
  // terminal is a hang-up: 129 and nothing on stdout, not a cancel" (button
  // prompt, secure and plain fields; SPEC §5: 129).

  // MARK: - Answers that could not be given whole

  @Test("A piped answer line holding a NUL is exit 2 naming the line (-0 could not tell it from the value's end)",
        arguments: [["-s", "plain", "-0"], ["-s", "secure"], ["-t", "T", "A", "B"], ["-s", "login-password"]])
  func nulInPipedAnswer(arguments: [String]) throws {
    let login = arguments.contains("login-password")
    let pty = try AskSession.ask(arguments, stdin: .noTerminal(Array(((login ? "me\n" : "") + "a\0b\n").utf8)))
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stdout == "")
    #expect(pty.stderr.hasSuffix("\nask: Answer line \(login ? 2 : 1) of standard input holds a NUL byte\n"))
  }

  @Test("Bytes typed into a secure field that are not UTF-8 are dropped, as in a plain field, never kept or made U+FFFD")
  func invalidUTF8TypedSecret() throws {
    let pty = try AskSession.ask(["-s", "secure", "--print", "json"])
    try pty.waitForPrompt("Password: ")
    // a, a lone 0xFF, b, a sequence cut short (C3 then c), an overlong NUL, d
    pty.type(bytes: [0x61, 0xFF, 0x62, 0xC3, 0x63, 0xC0, 0x80, 0xE0, 0x80, 0x80, 0x64, 0x0D])
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == #"{"button":"OK","role":"other","text":"abcd"}"# + "\n")
    #expect(pty.screen.contains("Password: ****\r\n"))
    #expect(pty.termiosRestored)
  }

  /// Arguments with initial text a field cannot edit, and the error; shown
  /// in the log by the arguments, each escaped (one holds a bidi override).
  struct InitialText: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.map { loggedText($0) }.joined(separator: " ") }
  }

  @Test("Initial text with a control or invisible character is refused: it would come back in caret form", arguments: [
    InitialText(arguments: ["-s", "plain", "--text", "a\tb"],
                message: "ask: The value 'a^Ib' is invalid for '--text': it holds U+0009, a control or invisible character, which a field cannot edit\n"),
    InitialText(arguments: ["-s", "login-password", "--text", "me\u{202E}"],
                message: "ask: The value 'me\\u{202E}' is invalid for '--text': it holds U+202E, a control or invisible character, which a field cannot edit\n"),
  ])
  func controlInInitialText(_ initial: InitialText) throws {
    let pty = try AskSession.ask(initial.arguments)
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stderr == initial.message)
    #expect(pty.screen == "")
  }
}
